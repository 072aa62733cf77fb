"""Matchings of a graph without a model: greedy pairs in order, a matching with the most pairs,
and a maximum-weight matching (Edmonds' blossom algorithm, rustworkx)."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence

import rustworkx as rx

from cpswiss.errors import TooLargeError


# the most pairs a graph without the Dutch model may have (a step of Burstein, Dubov, the
# 1987-99 rules; a completion test's matching on every pair): about 0.5 KB a pair (measured: a
# Burstein round 1 of 1,500 players, 1.1 million pairs, 572 MB), so about 10 GB; a 9,999-player
# round 1 (50 million pairs) took 23 GB on its graph and was killed
MAX_GRAPH_PAIRS = 20_000_000


def refuse_too_large(n: int, what: str, limit: int | None = None) -> None:
    """Exit 4 (:class:`~cpswiss.errors.TooLargeError`) before memory runs out, where a step of
    ``n`` players would weigh more than ``limit`` possible pairs on its graph (default
    :data:`MAX_GRAPH_PAIRS`; ``what``: the step, as the message names it)."""
    pairs = n * (n - 1) // 2
    most = MAX_GRAPH_PAIRS if limit is None else limit
    if pairs > most:
        raise TooLargeError(f"a {what} of {n} players ({pairs:,} possible pairs): more than this build weighs "
                            f"at once ({most:,} pairs)")


def pairs_in_order(n: int, later: Sequence[Container[int]],
                   leave_out: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """A maximal matching, as pairs (v, w), v < w: each vertex in turn with the first free
    vertex after it (``later[v]``: the vertices after v it may be paired with); vertices in
    ``leave_out`` stay unpaired."""
    free = [v for v in range(n) if v not in leave_out]  # in order; each vertex leaves it when its turn comes
    pairs = []
    while free:
        v = free.pop(0)
        allowed = later[v]
        for k, w in enumerate(free):  # the free vertices after v, in order
            if w in allowed:
                del free[k]
                pairs.append((v, w))
                break
    return pairs


def greedy_pairs(n: int, later: list[set[int]], leave_out: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """A matching with the most pairs, as pairs (v, w), v < w: :func:`pairs_in_order` when it
    leaves at most one vertex unpaired, else a maximum matching (:func:`maximum_matching`).
    Vertices in ``leave_out`` stay unpaired."""
    in_order = pairs_in_order(n, later, leave_out)
    if 2 * len(in_order) >= n - len(leave_out) - 1:
        return in_order
    most = maximum_matching(n, [(v, w) for v in range(n) if v not in leave_out
                                for w in sorted(later[v] - leave_out)])
    return most if len(most) > len(in_order) else in_order


def maximum_matching(n: int, edges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A matching with the most pairs of the graph on n vertices with these edges (i, j),
    i < j: Edmonds' blossom algorithm (rustworkx, compiled; the same graph gives the same
    matching), as pairs (v, w), v < w, sorted."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from_no_data(edges)
    return sorted((min(v, w), max(v, w)) for v, w in rx.max_weight_matching(graph, max_cardinality=True))


def maximum_weight_matching(n: int, arcs: list[tuple[int, int, int]],
                            max_cardinality: bool = False) -> list[tuple[int, int]]:
    """A maximum-weight matching (Edmonds' blossom algorithm, rustworkx: exact on integer
    weights up to 128 bits; the same graph gives the same matching) of the graph on ``n``
    vertices with the weighted ``arcs`` (i, j, weight) (among the largest matchings with
    ``max_cardinality``), as pairs (v, w), v < w, sorted."""
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(arcs)
    matched = rx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    return sorted((min(v, w), max(v, w)) for v, w in matched)


def greedy_matching(n: int, edges: list[tuple[int, int]], leave_out: frozenset[int] = frozenset()) -> list[int]:
    """:func:`greedy_pairs` on a graph given by its edges (i, j), i < j; edge indices.  With
    nobody left out, a maximum matching."""
    later: list[set[int]] = [set() for _ in range(n)]
    for i, j in edges:
        later[i].add(j)
    pairs = greedy_pairs(n, later, leave_out)
    wanted = set(pairs)
    edge_of = {edge: e for e, edge in enumerate(edges) if edge in wanted}
    return [edge_of[pair] for pair in pairs]


def perfect_bipartite_matching(left: list[int], right: list[int],
                               allowed: Container[tuple[int, int]]) -> dict[int, int] | None:
    """A perfect matching of ``left`` with ``right`` (equal sizes) on the pairs (l, r) in
    ``allowed`` - told pair by pair, never listed - as left -> right, or None when there is
    none: each left vertex in turn with the first free right vertex it may take, then
    augmenting paths (breadth-first, exact: Berge) for those left over."""
    if len(left) != len(right):
        return None
    mate: dict[int, int] = {}
    owner: dict[int, int] = {}
    free = list(right)
    unmatched = []
    for v in left:
        for k, w in enumerate(free):
            if (v, w) in allowed:
                mate[v], owner[w] = w, v
                del free[k]
                break
        else:
            unmatched.append(v)
    for v in unmatched:
        path = augmenting_path(v, right, allowed, owner, lambda w: w not in owner)
        if path is None:
            return None
        for u, w in path:  # each left vertex on the path takes the next right one
            mate[u], owner[w] = w, u
    return mate


def augmenting_path(start: int, right: Iterable[int], allowed: Container[tuple[int, int]],
                    owner: Mapping[int, int], ends: Callable[[int], bool],
                    may_enter: Callable[[int], bool] = lambda _: True) -> list[tuple[int, int]] | None:
    """An alternating path of a bipartite matching from the left vertex ``start``, breadth-first
    (Berge): from a left vertex to any right vertex the pair (left, right) of ``allowed`` lets it
    take; a right vertex for which ``ends`` holds ends the path, any other leads on to its left
    partner (``owner``) where ``may_enter`` lets it, once.  The path's pairs (left, right) that
    the flip makes, from its end back to ``start``; None when no path reaches an end."""
    right = list(right)
    came_from: dict[int, tuple[int, int] | None] = {start: None}  # left vertex -> the pair that reached it
    queue = [start]
    for u in queue:
        for w in right:
            if (u, w) not in allowed:
                continue
            if ends(w):
                path = [(u, w)]
                step = came_from[u]
                while step is not None:
                    path.append(step)
                    step = came_from[step[0]]
                return path
            nxt = owner[w]
            if nxt not in came_from and may_enter(nxt):
                came_from[nxt] = (u, w)
                queue.append(nxt)
    return None
