"""The CP-SAT model of one bracket step: a matching with lexicographic objectives.

One Boolean per edge (a pair allowed by C.1-C.3), at most one chosen edge per
player.  Objectives are :class:`~cpswiss.solver.levels.Level` expressions, minimised
one after the other, each optimum frozen as a constraint before the next
("successive optimisation"); everything is integer, no floating point.

Every solve must end OPTIMAL (or INFEASIBLE where a test of feasibility is
asked for); a solve stopped by the time limit raises
:class:`~cpswiss.errors.UnprovenError` instead of returning a guess.
"""

from __future__ import annotations

from collections.abc import Collection
from itertools import compress
from typing import TYPE_CHECKING, Callable

from cpswiss.errors import UnprovenError
from cpswiss.solver.answers import OBSERVERS, answered
from cpswiss.solver.bounds import MatchingBound, bars_edges, greedy_cover
from cpswiss.solver.exchange import Exchanges, SignaturePacking
from cpswiss.solver.frozen import FrozenLevel, FrozenSpan
from cpswiss.solver.levels import Level
from cpswiss.solver.settings import SolverSettings

if TYPE_CHECKING:  # CP-SAT itself is imported by the first model built (_built)
    from cpswiss.solver.blossom import LexicographicMatching
    from cpswiss.solver.cpsat import CpModel, cp_model


def _matches_at_least(k: int, usable: list[int], edges: list[tuple[int, int]]) -> bool:
    """Do some ``k`` of the ``usable`` edges form a matching?  (Greedily, stopping at ``k``: a
    yes is a proof, a no is not.)"""
    if k <= 0:
        return True
    taken: set[int] = set()
    for e in usable:
        i, j = edges[e]
        if i not in taken and j not in taken:
            taken.add(i)
            taken.add(j)
            if len(taken) >= 2 * k:
                return True
    return False


