"""The look-ahead of a bracket with a single downfloater, without the next scoregroup in the
model: C.04.3 C.7 (2017) and Art. 2.4.3 [C8] (2026).

Both compare candidates of a bracket by the following bracket they leave: the next
scoregroup S with the bracket's downfloaters.  2017 C.7: first its number of pairs,
then its PSD, which the level encoding of :func:`cpswiss.systems.dutch.units.next_bracket`
reads as "the downfloaters left unpaired there, highest SD first" (RN-21).  2026 [C8]:
first its number of pairs, then, highest score first, the downfloaters paired there
(:func:`cpswiss.systems.dutch.units.next_bracket_scores`).  Every other quality criterion
of the step looks only at the pairs inside the bracket.  So when the criteria above
leave exactly one downfloater u, the step splits: the bracket decides everything
except u's look-ahead value, which depends on u alone - on how many pairs S + u has
and whether u is among them.

That follows from the structure of S (Gallai-Edmonds): let ν be the size of a
maximum matching of S, and D the players of S left unpaired by at least one maximum
matching ("exposable").  Then S + u has

* ν + 1 pairs if u may meet a player d of D (u-d plus a maximum matching missing d;
  conversely a matching of ν + 1 pairs uses u, and without u's pair it is a
  maximum matching of S missing u's partner);
* otherwise ν pairs, and u is paired in one of them exactly when u may meet
  anybody w in S (u-w plus a matching of S - w, which has at least ν - 1 pairs).

:func:`single_downfloater_classes` groups the bracket's players by that value,
best first; the bracket model then keeps the best group that can float.
"""

from __future__ import annotations

from enum import Enum
from collections.abc import Callable

from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.solver.matchings import greedy_matching, maximum_matching


class Below(Enum):
    """What the following bracket S + u makes of a single downfloater u."""

    EXTRA_PAIR = "u adds a pair to a maximum matching of S"
    PAIRED = "u is paired, S + u has no more pairs than S"
    UNPAIRED = "u may meet nobody in S"


# the value of the following bracket (smaller is better): minus its pairs, then the value of u's fate
LookaheadKey = tuple[int, tuple[int, ...]]
# the value of the following bracket from its maximum pairs and u's fate
LookaheadValue = Callable[[DutchBracket, int, int, Below], LookaheadKey]


def next_bracket_value(b: DutchBracket, u: int, pairs: int, below: Below) -> LookaheadKey:
    """C.04.3 C.7 (RN-21): (minus the pairs, the SDs of the downfloaters left unpaired).

    Above the last scoregroup the pairs are weighted by the players who may not take
    the bye (:func:`cpswiss.systems.dutch.units.next_bracket`); with every player of S free
    to take it, only u's weight varies: a u barred from the bye counts once more when
    he is paired below, that is, one pair less when he is not."""
    unpaired = below is Below.UNPAIRED
    barred = b.final and unpaired and not b.vertices[u].bye_eligible
    return -pairs + barred, (b.downfloat_sd(u),) if unpaired else ()


def next_bracket_scores_value(b: DutchBracket, u: int, pairs: int, below: Below) -> LookaheadKey:
    """2026 Art. 2.4.3 [C8]: (minus the pairs, then the downfloaters paired there by score,
    highest first): a paired downfloater of a higher score is better, any paired one is
    better than an unpaired one."""
    return -pairs, (0, -b.vertices[u].score) if below is not Below.UNPAIRED else (1, 0)


def single_downfloater_value(unit: str, b: DutchBracket) -> LookaheadValue | None:
    """How the look-ahead unit values a single downfloater, or None where the split does
    not hold: 2017 C.7 weighs the bye in a last following bracket (RN-21), which the
    number of pairs and u's fate tell only while every player of S may take the bye."""
    if b.last_step or b.holds_rest:
        return None
    if unit == "next-bracket":
        if b.final and not all(p.bye_eligible for p in b.vertices[b.n_bracket:]):
            return None
        return next_bracket_value
    if unit == "next-bracket-scores":
        return next_bracket_scores_value
    return None


