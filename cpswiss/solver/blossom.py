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

LIMIT = 1 << 120  # the packed costs stay well inside rustworkx's 128-bit weights


class LexicographicMatching:
    """The least lexicographic cost over the matchings of a graph, for levels given in order
    (each a coefficient per edge), as one packed integer cost per edge."""

    def __init__(self, n: int, edges: list[tuple[int, int]], levels: list[dict[int, int]]):
        self.n, self.edges = n, edges
        pairs = n // 2  # the most edges a matching holds
        weights: list[int] = []
        weight = 1
        for coef in reversed(levels):  # the last level is the least significant digit
            weights.append(weight)
            low, high = min([0, *coef.values()]), max([0, *coef.values()])
            weight += weight * (high - low) * pairs  # beyond what this digit and those after can add
        weights.reverse()
        self.cost = [0] * len(edges)
        for coef, w in zip(levels, weights):
            for e, c in coef.items():
                self.cost[e] += w * c
        self.exact = weight * (pairs + 1) < LIMIT
        self._edge_of = {edge: e for e, edge in enumerate(edges)}

    def value(self, chosen: list[int]) -> int:
        return sum(self.cost[e] for e in chosen)

    def least_pairing(self, v: int, allowed: set[int], excluded: set[int]) -> tuple[int, list[int]] | None:
        """The least-cost matching that pairs ``v`` by one of the edges ``allowed`` (his other
        edges and the ``excluded`` ones unused): its cost and edges; None when no matching
        pairs v so.  A bonus on v's allowed edges larger than any cost makes v paired
        whenever he can be, and among those the cost decides."""
        import rustworkx as rx  # only where a large bracket asks

        bonus = 2 * LIMIT
        graph = rx.PyGraph()
        graph.add_nodes_from(range(self.n))
        graph.add_edges_from([
            (i, j, -self.cost[e] + (bonus if e in allowed else 0))
            for e, (i, j) in enumerate(self.edges)
            if e not in excluded and (e in allowed or v not in (i, j))])
        matched = rx.max_weight_matching(graph, weight_fn=lambda w: w)
        chosen = sorted(self._edge_of[(min(i, j), max(i, j))] for i, j in matched)
        if not any(e in allowed for e in chosen):
            return None
        return self.value(chosen), chosen
