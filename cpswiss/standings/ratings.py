"""The rating tie-breaks (C.07 Art. 10): ARO (10.1), TPR (10.2), PTP (10.3), APRO (10.4), APPO
(10.5), RTNG (10.6), on the games played over the board, with the cuts of Art. 14.1.1(b).

Art. 10: they are not applicable when a competitor is unrated (a blank or zero rating) and no
rule for the unrated was given - every value is then None ("not applicable"), not 0.  A value is
None too for a competitor without a rated game left.  ARO, APRO and APPO are rounded to the
nearest whole number, halves up; TPR is ARO plus the B.02 conversion of the fractional score
rounded to the nearest per cent; PTP is the lowest whole rating whose expected score (B.02 table,
no 400-point cut) reaches the score, and for a zero score the lowest opponent's rating - 800.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction

from cpswiss.standings.codes import TieBreak
from cpswiss.standings.rounds import Field

# FIDE B.02 8.1(b): rating difference -> the higher-rated player's expected score in per cent;
# the first difference of each step (0-3: 50, 4-10: 51, ..., 620-735: 99, above 735: 100)
_PD_STEPS = (0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146, 154,
             163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345, 358,
             375, 392, 412, 433, 457, 485, 518, 560, 620, 736)
# FIDE B.02 8.1(a): the fractional score p (per cent, 50..100) -> the rating difference dp
_DP_UPPER = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
             166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
             383, 401, 422, 444, 470, 501, 538, 589, 677, 800)


def expected_percent(own: int, opponent: int) -> int:
    """B.02 8.1(b): the expected score, in per cent, of a player rated ``own`` against ``opponent``."""
    difference = min(abs(own - opponent), 800)
    higher = 50 + bisect_left(_PD_STEPS, difference + 1) - 1
    return higher if own >= opponent else 100 - higher


def rating_difference(percent: int) -> int:
    """B.02 8.1(a): dp for a score of ``percent`` per cent."""
    return _DP_UPPER[percent - 50] if percent >= 50 else -_DP_UPPER[50 - percent]


def half_up(value: Fraction) -> int:
    return int(value + Fraction(1, 2)) if value >= 0 else -int(-value + Fraction(1, 2))


@dataclass(frozen=True)
class RatedGame:
    """One game over the board as a rating tie-break reads it: the round, the opponent, his
    rating and the result in half points (2 won, 1 drawn, 0 lost)."""

    round: int
    opponent: int
    rating: int
    halves: int


@dataclass(frozen=True)
class RatedGames:
    """A competitor's rated games over the board after the cuts: ratings and score (halves), the
    ratings a cut removed, and the games counted and removed (what an explanation shows)."""

    ratings: tuple[int, ...]
    halves: int  # the score in half points (1 / ½ / 0 per game)
    cut: tuple[int, ...]  # the ratings a cut removed
    counted: tuple[RatedGame, ...] = ()
    removed: tuple[RatedGame, ...] = ()


def all_rated(field: Field) -> bool:
    return all(c.rating is not None for c in field.competitors.values())


def rated_games(tb: TieBreak, field: Field, cid: int) -> RatedGames:
    """The games over the board, the lowest ratings cut first (Art. 14.1.1(b)), a median's
    highest too; among equal ratings the earlier round is cut first."""
    games = sorted((RatedGame(r.number, r.opponent, field.competitors[r.opponent].rating or 0, r.outcome)
                    for r in field.competitors[cid].rounds if r.over_board and r.opponent > 0),
                   key=lambda g: g.rating)
    low = min(tb.cut_low, field.n, len(games))
    high = min(tb.cut_high, max(field.n - low, 0), len(games) - low)
    kept = games[low:len(games) - high]
    removed = games[:low] + games[len(games) - high:]
    return RatedGames(tuple(g.rating for g in kept), sum(g.halves for g in kept), tuple(g.rating for g in removed),
                      tuple(sorted(kept, key=lambda g: g.round)), tuple(removed))


def aro(games: RatedGames) -> int | None:
    return half_up(Fraction(sum(games.ratings), len(games.ratings))) if games.ratings else None


def tpr(games: RatedGames) -> int | None:
    average = aro(games)
    if average is None:
        return None
    percent = half_up(Fraction(games.halves * 50, len(games.ratings)))
    return average + rating_difference(percent)


def ptp(games: RatedGames) -> int | None:
    if not games.ratings:
        return None
    if games.halves == 0:
        return min(games.ratings) - 800
    target = games.halves * 50  # per cent

    def reaches(rating: int) -> bool:
        return sum(expected_percent(rating, r) for r in games.ratings) >= target

    low, high = min(games.ratings) - 800, max(games.ratings) + 800  # reaches(high) always holds
    while low < high:
        middle = (low + high) // 2
        if reaches(middle):
            high = middle
        else:
            low = middle + 1
    return low


def rating_values(tb: TieBreak, field: Field,
                  games: dict[int, RatedGames] | None = None) -> dict[int, int | None]:
    """ARO, TPR, PTP or RTNG of every competitor (None: not applicable, Art. 10); ``games``
    receives each competitor's rated games after the cuts (what a value is made of)."""
    if not all_rated(field):
        return {cid: None for cid in field.competitors}
    if tb.code == "RTNG":
        return {cid: c.rating for cid, c in field.competitors.items()}
    compute = {"ARO": aro, "TPR": tpr, "PTP": ptp}[tb.code]
    found = {cid: rated_games(tb, field, cid) for cid in field.competitors}
    if games is not None:
        games.update(found)
    return {cid: compute(g) for cid, g in found.items()}


def opponents_performances(tb: TieBreak, field: Field) -> dict[int, int | None]:
    """What APRO (every competitor's TPR) or APPO (his PTP) averages over his opponents."""
    from cpswiss.standings.catalogue import DEFINITIONS

    base_code = "TPR" if tb.code == "APRO" else "PTP"
    return rating_values(TieBreak(DEFINITIONS[base_code], base_code), field)


def average_of_opponents(tb: TieBreak, field: Field) -> dict[int, int | None]:
    """APRO (the opponents' TPR) or APPO (their PTP), over the games played over the board."""
    if not all_rated(field):
        return {cid: None for cid in field.competitors}
    base = opponents_performances(tb, field)
    result: dict[int, int | None] = {}
    for cid, c in field.competitors.items():
        values = [v for r in c.rounds if r.over_board and r.opponent > 0 and (v := base[r.opponent]) is not None]
        result[cid] = half_up(Fraction(sum(values), len(values))) if values else None
    return result
