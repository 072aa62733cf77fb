"""C.04.3 C.7 for a bracket with a single downfloater, without the next scoregroup in the model.

C.7 compares candidates of a bracket by the following bracket they leave: the
next scoregroup S with the bracket's downfloaters, first by its number of pairs,
then by its PSD, which the level encoding of :func:`cpswiss.criteria.next_bracket`
reads as "the downfloaters left unpaired there, highest SD first" (RN-21).
Every other quality criterion of the step looks only at the pairs inside the
bracket.  So when C.5 leaves exactly one downfloater u, the step splits: the
bracket decides everything except u's look-ahead value, which depends on u alone.

That value follows from the structure of S (Gallai-Edmonds): let ν be the size
of a maximum matching of S, and D the players of S left unpaired by at least one
maximum matching ("exposable").  Then S + u has

* ν + 1 pairs if u may meet a player d of D (u-d plus a maximum matching missing d;
  conversely a matching of ν + 1 pairs uses u, and without u's pair it is a
  maximum matching of S missing u's partner);
* otherwise ν pairs, and u is paired in one of them exactly when u may meet
  anybody w in S (u-w plus a matching of S - w, which has at least ν - 1 pairs).

:func:`single_downfloater_classes` groups the bracket's players by that value,
best first; the bracket model then keeps the best group that can float.
"""

from __future__ import annotations

from cpswiss.criteria.bracket import Bracket
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel, SolverSettings, greedy_matching


def single_downfloater_classes(b: Bracket, settings: SolverSettings | None = None) -> tuple[list[list[int]], int]:
    """The bracket's vertices grouped by the C.7 value of the following bracket when that
    vertex is the only downfloater, best group first (C.04.3 C.7, RN-21; A.8 for the
    PSD comparison), and the number of solves it took.  For a bracket whose following
    bracket is not the last one (the last one weighs the bye, RN-21, and is left to
    the full model)."""
    assert not b.final and not b.special
    n = b.n_bracket
    lower_edges = [(i - n, j - n) for i, j in b.edges if i >= n]
    neighbours_below: list[set[int]] = [set() for _ in range(n)]
    for i, j in b.edges:
        if i < n <= j:
            neighbours_below[i].add(j - n)
    values, solves = values_below(len(b.vertices) - n, lower_edges, neighbours_below,
                                  [b.downfloat_sd(u) for u in range(n)], settings)
    groups: dict[tuple[int, tuple[int, ...]], list[int]] = {}
    for u, value in enumerate(values):
        groups.setdefault(value, []).append(u)
    return [groups[key] for key in sorted(groups)], solves


def values_below(n: int, edges: list[tuple[int, int]], neighbours: list[set[int]], sds: list[int],
                 settings: SolverSettings | None = None) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    """For each candidate u (neighbours[u]: the players of S he may meet, sds[u]: his SD as
    a downfloater), the following bracket S + u as C.7 compares it: (minus its pairs,
    the SDs of its downfloaters left unpaired), smaller is better; and the solves taken.
    S is given by its ``n`` players and ``edges``."""
    size, exposable, solves = _exposable(n, edges, neighbours, settings)

    def value(u: int) -> tuple[int, tuple[int, ...]]:
        if neighbours[u] & exposable:
            return -(size + 1), ()
        if neighbours[u]:
            return -size, ()
        return -size, (sds[u],)

    return [value(u) for u in range(len(neighbours))], solves


def _exposable(n: int, edges: list[tuple[int, int]], asked: list[set[int]],
               settings: SolverSettings | None) -> tuple[int, set[int], int]:
    """ν, enough of D for the question "does this set meet D?", for every set of ``asked``.

    D grows from proofs only: a maximum matching's unpaired players, and every player
    at the end of an even alternating path from one of them (:func:`_reached_evenly`).
    Where a set is still disjoint from the D found, one solve asks for a maximum
    matching leaving one of its players unpaired; each answer adds players to D, and
    "infeasible" proves the remaining sets disjoint from D.  Last, the number of solves.
    """
    mate = _mates(n, edges, greedy_matching(n, edges))
    size = sum(m is not None for m in mate) // 2
    model = None
    if 2 * size < n - 1:  # not provably maximum: ask the solver
        model = MatchingModel(n, edges, settings)
        model.minimise([Level("pairs", {e: -1 for e in range(len(edges))})])
        mate = _mates(n, edges, model.chosen())
        size = len(model.chosen())
    if 2 * size == n:
        return size, set(), 0 if model is None else model.solves  # perfect: nobody is exposable
    adjacent: list[set[int]] = [set() for _ in range(n)]
    for i, j in edges:
        adjacent[i].add(j)
        adjacent[j].add(i)
    exposable = _reached_evenly(adjacent, mate)
    while True:
        doubtful = set().union(*(s for s in asked if s and not s & exposable)) - exposable
        if not doubtful:
            return size, exposable, 0 if model is None else model.solves
        if model is None:
            model = MatchingModel(n, edges, settings)
            model.freeze({e: 1 for e in range(len(edges))}, size)
        # a maximum matching leaving one of the doubtful players unpaired
        if not model.leaves_one_unpaired([model.incident[v] for v in sorted(doubtful)]):
            return size, exposable, model.solves
        exposable |= _reached_evenly(adjacent, _mates(n, edges, model.chosen()))


def _mates(n: int, edges: list[tuple[int, int]], chosen: list[int]) -> list[int | None]:
    mate: list[int | None] = [None] * n
    for e in chosen:
        i, j = edges[e]
        mate[i], mate[j] = j, i
    return mate


def _reached_evenly(adjacent: list[set[int]], mate: list[int | None]) -> set[int]:
    """Players at the end of an even alternating path from an unpaired player of the
    maximum matching ``mate`` (the unpaired players included): each is unpaired in
    the maximum matching obtained by switching the path, so each belongs to D.

    A search that keeps every path simple (no blossom is contracted), so it may miss
    players of D but never adds one that is not.
    """
    parent: dict[int, int | None] = {v: None for v, m in enumerate(mate) if m is None}
    queue = list(parent)
    for v in queue:
        on_path = set()
        w: int | None = v
        while w is not None:
            on_path.add(w)
            if parent[w] is not None:
                on_path.add(mate[w])
            w = parent[w]
        for t in adjacent[v]:
            w = mate[t]
            if w is None or w in parent or t in on_path or w in on_path:
                continue  # t unpaired cannot happen with a maximum matching
            parent[w] = v
            queue.append(w)
    return set(parent)
