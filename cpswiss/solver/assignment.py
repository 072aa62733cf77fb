"""Assignment problems (rows to columns, a cost per arc) as the tie-break of a pairing system
uses them: the dual potentials that prove an assignment optimal on one criterion (whose
zero-reduced-cost arcs carry every optimal assignment: complementary slackness), and the
first perfect assignment in row order on such arcs.  No pairing system is named here."""

from __future__ import annotations

from collections import deque
import rustworkx as rx

from cpswiss.solver.matchings import maximum_weight_matching

# the arcs of an assignment problem with rows 0..n-1 and columns 0..m-1: per row, the set of
# columns it may take
Arcs = list[set[int]]


def on_columns(tight: Arcs, columns: list[int]) -> Arcs:
    """The arcs to these columns only, renumbered in the given order."""
    return [{k for k, c in enumerate(columns) if c in row} for row in tight]


def column_holders(tight: Arcs, n_cols: int) -> list[list[int]]:
    """Per column, the rows with an arc to it, in row order."""
    holders: list[list[int]] = [[] for _ in range(n_cols)]
    for r, row in enumerate(tight):
        for c in row:
            holders[c].append(r)
    return holders


def least_cost_assignment(n: int, rows: list[int], cols: list[int], costs: list[int]) -> list[int] | None:
    """A perfect assignment of least total cost of a square problem (rows and columns 0..n-1;
    the allowed arcs: arc k joins row ``rows[k]`` to column ``cols[k]`` at cost ``costs[k]``),
    row r taking column ``mate_col[r]``; None when there is
    none.  Edmonds' blossom algorithm on the bipartite graph (rustworkx, exact on integers:
    :func:`~cpswiss.solver.matchings.maximum_weight_matching`): among the largest matchings, the
    heaviest, each arc weighing more than any cost less its own, is a perfect assignment of
    least cost whenever one exists."""
    top = max(costs, default=0) + 1
    pairs = maximum_weight_matching(2 * n, [(r, n + c, top - w) for r, c, w in zip(rows, cols, costs)],
                                    max_cardinality=True)
    if len(pairs) < n:
        return None
    mate_col = [0] * n
    for r, c in pairs:
        mate_col[r] = c - n
    return mate_col


def first_perfect_assignment(tight: Arcs, mate_col: list[int], walked: int) -> list[int]:
    """From a perfect assignment of a square problem on the arcs ``tight`` (row r takes column
    ``mate_col[r]``),
    the one in which rows 0, 1, ..., ``walked`` - 1 in turn take the lowest column any
    perfect assignment on those arcs still allows them (the rows after them take what is
    left): each row column by column.

    Row v may take column c held by row w when w can let go of it: w takes the column of
    some row, which takes another's, and so on until one takes v's own (an alternating
    path on the tight arcs among the rows not yet settled).  That search runs back from
    v's column and only as far as the candidates below it need."""
    mate = list(mate_col)
    holders = column_holders(tight, len(mate))  # column -> rows on tight arcs
    holder = {c: r for r, c in enumerate(mate)}
    settled: set[int] = set()
    for v in range(walked):
        own = mate[v]
        free = [c for c in sorted(tight[v]) if c == own or holder[c] not in settled]
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


def assignment_potentials(rows: list[int], cols: list[int], costs: list[int], mate_col: list[int], n_cols: int,
                          ) -> tuple[list[int], list[int]] | None:
    """Dual potentials (p_row, p_col) of a perfect assignment (row r takes column
    ``mate_col[r]``) if it is optimal, else None: reduced costs c(r, c) + p_row[r] -
    p_col[c] are >= 0 on every allowed arc (as in :func:`least_cost_assignment`: arc k
    joins ``rows[k]`` to ``cols[k]`` at ``costs[k]``) and 0 on the assignment.

    They are shortest-path distances in the residual graph (arcs row -> column at cost c
    off the assignment, column -> row at cost -c on it) from a source joined to every
    node at cost 0; a negative cycle means a cheaper assignment exists.  By complementary
    slackness every optimal assignment uses only arcs of reduced cost 0, and every perfect
    assignment on those arcs is optimal.  Bellman-Ford by rustworkx in floating point, exact
    while every path's cost is an integer below 2**53; beyond that (weights such as squared
    rating differences), in Python integers (:func:`_shortest_from_source`).
    """
    n_rows = len(mate_col)
    source = n_rows + n_cols  # nodes: rows 0..n_rows-1, columns n_rows.., the source last
    residual = [(source, node, 0) for node in range(source)]
    residual += [(n_rows + c, r, -w) if mate_col[r] == c else (r, n_rows + c, w) for r, c, w in zip(rows, cols, costs)]
    if max(map(abs, costs), default=0) * (source + 1) >= FLOAT_EXACT:
        potential = _shortest_from_source(source + 1, residual, source)
        if potential is None:
            return None
    else:
        graph = rx.PyDiGraph()
        graph.add_nodes_from(range(source + 1))
        graph.add_edges_from(residual)
        try:
            dist = rx.digraph_bellman_ford_shortest_path_lengths(graph, source, float)
        except rx.NegativeCycle:
            return None
        potential = [round(dist[node]) for node in range(source)]
    return potential[:n_rows], potential[n_rows:source]


FLOAT_EXACT = 1 << 53  # integers up to this are exact in floating point, and so their sums below it


def _shortest_from_source(n: int, arcs: list[tuple[int, int, int]], source: int) -> list[int] | None:
    """Shortest-path distances from ``source`` over the weighted ``arcs`` (tail, head, weight)
    of a graph on ``n`` nodes, in Python integers (Bellman-Ford, rounds until nothing
    changes); None when a negative cycle is reachable (still changing after n rounds)."""
    dist: list[int | None] = [None] * n
    dist[source] = 0
    for _ in range(n):
        changed = False
        for tail, head, weight in arcs:
            at = dist[tail]
            if at is not None and (dist[head] is None or at + weight < dist[head]):  # type: ignore[operator]
                dist[head] = at + weight
                changed = True
        if not changed:
            return [d for d in dist]  # type: ignore[misc]
    return None
