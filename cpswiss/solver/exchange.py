"""Proofs by exchange: better solutions found by swapping pairs of the one in hand.

A solution of the bracket model that keeps every recorded constraint
(:attr:`MatchingModel.constraints`: the frozen optima and the tie-break's
decisions) is as good as any on everything frozen so far.  Starting from the
solution in hand, an *exchange* replaces two of its pairs a-b, c-d by a-c, b-d
or a-d, b-c (an alternating 4-cycle), or one pair a-b by f-a with f unpaired (an
alternating path); it keeps a constraint when the constraint's sum does not
change.  Such exchanges are checked in bulk with numpy.

They give proofs without a solve where the solver is slowest, on large
brackets: a level minimised down to a proven lower bound
(:meth:`Exchanges.descend`) is optimal; a player given a partner by an exchange
(:meth:`Exchanges.give_partner`) can have that partner.  Only "yes" is ever
concluded; where no exchange helps, the solver decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from cpswiss.solver.model import MatchingModel


def _dense(coef: dict[int, int], size: int) -> np.ndarray:
    """Σ coef·x as a vector of ``size`` entries (the edges, then zeros)."""
    vector = np.zeros(size, dtype=np.int64)
    vector[list(coef)] = list(coef.values())
    return vector


class Exchanges:
    """The single exchanges around the solution in hand of ``m`` that keep its constraints."""

    CHUNK = 4096  # exchanges checked at once

    def __init__(self, m: MatchingModel):
        self.m = m
        n, n_edges = m.n, len(m.edges)
        self.null = n_edges  # a column of zeros: "no edge" in a one-pair exchange
        self.edge_id = np.full((n, n), -1, dtype=np.int64)
        for e, (i, j) in enumerate(m.edges):
            self.edge_id[i, j] = self.edge_id[j, i] = e
        self.matrix = np.array([_dense(coef, n_edges + 1) for coef, _ in m.constraints],
                               dtype=np.int64).reshape(len(m.constraints), n_edges + 1)

    def candidates(self) -> tuple[np.ndarray, np.ndarray]:
        """Every single exchange that keeps the constraints: (removed, added) edge arrays,
        shape (k, 2) each, ``null`` where an exchange removes or adds one edge only."""
        m = self.m
        chosen = np.array(m.chosen(), dtype=np.int64)
        ends = np.array([m.edges[e] for e in chosen], dtype=np.int64).reshape(-1, 2)
        removed_parts: list[np.ndarray] = []
        added_parts: list[np.ndarray] = []
        if len(chosen) >= 2:
            first, second = np.triu_indices(len(chosen), 1)
            a, b, c, d = ends[first, 0], ends[first, 1], ends[second, 0], ends[second, 1]
            for x, y, z, w in ((a, c, b, d), (a, d, b, c)):
                removed_parts.append(np.stack([chosen[first], chosen[second]], axis=1))
                added_parts.append(np.stack([self.edge_id[x, y], self.edge_id[z, w]], axis=1))
        paired = np.zeros(m.n, dtype=bool)
        paired[ends.ravel()] = True
        unpaired = np.flatnonzero(~paired)
        if len(unpaired) and len(chosen):
            grid_f, grid_k = np.meshgrid(unpaired, np.arange(len(chosen)), indexing="ij")
            f, k = grid_f.ravel(), grid_k.ravel()
            for end in (0, 1):
                removed_parts.append(np.stack([chosen[k], np.full(len(k), self.null)], axis=1))
                added_parts.append(np.stack([self.edge_id[f, ends[k, end]], np.full(len(k), self.null)], axis=1))
        if not removed_parts:
            return np.zeros((0, 2), dtype=np.int64), np.zeros((0, 2), dtype=np.int64)
        removed, added = np.concatenate(removed_parts), np.concatenate(added_parts)
        valid = (added >= 0).all(axis=1)
        removed, added = removed[valid], added[valid]
        keeps = np.ones(len(added), dtype=bool)
        for start in range(0, len(added), self.CHUNK):  # bounded memory: constraints x chunk
            part = slice(start, start + self.CHUNK)
            change = self.matrix[:, added[part]].sum(axis=2) - self.matrix[:, removed[part]].sum(axis=2)
            keeps[part] = ~change.any(axis=0)
        return removed[keeps], added[keeps]

    def _apply(self, removed: np.ndarray, added: np.ndarray) -> None:
        self.m.exchange_in_solution([int(e) for e in removed if e != self.null],
                                    [int(e) for e in added if e != self.null])

    def descend(self, coef: dict[int, int], target: int) -> bool:
        """Lower Σ coef·x by exchanges, the best one each time, down to ``target``; True
        when the solution in hand reaches it (and keeps all constraints).  At most as
        many steps as there are players (each step gains at least 1)."""
        vector = _dense(coef, len(self.m.edges) + 1)  # and the "no edge" column
        value = int(sum(c * self.m.solution[e] for e, c in coef.items()))
        for _ in range(self.m.n):
            if value <= target:
                return True
            removed, added = self.candidates()
            if not len(removed):
                return False
            gain = vector[added].sum(axis=1) - vector[removed].sum(axis=1)
            best = int(np.argmin(gain))
            if gain[best] >= 0:
                return False
            self._apply(removed[best], added[best])
            value += int(gain[best])
        return value <= target

    def give_partner(self, v: int, partners: list[int]) -> int | None:
        """The first of ``partners`` (in the given order) that one exchange pairs with v,
        keeping all constraints; the exchange is made.  None when there is none."""
        removed, added = self.candidates()
        at_v = np.array(self.m.incident[v] or [-2], dtype=np.int64)
        outcome = {}
        for row in np.flatnonzero(np.isin(added, at_v).any(axis=1)).tolist():
            e = next(int(e) for e in added[row] if int(e) in self.m.incident[v])
            outcome[row] = self.m.other(e, v)
        return self._make_first(removed, added, outcome, partners)

    def give_unpaired(self, players: list[int]) -> int | None:
        """The first of ``players`` (in the given order) that one exchange leaves unpaired
        (an unpaired player takes his pair's place), keeping all constraints; the exchange
        is made.  None when there is none."""
        removed, added = self.candidates()
        outcome = {}
        for row in np.flatnonzero(removed[:, 1] == self.null).tolist():
            taken = set(self.m.edges[int(added[row, 0])])
            outcome[row] = next(w for w in self.m.edges[int(removed[row, 0])] if w not in taken)
        return self._make_first(removed, added, outcome, players)

    def _make_first(self, removed: np.ndarray, added: np.ndarray, outcome: dict[int, int],
                    order: list[int]) -> int | None:
        """Make the exchange whose outcome (row -> player) comes first in ``order``."""
        rank = {u: r for r, u in enumerate(order)}
        ranked = [(rank[u], row) for row, u in outcome.items() if u in rank]
        if not ranked:
            return None
        r, row = min(ranked)
        self._apply(removed[row], added[row])
        return order[r]
