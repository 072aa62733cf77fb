"""One competitor's past rounds summed once: the one place where scores, colours had, opponents
met, matches played, the bye bar, the floats and the pending-round refusal are computed, for
every system.

A competitor (a player, a team, a Double-Swiss player: :mod:`cpswiss.tournament.competitors`)
has one :class:`~cpswiss.tournament.competitors.CompetitorEntry` per round; a player of an
individual file is a competitor whose matches have one game.  :func:`competitor_history` sums
those entries once into a :class:`CompetitorHistory`, whose running tuples hold at index k the
value after the first k rounds (0: before round 1).  The individual state
(:class:`~cpswiss.tournament.state.StateHistory`, C.04.3 / C.04.4) and the state of the systems of
matches (:func:`~cpswiss.tournament.competition_state.competition_state`, C.04.6 / C.04.5) both
read their fields from it; where their rules differ, a :class:`PastRoundRules` says how
(which entries bar the pairing-allocated bye, how an unplayed round floats, who floats in a
played one).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Callable

from cpswiss.errors import InputError
from cpswiss.tournament.colour import Colour
from cpswiss.tournament.competitors import Competitor, CompetitorEntry, EntryKind

if TYPE_CHECKING:
    from cpswiss.tournament.model import Tournament


class Float(Enum):
    """Float of a competitor in a past round (C.04.3 A.4; C.04.6 / C.04.5 Art. 1.5)."""

    NONE = "-"
    DOWN = "D"
    UP = "U"


class PastRoundRules:
    """What a past round means under a rule set's state rules.

    ``bye_barred_by``: the entry kinds that bar a further pairing-allocated bye (C.04.1 Art. 4,
    C.04.3 C.2 / [C2], C.04.6 / C.04.5 [C2]); ``unplayed_win_bars``: so does any round scored
    without playing with at least ``win`` points (2026 [C2]: "unplayed-win").
    ``unplayed_round_float``: the float of a round not played (``always`` a downfloat, 2017
    A.4; ``never``, C.04.6 / C.04.5 Art. 1.5; ``scored-above-loss``; ``pab-or-scored-above-loss``,
    2026 Art. 1.4.3); ``float_by``: who floats in a played round (``scores``: the higher score
    down, the lower up; ``transfers``: FIDE Swiss 1999 items 9.2-9.3, who left his group, by
    the median ``(r - 1) * win / 2``).  ``win`` / ``loss``: the points of a win and a loss;
    ``absent_points``: what a round without any entry is worth (an individual file: a
    zero-point bye's value, :meth:`~cpswiss.tournament.model.Scoring.points` of no block; a
    file of matches: nothing).  A plain class, made once per state history."""

    __slots__ = ("bye_barred_by", "unplayed_win_bars", "unplayed_round_float", "float_by", "win", "loss",
                 "absent_points")

    def __init__(self, bye_barred_by: frozenset[EntryKind], unplayed_win_bars: bool, unplayed_round_float: str,
                 float_by: str, win: int, loss: int, absent_points: int) -> None:
        self.bye_barred_by = tuple(bye_barred_by)  # a tuple: found by identity (an enum's hash is Python code)
        self.unplayed_win_bars = unplayed_win_bars
        self.unplayed_round_float = unplayed_round_float
        self.float_by = float_by
        self.win = win
        self.loss = loss
        self.absent_points = absent_points

    def bars_bye(self, e: CompetitorEntry) -> bool:
        """Whether a round bars a further pairing-allocated bye (C.04.1 Art. 4 and each
        system's [C2], under the declared kinds)."""
        return e.kind in self.bye_barred_by or \
            (self.unplayed_win_bars and not e.played and e.game_points >= self.win)


class CompetitorHistory:
    """One competitor's rounds summed once (:func:`competitor_history`): at index k of each
    running tuple the value after its first k rounds.  (A plain class: a dataclass made at
    import costs a check process more than the history saves it on a small file.)"""

    __slots__ = ("competitor", "game_points", "match_points", "played", "coloured", "colours", "opponents",
                 "bye_bars", "first_paired", "first_pending")

    def __init__(self, competitor: Competitor, game_points: tuple[int, ...], match_points: tuple[int, ...],
                 played: tuple[int, ...], coloured: tuple[int, ...], colours: tuple[Colour, ...],
                 opponents: tuple[int, ...], bye_bars: tuple[int, ...], first_paired: int,
                 first_pending: int) -> None:
        self.competitor = competitor
        self.game_points = game_points  # tenths, with the 299 points of RF-6 (no acceleration)
        self.match_points = match_points  # tenths, likewise (a player's equal his game points)
        self.played = played  # matches played (CompetitorEntry.played: C.04.2 D.1, GHR 3.5)
        self.coloured = coloured  # matches that gave a colour (CompetitorEntry.colour_had)
        self.colours = colours  # the colours had, in order (C.04.2 D.1-D.2, C.04.6 1.6.1, C.04.5 1.6)
        self.opponents = opponents  # the opponents of the matches played, in order
        self.bye_bars = bye_bars  # rounds that bar a further pairing-allocated bye (PastRoundRules)
        self.first_paired = first_paired  # the first round whose pairing it took part in (0: none)
        self.first_pending = first_pending  # the first round paired without a result yet (0: none)

    def entry(self, round_no: int) -> CompetitorEntry | None:
        return self.competitor.entry(round_no)

    def took_part(self, round_no: int) -> bool:
        """Paired in ``round_no`` (a match, forfeited or not, pending) or given its PAB: the
        competitors available in a round already paired (C.04.2 C)."""
        e = self.competitor.entry(round_no)
        return e is not None and e.kind.took_part_in_pairing

    def entered_before(self, round_no: int) -> bool:
        """It took part in the pairing of a round before ``round_no`` (C.04.2 B.3 / RN-10;
        C.04.6 / C.04.5 Art. 4.3.1)."""
        return 0 < self.first_paired < round_no


def competitor_history(t: Tournament, c: Competitor, rules: PastRoundRules) -> CompetitorHistory:
    """The history of ``c`` over its entries (the tournament's paired rounds): the points the
    299 records assign it count from their round on, those tied to no round from the start
    (docs/readings.md RF-6)."""
    assigned = bool(t.point_assignments)
    start = t.assigned_points(c.id, 0) if assigned else (0, 0)
    mp, gp = [start[0]], [start[1]]
    played, coloured, bars = [0], [0], [0]
    colours: list[Colour] = []
    opponents: list[int] = []
    first_paired = first_pending = 0
    absent = rules.absent_points
    for r, e in enumerate(c.entries, start=1):
        extra = t.assigned_points(c.id, r) if assigned else (0, 0)
        if e is None:
            mp.append(mp[-1] + absent + extra[0])
            gp.append(gp[-1] + absent + extra[1])
            played.append(played[-1])
            bars.append(bars[-1])
        else:
            mp.append(mp[-1] + e.match_points + extra[0])
            gp.append(gp[-1] + e.game_points + extra[1])
            if e.played and e.opponent is not None:
                opponents.append(e.opponent)
                played.append(played[-1] + 1)
            else:
                played.append(played[-1])
            if e.colour_had is not None:
                colours.append(e.colour_had)
            bars.append(bars[-1] + rules.bars_bye(e))
            if not first_paired and e.kind.took_part_in_pairing:
                first_paired = r
            if not first_pending and e.kind is EntryKind.PENDING:
                first_pending = r
        coloured.append(len(colours))
    return CompetitorHistory(c, tuple(gp), tuple(mp), tuple(played), tuple(coloured), tuple(colours),
                             tuple(opponents), tuple(bars), first_paired, first_pending)


def past_float(cid: int, e: CompetitorEntry | None, r: int, score_before: Callable[[int, int], int],
               rules: PastRoundRules) -> Float:
    """The float competitor ``cid`` received in past round ``r`` (entry ``e``), under
    ``rules``; ``score_before(id, r)``: a competitor's pairing score before round ``r``.

    C.04.3 A.4: a player who did not play receives a downfloat (RN-1: under the 2017 rule set
    every unplayed round counts; under ``scored-above-loss`` only rounds in which the player
    scored more than a loss; under ``pab-or-scored-above-loss``, 2026 Art. 1.4.3, also the
    pairing-allocated bye whatever its value).  Measured: no case of the 2017 corpus tells the
    two readings apart (a sweep with ``scored-above-loss`` also agrees on 404/404); "always" is
    kept as the 2017 text reads.  C.04.6 / C.04.5 Art. 1.5 (``never``): a floater is a
    competitor whose opponent in a played match had another score; a bye or an unplayed match
    is no float.  Otherwise the higher score of the two before that round floats down, the
    lower one up (``float_by = "transfers"``: FIDE Swiss 1999 items 9.2, 9.3, the one who left
    his score group).
    """
    if e is None or not e.played or e.opponent is None:
        how = rules.unplayed_round_float
        if how == "never":
            return Float.NONE
        if how == "always":
            return Float.DOWN
        if how == "pab-or-scored-above-loss" and e is not None and e.kind is EntryKind.PAB:
            return Float.DOWN
        points = rules.absent_points if e is None else e.game_points
        return Float.DOWN if points > rules.loss else Float.NONE
    mine, theirs = score_before(cid, r), score_before(e.opponent, r)
    if rules.float_by == "transfers":
        median = (r - 1) * rules.win // 2
        if mine > theirs and mine > median:
            return Float.DOWN
        if mine < theirs and mine < median:
            return Float.UP
        return Float.NONE
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def refuse_pending_rounds(t: Tournament, histories: dict[int, CompetitorHistory], round_no: int,
                          noun: str) -> None:
    """InputError when a round before ``round_no`` was paired but has no result yet (a
    ``PENDING`` entry), naming the first competitor (in the order of ``histories``) and its
    record's line: its results are to be entered before the next round is paired."""
    for cid, h in histories.items():
        pending = h.first_pending
        if 0 < pending < round_no:
            raise InputError(f"round {pending} of {noun} {cid} has no result yet: enter the results of round "
                             f"{pending} before round {round_no} is paired", t.path, h.competitor.line or None)
