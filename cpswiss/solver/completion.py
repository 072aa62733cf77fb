"""Completion test (C.04.3 A.9, C.4): can these players still be paired completely?

Complete means: every player paired under C.1-C.3, except at most one (when
their number is odd) who must be eligible for the bye (C.2).  A greedy pairing
with the lowest eligible player out proves most sets completable at once (a
"yes" from it is a complete pairing, so it is exact); otherwise a maximum matching
decides (Edmonds' blossom algorithm: a complete pairing exists exactly when the
graph, with one more vertex joined to every player who may take the bye, has a
perfect matching).
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.tournament.compatibility import barred_later, compatible_later, every_pair_compatible
from cpswiss.solver.matchings import maximum_matching, maximum_weight_matching, pairs_in_order, refuse_too_large
from cpswiss.tournament.state import PlayerState, RoundState


def bye_candidate(players: list[PlayerState], state: RoundState) -> frozenset[int]:
    """With an odd number of players, the lowest one who may take the bye (C.2, and 2026
    [C5]), as the one a greedy pairing leaves out; empty with an even number (or nobody)."""
    if len(players) % 2 == 0:
        return frozenset()
    lowest = next((v for v in reversed(range(len(players))) if state.may_take_pab(players[v])), None)
    return frozenset() if lowest is None else frozenset([lowest])


def completable(players: list[PlayerState], state: RoundState, anyone_left_out: bool = False) -> bool:
    """Can these players all be paired (C1-C3), but for one who may take the bye when their
    number is odd (``anyone_left_out``: but for any one of them)?"""
    return complete_pairing(players, state, anyone_left_out) is not None


def complete_pairing(players: list[PlayerState], state: RoundState,
                     anyone_left_out: bool = False) -> list[tuple[int, int]] | None:
    """A pairing that :func:`completable` accepts, as pairs of positions in ``players``, or
    None when there is none."""
    n = len(players)
    if n == 0:
        return []
    if every_pair_compatible(players, state):  # every pair allowed: only the bye can fail
        if n % 2 == 0:
            out: frozenset[int] = frozenset()
        elif anyone_left_out:
            out = frozenset([n - 1])
        else:
            out = bye_candidate(players, state)
            if not out:
                return None
        rest = [v for v in range(n) if v not in out]
        return list(zip(rest[::2], rest[1::2]))
    barred = barred_later(players, state)
    left_out = bye_candidate(players, state) if not anyone_left_out else frozenset([n - 1] if n % 2 else [])
    in_order = pairs_in_order(n, [AllBut(few) for few in barred], left_out)
    if 2 * len(in_order) >= n - 1 and (n % 2 == 0 or left_out):
        return in_order  # a complete pairing, the bye to an eligible player
    if n % 2 == 0 or left_out:
        exchanged = exchanged_in(n, in_order, barred, left_out)
        if exchanged is not None:
            return exchanged  # a complete pairing again, found without the graph's pairs
    takers = [i for i in range(n) if anyone_left_out or state.may_take_pab(players[i])]
    refuse_too_large(n, "completion test ([C4]) on every pair")
    return complete_matching(n, [(i, j) for i in range(n) for j in range(i + 1, n) if j not in barred[i]], takers)


def exchanged_in(n: int, pairs: list[tuple[int, int]], barred: list[set[int]],
                 left_out: frozenset[int]) -> list[tuple[int, int]] | None:
    """``pairs`` (a maximal matching of n vertices, ``barred``: :func:`barred_later`) completed
    by exchanges: each vertex left unpaired (but ``left_out``) meets another one, or two of them
    take the places of a pair a-b, one meeting a and the other b.  A complete pairing, or None
    when these exchanges do not find one (which proves nothing)."""
    def may(i: int, j: int) -> bool:
        return i != j and (j not in barred[i] if i < j else i not in barred[j])

    out = set(left_out).union(*pairs) if pairs else set(left_out)
    unpaired = [v for v in range(n) if v not in out]
    matched = list(pairs)
    while unpaired:
        u = unpaired.pop(0)
        w = next((w for w in unpaired if may(u, w)), None)
        if w is not None:
            unpaired.remove(w)
            matched.append((min(u, w), max(u, w)))
            continue
        swap = next(((k, w, a, b) for w in unpaired for k, (x, y) in enumerate(matched)
                     for a, b in ((x, y), (y, x)) if may(u, a) and may(w, b)), None)
        if swap is None:
            return None
        k, w, a, b = swap
        unpaired.remove(w)
        matched[k] = (min(u, a), max(u, a))
        matched.append((min(w, b), max(w, b)))
    return matched


class ShrinkingCompletion:
    """:func:`completable` asked of fewer and fewer players of one round (the players left
    below each bracket, 2017 A.9).  The complete pairing found last is kept, by player: for
    the next question its pairs whose players are both still there stand, and when the
    players left without a partner can be paired among themselves greedily (but for one who
    may take the bye, with an odd number), that is a complete pairing again, a proof.  Only
    otherwise is the question put afresh."""

    def __init__(self, state: RoundState):
        self.state = state
        self.partner: dict[int, int] | None = None  # player id -> partner id in the pairing kept

    def __call__(self, players: list[PlayerState]) -> bool:
        if self.partner is not None:
            ids = {p.id for p in players}
            partner = self.partner
            orphans = [p for p in players if partner.get(p.id) not in ids]
            pairs = complete_pairing(orphans, self.state) if len(orphans) < len(players) else None
            if pairs is not None:
                kept = {pid: mate for pid, mate in partner.items() if pid in ids and mate in ids}
                self._keep(kept, orphans, pairs)
                return True
        found = complete_pairing(players, self.state)
        if found is None:
            return False
        self._keep({}, players, found)
        return True

    def _keep(self, kept: dict[int, int], players: list[PlayerState], pairs: list[tuple[int, int]]) -> None:
        for i, j in pairs:
            kept[players[i].id], kept[players[j].id] = players[j].id, players[i].id
        self.partner = kept


@dataclass(frozen=True)
class AllBut:
    """The players after one that he may meet, told by the few he may not (:func:`barred_later`)."""

    barred: set[int]

    def __contains__(self, w: object) -> bool:
        return w not in self.barred


def complete_matching_exists(n: int, edges: list[tuple[int, int]], takers: list[int]) -> bool:
    """Has the graph on n vertices a matching that leaves nobody unpaired, or with n odd
    only one of ``takers``?  (:func:`complete_matching`.)"""
    return complete_matching(n, edges, takers) is not None


def complete_matching(n: int, edges: list[tuple[int, int]], takers: list[int]) -> list[tuple[int, int]] | None:
    """A matching of the graph on n vertices that leaves nobody unpaired, or with n odd only
    one of ``takers``, or None: a perfect matching of the graph with, for n odd, one more
    vertex joined to every taker (:func:`maximum_matching`: exact)."""
    if n % 2 == 0:
        pairs = maximum_matching(n, edges)
        return pairs if 2 * len(pairs) == n else None
    pairs = maximum_matching(n + 1, edges + [(i, n) for i in takers])
    return [(i, j) for i, j in pairs if j < n] if 2 * len(pairs) == n + 1 else None


def coverable(must: list[PlayerState], helpers: list[PlayerState], state: RoundState) -> bool:
    """Can every player of ``must`` be paired (C1-C3), but for one who may take the bye, with
    any of ``helpers`` as opponents, the helpers themselves free to stay unpaired?  A
    maximum-weight matching (exact) weighing each pair by the players of ``must`` it holds,
    with one more vertex, the bye, joined to every player of ``must`` who may take it."""
    if completable(must, state) or completable(must + helpers, state):
        return True  # a complete pairing with no helper, or with every helper
    players = must + helpers
    n, later = len(players), compatible_later(players, state)
    arcs = [(i, j, (i < len(must)) + (j < len(must))) for i in range(n) for j in sorted(later[i])
            if i < len(must) or j < len(must)]
    arcs += [(i, n, 1) for i in range(len(must)) if state.may_take_pab(must[i])]
    matched = set(maximum_weight_matching(n + 1, arcs))
    return sum(w for i, j, w in arcs if (i, j) in matched) == len(must)
