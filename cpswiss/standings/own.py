"""The tie-breaks of the competitor's own record (C.07 Art. 7, 9.2, 11-13): the score, WIN, WON,
BPG, BWG, PS, REP, STD, TPN, Koya, the secondary score (13.1), Board Count (12.1) and SSSC (13.4),
and the helpers VUR and NUM.  Values are :class:`~fractions.Fraction` points or whole counts.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import floor

from cpswiss.standings.codes import TieBreak
from cpswiss.standings.rounds import Competitor, Field, Round
from cpswiss.tournament.competitors import EntryKind


def score_of(tb: TieBreak, field: Field) -> str:
    """The score a tie-break reads: ``:MP`` / ``:GP``, MPTS / GPTS, MPVGP the secondary (13.1),
    else the primary."""
    if tb.code == "MPTS":
        return "MP"
    if tb.code == "GPTS":
        return "GP"
    if tb.code == "MPVGP":
        return field.other(field.primary)
    return tb.score or field.primary


def own_value(tb: TieBreak, field: Field, c: Competitor) -> Fraction:
    """PTS / MPTS / GPTS / MPVGP and the counts of Art. 7 (WIN, WON, BPG, BWG, REP, TPN) and 16.1."""
    score = score_of(tb, field)
    win = field.win[score]
    code = tb.code
    if code in ("PTS", "MPTS", "GPTS", "MPVGP"):
        return Fraction(c.score(score), 10)
    if code == "TPN":
        return Fraction(c.id)
    counted: dict[str, Callable[[Round], bool]] = {
        "WIN": lambda r: r.points(score) == win,  # 7.1: a win's points, played or not
        "WON": lambda r: r.over_board and r.points(score) == win,  # 7.2: won over the board
        "BPG": lambda r: r.over_board and _black(r),  # 7.3
        "BWG": lambda r: r.over_board and _black(r) and r.points(score) == win,  # 7.4
        # 7.6: every round but half- and zero-point byes and forfeit losses
        "REP": lambda r: r.over_board or r.kind is EntryKind.PAB or r.points(score) == win,
        "VUR": lambda r: r.vur,  # 16.1
        "NUM": lambda r: r.over_board and r.opponent > 0,
    }
    test = counted["REP" if code == "GE" else code]
    return Fraction(sum(1 for r in c.rounds if test(r)))


def _black(r: Round) -> bool:
    from cpswiss.tournament.colour import BLACK

    return r.colour == BLACK


def progressive(tb: TieBreak, field: Field, c: Competitor) -> Fraction:
    """Art. 7.5: the sum of the running scores after each round; ``/Cn`` drops the first n
    (14.1.1(c))."""
    score = score_of(tb, field)
    running, total = 0, 0
    for r in c.rounds:
        running += r.points(score)
        if r.number > tb.cut_low:
            total += running
    return Fraction(total, 10)


def koya(tb: TieBreak, field: Field) -> dict[int, Fraction]:
    """Art. 9.2: the points scored against the opponents who finished with at least the limit -
    50 % of the maximum score of the rounds so far (a round robin's free rounds cannot score),
    moved by ``/L+n`` / ``/L-n`` half points (14.5, TB-13)."""
    score = score_of(tb, field)
    rounds = field.n
    if field.round_robin and field.competitors and rounds % len(field.competitors) == 0:
        rounds -= rounds // len(field.competitors)
    limit = Fraction(field.win[score] * rounds, 2) + 5 * tb.limit_shift
    finals = {cid: c.score(score) for cid, c in field.competitors.items()}
    return {cid: Fraction(sum(r.points(score) for r in c.rounds if r.opponent > 0 and finals[r.opponent] >= limit), 10)
            for cid, c in field.competitors.items()}


def standard_points(tb: TieBreak, field: Field) -> dict[int, Fraction]:
    """Art. 7.7 (2026): 1 for a round with more points than the scheduled opponent had in it (or,
    without an opponent, more than a draw), ½ for as many, 0 for fewer - against the scheduled
    opponent, as the text says (a double forfeit is ½ for both; reading STD-1, docs/readings.md)."""
    score = score_of(tb, field)
    result: dict[int, Fraction] = {}
    for cid, c in field.competitors.items():
        total = Fraction(0)
        for r in c.rounds:
            mine = r.points(score)
            theirs = field.competitors[r.opponent].rounds[r.number - 1].points(score) \
                if r.opponent in field.competitors else field.draw[score]
            total += 1 if mine > theirs else Fraction(1, 2) if mine == theirs else 0
        result[cid] = total
    return result


def board_count(field: Field, c: Competitor) -> Fraction:
    """Art. 12.1: the sum over every board of its number times the game points scored on it
    (a PAB a win on every board, the Art. 12 preamble); lower is better."""
    return Fraction(sum(board * points for r in c.rounds for board, points in enumerate(r.boards, start=1)), 10)


def strength_divisor(tb: TieBreak, field: Field) -> Fraction | None:
    """Art. 13.4: the highest primary score achievable so far over the highest secondary score of
    one match, rounded down (``/Kx`` sets it); None when that is 0."""
    if tb.factor is not None:
        return tb.factor
    secondary = field.other(field.primary)
    divisor = floor(Fraction(field.win[field.primary] * field.n, field.win[secondary]))
    return Fraction(divisor) if divisor > 0 else None
