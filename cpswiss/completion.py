"""Completion test (C.04.3 A.9, C.4): can these players still be paired completely?

Complete means: every player paired under C.1-C.3, except at most one (when
their number is odd) who must be eligible for the bye (C.2).  Two greedy
passes prove most sets completable at once (a "yes" from them is a complete
pairing, so it is exact); otherwise an exact CP-SAT feasibility model decides.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from .criteria import compatible_later
from .errors import UnprovenError
from .state import PlayerState, RoundState


def _in_order(players: list[PlayerState], later: list[set[int]]) -> bool:
    """The cheapest proof: the lowest bye-eligible player out (odd count), then each
    player in order with the first free player after him he may meet (``later``)."""
    n = len(players)
    free = [True] * n
    if n % 2:
        bye = next((v for v in reversed(range(n)) if players[v].bye_eligible), None)
        if bye is None:
            return False
        free[bye] = False
    for v in range(n):
        if not free[v]:
            continue
        w = next((w for w in range(v + 1, n) if free[w] and w in later[v]), None)
        if w is None:
            return False
        free[v] = free[w] = False
    return True


def _greedy(players: list[PlayerState], adj: list[set[int]]) -> bool:
    """Fewest options first (a player who can meet few others is paired early)."""
    n = len(players)
    free = set(range(n))
    need_bye = n % 2 == 1
    while free:
        v = min(free, key=lambda u: (len(adj[u] & free), u))
        options = adj[v] & free
        if not options:
            if need_bye and players[v].bye_eligible:
                need_bye = False
                free.discard(v)
                continue
            return False
        w = min(options, key=lambda u: (len(adj[u] & free), u))
        free.discard(v)
        free.discard(w)
    return True


def completable(players: list[PlayerState], state: RoundState, time_limit: float = 120.0) -> bool:
    n = len(players)
    if n == 0:
        return True
    later = compatible_later(players, state)
    if _in_order(players, later):
        return True
    adj = [set(s) for s in later]
    for i in range(n):
        for j in later[i]:
            adj[j].add(i)
    if _greedy(players, adj):
        return True
    model = cp_model.CpModel()
    x = {}
    for i in range(n):
        for j in adj[i]:
            if i < j:
                x[i, j] = model.NewBoolVar("")
    bye = {i: model.NewBoolVar("") for i in range(n) if players[i].bye_eligible} if n % 2 else {}
    for i in range(n):
        terms = [x[min(i, j), max(i, j)] for j in adj[i]]
        if i in bye:
            terms.append(bye[i])
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
