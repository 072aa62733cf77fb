"""Every lexicographic optimum of a small graph's matchings, by enumeration (no model).

A bracket of a few players has few matchings (76 on six players who may all meet, 764 on
eight): listing those that are optimal on the levels costs less than building a model and
proving each optimum and each tie-break decision on it.  The levels are folded into one
integer weight per edge (:func:`scalar_weights`), so that comparing two matchings'
weights compares their vectors of level sums lexicographically; a depth-first walk with a
lower bound then keeps exactly the matchings of least weight.  Whoever asks chooses among
them (a pairing system's tie-break); when a walk would be long or leave many optima, it
gives up (None) and the caller solves the model instead.
"""

from __future__ import annotations

from cpswiss.solver.levels import Level

__all__ = ["MatchingEnumeration"]


def scalar_weights(levels: list[Level], n_edges: int) -> list[int]:
    """One weight per edge whose sum over a matching orders matchings as the vector of the
    levels' sums does, lexicographically (the first level first; constants left out).

    Level k's sum moves by at most the sum of its coefficients' absolute values (its span)
    between two matchings, so level k weighs one more than everything after it can move:
    ``M[k] = M[k+1] * (span[k+1] + 1)``, ``M[last] = 1`` (Python integers do not overflow).
    """
    weight = [0] * n_edges
    multiplier = 1
    for level in reversed(levels):
        coef = level.coef
        if multiplier == 1:
            for e, c in coef.items():
                weight[e] += c
        else:
            for e, c in coef.items():
                weight[e] += multiplier * c
        multiplier *= sum(abs(c) for c in coef.values()) + 1
    return weight


class MatchingEnumeration:
    """The matchings of a small graph (``n`` vertices, ``edges`` (i, j) with i < j) that are
    lexicographically least on given levels.

    ``max_nodes`` bounds the walk and ``max_optima`` the matchings kept: beyond either the
    answer is None (the caller solves instead), so the cost of a call stays small whatever
    the graph."""

    def __init__(self, n: int, edges: list[tuple[int, int]], max_nodes: int = 20000, max_optima: int = 2000):
        self.n = n
        self.edges = edges
        self.max_nodes = max_nodes
        self.max_optima = max_optima
        later: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        for e, (i, j) in enumerate(edges):
            later[i].append((j, e))
        self.later = later

    def least(self, levels: list[Level], every: bool = True) -> list[list[int]] | None:
        """Every matching (as its edges, in the walk's order) whose vector of level sums is
        lexicographically least (``every=False``: one of them), or None when the walk or the
        optima exceed the bounds."""
        n, later = self.n, self.later
        weight = scalar_weights(levels, len(self.edges))
        # a lower bound on what each undecided vertex can still add (twice its share): the
        # least weight of its edges, or 0 (left unpaired)
        share = [0] * n
        for e, (i, j) in enumerate(self.edges):
            w = weight[e]
            if w < share[i]:
                share[i] = w
            if w < share[j]:
                share[j] = w
        matched = [False] * n
        chosen: list[int] = []
        best: list[int | None] = [None]
        found: list[list[int]] = []
        budget = [self.max_nodes]

        def walk(v: int, twice: int, rest: int) -> bool:
            """Decide vertices v.. (twice: twice the weight so far; rest: the shares of the
            undecided vertices); False when a bound is exceeded."""
            while v < n and matched[v]:
                v += 1
            least = best[0]
            if v == n:
                if least is None or twice < least:
                    best[0] = twice
                    found.clear()
                    found.append(list(chosen))
                elif twice == least and every:
                    found.append(list(chosen))
                    if len(found) > self.max_optima:
                        return False
                return True
            if least is not None and (twice + rest > least or (not every and twice + rest == least)):
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            rest -= share[v]
            matched[v] = True
            for u, e in later[v]:
                if not matched[u]:
                    matched[u] = True
                    chosen.append(e)
                    ok = walk(v + 1, twice + 2 * weight[e], rest - share[u])
                    chosen.pop()
                    matched[u] = False
                    if not ok:
                        matched[v] = False
                        return False
            ok = walk(v + 1, twice, rest)
            matched[v] = False
            return ok

        if not walk(0, 0, sum(share)):
            return None
        return found

    @staticmethod
    def least_among(candidates: list[list[int]], levels: list[Level], n_edges: int) -> list[list[int]]:
        """The candidates whose vector of level sums is lexicographically least."""
        if not any(level.coef for level in levels):
            return candidates
        weight = scalar_weights(levels, n_edges)
        totals = [sum(weight[e] for e in c) for c in candidates]
        least = min(totals)
        return [c for c, t in zip(candidates, totals) if t == least]
