"""Assignment problems (rows to columns, a cost per arc) as the tie-break of a pairing system
uses them: the dual potentials that prove an assignment optimal on one criterion (whose
zero-reduced-cost arcs carry every optimal assignment: complementary slackness), and the
first perfect assignment in row order on such arcs.  No pairing system is named here."""

from __future__ import annotations

from collections import deque

import numpy as np


def first_perfect_assignment(tight: np.ndarray, mate_col: list[int], walked: int) -> list[int]:
    """From a perfect assignment on the arcs ``tight`` (row r takes column ``mate_col[r]``),
    the one in which rows 0, 1, ..., ``walked`` - 1 in turn take the lowest column any
    perfect assignment on those arcs still allows them (the rows after them take what is
    left): each row column by column.

    Row v may take column c held by row w when w can let go of it: w takes the column of
    some row, which takes another's, and so on until one takes v's own (an alternating
    path on the tight arcs among the rows not yet settled).  That search runs back from
    v's column and only as far as the candidates below it need."""
    mate = list(mate_col)
    holders = [np.flatnonzero(tight[:, c]).tolist() for c in range(tight.shape[1])]  # column -> rows on tight arcs
    holder = {c: r for r, c in enumerate(mate)}
    settled: set[int] = set()
    for v in range(walked):
        own = mate[v]
        free = [c for c in np.flatnonzero(tight[v]).tolist() if c == own or holder[c] not in settled]
        if free[0] != own:
            toward: dict[int, int | None] = {w: None for w in holders[own] if w != v and w not in settled}
            queue = deque(toward)
            for c in free:
                if c == own:
                    break
                while holder[c] not in toward and queue:
                    w = queue.popleft()
                    for r in holders[mate[w]]:
                        if r != v and r not in settled and r not in toward:
                            toward[r] = w
                            queue.append(r)
                if holder[c] in toward:
                    break
            if c != own:
                moving: int | None = holder[c]
                while moving is not None:  # each takes the column of the next, the last takes own
                    nxt = toward[moving]
                    mate[moving] = own if nxt is None else mate[nxt]
                    holder[mate[moving]] = moving
                    moving = nxt
                mate[v] = c
                holder[c] = v
        settled.add(v)
    return mate


def assignment_potentials(costs: np.ndarray, allowed: np.ndarray, mate_col: np.ndarray,
                          ) -> tuple[np.ndarray, np.ndarray] | None:
    """Dual potentials (p_row, p_col) of a perfect assignment (row r takes column
    ``mate_col[r]``) if it is optimal, else None: reduced costs c(r, c) + p_row[r] -
    p_col[c] are >= 0 on every allowed arc and 0 on the assignment.

    They are shortest-path distances in the residual graph (arcs row -> column at cost c
    off the assignment, column -> row at cost -c on it) from a source joined to every
    node at cost 0; Bellman-Ford settles in fewer rounds than there are nodes unless
    there is a negative cycle, that is, unless a cheaper assignment exists.  By
    complementary slackness every optimal assignment uses only arcs of reduced cost 0,
    and every perfect assignment on those arcs is optimal.
    """
    rows, cols = np.nonzero(allowed)
    on = mate_col[rows] == cols
    n_rows = len(mate_col)
    # nodes: rows 0..n_rows-1, columns n_rows..; arcs row -> col off, col -> row on
    src = np.where(on, cols + n_rows, rows)
    dst = np.where(on, rows, cols + n_rows)
    weight = np.where(on, -costs[rows, cols], costs[rows, cols])
    dist = np.zeros(n_rows + allowed.shape[1], dtype=np.int64)
    for _ in range(len(dist) + 1):
        relaxed = dist.copy()
        np.minimum.at(relaxed, dst, dist[src] + weight)
        if np.array_equal(relaxed, dist):
            return dist[:n_rows], dist[n_rows:]
        dist = relaxed
    return None
