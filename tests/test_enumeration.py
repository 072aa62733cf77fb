"""Small brackets paired by enumerating their matchings (cpswiss.solver.enumeration): the same
optima as a brute force over every matching, and the same B.8 choice as the model's tie-break."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cpswiss.api import pair_tournament
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.solver.enumeration import MatchingEnumeration, scalar_weights
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel
from cpswiss.systems.dutch.solve import _bracket_alone, first_optimum_by_enumeration, step_levels
from cpswiss.systems.dutch.tiebreak import TieBreak

SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"


def every_matching(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """All matchings of the graph, by brute force over the subsets of its edges."""
    out = []
    for mask in range(1 << len(edges)):
        chosen = [e for e in range(len(edges)) if mask >> e & 1]
        ends = [v for e in chosen for v in edges[e]]
        if len(ends) == len(set(ends)):
            out.append(chosen)
    return out


def random_graph(rng: random.Random) -> tuple[int, list[tuple[int, int]], list[Level]]:
    n = rng.randint(2, 7)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.6][:14]
    levels = [Level("pairs", {e: -1 for e in range(len(edges))})]
    for k in range(rng.randint(1, 3)):
        levels.append(Level(f"level {k}", {e: rng.randint(-2, 3) for e in range(len(edges)) if rng.random() < 0.5},
                            constant=rng.randint(0, 3)))
    rng.shuffle(levels)
    return n, edges, levels


@pytest.mark.parametrize("seed", range(40))
def test_the_optima_are_those_of_a_brute_force(seed):
    rng = random.Random(seed)
    n, edges, levels = random_graph(rng)
    vectors = {tuple(m): [level.total(m) for level in levels] for m in every_matching(n, edges)}
    best = min(vectors.values())
    expected = {frozenset(m) for m, v in vectors.items() if v == best}
    found = MatchingEnumeration(n, edges).least(levels)
    assert found is not None
    assert {frozenset(m) for m in found} == expected
    assert len(found) == len(expected)  # each optimum once
    one = MatchingEnumeration(n, edges).least(levels, every=False)
    assert one is not None and len(one) == 1 and frozenset(one[0]) in expected


def test_scalar_weights_order_as_the_levels_do():
    # two levels: the first decides, the second only among equals
    levels = [Level("first", {0: 1, 1: 1}), Level("second", {0: 5, 2: -7})]
    weight = scalar_weights(levels, 3)
    totals = {name: sum(weight[e] for e in m) for name, m in {"a": [0], "b": [1], "c": [2], "ab": [0, 1]}.items()}
    # c: (0, -7) < b: (1, 0) < a: (1, 5) < ab: (2, 5)
    assert sorted(totals, key=totals.get) == ["c", "b", "a", "ab"]


def test_a_walk_beyond_its_bounds_gives_up():
    n = 8
    edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
    ties = [Level("pairs", {e: -1 for e in range(len(edges))})]  # 105 perfect matchings tie
    assert MatchingEnumeration(n, edges, max_optima=50).least(ties) is None
    assert MatchingEnumeration(n, edges, max_nodes=10).least(ties) is None
    found = MatchingEnumeration(n, edges).least(ties)
    assert found is not None and len(found) == 105


@pytest.mark.parametrize("case", ["n008-r06of07-t017", "n010-r05of07-t043", "n014-r07of07-t042",
                                  "n016-r07of07-t022", "n006-r04of05-t041"])
def test_enumeration_and_the_model_choose_the_same_candidate(case):
    """On each bracket's own graph, with every level of its step but the look-ahead: the
    first-generated optimum found by enumeration is the one the model's tie-break builds."""
    rules = load_rule_set("dutch-2017")
    compared = 0
    for record in pair_tournament(SAMPLE / f"{case}.trf", rules).records:
        b = record.bracket
        if b is None or record.collapsed or b.n_bracket < 2:
            continue
        step = step_levels(b, rules)
        sub, restricted = _bracket_alone(b)
        levels = [restricted(level) for level in step.before + step.after]
        if any(not set(b.inside).issuperset(level.coef) for level in step.before + step.after):
            continue
        by_enumeration = first_optimum_by_enumeration(sub, levels)
        if by_enumeration is None:
            continue
        m = MatchingModel(sub.n_bracket, sub.edges, None, sub.incident)
        m.start_from(greedy_matching(sub.n_bracket, sub.edges))
        m.minimise(levels)
        TieBreak(sub, m, levels).run()
        assert sorted(m.chosen()) == by_enumeration
        compared += 1
    assert compared > 0
