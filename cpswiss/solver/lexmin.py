"""The least perfect matching of a graph under costs compared digit by digit.

A cost is a vector of non-negative integers per edge (one digit per criterion, the first the
most significant); a matching's cost is the sum of its edges' vectors, and matchings are
compared lexicographically on it.  Packed into one integer per edge - each digit's place value
larger than the most the digits after it can add up to over a matching - the least vector over
the perfect matchings is one maximum-weight matching of greatest cardinality (Edmonds' blossom
algorithm, rustworkx: exact on integers up to 128 bits).  The answer is exact: a perfect
matching of least cost, and its cost; None when the graph has no perfect matching.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from cpswiss.errors import EngineLimitError
from cpswiss.solver.matchings import maximum_weight_matching

_WEIGHT_BITS = 120  # rustworkx weights are 128-bit integers


@dataclass(frozen=True)
class DigitCosts:
    """Edge costs of a graph as digit vectors: ``digits[d][e]`` is digit d of edge e, and
    ``bounds[d]`` the most digit d can add up to over any matching."""

    edges: Sequence[tuple[int, int]]
    digits: tuple[Mapping[int, int], ...]  # edge index -> value; absent = 0
    bounds: tuple[int, ...]

    @classmethod
    def of(cls, n: int, edges: Sequence[tuple[int, int]], digits: Sequence[Mapping[int, int]]) -> DigitCosts:
        """The costs, each digit's bound the sum of its ``n // 2`` largest values over the
        edges (no matching has more edges)."""
        bounds = tuple(sum(sorted(d.values(), reverse=True)[: n // 2]) for d in digits)
        return cls(edges, tuple(digits), bounds)

    def bits(self) -> int:
        """How many bits the packed weights need."""
        place = 1
        for bound in self.bounds:
            place *= bound + 1
        return place.bit_length()

    def fits(self) -> bool:
        return self.bits() <= _WEIGHT_BITS

    def packed(self) -> list[int]:
        """One integer per edge: the digits in place values that keep their order."""
        places, place = [], 1
        for bound in reversed(self.bounds):
            places.append(place)
            place *= bound + 1
        places.reverse()
        if place.bit_length() > _WEIGHT_BITS:
            raise EngineLimitError(f"{len(self.bounds)} criteria over {len(self.edges)} pairs need "
                                   f"{place.bit_length()} bits of matching weight (at most {_WEIGHT_BITS})")
        weights = [0] * len(self.edges)
        for p, digit in zip(places, self.digits):
            for e, v in digit.items():
                weights[e] += p * v
        return weights

    def value(self, chosen: Sequence[int]) -> tuple[int, ...]:
        """The cost vector of the edges ``chosen`` (edge indexes)."""
        return tuple(sum(d.get(e, 0) for e in chosen) for d in self.digits)


def least_perfect_matching(n: int, costs: DigitCosts, usable: Sequence[int] | None = None,
                           packed: Sequence[int] | None = None,
                           index: Mapping[tuple[int, int], int] | None = None
                           ) -> tuple[tuple[int, ...], list[int]] | None:
    """A perfect matching of the graph on ``n`` vertices (only the edges ``usable``, by
    index; all when None) whose cost vector is the least, as (cost vector, edge indexes
    sorted); None when there is no perfect matching.  ``packed``: :meth:`DigitCosts.packed`,
    when the caller keeps it."""
    if n == 0:
        return (0,) * len(costs.digits), []
    weights = packed if packed is not None else costs.packed()
    top = max(weights, default=0) + 1
    edges = costs.edges
    chosen_edges = range(len(edges)) if usable is None else usable
    arcs = [(edges[e][0], edges[e][1], top - weights[e]) for e in chosen_edges]
    pairs = maximum_weight_matching(n, arcs, max_cardinality=True)
    if 2 * len(pairs) < n:
        return None
    if index is None:
        index = {(min(edges[e]), max(edges[e])): e for e in chosen_edges}
    chosen = sorted(index[p] for p in pairs)
    return costs.value(chosen), chosen


def least_covering_matching(n: int, costs: DigitCosts, cover: Collection[int], usable: Sequence[int],
                            packed: Sequence[int], index: Mapping[tuple[int, int], int]
                            ) -> tuple[tuple[int, ...], list[int]] | None:
    """A matching of the graph on ``n`` vertices (the edges ``usable``, each with an end in
    ``cover``) that pairs every vertex of ``cover``, of least cost vector; None when none
    pairs them all.  Each edge weighs a bonus per end in ``cover``, larger than any two
    matchings' costs differ by, less its packed cost: a maximum-weight matching covers as many
    of them as can be, and among those costs the least.  None also when the weights would
    not fit in 128 bits (the caller then asks for a perfect matching of the whole graph)."""
    top = max(packed, default=0) + 1
    bonus = top * (n // 2 + 1)
    if (2 * bonus).bit_length() > 126:
        raise EngineLimitError("covering weights beyond 128 bits")
    edges = costs.edges
    arcs = [(edges[e][0], edges[e][1], bonus * ((edges[e][0] in cover) + (edges[e][1] in cover)) - packed[e])
            for e in usable]
    pairs = maximum_weight_matching(n, arcs)
    matched = {v for pair in pairs for v in pair}
    if any(v not in matched for v in cover):
        return None
    chosen = sorted(index[p] for p in pairs)
    return costs.value(chosen), chosen
