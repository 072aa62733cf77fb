"""What the Dubov System knows of a player beyond the shared round state (C.04.4.1 Art. 1):
rating, average rating of opponents (ARO, Art. 1.7), upfloats (Art. 1.8) - derived from the
tournament the state was built from (``state.tournament``)."""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.errors import InputError, InternalCheckError
from cpswiss.tournament.model import Tournament
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.tournament.state import RoundState


@dataclass(frozen=True)
class DubovFacts:
    """One player's Dubov facts before the round to be paired."""

    rating: int
    aro: int  # Art. 1.7: 0 before the first played game
    upfloats: int  # Art. 1.8.1: times upfloated so far
    upfloated_last_round: bool  # [C10]: upfloated in the round before this one
    maximum_upfloater: bool  # Art. 1.8.1: upfloated MaxT times already


def average_rating(ratings: list[int]) -> int:
    """Art. 1.7.1: the mean of the opponents' ratings, rounded to the nearest integer, the
    higher one when the division ends in .5; Art. 1.7.3: 0 when there is none."""
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def max_upfloats(rounds: int, base: int = 2, rounds_per_step: int = 5) -> int:
    """Art. 1.8.2: MaxT = 2 + [Rnds/5], [x] rounded downwards."""
    return base + rounds // rounds_per_step


def ratings_of(t: Tournament) -> dict[int, int]:
    """Art. 1.1: every player has a rating (the arbiter gives a provisional one to a player
    without); a player without one is an input error naming him."""
    ratings = {}
    for pid, rec in t.players.items():
        if not rec.rating:
            raise InputError(f"player {pid} ({rec.name or 'no name'}) has no rating: the Dubov system "
                             "needs a rating for every player (C.04.4.1 Art. 1.1)", t.path, rec.line or None)
        ratings[pid] = rec.rating
    return ratings


def dubov_facts(state: RoundState, rules: RuleSet) -> dict[int, DubovFacts]:
    """The facts of every player of the tournament before ``state.round_no``.

    A player was upfloated in a past round when he played a game there against an
    opponent with a higher score before that round (acceleration included): the bracket
    brought him up from his scoregroup (Art. 1.3.2).  Unplayed rounds upfloat nobody.
    """
    t = state.tournament
    ratings = ratings_of(t)
    history = state.round_no - 1
    scoring = t.scoring
    running: dict[int, list[int]] = {}
    for pid, rec in t.players.items():
        total, before = 0, []
        for r in range(1, history + 1):
            before.append(total + _acceleration(t, pid, r))
            total += scoring.points(rec.entry(r))
        running[pid] = before
    switches = rules.switches
    limit = max_upfloats(state.total_rounds or history + 1, switches.max_t_base, switches.max_t_rounds_per_step)
    facts = {}
    for pid, rec in t.players.items():
        opponents, upfloats, last = [], 0, False
        for r in range(1, history + 1):
            e = rec.entry(r)
            if e is None or not e.played:
                last = False
                continue
            opponent = e.opponent
            if opponent is None:  # the TRF reader gives every played game its opponent
                raise InternalCheckError(f"internal error: player {pid}'s game of round {r} has no opponent")
            opponents.append(ratings[opponent])
            last = running[opponent][r - 1] > running[pid][r - 1]
            upfloats += last
        facts[pid] = DubovFacts(rating=ratings[pid], aro=average_rating(opponents), upfloats=upfloats,
                                upfloated_last_round=last, maximum_upfloater=upfloats >= limit)
    return facts


def _acceleration(t: Tournament, pid: int, r: int) -> int:
    values = t.accelerations.get(pid, [])
    return values[r - 1] if 0 < r <= len(values) else 0
