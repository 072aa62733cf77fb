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

import heapq
import math
from collections import Counter
from collections.abc import Collection, Container, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import chain, compress
from typing import TYPE_CHECKING, Callable

import rustworkx as rx

from cpswiss.errors import UnprovenError
from cpswiss.solver.answers import OBSERVERS, answered
from cpswiss.solver.exchange import Exchanges
from cpswiss.solver.levels import Level

if TYPE_CHECKING:  # CP-SAT itself is imported by the first model built (_built)
    from cpswiss.solver.blossom import LexicographicMatching
    from cpswiss.solver.cpsat import CpModel, cp_model


@dataclass
class SolverSettings:
    """CP-SAT parameters; fixed so that the same input gives the same pairing."""

    workers: int = 1
    time_limit: float = 120.0


class MatchingBound:
    """Proven lower bounds of Σ coef·x over all matchings of a graph, with what proves them
    (for :func:`tight_form`).

    Only the edges of negative weight can take the sum below zero, and a matching
    holds at most one edge at each vertex.  Three bounds, the largest wins:

    * each chosen edge shares its weight between its two ends, so
      Σ ≥ ⌈Σ_v min(0, min coef at v) / 2⌉ (``minima``: the per-vertex minima);
    * at most ⌊k/2⌋ negative edges can be chosen among the k vertices they touch;
    * for any set C of vertices touching every negative edge (a vertex cover), at most
      one chosen edge per vertex of C, so Σ ≥ Σ_{v∈C} min coef at v.  C is built
      greedily (the vertex on most uncovered negative edges first); any cover is valid.
      This is the bound that proves levels such as "MDPs paired" or "repeated
      downfloaters paired", whose weights sit on the edges of a few players.  It is
      built only when the first two do not settle the question asked.
    """

    def __init__(self, coef: dict[int, int], incident: list[list[int]], edges: list[tuple[int, int]]):
        self.minima = _vertex_minima(coef, len(incident), edges)
        self._negative = [e for e, c in coef.items() if c < 0]
        self._coef, self._edges = coef, edges
        touched = set(chain.from_iterable(map(edges.__getitem__, self._negative)))
        most_negative = min(0, min(map(coef.__getitem__, self._negative), default=0))
        self.quick = max(-((-sum(self.minima)) // 2), most_negative * (len(touched) // 2))
        # computed on first use, kept by hand: compiled code (mypyc) recomputes a cached_property
        self._cover: dict[int, int] | None = None
        self._value: int | None = None

    @property
    def cover(self) -> dict[int, int]:
        """A vertex cover of the negative edges -> the weight it charges each of its vertices
        (the least weight there, then lowered where the other ends already pay enough)."""
        if self._cover is None:
            self._cover = {} if not self._negative else _lowered(
                _greedy_cover(self._coef, self._negative, self._edges), self._coef, self._negative, self._edges)
        return self._cover

    @property
    def value(self) -> int:
        if self._value is None:
            self._value = max(self.quick, sum(self.cover.values()))
        return self._value

    def proves(self, value: int) -> bool:
        """Is ``value`` at (or below) a bound, so that no matching does better?"""
        return value <= self.quick or value <= self.value


def _vertex_minima(coef: dict[int, int], n: int, edges: list[tuple[int, int]]) -> list[int]:
    """m_v = min(0, the least weight of an edge at v), per vertex (only the negative weights
    can lower it, so only they are looked at)."""
    minima = [0] * n
    for e, c in coef.items():
        if c < 0:
            i, j = edges[e]
            if c < minima[i]:
                minima[i] = c
            if c < minima[j]:
                minima[j] = c
    return minima


def _greedy_cover(coef: dict[int, int], negative: list[int], edges: list[tuple[int, int]],
                  limit: int | None = None) -> dict[int, int]:
    """A vertex cover C of the negative edges, greedily; v -> the most negative weight at v.
    With ``limit``, its first ``limit`` vertices where it has more (the cover grows one
    vertex at a time: a caller that only asks whether it reaches ``limit``)."""
    uncovered: dict[int, set[int]] = {}
    for e in negative:
        i, j = edges[e]
        if i in uncovered:
            uncovered[i].add(e)
        else:
            uncovered[i] = {e}
        if j in uncovered:
            uncovered[j].add(e)
        else:
            uncovered[j] = {e}
    weights = set(map(coef.__getitem__, negative))
    if len(weights) == 1:  # one weight: the deepest at every vertex
        deepest = dict.fromkeys(uncovered, min(0, *weights))
    else:
        deepest = {v: min(0, min(map(coef.__getitem__, at_v))) for v, at_v in uncovered.items()}
    cover: dict[int, int] = {}
    heap = [(-len(es), -deepest[v], v) for v, es in uncovered.items()]
    heapq.heapify(heap)
    while uncovered and len(cover) != limit:
        count, _, v = heapq.heappop(heap)
        if v not in uncovered:
            continue
        if -count != len(uncovered[v]):  # stale: fewer edges left to cover than when pushed
            heapq.heappush(heap, (-len(uncovered[v]), -deepest[v], v))
            continue
        cover[v] = deepest[v]
        for e in uncovered.pop(v):
            i, j = edges[e]
            w = j if i == v else i
            at_w = uncovered.get(w)
            if at_w is not None:
                at_w.discard(e)
                if not at_w:
                    del uncovered[w]
    return cover


def _lowered(cover: dict[int, int], coef: dict[int, int], negative: list[int],
             edges: list[tuple[int, int]]) -> dict[int, int]:
    """The cover's charges made smaller where they can be: a charge u_v >= 0 per vertex is a
    lower bound -Σ u_v of every matching as long as u_i + u_j >= -coef[e] on each negative
    edge (LP duality for matchings; the cover's charges, the deepest weight at each of its
    vertices, are one such).  Each vertex in turn, in the cover's order, is lowered to what
    its negative edges still need given the others' charges, so every edge stays paid.  On
    "repeated downfloaters paired" with pairs of two such players (weight -2) this halves
    the charge of each, the bound the LP gives.  Returns the charges as weights (-u_v)."""
    charge = {v: -m for v, m in cover.items()}
    at: dict[int, list[int]] = {}
    for e in negative:
        for v in edges[e]:
            at.setdefault(v, []).append(e)
    for v in list(charge):
        need = 0
        for e in at.get(v, ()):
            w = edges[e][0] if edges[e][1] == v else edges[e][1]
            need = max(need, -coef[e] - charge.get(w, 0))
        charge[v] = need
    return {v: -u for v, u in charge.items() if u > 0}


def tight_form(coef: dict[int, int], incident: list[list[int]], edges: list[tuple[int, int]],
               value: int, bound: MatchingBound | None = None) -> tuple[list[int], list[list[int]]] | None:
    """Σ coef·x == value as local constraints, when ``value`` is one of the bounds above.

    A sum frozen at its lower bound says where every player stands, and CP-SAT
    propagates that far better from local constraints than from one sum over
    thousands of edges.  Returns (edges that must be 0, edge groups of which exactly one is
    chosen), equivalent to the sum over matchings, or None when no bound is met:

    * at the vertex bound (Σ_v m_v even, m_v = min(0, min coef at v)): every v with
      m_v < 0 is paired, and only by edges with coef = (m_i + m_j) / 2;
    * at the cover bound: no edge of positive weight is chosen, every v of the cover
      with m'_v < 0 is paired by a negative edge whose weight is the sum of m' over
      its ends in the cover, and no other negative edge is chosen.  With no negative
      edge at all this reads "value 0: no edge of positive weight".
    """
    if value > 0:
        return None  # both bounds are at most 0: neither is met
    bound = bound or MatchingBound(coef, incident, edges)
    minimum = bound.minima
    if sum(minimum) % 2 == 0 and value == sum(minimum) // 2:
        zeros = [e for e, (i, j) in enumerate(edges) if 2 * coef.get(e, 0) != minimum[i] + minimum[j]]
        zero_set = set(zeros)
        groups = [[e for e in inc if e not in zero_set] for v, inc in enumerate(incident) if minimum[v] < 0]
        return zeros, groups
    cover = bound.cover
    if value != sum(cover.values()):
        return None

    def tight(e: int) -> bool:
        return coef[e] == sum(cover.get(v, 0) for v in edges[e])

    zeros = [e for e, c in coef.items() if c > 0 or (c < 0 and not tight(e))]
    groups = [[e for e in incident[v] if coef.get(e, 0) < 0 and tight(e)] for v, m in cover.items() if m < 0]
    return zeros, groups


def pairs_in_order(n: int, later: Sequence[Container[int]],
                   leave_out: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """A maximal matching, as pairs (v, w), v < w: each vertex in turn with the first free
    vertex after it (``later[v]``: the vertices after v it may be paired with); vertices in
    ``leave_out`` stay unpaired."""
    free = [v for v in range(n) if v not in leave_out]  # in order; each vertex leaves it when its turn comes
    pairs = []
    while free:
        v = free.pop(0)
        allowed = later[v]
        for k, w in enumerate(free):  # the free vertices after v, in order
            if w in allowed:
                del free[k]
                pairs.append((v, w))
                break
    return pairs


def greedy_pairs(n: int, later: list[set[int]], leave_out: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """A matching with the most pairs, as pairs (v, w), v < w: :func:`pairs_in_order` when it
    leaves at most one vertex unpaired, else a maximum matching (:func:`maximum_matching`).
    Vertices in ``leave_out`` stay unpaired."""
    in_order = pairs_in_order(n, later, leave_out)
    if 2 * len(in_order) >= n - len(leave_out) - 1:
        return in_order
    most = maximum_matching(n, [(v, w) for v in range(n) if v not in leave_out
                                for w in sorted(later[v] - leave_out)])
    return most if len(most) > len(in_order) else in_order


def maximum_matching(n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A matching with the most pairs of the graph on n vertices with these edges (i, j),
    i < j: Edmonds' blossom algorithm (rustworkx, compiled; the same graph gives the same
    matching), as pairs (v, w), v < w, sorted."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from_no_data(edges)
    return sorted((min(v, w), max(v, w)) for v, w in rx.max_weight_matching(graph, max_cardinality=True))


def maximum_weight_matching(n: int, arcs: list[tuple[int, int, int]],
                            max_cardinality: bool = False) -> list[tuple[int, int]]:
    """A maximum-weight matching (Edmonds' blossom algorithm, rustworkx: exact on integer
    weights up to 128 bits; the same graph gives the same matching) of the graph on ``n``
    vertices with the weighted ``arcs`` (i, j, weight) (among the largest matchings with
    ``max_cardinality``), as pairs (v, w), v < w, sorted."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(arcs)
    matched = rx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    return sorted((min(v, w), max(v, w)) for v, w in matched)


def greedy_matching(n: int, edges: list[tuple[int, int]], leave_out: frozenset[int] = frozenset()) -> list[int]:
    """:func:`greedy_pairs` on a graph given by its edges (i, j), i < j; edge indices.  With
    nobody left out, a maximum matching."""
    later: list[set[int]] = [set() for _ in range(n)]
    for i, j in edges:
        later[i].add(j)
    pairs = greedy_pairs(n, later, leave_out)
    wanted = set(pairs)
    edge_of = {edge: e for e, edge in enumerate(edges) if edge in wanted}
    return [edge_of[pair] for pair in pairs]


def bars_edges(coef: dict[int, int], value: int) -> bool:
    """Does Σ coef·x == value only bar edges: non-negative weights, fixed at 0 (each edge of
    positive weight is then unused)?"""
    return value == 0 and all(c >= 0 for c in coef.values())


class _FrozenSpan:
    """The rational span of the frozen levels' coefficient vectors over the edges, kept so
    that "is this level a combination of them" is answered exactly and cheaply.

    Edges on which every frozen level has the same coefficient form a class (``_class``:
    each edge's class, ``_size``: the edges of each); every frozen level, and every
    combination of them, is constant on each class, so a level that is not is no
    combination, and one that is needs only one coordinate per class.  Over the classes the
    frozen levels are kept in row echelon form (integers, each row reduced by the ones before
    it, ``_pivots``: where each row's leading entry is); a newly frozen level splits the
    classes by its coefficients and, reduced by the rows, adds a row unless it reduces to
    zero.  A level is a combination exactly when it reduces to zero (Gaussian elimination
    over the rationals, in integers: fraction-free, no rounding)."""

    def __init__(self, n_edges: int):
        self._class = dict.fromkeys(range(n_edges), 0)  # edge -> class (a dict: updated in bulk)
        self._size = [n_edges] if n_edges else []
        self._rows: list[list[int]] = []
        self._pivots: list[int] = []

    def _on_classes(self, coef: dict[int, int]) -> list[int] | None:
        """The level as one coefficient per class, or None when two edges of a class differ."""
        if 0 in coef.values():
            coef = {e: c for e, c in coef.items() if c}
        classes = list(map(self._class.__getitem__, coef))
        values = list(coef.values())
        value = dict(zip(classes, values))  # each class's last coefficient
        size = self._size
        if sum(map(size.__getitem__, value)) != len(coef):
            return None  # some edge of a class it touches has coefficient 0 (each edge is in one class)
        vector = [0] * len(size)
        for k, c in value.items():
            vector[k] = c
        if list(map(vector.__getitem__, classes)) != values:
            return None  # two edges of a class differ
        return vector

    def _reduced(self, vector: list[int]) -> list[int]:
        """The vector minus its combination of the rows, scaled to integers (zero exactly
        when it is in their span)."""
        for row, p in zip(self._rows, self._pivots):
            if vector[p]:
                a, b = row[p], vector[p]
                vector = [a * x - b * y for x, y in zip(vector, row)]
                g = math.gcd(*vector)
                if g > 1:
                    vector = [x // g for x in vector]
        return vector

    def spans(self, coef: dict[int, int]) -> bool:
        vector = self._on_classes(coef)
        return vector is not None and not any(self._reduced(vector))

    def add(self, coef: dict[int, int]) -> None:
        """Freeze a level: split the classes by its coefficients, then add its row.

        Only the level's own edges (non-zero coefficients) move: the edges of a class with
        one coefficient form a part of it.  A class the level has whole keeps its number
        for its first part (so a level constant on whole classes splits none); every other
        part becomes a new class, numbered in the order met.  A split copies the class's
        column in every row (the rows are constant on it), so every class keeps at least one
        edge and every row its pivot."""
        classes, size = self._class, self._size
        if 0 in coef.values():
            coef = {e: c for e, c in coef.items() if c}
        keys = list(zip(map(classes.__getitem__, coef), coef.values()))  # (old class, coefficient) per edge
        counts = Counter(keys)  # in the order first met
        touched: dict[int, int] = {}  # old class -> how many of its edges the level has
        for (k, _), count in counts.items():
            touched[k] = touched.get(k, 0) + count
        whole = {k for k, count in touched.items() if count == size[k]}
        target: dict[tuple[int, int], int] = {}  # (old class, coefficient) -> its class
        parent: list[int] = []  # each new class, the class it came from
        for key, count in counts.items():
            k = key[0]
            if k in whole:
                whole.discard(k)
                target[key] = k
            else:
                target[key] = len(size)
                parent.append(k)
                size[k] -= count
                size.append(count)
        if parent:
            classes.update(zip(coef, map(target.__getitem__, keys)))
            for row in self._rows:
                row.extend([row[k] for k in parent])
        vector = [0] * len(size)  # the level on the classes: each part holds its coefficient alone
        for (_, c), k in target.items():
            vector[k] = c
        vector = self._reduced(vector)
        pivot = next((k for k, x in enumerate(vector) if x), None)
        if pivot is not None:
            self._rows.append(vector)
            self._pivots.append(pivot)


class _FrozenLevel:
    """A level frozen at its optimum (Σ coef·x == optimum), with its local form
    (:func:`tight_form`: edges fixed to 0, groups of which exactly one is chosen, or None)
    computed on first use."""

    def __init__(self, coef: dict[int, int], optimum: int, incident: list[list[int]],
                 edges: list[tuple[int, int]], bound: MatchingBound | None):
        self.coef, self.optimum, self.bound = coef, optimum, bound
        self._incident, self._edges = incident, edges
        # computed on first use, kept by hand: compiled code (mypyc) recomputes a cached_property
        self._local: tuple[list[int], list[list[int]]] | None = None
        self._local_known = False

    @property
    def local(self) -> tuple[list[int], list[list[int]]] | None:
        if not self._local_known:
            self._local = tight_form(self.coef, self._incident, self._edges, self.optimum, self.bound)
            self._local_known = True
        return self._local


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
        bracket's :attr:`~cpswiss.criteria.bracket.Bracket.incident`, never changed after)."""
        self.n = n
        self.edges = edges
        self.settings = settings or SolverSettings()
        self._model: CpModel | None = None
        self._x: list[cp_model.IntVar] = []
        self._pending: list[Callable[[], object]] = []  # constraints waiting for the model
        if incident is None:
            incident = [[] for _ in range(n)]
            for e, (i, j) in enumerate(edges):
                incident[i].append(e)
                incident[j].append(e)
        self.incident: list[list[int]] = incident
        self.solution: list[int] = [0] * len(edges)
        self.solves = 0
        self._frozen: list[dict[int, int]] = []  # coefficients of the frozen levels
        self._span = _FrozenSpan(len(edges))  # what the frozen levels fix, see determined
        self._pairs_determined: tuple[int, bool] | None = None  # (levels frozen, answer), see _positive_bound
        self._group_literal: dict[tuple[int, ...], cp_model.IntVar] = {}
        # the frozen levels with their local forms (:func:`tight_form`), each computed when first
        # needed: by the CP-SAT model when it is built, or by the edges they fix to 0
        self._frozen_levels: list[_FrozenLevel] = []
        self._zeros: set[int] = set()  # edges fixed to 0 by the local forms of the first ...
        self._zeros_from = 0  # ... this many frozen levels (see zero_edges)
        # every constraint on the edges beyond "a matching", as (coef, value): Σ coef·x == value
        # (a frozen level's local form is equivalent to its sum, so the sum stands for it);
        # what an exchange of pairs must keep (cpswiss.solver.exchange)
        self.constraints: list[tuple[dict[int, int], int]] = []
        self._edge_id: dict[int, int] | None = None  # see edge_id

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
                add()
        return self._model

    def _exactly_one(self, edges: list[int]) -> None:
        self.model.add_exactly_one(self.x[e] for e in edges)

    def _add(self, add: Callable[[], object]) -> None:
        """Add a constraint to the model now, or when it is built."""
        if self._model is None:
            self._pending.append(add)
        else:
            add()

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
            coef = dict(level.coef) if 0 not in level.coef.values() else {e: c for e, c in level.coef.items() if c}
            optimum = self.value_in_hand(coef)
            if not coef or self.determined(coef):
                values.append(level.clipped(optimum + level.constant) if shown is None else shown)
                continue  # already implied by the frozen levels
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
        solution = self.solution
        return sum([c for e, c in coef.items() if solution[e]])

    def _positive_bound(self, coef: dict[int, int]) -> int | None:
        """A lower bound of a level without negative weights, once the number of pairs P is
        frozen: pairs on edges of weight 0 form a matching of those edges, so there are at
        most τ of them, τ the size of any vertex cover of the weight-0 edges (greedy);
        the other P - τ pairs or more each weigh at least the least positive weight.
        (It proves, for example, that a bracket with four more players wanting white
        than black and the rest must leave two pairs without their preference, C.10.)
        None where it does not apply."""
        if any(c < 0 for c in coef.values()) or not coef:
            return None
        if self._pairs_determined is None or self._pairs_determined[0] != len(self._frozen):
            self._pairs_determined = (len(self._frozen), self.determined(dict.fromkeys(range(len(self.edges)), 1)))
        if not self._pairs_determined[1]:
            return None
        pairs = sum(self.solution)
        zeros = self.zero_edges()
        zero_weight = sorted(set(range(len(self.edges))).difference(coef, zeros))
        # only whether the cover reaches P vertices matters beyond its size below P
        cover = _greedy_cover(dict.fromkeys(zero_weight, -1), zero_weight, self.edges, limit=pairs)
        least = min((c for e, c in coef.items() if e not in zeros), default=0)
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
        frozen = _FrozenLevel(coef, optimum, self.incident, self.edges, bound)
        self._add(partial(self._add_local_form, frozen))
        self._frozen_levels.append(frozen)
        self._frozen.append(coef)
        self._span.add(coef)

    def _add_local_form(self, frozen: _FrozenLevel) -> None:
        local = frozen.local
        if local is not None:
            zeros, groups = local
            if zeros:
                self.model.add_bool_and([self.x[e].negated() for e in zeros])
            for group in groups:
                self._exactly_one(group)

    def zero_edges(self) -> set[int]:
        """The edges that the local forms of the frozen levels fix to 0."""
        for frozen in self._frozen_levels[self._zeros_from:]:
            if frozen.local is not None:
                self._zeros.update(frozen.local[0])
        self._zeros_from = len(self._frozen_levels)
        return self._zeros

    def determined(self, coef: dict[int, int]) -> bool:
        """Is Σ coef·x a rational combination of frozen levels (so already fixed)?  Exact
        (:class:`_FrozenSpan`): a "yes" is a proof, a "no" only costs a solve."""
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

    def leaves_one_unpaired(self, groups: list[list[int]]) -> bool:
        """Is there a solution choosing no edge of at least one group?  Keeps it if so."""
        from cpswiss.solver.cpsat import cp_model

        switch = self.model.new_bool_var("")
        literals = [self._paired(edges) for edges in groups]
        # Σ literals <= n - 1 without a comparison: OR-Tools' stubs type ``expression <= int``
        # as bool, and compiled code (mypyc) checks that (the same constraint as ``add(... <=)``)
        self.model.add_linear_constraint(cp_model.LinearExpr.sum(literals), cp_model.INT_MIN,
                                         len(literals) - 1).only_enforce_if(switch)
        return self._solve_assuming([switch])

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
        for coef, value in self.constraints:
            if sum(c for e, c in coef.items() if e in picked) != value:
                return False
        self.solution = [int(e in picked) for e in range(len(self.edges))]
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
        self._add(lambda: self.model.add(self.linear(coef) == value))
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
