"""Large Dutch brackets paired without their graph: the players as classes, the pairs barred
one by one as the few they are (C.04.3 B.8 / 2026 Art. 3.8 and 4, on the criteria of the rule
set).

A bracket of thousands of players has millions of possible pairs, but its players differ to
the criteria only by a few attributes: everything a player's state holds but his number, name
and opponents.  Those are his *class*.  The criteria's units value a pair by the two players'
states, so each level's coefficient on a pair is a function of the two classes: it is read
once from a *representative step* (two players of each class, with the flags of the real
step, :func:`representatives`), and checked there to be the same for every pair of the same
two classes.  The pairs barred class by class (C.3's same absolute preferences) are missing
there too; the pairs barred one by one (C.1: past opponents, forbidden pairs) are few.

The pairing is then found as :func:`~cpswiss.systems.dutch.small.first_generated_optimum`
finds it, with the criteria and the generation order weighed on that structure:

1. The lexicographic least of the criteria over the pairings *counted by classes*, the pairs
   barred one by one forgotten (:class:`~cpswiss.solver.classcounts.PairCounts`): a lower
   bound of every criterion in turn.  Where the look-ahead weighs (2017 C.7, 2026 [C8]) with
   one downfloater, each player's look-ahead value (:func:`floater_ranks`) is one more level,
   as in the bracket's own model.
2. The generation order's steps, each choice the lowest that the counts allow: D.3 (the first
   MDPs paired) and D.1 on the MDP-pairing (each MDP in turn with the lowest resident), asked
   of the counts of the whole bracket (:class:`~cpswiss.solver.classcounts.PairReach`); then
   D.2 with no exchange between S1 and S2 of the remainder, so that every player of S1 meets
   one of S2, and D.1: each player of S1 in turn with the lowest player of S2 with whom the
   rest can still reach the bound (:class:`~cpswiss.solver.classcounts.CrossCounts`).  A
   "no" of the counts is a proof; a "yes" is only a promise, kept by going on, and for the
   last :data:`TAIL` players of S1, where the pairs barred one by one weigh, the question is
   put on their explicit pairs (:func:`~cpswiss.solver.classcounts.reach_explicit`, exact).
   When every player has his partner the pairing reaches the bound, so it is optimal, and
   every partner passed over was proven impossible: it is the first candidate generated
   among the optima, the B.8 choice.

Where a step does not fit (a criterion not a sum or weighed by cases, a coefficient not a
function of the classes, a number of pairs the criteria leave open, several downfloaters where
the look-ahead weighs, an optimum that needs an exchange in the remainder, a promise of the
counts that the pairs barred one by one break), :func:`pair_dense` returns None and the step's
graph decides as for any bracket.  The procedure tries it on steps of at least
``procedure.CLASSES_FROM_PAIRS`` possible pairs (``SolverSettings.without_graph_from_pairs`` overrides it;
:func:`~cpswiss.systems.dutch.procedure.weighs_by_classes`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.classcounts import (CrossCounts, PairCounts, PairReach, PairWeights, Undecided, exchanged,
                                        merged_classes, reach_explicit)
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import pairs_in_order
from cpswiss.solver.completion import AllBut, completable
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.dutch.lookahead import Below, single_downfloater_value
from cpswiss.systems.dutch.solve import BracketRecord, step_levels
from cpswiss.tournament.compatibility import barred_later, compatible
from cpswiss.tournament.state import PlayerState, RoundState

__all__ = ["DenseOutcome", "class_of", "dense_record", "pair_dense", "representatives", "witnessed_below"]

_REPRESENTATIVE_ID = 1_000_000  # ids of representative players: above any pairing number (9999)


def class_of(p: PlayerState) -> PlayerState:
    """The player as the criteria see him: his state without number, name or opponents."""
    return replace(p, id=0, rank=0, name="", opponents=frozenset(), forbidden=frozenset())


class DenseOutcome:
    """What :func:`pair_dense` found: the pairs inside the bracket (vertex indices, sorted)
    and the one player a bracket of odd size floats (or None)."""

    __slots__ = ("pairs", "floater", "asked")

    def __init__(self, pairs: list[tuple[int, int]], floater: int | None, asked: int):
        self.pairs = pairs
        self.floater = floater
        self.asked = asked  # the counts' questions put to the solver


def representatives(players: list[PlayerState], n_mdp: int, n_bracket: int
                    ) -> tuple[list[PlayerState], int, int, list[int], list[int]]:
    """Two players of each class (one where it has one), each a copy with a number of its own
    and no opponents: the moved-down players', the residents', then those below the bracket
    (the parts' classes kept apart: their roles in the step differ); in each part every
    class's first player, then every class's second, so that two classes meet in both
    orders.  Returns the copies, how many are MDPs and how many the bracket's, the class of
    every real player and of every copy."""
    index: dict[tuple[int, PlayerState], int] = {}
    cls = []
    firsts: list[list[int]] = [[], [], []]
    seconds: list[list[int]] = [[], [], []]
    seen: dict[int, int] = {}
    for v, p in enumerate(players):
        part = 0 if v < n_mdp else 1 if v < n_bracket else 2
        c = index.setdefault((part, class_of(p)), len(index))
        cls.append(c)
        count = seen.get(c, 0)
        if count < 2:
            seen[c] = count + 1
            (firsts if count == 0 else seconds)[part].append(v)
    chosen = [v for part in range(3) for v in firsts[part] + seconds[part]]
    copies = [replace(players[v], id=_REPRESENTATIVE_ID + k, opponents=frozenset(), forbidden=frozenset())
              for k, v in enumerate(chosen)]
    n_rep_mdp = len(firsts[0]) + len(seconds[0])
    return copies, n_rep_mdp, n_rep_mdp + len(firsts[1]) + len(seconds[1]), cls, [cls[v] for v in chosen]


def class_weights(rep: DutchBracket, rep_cls: list[int], levels: list[Level]) -> PairWeights | None:
    """Each level's coefficient on a pair of bracket classes, read from the representative
    step; None where some level is not a sum, looks below the bracket, or values two pairs
    of the same two classes differently."""
    if any(level.nonlinear is not None or level.weighed_by_cases for level in levels):
        return None
    n = rep.n_bracket
    weights: PairWeights = {}
    for e, (i, j) in enumerate(rep.edges):
        if j >= n:
            if any(level.coef.get(e, 0) for level in levels):
                return None
            continue
        key = (min(rep_cls[i], rep_cls[j]), max(rep_cls[i], rep_cls[j]))
        value = tuple(level.coef.get(e, 0) for level in levels)
        if weights.setdefault(key, value) != value:
            return None
    return weights


def floater_ranks(players: list[PlayerState], n_bracket: int, state: RoundState, rep: DutchBracket,
                  rep_of: list[int], unit: str) -> list[int] | None:
    """Each bracket player's look-ahead rank (0 best) as the only downfloater: the value of the
    next scoregroup S with him (:func:`~cpswiss.systems.dutch.lookahead.single_downfloater_classes`),
    told from S's structure without its graph.  S, dense, is paired in order
    (:func:`~cpswiss.solver.matchings.pairs_in_order`): with every player paired, ν = |S|/2 and
    nobody is exposable; with one left out (|S| odd), ν = (|S|-1)/2 and a player is exposable
    when S without him pairs completely, which a pairing in order proves.  None where that
    does not settle every player (S not paired so, or a player whose exposable neighbours are
    not found in a few tries)."""
    value = single_downfloater_value(unit, rep)
    if value is None:
        return None
    below = players[n_bracket:]
    m = len(below)
    allowed = [AllBut(barred) for barred in barred_later(below, state)]
    paired = pairs_in_order(m, allowed)
    if 2 * len(paired) < m - 1:
        return None
    size = len(paired)
    exposable: list[int] = []
    if m % 2:
        exposable.append(next(v for v in range(m) if all(v not in pair for pair in paired)))
    keys = []
    for u in range(n_bracket):
        p = players[u]
        fate = _fate(p, below, exposable, allowed, state)
        if fate is None:
            return None
        keys.append(value(rep, rep_of[u], size + (fate is Below.EXTRA_PAIR), fate))
    order = {key: k for k, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]


def _fate(p: PlayerState, below: list[PlayerState], exposable: list[int], allowed: list[AllBut],
          state: RoundState) -> Below | None:
    """What S + p makes of p (:class:`~cpswiss.systems.dutch.lookahead.Below`), finding more
    exposable players of S where p meets none of those known (a few tries)."""
    if any(compatible(p, below[w], state) for w in exposable):
        return Below.EXTRA_PAIR
    if len(below) % 2 == 0:  # S pairs completely: nobody is exposable
        return Below.PAIRED if any(compatible(p, q, state) for q in below) else Below.UNPAIRED
    mates = []
    for w, q in enumerate(below):
        if compatible(p, q, state):
            mates.append(w)
            if len(mates) == 3:
                break
    if not mates:
        return Below.UNPAIRED
    for w in mates:
        if 2 * len(pairs_in_order(len(below), allowed, frozenset([w]))) == len(below) - 1:
            exposable.append(w)
            return Below.EXTRA_PAIR
    return None


def pair_dense(players: list[PlayerState], n_mdp: int, n_bracket: int, state: RoundState,
               make_step: Callable[[list[PlayerState], int, int], DutchBracket], levels_of: Callable[[DutchBracket], tuple[
                   list[Level], list[Level], list[Level], str | None]],
               settings: SolverSettings | None = None) -> DenseOutcome | None:
    """The B.8 choice of a bracket (its ``n_mdp`` moved-down players first in ``players``,
    then its residents, then the next scoregroup, or nobody in a last step), as the module
    docstring finds it, or None where it does not apply.  ``make_step`` builds a step of the
    same kind on other players (the representative step: its players, MDPs, bracket size),
    ``levels_of`` its levels before the look-ahead, the look-ahead's, those after it, and the
    look-ahead's unit."""
    if state.allowed_pairs or state.bye_despite_bar:
        return None  # an arbiter's decision names players, not classes
    reps, n_rep_mdp, n_rep_bracket, cls, rep_cls = representatives(players, n_mdp, n_bracket)
    rep = make_step(reps, n_rep_mdp, n_rep_bracket)
    before, lookahead, after, unit = levels_of(rep)
    below = len(players) > n_bracket
    if any(level.nonlinear is not None or level.weighed_by_cases for level in lookahead):
        return None
    weights = class_weights(rep, rep_cls, before + after)
    if weights is None:
        return None
    n_levels = len(before) + len(after)
    zero = tuple([0] * n_levels)
    classes, weights, unpaired = merged_classes(cls[:n_bracket], weights, [zero] * (1 + max(cls)),
                                                _mdp_classes(cls, n_mdp))
    values, spread = PairCounts(_sizes(classes, len(unpaired)), weights, unpaired, n_levels).least(settings)
    if spread[0] != spread[1]:
        return None  # the criteria leave the number of pairs open: the model decides
    floaters = spread[0]
    if not below or all(level.trivial for level in lookahead) or not floaters:
        return _first_generated(players[:n_bracket], n_mdp, state, classes, weights, unpaired, values, floaters,
                                settings)
    if floaters > 1 or unit is None:
        return None
    rep_of = [rep_cls.index(c) for c in cls[:n_bracket]]
    rank = floater_ranks(players, n_bracket, state, rep, rep_of, unit)
    if rank is None:
        return None
    # the classes of the counts split by the look-ahead rank, one more level between those
    # before and after it: the rank of the player left unpaired
    refined: dict[tuple[int, int], int] = {}
    fine = [refined.setdefault((classes[v], rank[v]), len(refined)) for v in range(n_bracket)]
    base, ranks = [0] * len(refined), [0] * len(refined)
    for (c, r), f in refined.items():
        base[f], ranks[f] = c, r
    k = len(before)
    fine_weights: PairWeights = {}
    for x in range(len(base)):
        for y in range(x, len(base)):
            key = (min(base[x], base[y]), max(base[x], base[y]))
            if key in weights:
                fine_weights[x, y] = weights[key][:k] + (0,) + weights[key][k:]
    leftover = [tuple([0] * k + [r] + [0] * (n_levels - k)) for r in ranks]
    fine, fine_weights, leftover = merged_classes(fine, fine_weights, leftover, _mdp_classes(fine, n_mdp))
    fine_values, fine_spread = PairCounts(_sizes(fine, len(leftover)), fine_weights, leftover,
                                          n_levels + 1).least(settings)
    if fine_spread != spread or fine_values[:k] != values[:k]:
        return None
    return _first_generated(players[:n_bracket], n_mdp, state, fine, fine_weights, leftover, fine_values, floaters,
                            settings)


def _mdp_classes(cls: list[int], n_mdp: int) -> list[int]:
    """1 for a class of moved-down players, 0 for the others (never merged: D.3 counts the
    MDPs left unpaired by class)."""
    tags = [0] * (1 + max(cls))
    for v in range(n_mdp):
        tags[cls[v]] = 1
    return tags


def _sizes(cls: list[int], n_classes: int) -> list[int]:
    sizes = [0] * n_classes
    for c in cls:
        sizes[c] += 1
    return sizes


class _Free:
    """The players of some classes not yet paired, each class's in order: the first of a
    class that a player may meet (C.1, C.3) found past those taken."""

    def __init__(self, members: list[int], cls: list[int], n_classes: int):
        self.members: list[list[int]] = [[] for _ in range(n_classes)]
        for v in members:
            self.members[cls[v]].append(v)
        self.head = [0] * n_classes
        self.taken: set[int] = set()

    def firsts(self, p: PlayerState, players: list[PlayerState], classes: list[int],
               state: RoundState) -> list[tuple[int, int]]:
        """(player, class) for each of ``classes``: its first free player that p may meet,
        in the players' order."""
        out = []
        taken = self.taken
        for b in classes:
            row = self.members[b]
            k = self.head[b]
            while k < len(row) and row[k] in taken:
                k += 1
            self.head[b] = k
            while k < len(row):  # past the few he may not meet (C.1) or already taken
                u = row[k]
                if u not in taken and compatible(p, players[u], state):
                    out.append((u, b))
                    break
                k += 1
        out.sort()
        return out


def _first_generated(bracket: list[PlayerState], n_mdp: int, state: RoundState, cls: list[int],
                     weights: PairWeights, leftover: list[tuple[int, ...]], targets: list[int], floaters: int,
                     settings: SolverSettings | None) -> DenseOutcome | None:
    """The generation order's first candidate at the bound (module docstring, item 2): D.3
    (the first MDPs paired) and D.1 on the MDP-pairing (each MDP in turn with the lowest
    resident), every choice allowed by the counts of the whole bracket; then the remainder
    with no exchange (D.2) and D.1 in it.  None where the counts allow no pairing of the
    remainder without an exchange, or a promise of theirs is broken."""
    n = len(bracket)
    n_classes = len(leftover)
    sizes = [0] * n_classes
    for v in range(n):
        sizes[cls[v]] += 1
    left = list(targets)
    pairs: list[tuple[int, int]] = []
    free = _Free(list(range(n_mdp, n)), cls, n_classes)
    asked = 0
    unpaired_mdps: list[int] = []
    if n_mdp:
        whole = PairReach(weights, leftover, len(targets), settings)
        mdp_classes = sorted({cls[v] for v in range(n_mdp)})
        fewest = {c: 0 for c in mdp_classes}  # MDPs of the class decided unpaired
        most = {c: 0 for c in mdp_classes}  # ... decided unpaired, and those not decided yet
        for v in range(n_mdp):
            most[cls[v]] += 1
        paired_mdps = []
        for v in range(n_mdp):  # D.3: the first MDPs paired
            c = cls[v]
            most[c] -= 1
            if whole.reach(sizes, left, fewest, most) is None:
                most[c] += 1
                fewest[c] += 1
                unpaired_mdps.append(v)
            else:
                paired_mdps.append(v)
        if whole.reach(sizes, left, fewest, most) is None:
            return None
        residents = [b for b in range(n_classes) if any(cls[u] == b for u in range(n_mdp, n))]
        impossible: set[tuple[int, int]] = set()  # as in :func:`_remainder`
        for v in paired_mdps:  # D.1: their opponents, each the lowest resident he can have
            c = cls[v]
            chosen = None
            for u, b in free.firsts(bracket[v], bracket, [b for b in residents if (min(c, b), max(c, b)) in weights],
                                    state):
                w = weights[min(c, b), max(c, b)]
                sizes[c] -= 1
                sizes[b] -= 1
                rest = [t - x for t, x in zip(left, w)]
                if (c, b) not in impossible and whole.reach(sizes, rest, fewest, most) is not None:
                    chosen = (u, rest)
                    break
                impossible.add((c, b))
                sizes[c] += 1
                sizes[b] += 1
            if chosen is None:
                return None
            u, left = chosen
            free.taken.add(u)
            pairs.append((v, u))
        asked += whole.asked
        for v in unpaired_mdps:
            left = [t - x for t, x in zip(left, leftover[cls[v]])]
    remainder = [u for u in range(n_mdp, n) if u not in free.taken]
    floaters -= len(unpaired_mdps)
    p = (len(remainder) - floaters) // 2
    if p < 0:
        return None
    found = _remainder(bracket, state, cls, weights, leftover, left, remainder, p, settings)
    if found is None:
        return None
    remainder_pairs, floater_list, count = found
    pairs += remainder_pairs
    floater_list += unpaired_mdps
    return DenseOutcome(sorted(pairs), min(floater_list) if len(floater_list) == 1 else None, asked + count)


def _remainder(bracket: list[PlayerState], state: RoundState, cls: list[int], weights: PairWeights,
               leftover: list[tuple[int, ...]], left: list[int], remainder: list[int], p: int,
               settings: SolverSettings | None) -> tuple[list[tuple[int, int]], list[int], int] | None:
    """D.2 with no exchange and D.1 in the remainder: its first ``p`` players (S1) each in
    turn with the lowest player of S2 the counts allow; the pairs, those left unpaired and
    the questions asked, or None."""
    n_classes = len(leftover)
    cross_weights = {}
    for (a, b), w in weights.items():
        cross_weights[a, b] = cross_weights[b, a] = w
    cross = CrossCounts(cross_weights, leftover, len(left), settings)
    s1, s2 = [0] * n_classes, [0] * n_classes
    for k, v in enumerate(remainder):
        (s1 if k < p else s2)[cls[v]] += 1
    witness = cross.reach(s1, s2, left)
    if witness is None:
        return None  # an exchange is needed (or the bound is not reached): the model decides
    free = _Free(remainder[p:], cls, n_classes)
    pairs = []
    # pairs of classes no pairing reaching the bound has: once so, so for the rest (a pairing
    # of the rest with one, and the pairs fixed since, would be one of the whole)
    impossible: set[tuple[int, int]] = set()
    for t, v in enumerate(remainder[:p]):
        if p - t <= TAIL:  # the last players of S1: the pairs barred one by one weigh, exactly
            tail = _Tail(bracket, state, cls, cross_weights, leftover, remainder[t:p],
                         [u for u in remainder[p:] if u not in free.taken], settings)
            found_tail = tail.first(left, cross, s1, s2, impossible)
            if found_tail is None:
                return None
            pairs += found_tail
            free.taken.update(u for _, u in found_tail)
            left = tail.left
            break
        a = cls[v]
        chosen = None
        for u, b in free.firsts(bracket[v], bracket, [b for b in range(n_classes) if s2[b] and (a, b) in cross_weights],
                                state):
            w = cross_weights[a, b]
            s1[a] -= 1
            s2[b] -= 1
            rest = [t - x for t, x in zip(left, w)]
            if witness.get((a, b), 0) < 1:
                s1[a] += 1
                s2[b] += 1
                witness = exchanged(witness, a, b, s2, cross_weights, leftover) or witness
                s1[a] -= 1
                s2[b] -= 1
            if witness.get((a, b), 0) >= 1:
                witness[a, b] -= 1
                chosen = (u, rest)
                break
            found = cross.reach(s1, s2, rest) if (a, b) not in impossible else None
            if found is not None:
                witness = found
                chosen = (u, rest)
                break
            impossible.add((a, b))
            s1[a] += 1
            s2[b] += 1
        if chosen is None:
            return None  # the counts promised what the pairs barred one by one break
        u, left = chosen
        free.taken.add(u)
        pairs.append((v, u))
    floater_list = [u for u in remainder[p:] if u not in free.taken]
    if len(pairs) != p or any(sum(leftover[cls[u]][k] for u in floater_list) != left[k] for k in range(len(left))):
        return None
    return pairs, floater_list, cross.asked


# the players of S1 left from which D.1 is settled on their explicit pairs (:class:`_Tail`)
TAIL = 12


class _Tail:
    """The last players of S1 and the players of S2 left, with their explicit pairs (the pairs
    barred one by one among them weigh now): each player of S1 in turn with the lowest of S2
    such that some pairing of the rest reaches the totals - a CP-SAT model of those pairs,
    exact; the counts by class first, whose "no" spares the model."""

    def __init__(self, bracket: list[PlayerState], state: RoundState, cls: list[int],
                 weights: dict[tuple[int, int], tuple[int, ...]], leftover: list[tuple[int, ...]],
                 s1: list[int], s2: list[int], settings: SolverSettings | None):
        self.cls, self.weights, self.leftover, self.settings = cls, weights, leftover, settings
        self.s1, self.s2 = s1, s2
        self.edges = [(v, u) for v in s1 for u in s2
                      if (cls[v], cls[u]) in weights and compatible(bracket[v], bracket[u], state)]
        self.left: list[int] = []

    def _reach(self, fixed: list[tuple[int, int]], totals: list[int]) -> set[tuple[int, int]] | None:
        return reach_explicit(self.edges, self.s1, self.s2, self.cls, self.weights, self.leftover, fixed, totals,
                              self.settings)

    def _swapped(self, witness: set[tuple[int, int]], v: int, u: int,
                 edges: set[tuple[int, int]]) -> set[tuple[int, int]] | None:
        """The pairing ``witness`` with v given u by one swap that keeps every level's total: v's
        partner u2 to u's partner v2 (or left over in u's place, where u was); None if none."""
        cls, weights, leftover = self.cls, self.weights, self.leftover
        u2 = next((w for x, w in witness if x == v), None)
        v2 = next((x for x, w in witness if w == u), None)
        if u2 is None:
            return None
        if v2 is None:
            ok = all(p - q == leftover[cls[u2]][k] - leftover[cls[u]][k]
                     for k, (p, q) in enumerate(zip(weights[cls[v], cls[u2]], weights[cls[v], cls[u]])))
            return (witness - {(v, u2)}) | {(v, u)} if ok else None
        if (v2, u2) not in edges:
            return None
        if all(p + q == r + t for p, q, r, t in zip(weights[cls[v], cls[u]], weights[cls[v2], cls[u2]],
                                                      weights[cls[v], cls[u2]], weights[cls[v2], cls[u]])):
            return (witness - {(v, u2), (v2, u)}) | {(v, u), (v2, u2)}
        return None

    def first(self, totals: list[int], cross: CrossCounts, s1: list[int], s2: list[int],
              impossible: set[tuple[int, int]]) -> list[tuple[int, int]] | None:
        """The tail's pairs, each player of S1 with the lowest partner the rest allows; None
        where no pairing of the tail reaches the totals.  ``cross``, ``s1``, ``s2``: the counts
        by class of the players left (updated as pairs are fixed)."""
        witness = self._reach([], totals)
        if witness is None:
            return None
        cls, edges = self.cls, set(self.edges)
        fixed: list[tuple[int, int]] = []
        rest = list(totals)
        for v in self.s1:
            a = cls[v]
            for u in self.s2:
                pair = (v, u)
                if pair not in witness:
                    if (a, cls[u]) in impossible or pair not in edges or any(u == w for _, w in fixed):
                        continue
                    swapped = self._swapped(witness, v, u, edges)
                    if swapped is not None:
                        witness = swapped
                if pair not in witness:
                    s1[a] -= 1
                    s2[cls[u]] -= 1
                    promising = cross.reach(s1, s2, [t - w for t, w in zip(rest, self.weights[a, cls[u]])])
                    s1[a] += 1
                    s2[cls[u]] += 1
                    if promising is None:
                        impossible.add((a, cls[u]))
                        continue
                    found = self._reach(fixed + [pair], totals)
                    if found is None:
                        continue
                    witness = found
                fixed.append(pair)
                s1[a] -= 1
                s2[cls[u]] -= 1
                rest = [t - w for t, w in zip(rest, self.weights[a, cls[u]])]
                break
            else:
                return None
        self.left = rest
        return fixed


def witnessed_below(players: list[PlayerState], n_bracket: int, floater: int | None, rest: list[PlayerState],
                    state: RoundState) -> bool:
    """2026 [C4] for a bracket paired here (:func:`~cpswiss.systems.dutch.procedure.completion_witnessed`):
    its floater (if any) and the next scoregroup S paired as well as the look-ahead valued
    them - S + floater with a pair more than S when the floater meets an exposable player,
    else S paired in order with the floater beside - and whoever that leaves completable
    with ``rest``, the players below S.  False where this construction does not show it."""
    below = players[n_bracket:]
    m = len(below)
    allowed = [AllBut(barred) for barred in barred_later(below, state)]
    left: list[PlayerState]
    if floater is None:
        paired = pairs_in_order(m, allowed)
        if 2 * len(paired) < m - 1:
            return False
        used = {v for pair in paired for v in pair}
        left = [below[v] for v in range(m) if v not in used]
    else:
        group = [players[floater]] + below
        allowed_all = [AllBut(barred) for barred in barred_later(group, state)]
        paired = pairs_in_order(m + 1, allowed_all)
        used = {v for pair in paired for v in pair}
        if 0 not in used and any(compatible(players[floater], q, state) for q in below):
            return False  # the floater could be paired below: not shown here
        if 2 * len(paired) < m:
            return False
        left = [group[v] for v in range(m + 1) if v not in used]
    return completable(left + rest, state)


def dense_record(players: list[PlayerState], n_mdp: int, n_bracket: int, state: RoundState, rules: RuleSet,
                 flags: dict[str, bool], settings: SolverSettings | None,
                 landing: list[PlayerState] | None = None) -> BracketRecord | None:
    """:func:`pair_dense` for one step of the procedure (a bracket without moved-down players
    and the next scoregroup, or a last bracket alone; ``flags``: the step's
    :class:`~cpswiss.systems.dutch.bracket.DutchBracket` flags), as the step's record; the
    graph, its levels and the chosen edges are built only when an explanation asks for them.
    The 2013 ``landing`` bracket: only on that graph (C.12 by the caller: ``c12_at_its_least``)."""
    def make_step(vertices: list[PlayerState], mdps: int, n: int, lands: list[PlayerState] | None = None) -> DutchBracket:
        return DutchBracket(vertices, mdps, n, state, landing=lands, last_step=flags["last_step"],
                            final=flags["final"], pab_in_bracket=flags["pab_in_bracket"],
                            landing_homogeneous_at_half=flags["landing_homogeneous_at_half"])

    def levels_of(b: DutchBracket) -> tuple[list[Level], list[Level], list[Level], str | None]:
        step = step_levels(b, rules)
        if b.last_step:
            return step.all, [], [], None
        return step.before, step.lookahead, step.after, step.lookahead_unit

    try:
        found = pair_dense(players, n_mdp, n_bracket, state, make_step, levels_of, settings)
    except Undecided:
        found = None  # a question of counts not answered in time: the graph decides
    if found is None:
        return None
    pairs = found.pairs

    def build() -> tuple[DutchBracket, list[Level], list[int]]:
        b = make_step(players, n_mdp, n_bracket, landing)
        edge_of = {edge: e for e, edge in enumerate(b.edges)}
        return b, step_levels(b, rules).all, [edge_of[pair] for pair in pairs]

    return BracketRecord(score=players[n_mdp].score if n_mdp < n_bracket else players[0].score,
                         mdps=[p.id for p in players[:n_mdp]], residents=[p.id for p in players[n_mdp:n_bracket]],
                         last_step=flags.get("last_step", False), collapsed=False, pairs=list(pairs),
                         downfloaters=[], solves=found.asked, build=build, by_classes=True)
