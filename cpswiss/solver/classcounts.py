"""Matchings counted by classes: a relaxation of a large, dense matching problem whose vertices
fall into a few classes and whose levels value a pair by the two classes alone.

A pairing of such a graph is described, as far as the levels see it, by how many pairs it
has between each two classes.  Forgetting which pairs are barred one by one (past opponents:
few) and keeping only what is barred class by class, every pairing gives a count vector that
meets the class sizes; so the lexicographic minimum of the levels over those count vectors
is a lower bound of the minimum over the pairings, and a pairing that reaches it is optimal.
Whether counts are reachable at all with one more pair fixed is a small integer programme
(a few dozen variables), put to CP-SAT; a "no" is a proof for the real graph too.

Two shapes are counted: any pairing of one set of vertices (:class:`PairCounts`), and the
pairings of a first set S1 wholly into a second set S2 (:class:`CrossCounts`), where the
members of S2 left over are weighed by their class too.  Nothing here knows a pairing
system: the classes and the weights are given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cpswiss.solver.settings import SolverSettings

# the weight of a pair of classes (a, b), a <= b, on each level; None: the pair is barred
PairWeights = dict[tuple[int, int], tuple[int, ...]]


# the longest a question of counts may take: past it the counts leave the step to its graph
COUNTS_TIME_LIMIT = 10.0


class Undecided(Exception):
    """A question of counts not answered within :data:`COUNTS_TIME_LIMIT`: the counts decide
    nothing (the caller pairs the step another way; never a guess)."""


def _solver(settings: SolverSettings | None) -> Any:
    from cpswiss.solver.cpsat import cp_model

    settings = settings or SolverSettings()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = settings.workers
    solver.parameters.max_time_in_seconds = min(settings.time_limit, COUNTS_TIME_LIMIT)
    solver.parameters.random_seed = 0
    # measured (round 8 of 9,999 players: 10.0 -> 4.5 s of CPU): on these small models of a few
    # dozen counts, presolve, probing and symmetry detection cost more than they save
    solver.parameters.cp_model_presolve = False
    solver.parameters.cp_model_probing_level = 0
    solver.parameters.symmetry_level = 0
    return solver


def _solve(model: Any, solver: Any, variables: list[Any]) -> list[int] | None:
    """The variables' values in an optimal (or, without an objective, any) solution; None when
    there is none; :class:`Undecided` when that is not proven in time."""
    from cpswiss.solver.cpsat import cp_model

    status = solver.Solve(model)
    if status == cp_model.OPTIMAL or (status == cp_model.FEASIBLE and not model.has_objective()):
        return [int(solver.Value(v)) for v in variables]
    if status == cp_model.INFEASIBLE:
        return None
    raise Undecided(solver.StatusName(status))


def _counts_within(model: Any, weights: PairWeights, count: dict[tuple[int, int], Any],
                   unpaired: list[tuple[int, ...]], left: list[Any], totals: list[int], levels: int,
                   settings: SolverSettings | None) -> dict[tuple[int, int], int] | None:
    """The counts of pairs of ``model`` (a variable per pair of classes in ``count``, one per
    class's members left unpaired in ``left``) whose levels - each pair's ``weights`` and each
    member left over's ``unpaired`` - stay within ``totals``: the non-zero counts, or None when
    no counts do."""
    pairs = list(count)
    for k in range(levels):
        model.add(sum(weights[p][k] * count[p] for p in pairs)
                  + sum(unpaired[a][k] * left[a] for a in range(len(left))) <= totals[k])
    found = _solve(model, _solver(settings), [count[p] for p in pairs])
    if found is None:
        return None
    return {p: v for p, v in zip(pairs, found) if v}


def merged_classes(cls: list[int], weights: PairWeights, leftover: list[tuple[int, ...]], apart: list[int]
                   ) -> tuple[list[int], PairWeights, list[tuple[int, ...]]]:
    """The classes with the same weights towards every class (themselves included), the same
    weight left over and the same tag ``apart`` (classes the caller tells apart) made one: to
    the counts they are interchangeable.  Returns each vertex's class, the weights and the
    leftovers of the classes so made."""
    n = len(leftover)
    signature = [(apart[a], leftover[a], tuple(weights.get((min(a, b), max(a, b))) for b in range(n)))
                 for a in range(n)]
    number: dict[Any, int] = {}
    new = [number.setdefault(sig, len(number)) for sig in signature]
    merged: PairWeights = {}
    for (a, b), w in weights.items():
        x, y = sorted((new[a], new[b]))
        merged[x, y] = w
    left = [leftover[0]] * len(number)
    for a in range(n):
        left[new[a]] = leftover[a]
    return [new[c] for c in cls], merged, left


@dataclass
class PairCounts:
    """Pairings of a set of vertices in classes (``sizes``), each pair of classes weighed by
    ``weights`` on every level and each vertex left unpaired by ``unpaired`` (per class, per
    level).  :meth:`least` gives the lexicographic minimum of the levels over the count vectors."""

    sizes: list[int]
    weights: PairWeights
    unpaired: list[tuple[int, ...]]
    levels: int

    def least(self, settings: SolverSettings | None = None) -> tuple[list[int], list[int]]:
        """The least value of each level in turn (each frozen before the next) and the number
        of vertices left unpaired in a count vector reaching them, at its fewest and most:
        ([values], [fewest, most])."""
        from cpswiss.solver.cpsat import CpModel

        model = CpModel()
        pairs = sorted(self.weights)
        count = {}
        for a, b in pairs:
            top = self.sizes[a] // 2 if a == b else min(self.sizes[a], self.sizes[b])
            count[a, b] = model.new_int_var(0, top, f"n{a}_{b}")
        left = []
        for a, size in enumerate(self.sizes):
            used = sum((2 if x == y else 1) * count[x, y] for x, y in pairs if a in (x, y))
            u = model.new_int_var(0, size, f"u{a}")
            model.add(u + used == size)
            left.append(u)
        values = []
        for k in range(self.levels):
            expr = sum(self.weights[p][k] * count[p] for p in pairs) + \
                sum(self.unpaired[a][k] * left[a] for a in range(len(self.sizes)))
            model.minimize(expr)
            found = _solve(model, _solver(settings), [count[p] for p in pairs] + left)
            if found is None:
                raise Undecided("no count of pairs by classes")
            value = sum(self.weights[p][k] * found[i] for i, p in enumerate(pairs)) + \
                sum(self.unpaired[a][k] * found[len(pairs) + a] for a in range(len(self.sizes)))
            model.add(expr == value)
            values.append(value)
        spread = []
        for sense in (1, -1):
            model.minimize(sense * sum(left))
            found = _solve(model, _solver(settings), left)
            if found is None:
                raise Undecided("no count of pairs by classes")
            spread.append(sum(found))
        return values, spread


class PairReach:
    """Pairings of a set of vertices in classes, counted (as :class:`PairCounts`), asked
    whether the levels can reach given totals with some classes' unpaired members bounded
    (:meth:`reach`): a count vector that does, or None, a proof that no pairing does."""

    def __init__(self, weights: PairWeights, unpaired: list[tuple[int, ...]], levels: int,
                 settings: SolverSettings | None = None):
        self.weights = weights
        self.pairs = sorted(weights)
        self.unpaired = unpaired
        self.levels = levels
        self.settings = settings
        self.asked = 0

    def reach(self, sizes: list[int], totals: list[int], fewest_unpaired: dict[int, int],
              most_unpaired: dict[int, int]) -> dict[tuple[int, int], int] | None:
        """Counts n[a, b] of pairs between classes of these ``sizes`` whose levels (pairs and
        unpaired members) sum to ``totals``, each class's unpaired members within the bounds
        given; None when there are none."""
        from cpswiss.solver.cpsat import CpModel

        self.asked += 1
        model = CpModel()
        pairs = [(a, b) for a, b in self.pairs if sizes[a] and sizes[b] and (a != b or sizes[a] > 1)]
        count = {p: model.new_int_var(0, sizes[p[0]] // 2 if p[0] == p[1] else min(sizes[p[0]], sizes[p[1]]),
                                       f"n{p[0]}_{p[1]}") for p in pairs}
        left = []
        for a, size in enumerate(sizes):
            used = sum((2 if x == y else 1) * count[x, y] for x, y in pairs if a in (x, y))
            u = model.new_int_var(fewest_unpaired.get(a, 0), min(size, most_unpaired.get(a, size)), f"u{a}")
            model.add(u + used == size)
            left.append(u)
        return _counts_within(model, self.weights, count, self.unpaired, left, totals, self.levels, self.settings)


class CrossCounts:
    """Pairings of every vertex of S1 with one of S2, counted by classes: ``s1[a]`` and
    ``s2[b]`` members of each class, pair (a of S1, b of S2) weighed ``weight(a, b)`` on every
    level (absent: barred), each member of S2 left over by ``leftover[b]``.  Asked whether
    the levels can all reach given totals (:meth:`reach`), it answers with a count vector
    that does, or None: a proof that no pairing does."""

    def __init__(self, weights: dict[tuple[int, int], tuple[int, ...]], leftover: list[tuple[int, ...]],
                 levels: int, settings: SolverSettings | None = None):
        self.weights = weights
        self.pairs = sorted(weights)
        self.leftover = leftover
        self.levels = levels
        self.settings = settings
        self.asked = 0

    def reach(self, s1: list[int], s2: list[int], totals: list[int]) -> dict[tuple[int, int], int] | None:
        """Counts y[a, b] of pairs (S1 class a, S2 class b), every member of S1 paired, no
        class of S2 over its size, whose levels (pairs and leftovers) sum to ``totals``; None
        when there are none (then no pairing of the real vertices reaches them either)."""
        from cpswiss.solver.cpsat import CpModel

        self.asked += 1
        model = CpModel()
        pairs = [(a, b) for a, b in self.pairs if s1[a] and s2[b]]
        y = {p: model.new_int_var(0, min(s1[p[0]], s2[p[1]]), f"y{p[0]}_{p[1]}") for p in pairs}
        for a, size in enumerate(s1):
            if size:
                row = [y[p] for p in pairs if p[0] == a]
                if not row:
                    return None
                model.add(sum(row) == size)
        left = []
        for b, size in enumerate(s2):
            column = [y[p] for p in pairs if p[1] == b]
            u = model.new_int_var(0, size, f"u{b}")
            model.add(u + sum(column) == size)
            left.append(u)
        return _counts_within(model, self.weights, y, self.leftover, left, totals, self.levels, self.settings)


def exchanged(witness: dict[tuple[int, int], int], a: int, b: int, s2: list[int],
              weights: dict[tuple[int, int], tuple[int, ...]], leftover: list[tuple[int, ...]]
              ) -> dict[tuple[int, int], int] | None:
    """A count vector of :meth:`CrossCounts.reach` with a pair (a, b), made from ``witness``
    (one without it) by one exchange that leaves every level's total as it was: a's pair
    with some b' and some a''s pair with b swapped into (a, b) and (a', b'), or a's pair
    with b' moved to a member of b left over (b' then left over instead); None when no
    such exchange exists (which proves nothing)."""
    w_ab = weights.get((a, b))
    if w_ab is None:
        return None
    partners = [b2 for (a1, b2), count in witness.items() if a1 == a and count > 0]
    used_b = sum(count for (_, b1), count in witness.items() if b1 == b)
    for b2 in partners:
        w_ab2 = weights[a, b2]
        if used_b < s2[b] and all(x - y == leftover[b2][k] - leftover[b][k] for k, (x, y) in
                                  enumerate(zip(w_ab2, w_ab))):
            found = dict(witness)
            found[a, b2] -= 1
            found[a, b] = found.get((a, b), 0) + 1
            return found
        for (a2, b1), count in witness.items():
            if b1 != b or count <= 0 or a2 == a:
                continue
            w_a2b2 = weights.get((a2, b2))
            if w_a2b2 is None:
                continue
            if all(p + q == r + t for p, q, r, t in zip(w_ab, w_a2b2, w_ab2, weights[a2, b])):
                found = dict(witness)
                found[a, b2] -= 1
                found[a2, b] -= 1
                found[a, b] = found.get((a, b), 0) + 1
                found[a2, b2] = found.get((a2, b2), 0) + 1
                return found
    return None


def reach_explicit(edges: list[tuple[int, int]], s1: list[int], s2: list[int], cls: list[int],
                   weights: dict[tuple[int, int], tuple[int, ...]], leftover: list[tuple[int, ...]],
                   fixed: list[tuple[int, int]], totals: list[int],
                   settings: SolverSettings | None = None) -> set[tuple[int, int]] | None:
    """The same question as :meth:`CrossCounts.reach` on the real pairs: ``edges`` (v of S1,
    u of S2) the pairs allowed, each vertex of ``s1`` paired once, each of ``s2`` at most once,
    the ``fixed`` pairs chosen, the levels (weighed by the vertices' classes ``cls``) summing
    to ``totals``; the pairs of a pairing that does, or None (exact: a small CP-SAT model)."""
    from cpswiss.solver.cpsat import CpModel

    model = CpModel()
    x = {e: model.new_bool_var(f"x{e[0]}_{e[1]}") for e in edges}
    for e in fixed:
        if e not in x:
            return None
        model.add(x[e] == 1)
    by_first: dict[int, list[Any]] = {v: [] for v in s1}
    by_second: dict[int, list[Any]] = {u: [] for u in s2}
    for (v, u), var in x.items():
        by_first[v].append(var)
        by_second[u].append(var)
    for v in s1:
        if not by_first[v]:
            return None
        model.add_exactly_one(by_first[v])
    for u in s2:
        if by_second[u]:
            model.add_at_most_one(by_second[u])
    for k, total in enumerate(totals):
        model.add(sum(weights[cls[v], cls[u]][k] * var for (v, u), var in x.items())
                  + sum(leftover[cls[u]][k] * (1 - sum(by_second[u])) for u in s2) <= total)
    found = _solve(model, _solver(settings), list(x.values()))
    if found is None:
        return None
    return {e for e, value in zip(x, found) if value}


__all__ = ["COUNTS_TIME_LIMIT", "CrossCounts", "exchanged", "PairCounts", "PairReach", "PairWeights", "Undecided", "merged_classes",
           "reach_explicit"]
