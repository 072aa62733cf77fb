"""Lexicographic weighted matching by Edmonds' blossom algorithm (rustworkx): a relaxation of
the bracket model that answers some questions without a CP-SAT solve.

The model's frozen levels are sums over the chosen edges, minimised one after the other.
Packed into one integer weight per edge - a digit per level, each digit's weight larger
than everything the digits after it can add up to over any matching - the lexicographic
minimum over *all* matchings is one maximum-weight matching, which the blossom algorithm
finds exactly (rustworkx, compiled; weights are 128-bit integers).  That minimum ignores
the model's other constraints, so it is a relaxation: when even it is worse than the
frozen optimum, no solution of the model meets the optimum; when it equals the optimum,
the matching found is a candidate that the model's own check
(:meth:`~cpswiss.solver.model.MatchingModel.adopt_if_solution`) accepts or not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from cpswiss.solver.matchings import maximum_weight_matching

if TYPE_CHECKING:
    from cpswiss.solver.levels import Level


class MatchingModel(Protocol):
    """What the relaxation reads of a model (:class:`cpswiss.solver.model.MatchingModel`, which
    imports this module): its graph and the solution in hand, which it may replace."""

    n: int
    edges: list[tuple[int, int]]

    def chosen(self) -> list[int]: ...

    def adopt_if_solution(self, chosen: list[int]) -> bool: ...

LIMIT = 1 << 120  # the packed costs stay well inside rustworkx's 128-bit weights
REQUIRED_BONUS = 2 * LIMIT  # see _bonuses


class LexicographicMatching:
    """The least lexicographic cost over the matchings of a graph, for levels given in order
    (each a coefficient per edge), as one packed integer cost per edge."""

    def __init__(self, n: int, edges: list[tuple[int, int]], levels: list[dict[int, int]]):
        self.n, self.edges = n, edges
        self.cost, width = packed_costs(n, edges, levels)
        self.exact = width < LIMIT
        self._edge_of = {edge: e for e, edge in enumerate(edges)}

    @classmethod
    def of_model(cls, m: MatchingModel, levels: list[Level], unusable: set[int]) -> LexicographicMatching:
        """The relaxation of a model on its frozen ``levels``, over the edges still usable
        (``unusable``: :meth:`MatchingModel.unusable_edges`; the fewer edges, the narrower
        each level's digit)."""
        return cls(m.n, m.edges, [{e: c for e, c in lv.coef.items() if e not in unusable}
                                  for lv in levels if not lv.trivial])

    def value(self, chosen: list[int]) -> int:
        return sum(self.cost[e] for e in chosen)

    def verdict(self, m: MatchingModel, found: tuple[int, list[int]] | None) -> bool | None:
        """Does the model have a solution keeping its frozen optima with the property the
        relaxation was asked about (``found``: its least-cost matching with it, or None)?
        No when there is no such matching, or when the least one is worse than the solution
        in hand; yes when it is the same and meets every constraint on record (it becomes
        the solution in hand); None when the relaxation does not tell."""
        if found is None:
            return False
        cost, chosen = found
        in_hand = self.value(m.chosen())
        if cost > in_hand:
            return False
        if cost == in_hand and m.adopt_if_solution(chosen):
            return True
        return None

    def least(self, usable: list[int],
              required: dict[int, set[int]] | None = None) -> tuple[int, list[int]] | None:
        """The least-cost matching over the ``usable`` edges that pairs every player of
        ``required`` (each by one of the edges given for him): its cost and edges, None when
        no matching pairs them all.  Without ``required``, exactly the lexicographic minimum
        of the levels over the matchings of that graph when :attr:`exact`."""
        required = required or {}
        bonus = _bonuses(required)
        _, chosen = self._matching(self.n, [(self.edges[e][0], self.edges[e][1], bonus.get(e, 0) - self.cost[e])
                                            for e in usable])
        return self._if_paired(chosen, required)

    def least_pairing(self, v: int, allowed: set[int], excluded: set[int],
                      required: dict[int, set[int]] | None = None) -> tuple[int, list[int]] | None:
        """The least-cost matching that pairs ``v`` by one of the edges ``allowed`` (his other
        edges and the ``excluded`` ones unused), and every player of ``required`` as
        :meth:`least`: its cost and edges; None when no matching pairs them so."""
        required = {**(required or {}), v: set(allowed) & (required or {}).get(v, set(allowed))}
        bonus = _bonuses(required)
        _, chosen = self._matching(self.n, [(i, j, bonus.get(e, 0) - self.cost[e])
                                            for e, (i, j) in enumerate(self.edges)
                                            if e not in excluded and (e in allowed or v not in (i, j))])
        return self._if_paired(chosen, required)

    def _if_paired(self, chosen: list[int], required: dict[int, set[int]]) -> tuple[int, list[int]] | None:
        picked = set(chosen)
        if any(not allowed & picked for allowed in required.values()):
            return None
        return self.value(chosen), chosen

    def least_leaving_one_of(self, group: set[int], excluded: set[int]) -> tuple[int, list[int]] | None:
        """The least-cost matching that pairs every vertex but one of ``group`` (n odd), the
        ``excluded`` edges unused: its cost and edges; None when there is none.  One more
        vertex, joined to the group at cost 0, makes it a perfect matching of maximum
        weight among the largest."""
        extra = self.n
        arcs = [(i, j, -self.cost[e]) for e, (i, j) in enumerate(self.edges) if e not in excluded]
        pairs, chosen = self._matching(self.n + 1, arcs + [(v, extra, 0) for v in sorted(group)],
                                       max_cardinality=True)
        if 2 * pairs < self.n + 1:
            return None
        return self.value(chosen), chosen

    def _matching(self, vertices: int, arcs: list[tuple[int, int, int]],
                  max_cardinality: bool = False) -> tuple[int, list[int]]:
        """A maximum-weight matching (:func:`~cpswiss.solver.matchings.maximum_weight_matching`) of
        a graph on ``vertices`` with the weighted ``arcs``: how many pairs it has, and those that
        are edges of this graph."""
        pairs = maximum_weight_matching(vertices, arcs, max_cardinality)
        return len(pairs), sorted(self._edge_of[pair] for pair in pairs if pair[1] < self.n)


def packed_costs(n: int, edges: list[tuple[int, int]], levels: list[dict[int, int]],
                 widths: list[int] | None = None) -> tuple[list[int], int]:
    """The levels (coefficients per edge, the first the most significant) packed into one
    integer cost per edge, and the width of the packing: a matching's packed cost lies within
    a range narrower than the width, so ``cost * width + cost_of_later_levels`` packs levels
    that follow.  Exact for the blossom algorithm while the width stays below :data:`LIMIT`.
    ``widths``: each level's :func:`level_width`, where the caller has them."""
    weights: list[int] = []
    weight = 1
    for k in reversed(range(len(levels))):  # the last level is the least significant digit
        weights.append(weight)
        # beyond what this digit and those after can add
        weight *= widths[k] if widths is not None else _spread(levels[k], n, edges) + 1
    weights.reverse()
    cost = [0] * len(edges)
    for coef, w in zip(levels, weights):
        for e, c in coef.items():
            cost[e] += w * c
    return cost, weight


def level_width(n: int, edges: list[tuple[int, int]], coef: dict[int, int]) -> int:
    """The factor one level adds to the width of a packing (:func:`packed_costs`)."""
    return _spread(coef, n, edges) + 1


def _bonuses(required: dict[int, set[int]]) -> dict[int, int]:
    """Edge -> a bonus per required player it may pair, larger than any two matchings' costs
    differ by (each is below LIMIT in size when :attr:`LexicographicMatching.exact`): a
    matching of most weight pairs as many required players as can be, and among those the
    cost decides."""
    bonus: dict[int, int] = {}
    for allowed in required.values():
        for e in allowed:
            bonus[e] = bonus.get(e, 0) + REQUIRED_BONUS
    return bonus


def _spread(coef: dict[int, int], n: int, edges: list[tuple[int, int]]) -> int:
    """How far apart two matchings can be on Σ coef·x.  Each edge's weight shared between its
    ends, a matching's sum lies between half the sum over the vertices of their least
    weight (or 0) and half the sum of their greatest (or 0): a level on the edges of a few
    players spreads little, whatever the size of the graph.  (Python integers: no bound.)"""
    if not coef:
        return 1
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    for e, c in coef.items():
        i, j = edges[e]
        if c < 0:
            if c < lows.get(i, 0):
                lows[i] = c
            if c < lows.get(j, 0):
                lows[j] = c
        elif c > 0:
            if c > highs.get(i, 0):
                highs[i] = c
            if c > highs.get(j, 0):
                highs[j] = c
    return (sum(highs.values()) - sum(lows.values()) + 1) // 2 + 1
