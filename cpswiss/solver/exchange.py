"""Proofs by exchange: better solutions found by swapping pairs of the one in hand.

A solution of the bracket model that keeps every recorded constraint
(:attr:`MatchingModel.constraints`: the frozen optima and the tie-break's
decisions) is as good as any on everything frozen so far.  Starting from the
solution in hand, an *exchange* replaces two of its pairs a-b, c-d by a-c, b-d
or a-d, b-c (an alternating 4-cycle), or one pair a-b by f-a with f unpaired (an
alternating path); it keeps a constraint when the constraint's sum does not
change.  Each edge's coefficients in all the constraints are packed into one
integer (its signature), so that checking an exchange is one comparison of sums.

They give proofs without a solve where the solver is slowest, on large
brackets: a level minimised down to a proven lower bound
(:meth:`Exchanges.descend`) is optimal; a player given a partner by an exchange
(:meth:`Exchanges.give_partner`) can have that partner.  Only "yes" is ever
concluded; where no exchange helps, the solver decides.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpswiss.solver.model import MatchingModel

class Exchanges:
    """The single exchanges around the solution in hand of ``m`` that keep its constraints."""

    def __init__(self, m: MatchingModel):
        self.m = m
        self.null = len(m.edges)  # "no edge" in a one-pair exchange
        self.edge_id = m.edge_id  # i * n + j -> the edge i-j, both ways round
        self.signature = _signatures(m)

    def _possible(self) -> Iterator[tuple[int, int, int, int]]:
        """Every single exchange whose new pairs are edges, kept or not, as (removed, removed,
        added, added) with ``null`` where one pair changes, in a fixed order: the pairs a-b,
        c-d of the solution in order, swapped to a-c, b-d, then to a-d, b-c; then each
        unpaired player in order taking the first end of each pair, then the second."""
        m, edge_id, null, n = self.m, self.edge_id, self.null, self.m.n
        chosen = m.chosen()
        ends = [m.edges[e] for e in chosen]
        for crossed in (False, True):
            for p, (a, b) in enumerate(ends):
                a_row, b_row, ep = a * n, b * n, chosen[p]
                for q in range(p + 1, len(chosen)):
                    c, d = ends[q]
                    if crossed:
                        c, d = d, c
                    g = edge_id.get(a_row + c)
                    if g is not None:
                        h = edge_id.get(b_row + d)
                        if h is not None:
                            yield ep, chosen[q], g, h
        paired = {v for pair in ends for v in pair}
        unpaired = [f for f in range(m.n) if f not in paired]
        for end in (0, 1):
            for f in unpaired:
                f_row = f * n
                for e, pair in zip(chosen, ends):
                    g = edge_id.get(f_row + pair[end])
                    if g is not None:
                        yield e, null, g, null

    def candidates(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """Every single exchange that keeps the constraints (in :meth:`_possible`'s order): the
        edges removed and added, two each, ``null`` where an exchange removes or adds one
        edge only."""
        sig = self.signature
        removed: list[tuple[int, int]] = []
        added: list[tuple[int, int]] = []
        for r1, r2, a1, a2 in self._possible():
            if sig[a1] + sig[a2] == sig[r1] + sig[r2]:
                removed.append((r1, r2))
                added.append((a1, a2))
        return removed, added

    def _apply(self, removed: tuple[int, int], added: tuple[int, int]) -> None:
        self.m.exchange_in_solution([e for e in removed if e != self.null], [e for e in added if e != self.null])

    def descend(self, coef: dict[int, int], target: int) -> bool:
        """Lower Σ coef·x by exchanges that keep the constraints, the best one each time (the
        first of the best), down to ``target``; True when the solution in hand reaches it.
        At most as many steps as there are players (each step gains at least 1)."""
        value = sum(c * self.m.solution[e] for e, c in coef.items())
        sig = self.signature
        weight = [0] * (self.null + 1)  # coef per edge, 0 for null
        for e, c in coef.items():
            weight[e] = c
        for _ in range(self.m.n):
            if value <= target:
                return True
            best, best_gain = None, 0
            for r1, r2, a1, a2 in self._possible():
                gain = weight[a1] + weight[a2] - weight[r1] - weight[r2]
                if gain < best_gain and sig[a1] + sig[a2] == sig[r1] + sig[r2]:
                    best, best_gain = ((r1, r2), (a1, a2)), gain
            if best is None:
                return False
            self._apply(*best)
            value += best_gain
        return value <= target

    def give_partner(self, v: int, partners: list[int]) -> int | None:
        """The first of ``partners`` (in the given order) that one exchange pairs with v,
        keeping all constraints; the exchange is made.  None when there is none."""
        removed, added = self.candidates()
        at_v = set(self.m.incident[v])
        outcome = {}
        for row, into in enumerate(added):
            e = next((e for e in into if e in at_v), None)
            if e is not None:
                outcome[row] = self.m.other(e, v)
        return self._make_first(removed, added, outcome, partners)

    def give_unpaired(self, players: list[int]) -> int | None:
        """The first of ``players`` (in the given order) that one exchange leaves unpaired
        (an unpaired player takes his pair's place), keeping all constraints; the exchange
        is made.  None when there is none."""
        removed, added = self.candidates()
        outcome = {}
        for row, (out, into) in enumerate(zip(removed, added)):
            if out[1] == self.null:
                taken = set(self.m.edges[into[0]])
                outcome[row] = next(w for w in self.m.edges[out[0]] if w not in taken)
        return self._make_first(removed, added, outcome, players)

    def _make_first(self, removed: list[tuple[int, int]], added: list[tuple[int, int]], outcome: dict[int, int],
                    order: list[int]) -> int | None:
        """Make the exchange whose outcome (row -> player) comes first in ``order``."""
        rank = {u: r for r, u in enumerate(order)}
        ranked = [(rank[u], row) for row, u in outcome.items() if u in rank]
        if not ranked:
            return None
        r, row = min(ranked)
        self._apply(removed[row], added[row])
        return order[r]


def _signatures(m: MatchingModel) -> list[int]:
    """Each edge's coefficients in every constraint on record packed into one integer (and 0
    for ``null``, the last): digit j is the coefficient in constraint j, in a base more than
    twice what four coefficients add up to, so that an exchange keeps every constraint
    exactly when the signatures of the edges it adds sum to those of the edges it removes
    (a sum of digits each smaller than half the base is 0 only when every digit is)."""
    largest = max((abs(c) for coef, _ in m.constraints for c in coef.values()), default=0)
    base = 8 * largest + 2
    signature = [0] * (len(m.edges) + 1)
    weight = 1
    for coef, _ in m.constraints:
        for e, c in coef.items():
            signature[e] += c * weight
        weight *= base
    return signature
