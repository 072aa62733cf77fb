"""The D.1 step as assignment problems (C.04.3 B.8, D.1): the first optimal assignment in
D.1 order, checked against every assignment of small random remainders."""

import itertools
import random
from types import SimpleNamespace

import pytest

from cpswiss.solver.assignment import on_columns
from cpswiss.solver.levels import Level
from cpswiss.systems.dutch.remainder import RemainderAssignment


def random_remainder(rng: random.Random, size: int, extra_levels: int = 0):
    """S1 = 0..size-1, S2 = size..2*size-1, random allowed pairs, two criteria levels with
    small weights (so that many assignments tie), and ``extra_levels`` more with large ones."""
    s1 = list(range(size))
    s2 = list(range(size, 2 * size))
    edge_of = {}
    for v in s1:
        for u in s2:
            if rng.random() < 0.75:
                edge_of[(v, u)] = len(edge_of)
    levels = [Level("first", {e: rng.choice([0, 0, 1]) for e in edge_of.values()}),
              Level("second", {e: rng.choice([0, 1, 2]) for e in edge_of.values()})]
    levels += [Level(f"extra {k}", {e: rng.choice([0, 0, 10**6, -10**6]) for e in edge_of.values()})
               for k in range(extra_levels)]
    return s1, s2, SimpleNamespace(edge_of=edge_of, levels=levels)


def brute_force_first(s1, s2, tie):
    """The lexicographically best (criteria, then partners in D.1 order) perfect assignment."""
    best = None
    for partners in itertools.permutations(s2):
        if any((v, u) not in tie.edge_of for v, u in zip(s1, partners)):
            continue
        edges = [tie.edge_of[(v, u)] for v, u in zip(s1, partners)]
        key = (tuple(lv.value(edges) for lv in tie.levels), partners)
        if best is None or key < best[0]:
            best = (key, edges)
    return None if best is None else best[1]


@pytest.mark.parametrize("seed", range(60))
def test_first_is_the_first_optimal_assignment_in_d1_order(seed):
    rng = random.Random(seed)
    s1, s2, tie = random_remainder(rng, rng.randint(1, 6))
    assignment = RemainderAssignment(tie.edge_of, tie.levels, s1, s2)
    assert assignment.first(s1, s2) == brute_force_first(s1, s2, tie)


@pytest.mark.parametrize("seed", range(20))
def test_many_criteria_with_large_weights_stay_exact(seed):
    """Twelve criteria of weights up to a million: far beyond one 62-bit packed cost, exact
    one criterion at a time."""
    rng = random.Random(seed)
    s1, s2, tie = random_remainder(rng, rng.randint(2, 6), extra_levels=10)
    assert RemainderAssignment(tie.edge_of, tie.levels, s1, s2).first(s1, s2) == brute_force_first(s1, s2, tie)


def test_first_refuses_a_cost_that_is_not_the_optimum():
    s1, s2, tie = random_remainder(random.Random(3), 4)
    assignment = RemainderAssignment(tie.edge_of, tie.levels, s1, s2)
    chosen = assignment.first(s1, s2)
    optimum = assignment.value(chosen)
    assert assignment.first(s1, s2, cost=optimum) == chosen
    worse = optimum[:-1] + (optimum[-1] + 1,)
    assert assignment.first(s1, s2, cost=worse) is None


def random_remainder_with_a_floater(rng: random.Random, size: int):
    """S1 = 0..size-1 and S2 = size..2*size: one S2 player more than S1."""
    s1, s2, tie = random_remainder(rng, size)
    extra = 2 * size
    for v in s1:
        if rng.random() < 0.75:
            tie.edge_of[(v, extra)] = len(tie.edge_of)
            for level in tie.levels:
                level.coef[tie.edge_of[(v, extra)]] = rng.choice([0, 1, 2])
    return s1, s2 + [extra], tie


