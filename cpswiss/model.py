"""The CP-SAT model of one bracket step: a matching with lexicographic objectives.

One Boolean per edge (a pair allowed by C.1-C.3), at most one chosen edge per
player.  Objectives are :class:`~cpswiss.criteria.Level` expressions, minimised
one after the other, each optimum frozen as a constraint before the next
("successive optimisation"); everything is integer, no floating point.

Every solve must end OPTIMAL (or INFEASIBLE where a test of feasibility is
asked for); a solve stopped by the time limit raises
:class:`~cpswiss.errors.UnprovenError` instead of returning a guess.
"""

from __future__ import annotations

from dataclasses import dataclass

from ortools.sat.python import cp_model

from .criteria import Level
from .errors import UnprovenError


@dataclass
class SolverSettings:
    """CP-SAT parameters; fixed so that the same input gives the same pairing."""

    workers: int = 1
    time_limit: float = 120.0


def matching_lower_bound(coef: dict[int, int], incident: list[list[int]], edges: list[tuple[int, int]]) -> int:
    """A proven lower bound of Σ coef·x over all matchings of the graph.

    Two bounds, the larger wins: each chosen edge shares its weight between its two
    ends, so Σ ≥ ⌈Σ_v min(0, min coef at v) / 2⌉; and at most ⌊k/2⌋ edges with a
    negative weight can be chosen among the k vertices they touch.
    """
    per_vertex = 0
    for inc in incident:
        per_vertex += min(0, min((coef.get(e, 0) for e in inc), default=0))
    touched: set[int] = set()
    most_negative = 0
    for e, c in coef.items():
        if c < 0:
            touched.update(edges[e])
            most_negative = min(most_negative, c)
    return max(-((-per_vertex) // 2), most_negative * (len(touched) // 2))


class MatchingModel:
    """A CP-SAT matching over ``n`` vertices and the given edges."""

    def __init__(self, n: int, edges: list[tuple[int, int]], settings: SolverSettings | None = None):
        self.n = n
        self.edges = edges
        self.settings = settings or SolverSettings()
        self.model = cp_model.CpModel()
        self.x = [self.model.NewBoolVar(f"x{i}_{j}") for (i, j) in edges]
        assert all(var.Index() == e for e, var in enumerate(self.x))  # hints and values use it
        self.incident: list[list[int]] = [[] for _ in range(n)]
        for e, (i, j) in enumerate(edges):
            self.incident[i].append(e)
            self.incident[j].append(e)
        for v in range(n):
            if len(self.incident[v]) > 1:
                self.model.AddAtMostOne(self.x[e] for e in self.incident[v])
        self.solution: list[int] = [0] * len(edges)
        self.solves = 0

    # -- solving ---------------------------------------------------------------

    def _solve(self, allow_infeasible: bool = False) -> bool:
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.settings.workers
        solver.parameters.max_time_in_seconds = self.settings.time_limit
        solver.parameters.random_seed = 0
        # measured on the conformance brackets: presolve costs more than it saves on these
        # small, repeatedly re-solved matchings, and symmetry detection does not pay either
        solver.parameters.cp_model_presolve = False
        solver.parameters.symmetry_level = 0
        solver.parameters.linearization_level = 1
        proto = self.model.Proto()
        proto.clear_solution_hint()
        proto.solution_hint.vars.extend(range(len(self.x)))
        proto.solution_hint.values.extend(self.solution)
        status = solver.Solve(self.model)
        self.solves += 1
        if status == cp_model.OPTIMAL:
            self.solution = list(solver.ResponseProto().solution)[:len(self.x)]
            return True
        if status == cp_model.INFEASIBLE and allow_infeasible:
            return False
        if status == cp_model.INFEASIBLE:
            raise UnprovenError("the pairing model became infeasible (internal error)")
        raise UnprovenError(
            f"the solver could not prove an optimum within {self.settings.time_limit:g} s "
            "(status " + solver.StatusName(status) + "); no pairing is reported")

    def lower_bound(self, coef: dict[int, int]) -> int:
        return matching_lower_bound(coef, self.incident, self.edges)

    def minimise(self, levels: list[Level]) -> list[int]:
        """Minimise the levels lexicographically, freezing each optimum; return the optima.

        One solve per level, and none where the current solution already meets a proven
        lower bound.  (Packing several levels into one objective with non-overlapping
        integer weights was measured: CP-SAT then fails to prove optima on brackets of
        a hundred players within minutes, so levels are solved one at a time.)
        """
        values: list[int] = []
        for level in levels:
            if level.trivial:
                values.append(level.constant)
                continue
            coef = {e: c for e, c in level.coef.items() if c}
            expr = sum(c * self.x[e] for e, c in coef.items())
            optimum = sum(c * self.solution[e] for e, c in coef.items())
            bound = self.lower_bound(coef)
            if level.floor is not None:
                bound = max(bound, level.floor - level.constant)
            if optimum > bound:
                self.model.Minimize(expr)
                self._solve()
                optimum = sum(c * self.solution[e] for e, c in coef.items())
                self.model.ClearObjective()
            self.model.Add(expr == optimum)
            values.append(optimum + level.constant)
        return values

    def feasible_with(self, literals: list[tuple[int, int]]) -> bool:
        """Is there a solution (under the frozen optima) with these edges at these values?

        The literals are passed as solver assumptions, not added to the model;
        on success the new solution is kept.
        """
        self.model.ClearAssumptions()
        self.model.AddAssumptions([self.x[e] if value else self.x[e].Not() for e, value in literals])
        try:
            return self._solve(allow_infeasible=True)
        finally:
            self.model.ClearAssumptions()

    def maximise_any(self, edges: list[int]) -> bool:
        """Is there a solution choosing at least one of ``edges``?  Keeps it if so."""
        if not edges:
            return False
        switch = self.model.NewBoolVar("")
        self.model.AddBoolOr([self.x[e] for e in edges]).OnlyEnforceIf(switch)
        self.model.ClearAssumptions()
        self.model.AddAssumptions([switch])
        try:
            return self._solve(allow_infeasible=True)
        finally:
            self.model.ClearAssumptions()

    def minimise_now(self, coef: dict[int, int]) -> None:
        """Minimise Σ coef·x under everything frozen so far, keeping the solution (not frozen)."""
        expr = sum(c * self.x[e] for e, c in coef.items() if c)
        current = sum(c * self.solution[e] for e, c in coef.items())
        if current <= self.lower_bound(coef):
            return
        self.model.Minimize(expr)
        self._solve()
        self.model.ClearObjective()

    def fix(self, e: int, value: int) -> None:
        self.model.Add(self.x[e] == value)

    def chosen(self) -> list[int]:
        return [e for e, s in enumerate(self.solution) if s]

    def partner(self, v: int) -> int | None:
        for e in self.incident[v]:
            if self.solution[e]:
                i, j = self.edges[e]
                return j if i == v else i
        return None
