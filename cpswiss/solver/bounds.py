"""Proven lower bounds of a level over all matchings of a graph, without a solve, and the
local form a level frozen at its bound takes (the edges it fixes to 0, the groups of which
exactly one edge is chosen): what lets the matching model (:mod:`cpswiss.solver.model`) prove
most optima without CP-SAT."""

from __future__ import annotations

from itertools import compress, repeat


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
        self.minima, self._negative = _vertex_minima(coef, incident, edges)
        self._coef, self._edges = coef, edges
        # the vertices of the negative edges are those whose minimum is below 0, and the most
        # negative weight is the least minimum
        touched = len(self.minima) - self.minima.count(0)
        self.quick = max(-((-sum(self.minima)) // 2), min(self.minima, default=0) * (touched // 2))
        # computed on first use, kept by hand: compiled code (mypyc) recomputes a cached_property
        self._cover: dict[int, int] | None = None
        self._value: int | None = None

    @property
    def cover(self) -> dict[int, int]:
        """A vertex cover of the negative edges -> the weight it charges each of its vertices
        (the least weight there, then lowered where the other ends already pay enough)."""
        if self._cover is None:
            if not self._negative:
                self._cover = {}
            else:
                adjacency = _adjacency(self._coef, self._negative, self._edges, len(self.minima))
                self._cover = _lowered(greedy_cover(self._coef, self._negative, self._edges, adjacency=adjacency),
                                       self._coef, self._negative, adjacency)
        return self._cover

    @property
    def cover_unknown(self) -> bool:
        """Is the cover still to be built?"""
        return self._cover is None

    @property
    def value(self) -> int:
        if self._value is None:
            self._value = max(self.quick, sum(self.cover.values()))
        return self._value

    def proves(self, value: int) -> bool:
        """Is ``value`` at (or below) a bound, so that no matching does better?"""
        return value <= self.quick or value <= self.value


def one_weight_on_every_edge(coef: dict[int, int], n_edges: int) -> bool:
    """Has the level one coefficient, the same on each of the graph's ``n_edges`` edges (the
    count of pairs is such a level)?  Its bounds and its span are then read off at once."""
    return len(coef) == n_edges and len(set(coef.values())) == 1


def _vertex_minima(coef: dict[int, int], incident: list[list[int]],
                   edges: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
    """m_v = min(0, the least weight of an edge at v), per vertex (only the negative weights
    can lower it, so only they are looked at), and the negative edges in ``coef``'s order."""
    if one_weight_on_every_edge(coef, len(edges)):
        weight = min(0, next(iter(coef.values())))
        return [weight if at_v else 0 for at_v in incident], list(coef) if weight else []
    minima = [0] * len(incident)
    negative = [e for e, c in coef.items() if c < 0]
    for e in negative:
        c = coef[e]
        i, j = edges[e]
        if c < minima[i]:
            minima[i] = c
        if c < minima[j]:
            minima[j] = c
    return minima, negative


Adjacency = tuple[list[list[int]], list[list[int]] | None]


def _adjacency(coef: dict[int, int], negative: list[int], edges: list[tuple[int, int]], n: int) -> Adjacency:
    """Each vertex (of ``n``) -> the other ends of its negative edges (in the order of
    ``negative``), and -> their weights in the same order; None for the weights when there is
    one weight only (it is then ``coef`` of any of them)."""
    neighbours: list[list[int]] = [[] for _ in range(n)]
    for e in negative:
        i, j = edges[e]
        neighbours[i].append(j)
        neighbours[j].append(i)
    if len(set(map(coef.__getitem__, negative))) <= 1:
        return neighbours, None
    weights: list[list[int]] = [[] for _ in range(n)]
    for e in negative:
        i, j = edges[e]
        c = coef[e]
        weights[i].append(c)
        weights[j].append(c)
    return neighbours, weights


def greedy_cover(coef: dict[int, int], negative: list[int], edges: list[tuple[int, int]],
                 limit: int | None = None, adjacency: Adjacency | None = None, n: int | None = None,
                 ) -> dict[int, int]:
    """A vertex cover C of the negative edges, greedily: the vertex on most uncovered negative
    edges first, then the one whose most negative weight is the least negative, then the
    lowest; v -> the most negative weight at v.  With ``limit``, its first ``limit`` vertices
    where it has more (the cover grows one vertex at a time: a caller that only asks whether
    it reaches ``limit``).  ``adjacency``: :func:`_adjacency` of the same edges, when the
    caller has it; ``n``: the number of vertices, when the caller knows it (else the
    vertices up to the highest end of a negative edge)."""
    if adjacency is None:
        if n is None:
            n = 1 + max([max(edges[e]) for e in negative], default=-1)
        adjacency = _adjacency(coef, negative, edges, n)
    neighbours, weights = adjacency
    if weights is None:  # one weight: the deepest at every vertex
        deepest = [min(0, coef[negative[0]]) if negative else 0] * len(neighbours)
    else:
        deepest = [min(0, min(at_v)) if at_v else 0 for at_v in weights]
    uncovered = [len(at_v) for at_v in neighbours]  # uncovered negative edges at v (0: v is done)
    left_out = len(uncovered) - uncovered.count(0)  # the vertices with some
    # the vertices by how many uncovered edges they are on (a vertex leaves when it has none);
    # each pick is the first, in (-deepest, v) order, of those on the most
    by_count: dict[int, set[int]] = {}
    for v, count in enumerate(uncovered):
        if count:
            by_count.setdefault(count, set()).add(v)
    top = max(by_count, default=0)
    one_depth = weights is None or len({deepest[v] for v, count in enumerate(uncovered) if count}) <= 1
    cover: dict[int, int] = {}
    while left_out and len(cover) != limit:
        while not by_count.get(top):
            top -= 1
        most = by_count[top]
        v = min(most) if one_depth else min(most, key=lambda u: (-deepest[u], u))
        most.discard(v)
        cover[v] = deepest[v]
        uncovered[v] = 0
        left_out -= 1
        for w in neighbours[v]:  # an edge to w is uncovered while w is neither in C nor done
            left = uncovered[w]
            if left:
                by_count[left].discard(w)
                uncovered[w] = left - 1
                if left == 1:
                    left_out -= 1
                else:
                    by_count.setdefault(left - 1, set()).add(w)
    return cover


def _lowered(cover: dict[int, int], coef: dict[int, int], negative: list[int], adjacency: Adjacency) -> dict[int, int]:
    """The cover's charges made smaller where they can be: a charge u_v >= 0 per vertex is a
    lower bound -Σ u_v of every matching as long as u_i + u_j >= -coef[e] on each negative
    edge (LP duality for matchings; the cover's charges, the deepest weight at each of its
    vertices, are one such).  Each vertex in turn, in the cover's order, is lowered to what
    its negative edges still need given the others' charges, so every edge stays paid.  On
    "repeated downfloaters paired" with pairs of two such players (weight -2) this halves
    the charge of each, the bound the LP gives.  Returns the charges as weights (-u_v).
    ``adjacency``: :func:`_adjacency` of the negative edges."""
    charge = {v: -m for v, m in cover.items()}
    neighbours, weights = adjacency
    paid = charge.get
    for v in list(charge):
        at_v = neighbours[v]
        if not at_v:
            charge[v] = 0
        elif weights is None:
            charge[v] = max(0, -coef[negative[0]] - min(map(paid, at_v, repeat(0))))
        else:
            charge[v] = max(0, max([-c - paid(w, 0) for w, c in zip(at_v, weights[v])]))
    return {v: -u for v, u in charge.items() if u > 0}


def tight_form(coef: dict[int, int], incident: list[list[int]], edges: list[tuple[int, int]],
               value: int, bound: MatchingBound | None = None,
               solution: list[int] | None = None) -> tuple[list[int], list[list[int]]] | None:
    """Σ coef·x == value as local constraints, when ``value`` is one of the bounds above.

    A sum frozen at its lower bound says where every player stands, and CP-SAT
    propagates that far better from local constraints than from one sum over
    thousands of edges.  Returns (edges that must be 0, edge groups of which exactly one is
    chosen), equivalent to the sum over matchings, or None when no bound is met:

    * at the vertex bound (Σ_v m_v even, m_v = min(0, min coef at v)): every v with
      m_v < 0 is paired, and only by edges with coef = (m_i + m_j) / 2 (so coef = m_i = m_j);
    * at the cover bound: no edge of positive weight is chosen, every v of the cover
      with m'_v < 0 is paired by a negative edge whose weight is the sum of m' over
      its ends in the cover, and no other negative edge is chosen.  With no negative
      edge at all this reads "value 0: no edge of positive weight".

    ``solution``: a matching the caller has (x per edge: the solution in hand), from which a
    fractional matching lighter than ``value`` may show, without building the cover, that the
    cover bound is below it (:func:`fractionally_below`).
    """
    if value > 0:
        return None  # both bounds are at most 0: neither is met
    bound = bound or MatchingBound(coef, incident, edges)
    minimum = bound.minima
    if sum(minimum) % 2 == 0 and value == sum(minimum) // 2:
        if value < 0 and one_weight_on_every_edge(coef, len(edges)):
            zeros = []  # one weight c < 0 on every edge: m_v = c at every vertex with an edge
        else:
            zeros = [e for e, (i, j) in enumerate(edges) if 2 * coef.get(e, 0) != minimum[i] + minimum[j]]
        zero_set = set(zeros)
        groups = [[e for e in inc if e not in zero_set] for v, inc in enumerate(incident) if minimum[v] < 0]
        return zeros, groups
    if solution is not None and bound.cover_unknown and fractionally_below(coef, incident, edges, value, solution):
        return None
    cover = bound.cover
    if value != sum(cover.values()):
        return None
    charge = cover.get
    zeros = [e for e, c in coef.items() if c > 0 or (c < 0 and c != charge(edges[e][0], 0) + charge(edges[e][1], 0))]
    zero_set = set(zeros)
    groups = [[e for e in incident[v] if coef.get(e, 0) < 0 and e not in zero_set] for v, m in cover.items() if m < 0]
    return zeros, groups


def fractionally_below(coef: dict[int, int], incident: list[list[int]], edges: list[tuple[int, int]],
                       value: int, solution: list[int]) -> bool:
    """Does a fractional matching weigh less than ``value``: the matching ``solution`` (x per
    edge; a no when it is not a matching) with, at one vertex u it leaves free, an edge u-w
    of negative weight to another free vertex, or a triangle u-a-b over its edge a-b, each of
    the three edges taken half (lighter when the two edges at u weigh less together than
    a-b)?  The cover bound of :class:`MatchingBound` is at most the weight of every
    fractional matching (its charges solve the dual of their linear programme), so a yes
    proves that it is below ``value``; a no tells nothing."""
    held = [-1] * len(incident)  # vertex -> its edge in the matching
    weight = 0
    for e in compress(range(len(solution)), solution):
        i, j = edges[e]
        if held[i] >= 0 or held[j] >= 0:
            return False
        held[i] = held[j] = e
        weight += coef.get(e, 0)
    if weight < value:
        return True
    for u, at_u in enumerate(incident):
        if held[u] >= 0 or not at_u:
            continue
        to_u: dict[int, int] = {}  # u's neighbours -> the weight of their edge to u
        for e in at_u:
            i, j = edges[e]
            to_u[j if i == u else i] = coef.get(e, 0)
        for w, c in to_u.items():
            f = held[w]
            if f < 0:
                if weight + c < value:
                    return True
                continue
            a, b = edges[f]
            c_other = to_u.get(b if a == w else a)
            if c_other is not None and 2 * weight + c + c_other - coef.get(f, 0) < 2 * value:
                return True
    return False


def bars_edges(coef: dict[int, int], value: int) -> bool:
    """Does Σ coef·x == value only bar edges: non-negative weights, fixed at 0 (each edge of
    positive weight is then unused)?"""
    return value == 0 and all(c >= 0 for c in coef.values())
