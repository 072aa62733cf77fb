"""Completion test (C.04.3 A.9, C.4): can these players still be paired completely?

Complete means: every player paired under C.1-C.3, except at most one (when
their number is odd) who must be eligible for the bye (C.2).  A greedy pairing
with the lowest eligible player out proves most sets completable at once (a
"yes" from it is a complete pairing, so it is exact); otherwise an exact CP-SAT
feasibility model decides.
"""

from __future__ import annotations

from cpswiss.criteria.absolute import compatible_later, every_pair_compatible
from cpswiss.errors import UnprovenError
from cpswiss.solver.cpsat import cp_model
from cpswiss.solver.model import greedy_pairs
from cpswiss.tournament.state import PlayerState, RoundState


def bye_candidate(players: list[PlayerState], state: RoundState) -> frozenset[int]:
    """With an odd number of players, the lowest one who may take the bye (C.2, and 2026
    [C5]), as the one a greedy pairing leaves out; empty with an even number (or nobody)."""
    if len(players) % 2 == 0:
        return frozenset()
    lowest = next((v for v in reversed(range(len(players))) if state.may_take_pab(players[v])), None)
    return frozenset() if lowest is None else frozenset([lowest])


def completable(players: list[PlayerState], state: RoundState, time_limit: float = 120.0,
                anyone_left_out: bool = False) -> bool:
    """Can these players all be paired (C1-C3), but for one who may take the bye when their
    number is odd (``anyone_left_out``: but for any one of them)?"""
    n = len(players)
    if n == 0:
        return True
    if every_pair_compatible(players, state):  # every pair allowed: only the bye can fail
        return n % 2 == 0 or anyone_left_out or any(state.may_take_pab(p) for p in players)
    later = compatible_later(players, state)
    left_out = bye_candidate(players, state) if not anyone_left_out else frozenset([n - 1] if n % 2 else [])
    if 2 * len(greedy_pairs(n, later, left_out)) >= n - 1 and (n % 2 == 0 or left_out):
        return True  # a complete pairing, the bye to an eligible player
    edges = [(i, j) for i in range(n) for j in sorted(later[i])]
    model = cp_model.CpModel()
    x = [model.NewBoolVar("") for _ in edges]
    at: list[list] = [[] for _ in range(n)]
    for var, (i, j) in zip(x, edges):
        at[i].append(var)
        at[j].append(var)
    bye = {i: model.NewBoolVar("") for i in range(n)
           if anyone_left_out or state.may_take_pab(players[i])} if n % 2 else {}
    for i in range(n):
        terms = at[i] + ([bye[i]] if i in bye else [])
        model.AddExactlyOne(terms) if terms else model.AddBoolOr([])
    if n % 2:
        model.AddExactlyOne(bye.values()) if bye else model.AddBoolOr([])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True
    if status == cp_model.INFEASIBLE:
        return False
    raise UnprovenError("the completion test could not be decided within the time limit")
