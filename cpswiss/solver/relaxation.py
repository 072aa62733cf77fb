"""The least-bad complete pairings when the absolute rules must give (system-agnostic).

A complete pairing of the players (one bye when their number is odd) in which some pairs
or the bye break rules.  Each rule that may give is a *kind* with a cost per pair (or per
bye); the kinds are ranked, the most serious first, and the costs are minimised one kind
after the other (each optimum frozen before the next), as the criteria of a bracket are.
The answers come as *violation sets* (which relaxed pairs, which barred bye), best first,
each different from the ones before; the pairing system then pairs the round with exactly
those relaxations allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cpswiss.errors import UnprovenError
from cpswiss.solver.cpsat import CpModel, cp_model
from cpswiss.solver.settings import SolverSettings


@dataclass(frozen=True)
class Relaxable:
    """A pair (or the bye to one player) that breaks rules: its cost for each kind, in the
    order of the kinds (most serious first), and the rules it breaks, in words."""

    players: tuple[int, ...]  # two players, or one for the bye
    costs: tuple[int, ...]

    @property
    def is_bye(self) -> bool:
        return len(self.players) == 1


@dataclass(frozen=True)
class RelaxedPairing:
    """One violation set (indices into the relaxables) and its cost per kind."""

    relaxed: tuple[int, ...]
    costs: tuple[int, ...]


def _model(players: list[int], legal: list[tuple[int, int]], eligible: set[int],
           relaxables: list[Relaxable]) -> tuple[Any, list[Any]]:
    """The CP-SAT model of a complete pairing with relaxations, and the relaxations' variables."""
    model = CpModel()
    at: dict[int, list[Any]] = {p: [] for p in players}
    for a, b in legal:
        x = model.new_bool_var("")
        at[a].append(x)
        at[b].append(x)
    odd = len(players) % 2 == 1
    byes = []
    if odd:
        for p in sorted(eligible):
            y = model.new_bool_var("")
            at[p].append(y)
            byes.append(y)
    chosen = []
    for r in relaxables:
        z = model.new_bool_var("")
        chosen.append(z)
        for p in r.players:
            at[p].append(z)
        if r.is_bye:
            byes.append(z)
    for p in players:
        model.add_exactly_one(at[p]) if at[p] else model.add_bool_or([])
    if odd:
        model.add_exactly_one(byes) if byes else model.add_bool_or([])
    return model, chosen


def least_relaxed(players: list[int], legal: list[tuple[int, int]], eligible: set[int],
                  relaxables: list[Relaxable], count: int,
                  settings: SolverSettings | None = None) -> list[RelaxedPairing]:
    """Up to ``count`` violation sets, best first: for each, the kinds' costs minimised in
    order (most serious first), then the next set must differ in at least one relaxation.
    Deterministic (one worker); a solve not proven within the time limit is an error."""
    settings = settings or SolverSettings()
    kinds = len(relaxables[0].costs) if relaxables else 0
    found: list[RelaxedPairing] = []
    while len(found) < count:
        model, chosen = _model(players, legal, eligible, relaxables)
        for earlier in found:  # a different violation set
            model.add_bool_or([chosen[i].negated() for i in earlier.relaxed] +
                            [z for i, z in enumerate(chosen) if i not in earlier.relaxed])
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = settings.time_limit
        costs = []
        status = solver.Solve(model)
        for k in range(kinds):
            if status == cp_model.INFEASIBLE:
                break
            objective = sum(r.costs[k] * z for r, z in zip(relaxables, chosen))
            model.minimize(objective)
            status = solver.Solve(model)
            if status != cp_model.OPTIMAL:
                break
            best = round(solver.ObjectiveValue())
            costs.append(best)
            model.add(objective == best)
        if status == cp_model.INFEASIBLE:
            break
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            raise UnprovenError("the least-bad pairing could not be proven within the time limit")
        if kinds == 0:
            solver.Solve(model)
        relaxed = tuple(i for i, z in enumerate(chosen) if solver.Value(z))
        found.append(RelaxedPairing(relaxed, tuple(costs)))
    return found


__all__ = ["Relaxable", "RelaxedPairing", "least_relaxed"]
