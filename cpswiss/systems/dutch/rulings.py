"""Round-wide rulings the Dutch editions make before any bracket is paired, each a copy of the
round state carrying it (the state given is never changed; the pairing returns the ruled state,
which the legality check then reads).

* 2026 Art. 2.3.1 [C5]: the lowest score the pairing-allocated bye can go to.
* Seed 003's colour variants (the Olympiad rule, the essay's proposal B): the scoregroups in
  which the colour limits are waived because only that lets the whole group pair.
"""

from __future__ import annotations

from dataclasses import replace

from cpswiss.solver.completion import completable
from cpswiss.tournament.state import PlayerState, RoundState


def with_round_rulings(state: RoundState, groups: list[list[PlayerState]], waive: tuple[str, ...] | None,
                       lowest_pab: bool) -> RoundState:
    """The state under the rule set's round-wide rulings: the colour limits waived in the groups
    that need it (``waive``: the relaxations in order, None for none) and [C5]'s PAB score."""
    if waive is not None:
        state = replace(state, colour_clash_waived=colour_waived_groups(groups, state, waive))
    if lowest_pab:
        state = replace(state, pab_score_limit=lowest_pab_score(state.to_pair, state))
    return state


def lowest_pab_score(players: list[PlayerState], state: RoundState) -> int | None:
    """2026 Art. 2.3.1 [C5]: the lowest score the pairing-allocated bye can go to in a
    complete pairing of the round (None with an even number of players, or when no
    complete pairing exists).  Scores are tried from the lowest up; each try is an exact
    completion test with the bye restricted to eligible players of at most that score."""
    if len(players) % 2 == 0:
        return None
    for score in sorted({p.score for p in players if p.bye_eligible}):
        if completable(players, replace(state, pab_score_limit=score)):
            return score
    return None


def colour_waived_groups(groups: list[list[PlayerState]], state: RoundState,
                         relaxations: tuple[str, ...] = ("all",)) -> dict[int, str]:
    """Seed 003's colour variants: for each scoregroup that cannot pair all its players (but
    one, if odd) under the colour limits (C3 here), the first relaxation, in the order given,
    that lets it: ``three-in-a-row`` (C.04.1 g waived) or ``all`` (f and g waived).  The
    Olympiad rule (article 23.a, read as the seed's essay does, question C-1) has only
    ``all``; the essay's proposal B relaxes A2 first, then A1 as well (B1, B2, B3)."""
    waived: dict[int, str] = {}
    for group in groups:
        if completable(group, state, anyone_left_out=True):
            continue
        for relaxation in relaxations:
            tried = replace(state, colour_clash_waived={**state.colour_clash_waived, group[0].score: relaxation})
            if completable(group, tried, anyone_left_out=True):
                waived[group[0].score] = relaxation
                break
    return waived
