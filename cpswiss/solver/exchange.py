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

import heapq
from collections.abc import Iterator
from typing import Protocol


class MatchingModel(Protocol):
    """What the exchanges read and change of a model (:class:`cpswiss.solver.model.MatchingModel`,
    which imports this module): its graph, the solution in hand, the constraints on record."""

    n: int
    edges: list[tuple[int, int]]
    incident: list[list[int]]
    solution: list[int]
    constraints: list[tuple[dict[int, int], int]]
    signature_packing: SignaturePacking | None

    @property
    def edge_id(self) -> dict[int, int]: ...

    def chosen(self) -> list[int]: ...

    def other(self, e: int, v: int) -> int: ...

    def exchange_in_solution(self, remove: list[int], add: list[int]) -> None: ...

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
        first of the best in :meth:`_possible`'s order), down to ``target``; True when the
        solution in hand reaches it.  At most as many steps as there are players (each step
        gains at least 1).

        Every exchange that gains and keeps the constraints is found once, by one pass over
        :meth:`_possible`, and kept in a heap ordered by gain, then by its place in that order
        (for two pairs, whether they are crossed, then their edges: the solution's pairs are
        in edge order; for an unpaired player, the end taken, the player, the pair's edge).
        A step changes one or two pairs: only the exchanges of the new pairs are added, and
        an exchange found before is made only when the pairs it removes are still in the
        solution (and, for an unpaired player, he still is), when it is the same exchange
        the pass over the new solution would give.  So each step makes the exchange a new
        pass would choose, without the pass."""
        m = self.m
        value = sum(c * m.solution[e] for e, c in coef.items())
        if value <= target:
            return True
        sig = self.signature
        weight = [0] * (self.null + 1)  # coef per edge, 0 for null
        for e, c in coef.items():
            weight[e] = c
        found = _Gains(m, sig, weight, self.null, self.edge_id)
        for _ in range(m.n):
            if value <= target:
                return True
            best = found.pop_best()
            if best is None:
                return False
            gain, r1, r2, a1, a2 = best
            self._apply((r1, r2), (a1, a2))
            value += gain
            found.after(r1, r2, a1, a2)
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


class SignaturePacking:
    """The constraints on record packed into each edge's signature (:func:`_signatures`): how
    many, the largest coefficient and the base it gave, the weight of the next digit, and the
    signatures (read only, never changed once made: a new constraint makes a new list)."""

    def __init__(self, packed: int, largest: int, weight: int, signature: list[int]):
        self.packed, self.largest, self.weight, self.signature = packed, largest, weight, signature


def _signatures(m: MatchingModel) -> list[int]:
    """Each edge's coefficients in every constraint on record packed into one integer (and 0
    for ``null``, the last): digit j is the coefficient in constraint j, in a base more than
    twice what four coefficients add up to, so that an exchange keeps every constraint
    exactly when the signatures of the edges it adds sum to those of the edges it removes
    (a sum of digits each smaller than half the base is 0 only when every digit is).

    Kept on the model (:attr:`MatchingModel.signature_packing`): constraints are only ever
    added, so the digits of those packed before stay, and the new ones are added in the same
    base while no new coefficient is larger than the largest packed - the same integers as
    packing every constraint afresh, which is done otherwise."""
    constraints = m.constraints
    packing = m.signature_packing
    if packing is not None and packing.packed == len(constraints):
        return packing.signature
    if packing is not None and _largest(constraints[packing.packed:]) <= packing.largest:
        start, largest, weight, signature = packing.packed, packing.largest, packing.weight, list(packing.signature)
    else:
        start, largest, weight, signature = 0, _largest(constraints), 1, [0] * (len(m.edges) + 1)
    base = 8 * largest + 2
    for coef, _ in constraints[start:]:
        for e, c in coef.items():
            signature[e] += c * weight
        weight *= base
    m.signature_packing = SignaturePacking(len(constraints), largest, weight, signature)
    return signature


def _largest(constraints: list[tuple[dict[int, int], int]]) -> int:
    """The largest absolute coefficient of these constraints (0 without any)."""
    return max((max(map(abs, coef.values()), default=0) for coef, _ in constraints), default=0)


class _Gains:
    """The exchanges that gain and keep the constraints, for :meth:`Exchanges.descend`: a heap
    of (gain, place in :meth:`Exchanges._possible`'s order, the exchange), where the place of two
    pairs is (0, crossed, first edge, second edge) and that of an unpaired player taking a
    pair's end (1, end, player, edge); beside it the solution's pairs and unpaired players."""

    def __init__(self, m: MatchingModel, sig: list[int], weight: list[int], null: int,
                 edge_id: dict[int, int]):
        self.m, self.sig, self.weight, self.null, self.edge_id = m, sig, weight, null, edge_id
        self.heap: list[tuple[int, int, int, int, int, int, int, int, int]] = []
        chosen = m.chosen()
        self.pairs = set(chosen)
        paired = {v for e in chosen for v in m.edges[e]}
        self.unpaired = {f for f in range(m.n) if f not in paired}
        # every two pairs, as _two does for each (inlined: this pass is over every two pairs)
        edges, edge_at, n = m.edges, edge_id.get, m.n
        ends = [edges[e] for e in chosen]
        heap = self.heap
        for crossed in (0, 1):
            for p, ep in enumerate(chosen):
                a, b = ends[p]
                a_row, b_row = a * n, b * n
                w_p, s_p = weight[ep], sig[ep]
                for q in range(p + 1, len(chosen)):
                    c, d = ends[q]
                    if crossed:
                        c, d = d, c
                    g = edge_at(a_row + c)
                    if g is not None:
                        h = edge_at(b_row + d)
                        if h is not None:
                            eq = chosen[q]
                            gain = weight[g] + weight[h] - w_p - weight[eq]
                            if gain < 0 and sig[g] + sig[h] == s_p + sig[eq]:
                                heap.append((gain, 0, crossed, ep, eq, ep, eq, g, h))
        heapq.heapify(heap)
        for f in self.unpaired:
            for e in chosen:
                self._one(f, e)

    def _two(self, ep: int, eq: int) -> None:
        """Keep the exchanges of pairs ep = a-b and eq = c-d (ep < eq) that gain: a-c, b-d, then
        a-d, b-c (crossed)."""
        edges, edge_id, n = self.m.edges, self.edge_id, self.m.n
        a, b = edges[ep]
        c, d = edges[eq]
        for crossed in (0, 1):
            if crossed:
                c, d = d, c
            g = edge_id.get(a * n + c)
            if g is not None:
                h = edge_id.get(b * n + d)
                if h is not None:
                    self._keep(0, crossed, ep, eq, ep, eq, g, h)

    def _one(self, f: int, e: int) -> None:
        """Keep the exchanges that gain where unpaired f takes one end of pair e, the first end
        then the second."""
        f_row = f * self.m.n
        for end in (0, 1):
            g = self.edge_id.get(f_row + self.m.edges[e][end])
            if g is not None:
                self._keep(1, end, f, e, e, self.null, g, self.null)

    def _keep(self, kind: int, turn: int, first: int, second: int, r1: int, r2: int, a1: int, a2: int) -> None:
        weight, sig = self.weight, self.sig
        gain = weight[a1] + weight[a2] - weight[r1] - weight[r2]
        if gain < 0 and sig[a1] + sig[a2] == sig[r1] + sig[r2]:
            heapq.heappush(self.heap, (gain, kind, turn, first, second, r1, r2, a1, a2))

    def pop_best(self) -> tuple[int, int, int, int, int] | None:
        """The best exchange of the solution in hand (the first of the best), or None."""
        heap, pairs = self.heap, self.pairs
        while heap:
            gain, kind, _, first, _, r1, r2, a1, a2 = heapq.heappop(heap)
            if r1 in pairs and (r2 in pairs if kind == 0 else first in self.unpaired):
                return gain, r1, r2, a1, a2
        return None

    def after(self, r1: int, r2: int, a1: int, a2: int) -> None:
        """Keep the exchanges of the new pairs (and of the player left unpaired) once the
        exchange r1, r2 -> a1, a2 is made."""
        pairs = self.pairs
        if r2 != self.null:
            pairs.difference_update((r1, r2))
            pairs.update((a1, a2))
            for x in (a1, a2):
                for y in pairs:
                    if y != x and not (x == a2 and y == a1):
                        self._two(min(x, y), max(x, y))
                for f in self.unpaired:
                    self._one(f, x)
            return
        taken = self.m.edges[a1]
        left = next(v for v in self.m.edges[r1] if v not in taken)  # now unpaired
        came = next(v for v in taken if v not in self.m.edges[r1])  # now paired
        pairs.discard(r1)
        pairs.add(a1)
        self.unpaired.discard(came)
        self.unpaired.add(left)
        for y in pairs:
            if y != a1:
                self._two(min(a1, y), max(a1, y))
                self._one(left, y)
        for f in self.unpaired:
            self._one(f, a1)