class MatchingModel:
    """A CP-SAT matching over ``n`` vertices and the given edges.

    The CP-SAT model itself (:attr:`model`, :attr:`x`) is built on first use: many
    brackets are decided by proofs without a solve (bounds, exchanges, the blossom
    relaxation), and building a model costs more than those proofs on small brackets.
    Constraints added before are kept and added, in the same order, when it is built,
    so the model solved is the same as if it had been built at once.  OR-Tools' CP-SAT
    module is imported with the first model built, so a run that needs no solve never
    loads it."""

    def __init__(self, n: int, edges: list[tuple[int, int]], settings: SolverSettings | None = None,
                 incident: list[list[int]] | None = None):
        """``incident``: each vertex's edges in edge order, when the caller has them (a
        bracket's :attr:`~cpswiss.systems.shared.bracket.Bracket.incident`, never changed after)."""
        self.n = n
        self.edges = edges
        self.settings = settings or SolverSettings()
        self._model: CpModel | None = None
        self._x: list[cp_model.IntVar] = []
        # constraints waiting for the model, each given the model when it is built (never bound
        # to it: a model in a reference cycle of its own would wait for the garbage collector)
        self._pending: list[Callable[[MatchingModel], object]] = []
        if incident is None:
            incident = [[] for _ in range(n)]
            for e, (i, j) in enumerate(edges):
                incident[i].append(e)
                incident[j].append(e)
        self.incident: list[list[int]] = incident
        self.solution: list[int] = [0] * len(edges)
        self.solves = 0
        self._frozen: list[dict[int, int]] = []  # coefficients of the frozen levels
        self._span = FrozenSpan(len(edges))  # what the frozen levels fix, see determined
        self._pairs_determined: tuple[int, bool] | None = None  # (levels frozen, answer), see pairs_determined
        self._group_literal: dict[tuple[int, ...], cp_model.IntVar] = {}
        # the frozen levels with their local forms (:func:`tight_form`), each computed when first
        # needed: by the CP-SAT model when it is built, or by the edges they fix to 0
        self._frozen_levels: list[FrozenLevel] = []
        self._zeros: set[int] = set()  # edges fixed to 0 by the local forms of the first ...
        self._zeros_from = 0  # ... this many frozen levels (see zero_edges)
        # every constraint on the edges beyond "a matching", as (coef, value): Σ coef·x == value
        # (a frozen level's local form is equivalent to its sum, so the sum stands for it);
        # what an exchange of pairs must keep (cpswiss.solver.exchange)
        self.constraints: list[tuple[dict[int, int], int]] = []
        self._edge_id: dict[int, int] | None = None  # see edge_id
        # the constraints' signatures for exchanges, kept as constraints are added
        # (:func:`cpswiss.solver.exchange._signatures`)
        self.signature_packing: SignaturePacking | None = None

    @property
    def model(self) -> CpModel:
        """The CP-SAT model: one Boolean per edge, at most one chosen edge per vertex, and
        every constraint added so far."""
        return self._built()

    @property
    def x(self) -> list[cp_model.IntVar]:
        """The edges' Booleans (building the model if need be)."""
        self._built()
        return self._x

    def _built(self) -> CpModel:
        if self._model is None:
            from cpswiss.solver.cpsat import CpModel  # OR-Tools loads only when a model is needed

            self._model = CpModel()
            self._x = [self._model.new_bool_var(f"x{i}_{j}") for (i, j) in self.edges]
            assert all(var.Index() == e for e, var in enumerate(self._x))  # hints and values use it
            for v in range(self.n):
                if len(self.incident[v]) > 1:
                    self._model.add_at_most_one(self._x[e] for e in self.incident[v])
            pending, self._pending = self._pending, []
            for add in pending:
                add(self)
        return self._model

    def _exactly_one(self, edges: list[int]) -> None:
        self.model.add_exactly_one(self.x[e] for e in edges)

    def _add(self, add: Callable[[MatchingModel], object]) -> None:
        """Add a constraint to the model now, or when it is built (``add`` is given the model)."""
        if self._model is None:
            self._pending.append(add)
        else:
            add(self)

    # -- solving ---------------------------------------------------------------

    def _solve(self, allow_infeasible: bool = False, eager_lp: bool = False) -> bool:
        from cpswiss.solver.cpsat import cp_model, solution_values

        solver = cp_model.CpSolver()
        solver.parameters.num_workers = self.settings.workers
        solver.parameters.max_time_in_seconds = self.settings.time_limit
        solver.parameters.random_seed = 0
        # measured on the conformance brackets: presolve, probing, SAT inprocessing and
        # symmetry detection cost more than they save on these small, repeatedly re-solved
        # matchings; the LP relaxation (level 1) is what proves them.  A solution hint was
        # measured too: following it first costs more than the LP-guided search from scratch.
        solver.parameters.cp_model_presolve = False
        solver.parameters.cp_model_probing_level = 0
        solver.parameters.use_sat_inprocessing = False
        solver.parameters.symmetry_level = 0
        solver.parameters.linearization_level = 1
        # measured: minimising a criterion level over a large bracket, the whole LP at once
        # proves the optimum sooner; for feasibility tests under assumptions it does not pay
        solver.parameters.add_lp_constraints_lazily = not eager_lp
        status = solver.Solve(self.model)
        self.solves += 1
        if status == cp_model.OPTIMAL:
            self.solution = solution_values(solver, len(self.edges))  # see there: read while solver lives
            return True
        if status == cp_model.INFEASIBLE and allow_infeasible:
            return False
        if status == cp_model.INFEASIBLE:
            raise UnprovenError("the pairing model became infeasible (internal error)")
        raise UnprovenError(
            f"the solver could not prove an optimum within {self.settings.time_limit:g} s "
            "(status " + solver.StatusName(status) + "); no pairing is reported")

    def start_from(self, chosen: list[int]) -> None:
        """Take a matching as the solution in hand before anything is frozen (so it is a
        solution of the model): a level it already meets at a proven bound needs no solve."""
        assert not self._frozen
        self.solution = [0] * len(self.edges)
        for e in chosen:
            self.solution[e] = 1

    def linear(self, coef: dict[int, int]) -> cp_model.LinearExprT:
        """Σ coef·x as a CP-SAT expression."""
        from cpswiss.solver.cpsat import cp_model

        edges = [e for e, c in coef.items() if c]
        return cp_model.LinearExpr.WeightedSum([self.x[e] for e in edges], [coef[e] for e in edges])

    def minimise(self, levels: list[Level]) -> list[int]:
        """Minimise the levels lexicographically, freezing each optimum; return the optima.

        One solve per level, and none where the current solution already meets a proven
        lower bound (or a non-linear level has proven its own optimum), where exchanges of its pairs bring it down to one
        (:meth:`~cpswiss.solver.exchange.Exchanges.descend`, which spares the LP solves that
        dominate large brackets), or where the blossom algorithm finds a proven minimiser
        (:meth:`least_by_blossom`), or where the level is a combination of
        levels already frozen (the number of pairs with score difference 0 in a
        homogeneous bracket is the number of pairs).  (Packing several levels into one
        objective with non-overlapping integer weights was measured: CP-SAT then fails
        to prove optima on brackets of a hundred players within minutes, so levels are
        solved one at a time.)
        """
        values: list[int] = []
        for level in levels:
            if level.trivial:
                values.append(level.clipped(level.constant))
                continue
            shown = level.make_linear(self) if level.nonlinear is not None else None
            optimum = self.value_in_hand(level.coef)
            if not any(level.coef.values()) or self.determined(level.coef):
                values.append(level.clipped(optimum + level.constant) if shown is None else shown)
                continue  # already implied by the frozen levels
            # what is frozen: a copy of the coefficients without the zeros
            coef = dict(level.coef) if 0 not in level.coef.values() else {e: c for e, c in level.coef.items() if c}
            own_floor = None if level.floor is None else level.floor - level.constant
            # a non-linear level leaves a proven minimiser of its sum in hand (NonLinear); where
            # the level's own floor proves the optimum, its bound is built only if its local form is
            at_floor = shown is not None or (own_floor is not None and optimum <= own_floor)
            proof = None if at_floor else MatchingBound(coef, self.incident, self.edges)
            if proof is not None and not proof.proves(optimum):
                floor = max(b for b in (proof.value, own_floor, self._positive_bound(coef)) if b is not None)
                if optimum > floor and not Exchanges(self).descend(coef, floor) \
                        and not self.least_by_blossom(coef):
                    self.model.minimize(self.linear(coef))
                    self._solve(eager_lp=True)
                    self.model.clear_objective()  # type: ignore[no-untyped-call]
                optimum = self.value_in_hand(coef)
            self.freeze(coef, optimum, proof)
            values.append(level.clipped(optimum + level.constant) if shown is None else shown)
        return values

    def value_in_hand(self, coef: dict[int, int]) -> int:
        """Σ coef·x for the solution in hand (each x 0 or 1)."""
        get = coef.get
        return sum([get(e, 0) for e in compress(range(len(self.solution)), self.solution)])

    def _positive_bound(self, coef: dict[int, int]) -> int | None:
        """A lower bound of a level without negative weights, once the number of pairs P is
        frozen: pairs on edges of weight 0 form a matching of those edges, so there are at
        most τ of them, τ the size of any vertex cover of the weight-0 edges (greedy);
        the other P - τ pairs or more each weigh at least the least positive weight.
        (It proves, for example, that a bracket with four more players wanting white
        than black and the rest must leave two pairs without their preference, C.10.)
        None where it does not apply."""
        if not coef or min(coef.values()) < 0:
            return None
        if not self.pairs_determined():
            return None
        pairs = sum(self.solution)
        zeros = self.zero_edges()
        zero_weight = [e for e in range(len(self.edges)) if e not in coef and e not in zeros]
        if _matches_at_least(pairs, zero_weight, self.edges):
            return 0  # every vertex cover has a vertex on each edge of a matching: at least P
        # only whether the cover reaches P vertices matters beyond its size below P
        cover = greedy_cover(dict.fromkeys(zero_weight, -1), zero_weight, self.edges, limit=pairs, n=self.n)
        least = min([c for e, c in coef.items() if e not in zeros], default=0)
        return least * max(0, pairs - len(cover))

    def freeze(self, coef: dict[int, int], optimum: int, bound: MatchingBound | None = None) -> None:
        """Add Σ coef·x == optimum, and its local form where a bound makes that possible.

        The local constraints (:func:`tight_form`) are equivalent to the sum and let
        CP-SAT propagate where each player stands; the sum is kept beside them because,
        measured, the LP relaxation without it could not prove some small brackets
        optimal without cuts (linearization level 2, much slower on large brackets).
        The local form is computed when the model is built (most brackets never build one)
        or when the edges it fixes to 0 are asked for (:meth:`zero_edges`); the model gets
        the same constraints in the same order either way.
        """
        self.constrain(coef, optimum)
        frozen = FrozenLevel(coef, optimum, self.incident, self.edges, bound)
        self._add(lambda m: m._add_local_form(frozen))
        self._frozen_levels.append(frozen)
        self._frozen.append(coef)
        self._span.add(coef)

    def _add_local_form(self, frozen: FrozenLevel) -> None:
        local = frozen.local(self.solution)
        if local is not None:
            zeros, groups = local
            if zeros:
                self.model.add_bool_and([self.x[e].negated() for e in zeros])
            for group in groups:
                self._exactly_one(group)

    def zero_edges(self) -> set[int]:
        """The edges that the local forms of the frozen levels fix to 0."""
        for frozen in self._frozen_levels[self._zeros_from:]:
            local = frozen.local(self.solution)
            if local is not None:
                self._zeros.update(local[0])
        self._zeros_from = len(self._frozen_levels)
        return self._zeros

    def pairs_determined(self) -> bool:
        """Is the number of pairs fixed by the frozen levels (:meth:`determined`)?  Once it
        is, it stays so (levels are only added), so a yes is kept."""
        frozen = len(self._frozen)
        if self._pairs_determined is None or (self._pairs_determined[0] != frozen and not self._pairs_determined[1]):
            self._pairs_determined = (frozen, self.determined(dict.fromkeys(range(len(self.edges)), 1)))
        return self._pairs_determined[1]

    def determined(self, coef: dict[int, int]) -> bool:
        """Is Σ coef·x a rational combination of frozen levels (so already fixed)?  Exact
        (:class:`FrozenSpan`): a "yes" is a proof, a "no" only costs a solve."""
        if not self._frozen or not self.edges:
            return bool(self._frozen)
        return self._span.spans(coef)

    def feasible_with(self, literals: list[tuple[int, int]]) -> bool:
        """Is there a solution (under the frozen optima) with these edges at these values?

        The literals are passed as solver assumptions, not added to the model;
        on success the new solution is kept.  Given literals, first without a solve: a proven
        minimiser of "the edges wanted at 0 chosen, minus those wanted at 1"
        (:meth:`least_by_blossom`) meets every literal exactly when some solution does (each
        term is then at its least).
        """
        wanted = dict(literals)
        if literals and len(wanted) == len(literals):
            kept = self.solution
            if self.least_by_blossom({e: -1 if value else 1 for e, value in wanted.items()}):
                if all(self.solution[e] == value for e, value in wanted.items()):
                    return True
                self.solution = kept
                return False
        return self._solve_assuming([self.x[e] if value else self.x[e].negated() for e, value in literals])

    def least_with_unpaired(self, coef: dict[int, int], v: int) -> int | None:
        """The least Σ coef·x over the solutions (under the frozen optima) that leave vertex
        ``v`` unpaired, or None when none does.  Nothing is frozen and the solution in hand
        is kept: a question, not a decision."""
        kept = list(self.solution)
        self.model.minimize(self.linear(coef))
        try:
            if not self._solve_assuming([self._paired(self.incident[v]).negated()] if self.incident[v] else []):
                return None
            return sum(c * self.solution[e] for e, c in coef.items())
        finally:
            self.model.clear_objective()  # type: ignore[no-untyped-call]
            self.solution = kept

    def least(self, coef: dict[int, int]) -> int:
        """The least Σ coef·x over the solutions (under the frozen optima); a minimiser becomes
        the solution in hand.  Nothing is frozen: a question, not a decision.

        First without a solve (:meth:`least_by_blossom`), else by CP-SAT."""
        if self.least_by_blossom(coef):
            return sum(c * self.solution[e] for e, c in coef.items())
        self.model.minimize(self.linear(coef))
        try:
            self._solve(eager_lp=True)
        finally:
            self.model.clear_objective()  # type: ignore[no-untyped-call]
        return sum(c * self.solution[e] for e, c in coef.items())

    def least_by_blossom(self, coef: dict[int, int]) -> bool:
        """Make a minimiser of Σ coef·x under every constraint on record the solution in hand,
        found by the blossom algorithm, when it can be proven so; False (nothing changed)
        when not.

        The sums on record, in their order, then ``coef``, are packed into one cost per usable
        edge and a least-cost matching M of all that pair the players required paired is found
        (:meth:`least_by_relaxation`).  When M meets every constraint on record it is a solution, and
        every solution N has the same value as M on each sum on record (they are
        equalities), so cost(M) <= cost(N) leaves coef(M) <= coef(N): M is a minimiser.
        (This holds whatever the packing; when it is exact, M is the lexicographic minimum,
        which meets the constraints whenever they are frozen optima of levels in that
        order, as the criteria are when a non-linear level asks.)"""
        relaxed = self.least_by_relaxation([sums for sums, _ in self.constraints] + [coef])
        return relaxed is not None and relaxed[1] is not None and self.adopt_if_solution(relaxed[1][1])

    def feasible_without_by_blossom(self, banned: set[int]) -> bool | None:
        """Is there a solution using none of the ``banned`` edges?  Answered by the blossom
        algorithm where it proves the answer (a yes keeps the solution found); None where it
        does not tell.

        Every constraint on record is an equality Σ coef·x == value (:attr:`constraints`), so
        every solution has the same value on each sum: that of the solution in hand (always a
        solution: every decision recorded keeps it, or is kept by a new one).  The
        relaxation (:meth:`least_by_relaxation`) packs the sums that the graph it searches does
        not already enforce (:meth:`enforced_by_the_graph`) into one cost per edge: every
        solution, and so every solution without the banned edges, costs what the solution in
        hand costs, and is a matching of that graph (usable edges, players required paired
        kept paired).  So when the least cost over its matchings without the banned edges is
        higher, or there is no such matching, no solution avoids them (a proof); when it is
        the same and the matching meets every constraint on record, it is a solution
        without them (:meth:`~cpswiss.solver.blossom.LexicographicMatching.verdict`)."""
        sums = [coef for coef, value in self.constraints if not self.enforced_by_the_graph(coef, value)]
        relaxed = self.least_by_relaxation(sums, banned)
        answer = None if relaxed is None else relaxed[0].verdict(self, relaxed[1])
        if answer is not None and OBSERVERS:
            answered("feasible without", (self, banned), answer)
        return answer

    def least_by_relaxation(self, sums: list[dict[int, int]], banned: Collection[int] = ()) \
            -> tuple[LexicographicMatching, tuple[int, list[int]] | None] | None:
        """The blossom relaxation of the model on these ``sums`` (packed in order into one cost
        per usable edge, :class:`~cpswiss.solver.blossom.LexicographicMatching`) and its
        least-cost matching over the edges neither unusable (:meth:`unusable_edges`) nor
        ``banned`` that pairs every player required paired (:meth:`required_pairings`): its
        cost and edges, None when there is none.  None when the packing is not exact (the
        relaxation's answers are then not proofs)."""
        from cpswiss.solver.blossom import LexicographicMatching

        unusable = self.unusable_edges()
        relaxation = LexicographicMatching(self.n, self.edges, [{e: c for e, c in level.items() if e not in unusable}
                                                                 for level in sums])
        if not relaxation.exact:
            return None
        usable = [e for e in range(len(self.edges)) if e not in unusable and e not in banned]
        return relaxation, relaxation.least(usable, self.required_pairings())

    def maximise_any(self, edges: list[int]) -> bool:
        """Is there a solution choosing at least one of ``edges``?  Keeps it if so.

        First without a solve: a proven minimiser of "minus the number of these edges chosen"
        (:meth:`least_by_blossom`) chooses one of them exactly when some solution does (the
        solution in hand is left as it was when none does); else CP-SAT."""
        if not edges:
            return False
        kept = self.solution
        if self.least_by_blossom(dict.fromkeys(edges, -1)):
            if any(self.solution[e] for e in edges):
                return True
            self.solution = kept
            return False
        switch = self.model.new_bool_var("")
        self.model.add_bool_or([self.x[e] for e in edges]).only_enforce_if(switch)
        return self._solve_assuming([switch])

    def _paired(self, edges: list[int]) -> cp_model.IntVar:
        """A Boolean equal to Σ x over ``edges`` (a player's edges: "the player is paired"),
        made once per edge set.  An equality keeps the LP relaxation tight where an
        enforced sum would not."""
        key = tuple(edges)
        if key not in self._group_literal:
            literal = self.model.new_bool_var("")
            self.model.add(self.linear({e: 1 for e in edges}) == literal)
            self._group_literal[key] = literal
        return self._group_literal[key]

    def feasible_with_all_chosen(self, groups: list[list[int]]) -> bool:
        """Is there a solution choosing one edge of each group?  Keeps it if so."""
        return self._solve_assuming([self._paired(edges) for edges in groups])

    def _solve_assuming(self, literals: list[cp_model.LiteralT]) -> bool:
        """Solve with these literals assumed true (for this solve only)."""
        self.model.clear_assumptions()
        self.model.add_assumptions(literals)
        try:
            return self._solve(allow_infeasible=True)
        finally:
            self.model.clear_assumptions()

    def adopt_if_solution(self, chosen: list[int]) -> bool:
        """Take these edges as the solution in hand when they are one: a matching that meets
        every constraint on record (the frozen optima and the decisions fixed so far, each
        equivalent to its sum).  A proof without a solve; False leaves everything as it was."""
        ends = [v for e in chosen for v in self.edges[e]]
        if len(ends) != len(set(ends)):
            return False
        picked = set(chosen)
        for coef, value in self.constraints:  # each sum over the fewer of its edges and the chosen ones
            if len(coef) <= len(chosen):
                total = sum([c for e, c in coef.items() if e in picked])
            else:
                get = coef.get
                total = sum([get(e, 0) for e in chosen])
            if total != value:
                return False
        solution = [0] * len(self.edges)
        for e in chosen:
            solution[e] = 1
        self.solution = solution
        return True

    def unusable_edges(self) -> set[int]:
        """Edges that no solution uses, read off the simple constraints on record: the edges
        of positive weight in a sum of non-negative weights fixed at 0 (an edge fixed to 0, a
        player's edges required empty, a level frozen at 0), and the other edges of a player
        required paired by some of his edges (:meth:`required_pairings`; an edge fixed to 1
        requires both its ends)."""
        unusable: set[int] = set()
        for coef, value in self.constraints:
            if bars_edges(coef, value):
                unusable.update(e for e, c in coef.items() if c > 0)
        for v, allowed in self.required_pairings().items():
            unusable.update(e for e in self.incident[v] if e not in allowed)
        return unusable

    def required_pairings(self) -> dict[int, set[int]]:
        """The players that the constraints on record require paired, each with the edges that
        may pair him: a sum (weights 1) of edges that all meet at one player, fixed at 1 (a
        player required paired by some of his edges; an edge fixed to 1, at both ends)."""
        required: dict[int, set[int]] = {}
        for coef, value in self.constraints:
            for v in self.players_required_paired(coef, value):
                required[v] = required[v] & set(coef) if v in required else set(coef)
        return required

    def players_required_paired(self, coef: dict[int, int], value: int) -> set[int]:
        """The players that Σ coef·x == value requires paired by one of its edges: where the
        weights are 1, the value 1 and every edge meets them (one edge fixed to 1: both its
        ends); else none."""
        if value != 1 or not coef or any(c != 1 for c in coef.values()):
            return set()
        common: set[int] | None = None
        for e in coef:
            common = set(self.edges[e]) if common is None else common & set(self.edges[e])
            if not common:
                break
        return common or set()

    def enforced_by_the_graph(self, coef: dict[int, int], value: int) -> bool:
        """Does every matching of the relaxation's graph (:meth:`least_by_relaxation`: no
        unusable edge, every player required paired by one of the edges allowed him) meet
        Σ coef·x == value?  Yes for the constraints that :meth:`unusable_edges` and
        :meth:`required_pairings` are read from: a sum of non-negative weights fixed at 0 (its
        edges of positive weight are unusable), and a sum of one player's edges fixed at 1
        (he is paired by exactly one of them)."""
        return bars_edges(coef, value) or bool(self.players_required_paired(coef, value))

    def exchange_in_solution(self, remove: list[int], add: list[int]) -> None:
        """Replace edges of the solution in hand by others; the caller has proven that the
        result is a solution with the same criteria values (the model is not changed)."""
        for e in remove:
            self.solution[e] = 0
        for e in add:
            self.solution[e] = 1

    def constrain(self, coef: dict[int, int], value: int) -> None:
        """Add Σ coef·x == value, and keep it on record (see :attr:`constraints`)."""
        self._add(lambda m: m.model.add(m.linear(coef) == value))
        self.constraints.append((coef, value))

    def hold(self, pins: list[tuple[dict[int, int], int]]) -> bool:
        """Add every Σ coef·x == value of ``pins`` (:meth:`constrain`); is there still a
        solution?  On success it is the one in hand."""
        for coef, value in pins:
            self.constrain(coef, value)
        return self.feasible_with([])

    def fix(self, e: int, value: int) -> None:
        self.constrain({e: 1}, value)

    def require(self, edges: list[int], count: int) -> None:
        """Exactly ``count`` of these edges are chosen (1 for a player's edges: he is paired)."""
        self.constrain(dict.fromkeys(edges, 1), count)

    @property
    def edge_id(self) -> dict[int, int]:
        """i * n + j -> the edge i-j, both ways round (the edges never change; made once, kept
        by hand: compiled code (mypyc) recomputes a cached_property)."""
        if self._edge_id is None:
            n, edge_id = self.n, {}
            for e, (i, j) in enumerate(self.edges):
                edge_id[i * n + j] = edge_id[j * n + i] = e
            self._edge_id = edge_id
        return self._edge_id

    def chosen(self) -> list[int]:
        """The edges of the solution in hand, in edge order."""
        return list(compress(range(len(self.solution)), self.solution))

    def other(self, e: int, v: int) -> int:
        """The other end of edge e."""
        i, j = self.edges[e]
        return j if i == v else i

    def partner(self, v: int) -> int | None:
        for e in self.incident[v]:
            if self.solution[e]:
                return self.other(e, v)
        return None
