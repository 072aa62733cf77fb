"""What a Double-Swiss player's past rounds mean for the next pairing (C.04.5 Art. 1-3).

From the rounds played so far - each a set of two-game matches and the byes of the round -
every player's score, the players he has met ([C1]), his match colours (Art. 1.6), whether he
may have the PAB ([C2]), how many matches he has played (3.4.3) and whether he floated in the
previous round (1.5, for [C7]/[C8]).  Readings (``scenarios/double-swiss-2026/README.md``):
DS-1 meeting, DS-2 colour, DS-4 [C2], DS-5 matches played, DS-7 floater, DS-14 byes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cpswiss.tournament.model import Scoring
from cpswiss.systems.double_swiss.matches import Match, full_bye_points, half_bye_points, pab_points
from cpswiss.systems.double_swiss.switches import MatchesPlayed


@dataclass(frozen=True)
class DoubleSwissRound:
    """One round: its matches and its byes (Preface: byes cover whole matches)."""

    matches: tuple[Match, ...] = ()
    pab: frozenset[int] = frozenset()
    half_byes: frozenset[int] = frozenset()
    full_byes: frozenset[int] = frozenset()
    absent: frozenset[int] = frozenset()  # zero-point byes and absences

    def __post_init__(self) -> None:
        seen: set[int] = set()
        for player in [p for m in self.matches for p in m.players] + [
                *self.pab, *self.half_byes, *self.full_byes, *self.absent]:
            if player in seen:
                raise ValueError(f"player {player} has two entries in one round")
            seen.add(player)

    def match_of(self, player: int) -> Match | None:
        for match in self.matches:
            if player in match.players:
                return match
        return None


@dataclass(frozen=True)
class PlayerFacts:
    """One player before the round to be paired."""

    tpn: int
    score: int  # tenths (Preface: the sum of game points and byes)
    met: frozenset[int]  # [C1], DS-1
    colours: tuple[str, ...]  # Art. 1.6, DS-2: 'W'/'B' of the matches with a colour, oldest first
    matches_played: int  # 3.4.3, DS-5
    pab_barred: bool  # [C2], DS-4
    floated_last_round: bool  # 1.5, DS-7: in the round before the one to be paired
    scores_before: tuple[int, ...] = field(default=(), compare=False)  # score before each round

    @property
    def whites(self) -> int:
        return self.colours.count("W")


def player_facts(players: Iterable[int], rounds: Sequence[DoubleSwissRound], scoring: Scoring,
                 matches_played: MatchesPlayed = "meetings",
                 virtual: Mapping[int, Sequence[int]] | None = None) -> dict[int, PlayerFacts]:
    """Every player's facts after ``rounds``.

    A player floated in a round (1.5, DS-7) when his match there was a meeting (DS-1) against an
    opponent of another score before that round - a PAB or a forfeited match is no float;
    ``virtual`` (tenths per player, one entry per round, C.04.7) is added to those scores.
    """
    ids = sorted(players)
    score = {p: 0 for p in ids}
    met: dict[int, set[int]] = {p: set() for p in ids}
    colours: dict[int, list[str]] = {p: [] for p in ids}
    played = {p: 0 for p in ids}
    barred = {p: False for p in ids}
    floated = {p: False for p in ids}
    before: dict[int, list[int]] = {p: [] for p in ids}

    def pairing_score(p: int, index: int) -> int:
        extra = virtual.get(p, ()) if virtual else ()
        return score[p] + (extra[index] if index < len(extra) else 0)

    for index, rnd in enumerate(rounds):
        start = {p: pairing_score(p, index) for p in ids}
        for p in ids:
            before[p].append(score[p])
            floated[p] = False
        for match in rnd.matches:
            for p in match.players:
                if p not in score:
                    raise ValueError(f"round {index + 1}: player {p} is not in the tournament")
            for p in match.players:
                q = match.opponent_of(p)
                score[p] += match.points_of(p, scoring)
                colour = match.colour_of(p)
                if colour is not None:
                    colours[p].append(colour)
                if match.is_meeting:
                    met[p].add(q)
                    floated[p] = start[p] != start[q]
                    if matches_played == "meetings" or colour is not None:
                        played[p] += 1
                barred[p] |= match.won_by_forfeit(p)
        for p in rnd.pab:
            score[p] += pab_points(scoring)
            barred[p] = True
        for p in rnd.half_byes:
            score[p] += half_bye_points(scoring)
        for p in rnd.full_byes:
            score[p] += full_bye_points(scoring)
            barred[p] = True  # [C2]: a FIDE-deprecated full-point bye
        for p in rnd.absent:
            score[p] += scoring.zero_bye
    return {p: PlayerFacts(p, score[p], frozenset(met[p]), tuple(colours[p]), played[p], barred[p],
                           floated[p], tuple(before[p])) for p in ids}
