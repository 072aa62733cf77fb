"""Criteria that are not one sum over the edges (cpswiss.solver.cases): an allowance
(Level.clip) and a cap (Level.cap), weighed with equalities only."""

from cpswiss.solver.cases import CaseSearch
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel

# a square 0-1-2-3-0: two perfect matchings, {0-1, 2-3} (edges 0, 2) and {1-2, 3-0} (edges 1, 3)
SQUARE = [(0, 1), (1, 2), (2, 3), (0, 3)]


def _solve(levels, pins):
    m = MatchingModel(4, SQUARE)
    if not m.hold(pins):
        return None
    m.minimise(levels)
    return sorted(m.chosen())


def test_level_value_applies_its_allowance_and_its_cap():
    level = Level("x", {0: 1, 2: 1, 3: 1}, clip=1, cap=2)
    assert level.value([]) == 1 and level.total([]) == 0  # within the allowance
    assert level.value([0, 2]) == 2
    assert level.value([0, 2, 3]) == 2 and level.total([0, 2, 3]) == 3  # capped


def test_pairings_within_an_allowance_are_decided_by_the_criteria_after_it():
    def fresh():
        return [Level("pairs", dict.fromkeys(range(4), -1), sense=-1),
                Level("edges 0 and 2, two allowed", {0: 1, 2: 1}, clip=2),
                Level("edge 1", {1: 1})]

    plain = _solve(fresh(), [])
    assert plain == [1, 3]  # the sum alone prefers edges 1, 3

    def key(edges):
        return tuple(level.value(edges) for level in fresh())

    assert CaseSearch(fresh, lambda levels: levels, _solve, key).best(plain) == [0, 2]


def test_a_level_whose_least_sum_reaches_its_cap_decides_nothing():
    def fresh():
        return [Level("pairs", dict.fromkeys(range(4), -1), sense=-1),
                Level("condition broken (0 or 1)", {0: 2, 1: 1, 2: 2, 3: 1}, cap=1),
                Level("edges 1 and 3", {1: 1, 3: 1})]

    plain = _solve(fresh(), [])
    assert plain == [1, 3]  # the sum alone prefers edges 1, 3 (2 against 4)

    def key(edges):
        return tuple(level.value(edges) for level in fresh())

    assert key([0, 2])[1] == key([1, 3])[1] == 1
    assert CaseSearch(fresh, lambda levels: levels, _solve, key).best(plain) == [0, 2]
