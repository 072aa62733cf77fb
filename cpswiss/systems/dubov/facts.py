"""What the Dubov System knows of a player beyond the shared round state (C.04.4.1 Art. 1):
rating, average rating of opponents (ARO, Art. 1.7), upfloats (Art. 1.8) - derived from the
tournament the state was built from (``state.tournament``)."""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.errors import InputError, InternalCheckError
from cpswiss.tournament.model import Tournament, average_rating
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


def max_upfloats(rounds: int, base: int = 2, rounds_per_step: int = 5) -> int:
    """Art. 1.8.2: MaxT = 2 + [Rnds/5], [x] rounded downwards."""
    return base + rounds // rounds_per_step


RATING_OPTION = "--rating"  # the command-line option by which the arbiter assigns a provisional rating
ROUNDS_OPTION = "--rounds"  # ... and states the number of rounds the file does not


def ratings_of(t: Tournament) -> dict[int, int]:
    """Art. 1.1: every player has a rating (the arbiter assigns a provisional one to a player
    without); the players without one are an input error naming them and the option by which
    the arbiter assigns their provisional ratings."""
    missing = [rec for rec in t.players.values() if not rec.rating]
    if missing:
        first = missing[0]
        names = ", ".join(f"{rec.pairing_no} ({rec.name or 'no name'})" for rec in missing[:5]) \
            + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        raise InputError(f"{'player' if len(missing) == 1 else 'players'} {names} "
                         f"{'has' if len(missing) == 1 else 'have'} no rating: the Dubov system needs one for "
                         f"every player; the arbiter assigns a provisional rating (C.04.4.1 Art. 1.1): "
                         f"{RATING_OPTION} {first.pairing_no}=ELO (repeatable), or a rating in the 001 record",
                         t.path, first.line or None)
    return {pid: rec.rating or 0 for pid, rec in t.players.items()}


def rounds_of(state: RoundState) -> int:
    """Art. 1.8.2 (MaxT) and Art. 2.3.4-2.3.6 (the last round's exceptions to [C8]-[C10]) need
    the number of rounds: the file's XXR / 142, else an input error naming both and the option."""
    if state.total_rounds is None:
        raise InputError("the Dubov system needs the number of rounds (MaxT, C.04.4.1 Art. 1.8.2; the last "
                         "round's exceptions, Art. 2.3.4-2.3.6): an XXR (TRF16) or 142 (TRF-2026) record, "
                         f"or {ROUNDS_OPTION} N", state.tournament.path)
    return state.total_rounds


class InitialOrderError(InputError):
    """Art. 1.2.2 unmet: the one-line error, then (``details``) the order the text demands."""

    def __init__(self, problem: str, path: str, order: list[int]) -> None:
        super().__init__(problem, path)
        self.order = order
        self.details = ["the order by rating (pairing numbers as in the file): " + " ".join(map(str, order))]


def check_initial_order(state: RoundState, ratings: dict[int, int]) -> None:
    """Art. 1.2.2: a rating introduced or changed before the pairing of round 4 makes the arbiter
    re-sort the initial ranking (C.04.2 Art. 2: by rating first).  Up to round 4, pairing numbers
    that put a lower rating before a higher one are an input error naming the players and
    giving the order by rating (equal ratings keep the file's order: title, then name, C.04.2
    Art. 2.2, are the arbiter's to apply)."""
    if state.round_no > 4:
        return
    t = state.tournament
    by_number = list(t.players) if t.pair_by_rank else sorted(t.players)  # the file's TPN order
    wrong = [(a, b) for a, b in zip(by_number, by_number[1:]) if ratings[a] < ratings[b]]
    if not wrong:
        return
    shown = "; ".join(f"player {a} ({ratings[a]}) is numbered before player {b} ({ratings[b]})"
                      for a, b in wrong[:3]) + (f"; and {len(wrong) - 3} more" if len(wrong) > 3 else "")
    should = sorted(by_number, key=lambda pid: -ratings[pid])  # stable: ties keep the file's order
    raise InitialOrderError(f"the pairing numbers are not in rating order before round 4 - the arbiter must "
                            f"re-sort the initial ranking (C.04.4.1 Art. 1.2.2, C.04.2 Art. 2): {shown}",
                            t.path, order=should)


def dubov_facts(state: RoundState, rules: RuleSet) -> dict[int, DubovFacts]:
    """The facts of every player of the tournament before ``state.round_no``.

    A player was upfloated in a past round when he played a game there against an
    opponent with a higher score before that round (acceleration included): the bracket
    brought him up from his scoregroup (Art. 1.3.2).  Unplayed rounds upfloat nobody.
    """
    t = state.tournament
    ratings = ratings_of(t)
    rounds = rounds_of(state)
    check_initial_order(state, ratings)
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
    limit = max_upfloats(rounds, switches.max_t_base, switches.max_t_rounds_per_step)
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