def single_downfloater_classes(b: DutchBracket, value: LookaheadValue) -> list[list[int]]:
    """The bracket's vertices grouped by the look-ahead value of the following bracket when
    that vertex is the only downfloater (``value``, see :func:`single_downfloater_value`),
    best group first."""
    n = b.n_bracket
    lower_edges = [(i - n, j - n) for i, j in b.edges if i >= n]
    neighbours_below: list[set[int]] = [set() for _ in range(n)]
    for i, j in b.edges:
        if i < n <= j:
            neighbours_below[i].add(j - n)
    size, fates = fates_below(len(b.vertices) - n, lower_edges, neighbours_below)
    groups: dict[LookaheadKey, list[int]] = {}
    for u, below in enumerate(fates):
        pairs = size + (below is Below.EXTRA_PAIR)
        groups.setdefault(value(b, u, pairs, below), []).append(u)
    return [groups[key] for key in sorted(groups)]


def fates_below(n: int, edges: list[tuple[int, int]], neighbours: list[set[int]]) -> tuple[int, list[Below]]:
    """ν of S (given by its ``n`` players and ``edges``) and what S + u makes of each candidate
    u (neighbours[u]: the players of S he may meet); blossom matchings only, no solve."""
    size, exposable = _exposable(n, edges, neighbours)

    def fate(u: int) -> Below:
        if neighbours[u] & exposable:
            return Below.EXTRA_PAIR
        return Below.PAIRED if neighbours[u] else Below.UNPAIRED

    return size, [fate(u) for u in range(len(neighbours))]


def _exposable(n: int, edges: list[tuple[int, int]], asked: list[set[int]]) -> tuple[int, set[int]]:
    """ν, enough of D for the question "does this set meet D?", for every set of ``asked``.

    D grows from proofs only: a maximum matching's unpaired players, and every player
    at the end of an even alternating path from one of them (:func:`_reached_evenly`).
    Where a set is still disjoint from the D found, its players are asked one at a time:
    v is in D exactly when G - v still has a matching of ν pairs (a maximum matching of G
    leaving v unpaired, found by the blossom algorithm, whose even alternating paths add
    more players to D); when it has not, no maximum matching leaves v unpaired."""
    mate = _mates(n, [edges[e] for e in greedy_matching(n, edges)])  # a maximum matching
    size = sum(m is not None for m in mate) // 2
    if 2 * size == n:
        return size, set()  # perfect: nobody is exposable
    adjacent: list[set[int]] = [set() for _ in range(n)]
    for i, j in edges:
        adjacent[i].add(j)
        adjacent[j].add(i)
    exposable = _reached_evenly(adjacent, mate)
    paired_always: set[int] = set()  # players every maximum matching pairs
    while True:
        doubtful = set().union(*(s for s in asked if s and not s & exposable)) - exposable - paired_always
        if not doubtful:
            return size, exposable
        v = min(doubtful)
        without = maximum_matching(n, [(i, j) for i, j in edges if v != i and v != j])
        if len(without) < size:
            paired_always.add(v)
            continue
        exposable |= _reached_evenly(adjacent, _mates(n, without))


def _mates(n: int, pairs: list[tuple[int, int]]) -> list[int | None]:
    """Each player's partner in a matching given by its pairs (None: unpaired)."""
    mate: list[int | None] = [None] * n
    for i, j in pairs:
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
            partner = mate[w]
            if parent[w] is not None and partner is not None:  # w was reached through his partner
                on_path.add(partner)
            w = parent[w]
        for t in adjacent[v]:
            w = mate[t]
            if w is None or w in parent or t in on_path or w in on_path:
                continue  # t unpaired cannot happen with a maximum matching
            parent[w] = v
            queue.append(w)
    return set(parent)
