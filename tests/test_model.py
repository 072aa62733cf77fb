"""The CP-SAT matching model's shortcuts are proofs: checked against every matching of
small random graphs (bounds below the minimum, local forms equivalent to the sum,
levels implied by frozen levels recognised)."""

import random
from fractions import Fraction

import numpy as np
import pytest

from cpswiss.solver.completion import complete_matching_exists
from cpswiss.solver.levels import Level
from cpswiss.solver.bounds import MatchingBound, fractionally_below, tight_form
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel


def all_matchings(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """Every matching (not only maximal ones) as a list of edge indices."""
    out: list[list[int]] = []

    def extend(start: int, used: set[int], chosen: list[int]) -> None:
        out.append(list(chosen))
        for e in range(start, len(edges)):
            i, j = edges[e]
            if i not in used and j not in used:
                extend(e + 1, used | {i, j}, chosen + [e])

    extend(0, set(), [])
    return out


def random_graph(rng: random.Random, n: int, density: float) -> list[tuple[int, int]]:
    return [(i, j) for j in range(n) for i in range(j) if rng.random() < density]


def incident_lists(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    incident: list[list[int]] = [[] for _ in range(n)]
    for e, (i, j) in enumerate(edges):
        incident[i].append(e)
        incident[j].append(e)
    return incident


def satisfies(matching: list[int], zeros: list[int], groups: list[list[int]]) -> bool:
    chosen = set(matching)
    return not chosen & set(zeros) and all(len(chosen & set(g)) == 1 for g in groups)


# coefficient shapes met in the criteria: counts (+1), pairs (-1), a few players' edges
SHAPES = [
    lambda rng, e, edges: rng.choice([0, 0, 1]),
    lambda rng, e, edges: -1,
    lambda rng, e, edges: -1 if 0 in edges[e] or 1 in edges[e] else 0,
    lambda rng, e, edges: rng.choice([-2, -1, 0, 0, 1]),
]


def random_level(rng: random.Random, seed: int, densities: list[float]) \
        -> tuple[list[tuple[int, int]], dict[int, int], list[list[int]], list[list[int]]]:
    """A random graph of 3-8 players and a level of one of the SHAPES on it: (edges, coef,
    incidence lists, every matching)."""
    n = rng.randint(3, 8)
    edges = random_graph(rng, n, rng.choice(densities))
    shape = SHAPES[seed % len(SHAPES)]
    coef = {e: c for e in range(len(edges)) if (c := shape(rng, e, edges))}
    return edges, coef, incident_lists(n, edges), all_matchings(n, edges)


@pytest.mark.parametrize("seed", range(40))
def test_bound_is_below_every_matching_and_local_form_is_the_sum(seed):
    edges, coef, incident, matchings = random_level(random.Random(seed), seed, [0.4, 0.7, 1.0])
    values = [sum(coef.get(e, 0) for e in m) for m in matchings]
    bound = MatchingBound(coef, incident, edges)
    assert bound.quick <= bound.value <= min(values)
    for value in sorted(set(values)):
        local = tight_form(coef, incident, edges, value)
        if local is None:
            continue
        zeros, groups = local
        for m, v in zip(matchings, values):
            assert satisfies(m, zeros, groups) == (v == value), (edges, coef, value, m)


@pytest.mark.parametrize("seed", range(60))
def test_a_lighter_fractional_matching_is_below_the_cover_bound(seed):
    """fractionally_below's yes is a proof that the cover bound is below the value; the local
    form is the same whether or not a matching in hand is given to find it."""
    rng = random.Random(5300 + seed)
    edges, coef, incident, matchings = random_level(rng, seed, [0.5, 0.8, 1.0])
    for matching in rng.sample(matchings, min(6, len(matchings))):
        solution = [int(e in matching) for e in range(len(edges))]
        for value in sorted({sum(coef.get(e, 0) for e in m) for m in matchings}):
            if fractionally_below(coef, incident, edges, value, solution):
                assert sum(MatchingBound(coef, incident, edges).cover.values()) < value
            assert tight_form(coef, incident, edges, value, solution=solution) == \
                tight_form(coef, incident, edges, value)


def test_a_triangle_over_the_pairs_shows_the_cover_bound_is_not_met():
    edges = [(0, 1), (0, 2), (1, 2), (2, 3)]
    incident = incident_lists(4, edges)
    pairs = {e: -1 for e in range(4)}
    assert fractionally_below(pairs, incident, edges, -1, [0, 0, 1, 0])  # 0 free, triangle 0-1-2 over 1-2: -1.5
    assert not fractionally_below(pairs, incident, edges, -2, [1, 0, 0, 1])  # perfect: nothing lighter
    assert fractionally_below(pairs, incident, edges, -1, [0, 0, 0, 1])  # 0-1 free: the whole edge, -2 < -1
    assert fractionally_below({3: -1}, incident, edges, 0, [1, 0, 0, 0])  # 2-3 free and negative
    assert not fractionally_below(pairs, incident, edges, 0, [1, 1, 0, 0])  # not a matching: no answer


def test_the_local_form_is_found_for_pairs_and_for_a_count_at_zero():
    edges = [(0, 1), (2, 3), (0, 2), (1, 3)]
    incident = incident_lists(4, edges)
    pairs = {e: -1 for e in range(4)}
    assert tight_form(pairs, incident, edges, -2) == ([], [[0, 2], [0, 3], [1, 2], [1, 3]])  # all paired
    conflicts = {2: 1}
    assert tight_form(conflicts, incident, edges, 0) == ([2], [])
    assert tight_form(dict.fromkeys(range(4), 1), incident, edges, 0) == ([0, 1, 2, 3], [])  # no edge chosen
    assert tight_form(conflicts, incident, edges, 1) is None


def test_a_level_implied_by_frozen_levels_needs_no_solve():
    edges = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    pairs = Level("pairs", {e: -1 for e in range(6)})
    same_pairs_counted_twice = Level("twice", {e: 2 for e in range(6)})  # worst first: a solve
    colour = Level("colour", {0: 1, 1: 1})
    plain = MatchingModel(4, edges)
    assert plain.minimise([pairs, colour]) == [-2, 0]
    m = MatchingModel(4, edges)
    assert m.minimise([pairs, same_pairs_counted_twice, colour]) == [-2, 4, 0]
    assert m.solves == plain.solves  # "twice" is implied by "pairs": no solve of its own
    assert sorted(m.chosen()) in ([2, 3], [4, 5])


@pytest.mark.parametrize("seed", range(10))
def test_feasible_with_all_chosen_pairs_those_players_for_that_solve_only(seed):
    rng = random.Random(100 + seed)
    n = rng.randint(4, 8)
    edges = random_graph(rng, n, 0.6)
    incident = incident_lists(n, edges)
    must = rng.sample(range(n), 2)
    m = MatchingModel(n, edges)
    m.minimise([Level("cost", {e: rng.randint(-3, 3) for e in range(len(edges))})])
    frozen = sum(m.constraints[0][0].get(e, 0) for e in m.chosen())
    feasible = m.feasible_with_all_chosen([incident[v] for v in must])
    candidates = [mt for mt in all_matchings(n, edges)
                  if all(any(e in incident[v] for e in mt) for v in must)
                  and sum(m.constraints[0][0].get(e, 0) for e in mt) == frozen]
    assert feasible == bool(candidates)
    if candidates:
        assert all(any(e in incident[v] for e in m.chosen()) for v in must)
    # the players are required for that solve only
    assert m.feasible_with_all_chosen([]) is True


@pytest.mark.parametrize("seed", range(30))
def test_greedy_start_is_a_maximal_matching_and_minimise_from_it_finds_the_optimum(seed):
    rng = random.Random(200 + seed)
    n = rng.randint(2, 9)
    edges = random_graph(rng, n, rng.choice([0.3, 0.6, 0.9]))
    leave_out = frozenset(rng.sample(range(n), rng.randint(0, 1)))
    start = greedy_matching(n, edges, leave_out)
    used = [v for e in start for v in edges[e]]
    assert len(used) == len(set(used)) and not leave_out & set(used)
    assert all(i in used or j in used or {i, j} & leave_out for i, j in edges)  # maximal
    # started there, the lexicographic minimum is still the true one
    levels = [Level("pairs", {e: -1 for e in range(len(edges))}),
              Level("cost", {e: rng.randint(0, 3) for e in range(len(edges))})]
    m = MatchingModel(n, edges)
    m.start_from(start)
    best = min((levels[0].value(mt), levels[1].value(mt)) for mt in all_matchings(n, edges))
    assert tuple(m.minimise(levels)) == best


@pytest.mark.parametrize("seed", range(40))
def test_greedy_matching_has_the_most_pairs(seed):
    """Without players left out, the start is a maximum matching (checked against every
    matching), also where taking each player with the first free one after him falls short."""
    rng = random.Random(900 + seed)
    n = rng.randint(2, 10)
    edges = random_graph(rng, n, rng.choice([0.2, 0.4, 0.7]))
    start = greedy_matching(n, edges)
    used = [v for e in start for v in edges[e]]
    assert len(used) == len(set(used))
    assert len(start) == max(len(mt) for mt in all_matchings(n, edges))


@pytest.mark.parametrize("seed", range(60))
def test_complete_matching_exists_is_exact(seed):
    """The completion test's matching decision (C.04.3 A.9, C.2) against every matching: all
    paired, or with an odd number all but one bye taker."""
    rng = random.Random(1300 + seed)
    n = rng.randint(1, 9)
    edges = random_graph(rng, n, rng.choice([0.2, 0.4, 0.7, 0.9]))
    takers = sorted(rng.sample(range(n), rng.randint(0, n)))

    def complete(matching: list[int]) -> bool:
        left = set(range(n)) - {v for e in matching for v in edges[e]}
        return not left or (len(left) == 1 and left <= set(takers))

    expected = any(complete(mt) for mt in all_matchings(n, edges))
    assert complete_matching_exists(n, edges, takers) == expected


@pytest.mark.parametrize("seed", range(40))
def test_determined_says_yes_exactly_for_combinations_of_frozen_levels(seed):
    """A level is recognised as fixed by the frozen ones exactly when it is a rational
    combination of them (checked against the ranks of the coefficient matrices)."""
    rng = random.Random(2100 + seed)
    n = 6
    edges = random_graph(rng, n, 0.8) or [(0, 1)]
    m = MatchingModel(n, edges)
    frozen = [[rng.choice([0, 0, 1, 2, -1]) for _ in edges] for _ in range(rng.randint(1, 3))]
    for vector in frozen:
        m.freeze({e: c for e, c in enumerate(vector) if c}, 0)  # the value plays no part here
    weights = [Fraction(rng.randint(-3, 3), rng.choice([1, 2, 3])) for _ in frozen]
    combination = [sum(w * vector[e] for w, vector in zip(weights, frozen)) for e in range(len(edges))]
    if all(c.denominator == 1 for c in combination):
        assert m.determined({e: int(c) for e, c in enumerate(combination) if c})
    other = [rng.randint(-2, 2) for _ in edges]
    basis = np.array(frozen).T
    in_span = np.linalg.matrix_rank(np.column_stack([basis, other])) == np.linalg.matrix_rank(basis)
    assert m.determined({e: c for e, c in enumerate(other) if c}) == in_span


@pytest.mark.parametrize("seed", range(40))
def test_determined_after_levels_that_split_edge_classes(seed):
    """The same against the matrix ranks where the frozen levels start with one that is 1 on
    every edge (the number of pairs) and then split the edges into many classes, with
    targets that are alike on those classes (so only the elimination decides): rational
    combinations of the frozen levels, half of them changed on one class."""
    rng = random.Random(4700 + seed)
    n = 7
    edges = random_graph(rng, n, 0.7) or [(0, 1)]
    m = MatchingModel(n, edges)
    frozen = [[1] * len(edges)] + [[rng.choice([0, 1, 1, 2, -1, 3]) for _ in edges]
                                   for _ in range(rng.randint(1, 4))]
    for vector in frozen:
        m.freeze({e: c for e, c in enumerate(vector) if c}, 0)
    for _ in range(5):
        weights = [rng.randint(-4, 4) for _ in frozen]
        target = [sum(w * vector[e] for w, vector in zip(weights, frozen)) for e in range(len(edges))]
        if rng.random() < 0.5:  # change it on every edge alike on all frozen levels with edge 0
            alike = [e for e in range(len(edges)) if all(v[e] == v[0] for v in frozen)]
            target = [c + (1 if e in alike else 0) for e, c in enumerate(target)]
        basis = np.array(frozen).T
        in_span = np.linalg.matrix_rank(np.column_stack([basis, target])) == np.linalg.matrix_rank(basis)
        assert m.determined({e: c for e, c in enumerate(target) if c}) == in_span


@pytest.mark.parametrize("seed", range(40))
def test_determined_asked_between_freezes(seed):
    """The same against the matrix ranks when the questions come between the freezes (as the
    solver asks them: each level frozen is taken in by the next question, or answered no
    before it when two edges that differ are alike on every frozen level), with targets equal
    to a frozen level, combinations of them, combinations changed on one edge, and levels of
    0s, 1s and 2s (on levels of few values half the time, so that classes stay large)."""
    rng = random.Random(7100 + seed)
    n = 8
    edges = random_graph(rng, n, 0.7) or [(0, 1)]
    m = MatchingModel(n, edges)
    frozen: list[list[int]] = []
    values = [0, 0, 0, 0, 1] if seed % 2 else [0, 0, 1, 2, -1, 3]
    for _ in range(rng.randint(2, 6)):
        vector = [rng.choice(values) for _ in edges]
        m.freeze({e: c for e, c in enumerate(vector) if c}, 0)
        frozen.append(vector)
        basis = np.array(frozen).T
        weights = [rng.randint(-3, 3) for _ in frozen]
        target = [sum(w * v[e] for w, v in zip(weights, frozen)) for e in range(len(edges))]
        if rng.random() < 0.5:
            target[rng.randrange(len(edges))] += 1
        for asked in ([rng.choice([0, 1, 2]) for _ in edges], rng.choice(frozen), target):
            in_span = np.linalg.matrix_rank(np.column_stack([basis, asked])) == np.linalg.matrix_rank(basis)
            assert m.determined({e: c for e, c in enumerate(asked) if c}) == in_span


def test_the_number_of_pairs_once_determined_stays_so():
    edges = [(0, 1), (2, 3), (0, 2), (1, 3)]
    m = MatchingModel(4, edges)
    assert not m.pairs_determined()  # nothing frozen
    m.freeze({0: 1, 1: 1}, 2)  # the pairs 0-1 and 2-3: not the number of pairs
    assert not m.pairs_determined()
    m.freeze({2: 1, 3: 1}, 0)
    assert m.pairs_determined()  # the sum of the two frozen levels
    m.freeze({0: 1}, 1)
    assert m.pairs_determined()


def test_a_matching_is_adopted_exactly_when_it_keeps_every_constraint():
    edges = [(0, 1), (2, 3), (0, 2), (1, 3), (4, 5)]
    m = MatchingModel(6, edges)
    m.start_from([0, 1, 4])
    m.freeze({e: -1 for e in range(5)}, -3)  # three pairs
    m.fix(2, 0)
    assert not m.adopt_if_solution([2, 3, 4])  # uses the edge fixed to 0
    assert not m.adopt_if_solution([0, 1])  # two pairs
    assert not m.adopt_if_solution([0, 2, 4])  # 0 twice: no matching
    assert m.chosen() == [0, 1, 4]  # each "no" left the solution in hand
    m.constrain({1: 1, 3: 1, 4: 1}, 2)
    assert m.adopt_if_solution([4, 1, 0]) and m.chosen() == [0, 1, 4]


def frozen_random_model(rng: random.Random) -> MatchingModel | None:
    """A random graph of 3-8 players with its most pairs and a random colour level frozen
    (None when the graph has no edge)."""
    n = rng.randint(3, 8)
    edges = random_graph(rng, n, rng.choice([0.4, 0.7]))
    if not edges:
        return None
    m = MatchingModel(n, edges)
    m.minimise([Level("pairs", {e: -1 for e in range(len(edges))}),
                Level("colour", {e: rng.choice([0, 0, 1, 2]) for e in range(len(edges))})])
    return m


def solutions_of(m: MatchingModel) -> list[list[int]]:
    """Every matching of the model's graph that meets every constraint on record."""
    return [mt for mt in all_matchings(m.n, m.edges)
            if all(sum(c for e, c in coef.items() if e in mt) == value for coef, value in m.constraints)]


@pytest.mark.parametrize("seed", range(60))
def test_maximise_any_answers_as_the_matchings_that_keep_the_constraints(seed):
    """Is there a solution choosing one of these edges: against every matching that keeps
    the frozen levels and a fixed pair, whether the blossom relaxation or the solver answers
    (a found solution is kept and keeps the constraints; a "no" leaves the one in hand)."""
    rng = random.Random(5200 + seed)
    m = frozen_random_model(rng)
    if m is None:
        return
    edges = m.edges
    if rng.random() < 0.5:
        m.fix(m.chosen()[0], 1)
    wanted = [e for e in range(len(edges)) if rng.random() < 0.3]
    solutions = solutions_of(m)
    expected = any(e in mt for mt in solutions for e in wanted)
    before = m.chosen()
    assert m.maximise_any(wanted) == expected
    if expected:
        assert any(m.solution[e] for e in wanted) and sorted(m.chosen()) in [sorted(mt) for mt in solutions]
    else:
        assert m.chosen() == before


@pytest.mark.parametrize("seed", range(60))
def test_feasible_with_literals_answers_as_the_matchings_that_keep_the_constraints(seed):
    """Is there a solution with these edges chosen and those not: against every matching that
    keeps the frozen levels (a found solution is kept and meets the literals; a "no" leaves
    the one in hand)."""
    rng = random.Random(5600 + seed)
    m = frozen_random_model(rng)
    if m is None:
        return
    edges = m.edges
    literals = [(e, rng.choice([0, 1])) for e in rng.sample(range(len(edges)), min(len(edges), rng.randint(1, 3)))]
    solutions = solutions_of(m)
    expected = any(all((e in mt) == bool(value) for e, value in literals) for mt in solutions)
    before = m.chosen()
    assert m.feasible_with(literals) == expected
    if expected:
        assert all(m.solution[e] == value for e, value in literals)
        assert sorted(m.chosen()) in [sorted(mt) for mt in solutions]
    else:
        assert m.chosen() == before


def test_level_with_coef_keeps_every_other_field():
    """Level.with_coef (a level restricted to a bracket's own edges) copies every field but
    the two it is given; a field added to Level must be added there too."""
    from dataclasses import fields

    assert [f.name for f in fields(Level)] == ["name", "coef", "constant", "floor", "sense", "nonlinear",
                                               "clip", "cap", "condition"]
    level = Level("C.12 x", {0: 1, 5: -2}, constant=3, floor=-1, sense=-1, clip=0, cap=2, condition="C.12")
    moved = level.with_coef({1: 4}, None)
    assert (moved.coef, moved.floor) == ({1: 4}, None)
    assert all(getattr(moved, f.name) == getattr(level, f.name) for f in fields(Level)
               if f.name not in ("coef", "floor"))


def test_a_model_is_freed_without_the_garbage_collector():
    """A bracket's model is freed as soon as it is dropped (no reference cycle through its
    constraints waiting for the CP-SAT model), so pausing the collector while a round is paired
    (cpswiss.api.collector_paused) keeps no model alive."""
    import gc

    rng = random.Random(7)
    edges = random_graph(rng, 12, 0.6)
    gc.collect()
    gc.disable()
    try:
        m = MatchingModel(12, edges)
        m.start_from(greedy_matching(12, edges))
        m.minimise([Level("pairs", {e: -1 for e in range(len(edges))}),
                    Level("colour", {e: rng.choice([0, 1]) for e in range(len(edges))})])
        m.fix(m.chosen()[0], 1)
        assert m._pending  # constraints waiting for a model never built
        del m
        assert gc.collect() == 0
    finally:
        gc.enable()


def greedy_cover_by_definition(coef, negative, edges, limit=None):
    """The cover by its rule, recounted at every pick: the vertex on most uncovered negative
    edges, then the one whose most negative weight is the least negative, then the lowest."""
    uncovered = set(negative)
    deepest = {}
    for e in negative:
        for v in edges[e]:
            deepest[v] = min(deepest.get(v, 0), coef[e])
    cover = {}
    while uncovered and len(cover) != limit:
        count = {}
        for e in uncovered:
            for v in edges[e]:
                count[v] = count.get(v, 0) + 1
        v = min(count, key=lambda u: (-count[u], -deepest[u], u))
        cover[v] = deepest[v]
        uncovered = {e for e in uncovered if v not in edges[e]}
    return cover


@pytest.mark.parametrize("seed", range(60))
def test_greedy_cover_picks_by_its_rule(seed):
    from cpswiss.solver.bounds import greedy_cover

    rng = random.Random(900 + seed)
    n = rng.randint(2, 24)
    edges = random_graph(rng, n, rng.choice([0.2, 0.6, 0.95]))
    weights = rng.choice([[-1], [-2, -1], [-3, -1, 0, 2]])
    coef = {e: rng.choice(weights) for e in range(len(edges))}
    negative = [e for e, c in coef.items() if c < 0]
    limit = rng.choice([None, rng.randint(0, n)])
    cover = greedy_cover(coef, negative, edges, limit)
    expected = greedy_cover_by_definition(coef, negative, edges, limit)
    assert cover == expected and list(cover) == list(expected)