@pytest.mark.parametrize("solved_before", [False, True])
@pytest.mark.parametrize("seed", range(300))
def test_floaters_at_cost_are_those_whose_remainder_costs_the_same(seed, solved_before):
    """From one assignment of S1 into S2 (one S2 player floats): the S2 players that could
    float instead at the same cost, and for each the first optimal assignment without him
    (D.1), checked against assignment solves for every floater.  The same whether the
    assignment is tested on its own or on the arcs of an earlier solve with the floater
    row (:meth:`RemainderAssignment.optimal_with_a_floater`)."""
    rng = random.Random(seed)
    s1, s2, tie = random_remainder_with_a_floater(rng, rng.randint(1, 5))
    assignment = RemainderAssignment(tie.edge_of, tie.levels, s1, s2)
    if solved_before:
        assignment.optimal_with_a_floater(s1, s2)
    costs = {u: assignment.optimal(s1, [w for w in s2 if w != u]) for u in s2}
    possible = [u for u in s2 if costs[u] is not None]
    if not possible:
        return
    held = rng.choice(possible)
    cost, mates = costs[held]
    found = assignment.floaters_at_cost(s1, s2, mates)
    if min(costs[u][0] for u in possible) < cost:
        assert found is None  # a cheaper floater exists: the costs alone do not tell
        return
    floaters, tight = found.floaters, found.tight[:len(s1)]
    assert sorted(floaters) == [u for u in possible if costs[u][0] == cost]
    for u, shifted in floaters.items():
        others = [w for w in s2 if w != u]
        assert sorted(shifted.values()) == others
        assert assignment.value([tie.edge_of[(v, w)] for v, w in shifted.items()]) == cost
        walk = assignment.first_on_tight(s1, others, shifted, on_columns(tight, [s2.index(w) for w in others]))
        assert walk == assignment.first(s1, others)
    # one walk with the floater row gives the A(u) first in D.1 order over all of them
    partners = {u: tuple(w for v in s1 for w in s2 if tie.edge_of.get((v, w)) in assignment.first(s1, [x for x in s2 if x != u]))
                for u in floaters}
    best = min(floaters, key=lambda u: partners[u])
    assert assignment.first_floating(s1, s2, found) == (best, assignment.first(s1, [x for x in s2 if x != best]))


@pytest.mark.parametrize("seed", range(40))
def test_optimal_with_a_floater_lets_the_cheapest_player_float(seed):
    rng = random.Random(seed)
    s1, s2, tie = random_remainder_with_a_floater(rng, rng.randint(1, 5))
    assignment = RemainderAssignment(tie.edge_of, tie.levels, s1, s2)
    costs = [found[0] for u in s2 if (found := assignment.optimal(s1, [w for w in s2 if w != u]))]
    found = assignment.optimal_with_a_floater(s1, s2)
    if not costs:
        assert found is None
        return
    cost, mates = found
    assert cost == min(costs)
    assert len(set(mates.values())) == len(s1)
    assert assignment.value([tie.edge_of[(v, u)] for v, u in mates.items()]) == cost


@pytest.mark.parametrize("seed", range(30))
def test_weights_beyond_floating_point_stay_exact(seed):
    """A criterion with weights near 10**17, differing by 1 (beyond floating point): the
    dual potentials leave floating point for Python integers, and the first optimal
    assignment is still the brute force's."""
    rng = random.Random(900 + seed)
    s1, s2, tie = random_remainder(rng, rng.randint(2, 6))
    tie.levels.insert(0, Level("huge", {e: rng.choice([0, 10**17, 10**17 + 1, 10**17 + 3])
                                        for e in tie.edge_of.values()}))
    assert RemainderAssignment(tie.edge_of, tie.levels, s1, s2).first(s1, s2) == brute_force_first(s1, s2, tie)


@pytest.mark.parametrize("seed", range(30))
def test_levels_on_few_arcs_count_as_on_all(seed):
    """A level with coefficients on a few arcs only, and on edges that are no arcs of the
    remainder (read coefficient by coefficient), gives the brute force's first assignment."""
    rng = random.Random(600 + seed)
    s1, s2, tie = random_remainder(rng, rng.randint(2, 6))
    arcs = list(tie.edge_of.values())
    few = {e: rng.choice([1, 2, -3]) for e in rng.sample(arcs, max(1, len(arcs) // 4))}
    few.update({len(arcs) + k: 5 for k in range(3)})  # edges outside the remainder
    tie.levels.insert(rng.randint(0, len(tie.levels)), Level("few", few))
    assert RemainderAssignment(tie.edge_of, tie.levels, s1, s2).first(s1, s2) == brute_force_first(s1, s2, tie)
