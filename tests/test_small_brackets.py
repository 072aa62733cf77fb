"""Small Dutch brackets paired without a model (cpswiss.systems.dutch.small): the candidate
found is the first-generated optimum of a brute force over every matching, and the one the
model's tie-break builds."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from cpswiss.api import pair_tournament
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel
from cpswiss.systems.dutch.generation import generation_key
from cpswiss.systems.dutch.small import first_generated_optimum
from cpswiss.systems.dutch.solve import _bracket_alone, step_levels
from cpswiss.systems.dutch.tiebreak import TieBreak

SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"
CASES = ["n008-r06of07-t017", "n010-r05of07-t043", "n014-r07of07-t042", "n016-r07of07-t022", "n006-r04of05-t041"]


def every_matching(n: int, edges: list[tuple[int, int]]) -> list[list[int]]:
    """All matchings of the graph (edges (i, j), i < j), by brute force."""
    later: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for e, (i, j) in enumerate(edges):
        later[i].append((j, e))
    out: list[list[int]] = []

    def walk(v: int, used: frozenset[int], chosen: list[int]) -> None:
        while v < n and v in used:
            v += 1
        if v == n:
            out.append(list(chosen))
            return
        for w, e in later[v]:
            if w not in used:
                walk(v + 1, used | {v, w}, chosen + [e])
        walk(v + 1, used | {v}, chosen)

    walk(0, frozenset(), [])
    return out


def own_graphs(case: str):
    """Each bracket of the round on its own graph, with the levels of its step but the
    look-ahead restricted to it, where those levels count only pairs inside the bracket."""
    rules = load_rule_set("dutch-2017")
    for record in pair_tournament(SAMPLE / f"{case}.trf", rules).records:
        b = record.bracket
        if b is None or record.collapsed or b.n_bracket < 2:
            continue
        step = step_levels(b, rules)
        if any(not set(b.inside).issuperset(level.coef) for level in step.before + step.after):
            continue
        sub, restricted = _bracket_alone(b)
        yield sub, [restricted(level) for level in step.before + step.after]


@pytest.mark.parametrize("case", CASES)
def test_the_first_generated_optimum_of_a_brute_force(case):
    compared = 0
    for b, levels in own_graphs(case):
        if len(b.vertices) > 10:
            continue
        found = first_generated_optimum(b, levels)
        assert found is not None
        vectors = {tuple(m): [level.total(m) for level in levels] for m in every_matching(len(b.vertices), b.edges)}
        best = min(vectors.values())
        first = min((m for m, v in vectors.items() if v == best),
                    key=lambda m: generation_key(b, [b.edges[e] for e in m]))
        assert found == sorted(first)
        compared += 1
    assert compared > 0


@pytest.mark.parametrize("case", CASES)
def test_the_candidate_the_model_tie_break_builds(case):
    compared = 0
    for b, levels in own_graphs(case):
        found = first_generated_optimum(b, levels)
        if found is None:
            continue
        m = MatchingModel(b.n_bracket, b.edges, None, b.incident)
        m.start_from(greedy_matching(b.n_bracket, b.edges))
        m.minimise(levels)
        TieBreak(b, m, levels).run()
        assert sorted(m.chosen()) == found
        compared += 1
    assert compared > 0


@pytest.mark.parametrize("seed", range(60))
def test_random_brackets_against_a_brute_force(seed):
    """Brackets of 4-9 players with some pairs barred, 0-2 MDPs and random criteria after
    the number of pairs: the first-generated optimum of a brute force over every matching."""
    import random
    from dataclasses import replace

    rng = random.Random(seed)
    template, _ = next(own_graphs(CASES[0]))
    n = rng.randint(4, 9)
    n_mdp = rng.randint(0, 2)
    edges = [(i, j) for j in range(n_mdp, n) for i in range(j) if rng.random() < 0.7]
    b = replace(template, vertices=template.vertices[:1] * n, n_mdp=n_mdp, n_bracket=n, edges=edges)
    levels = [Level("pairs", {e: -1 for e in range(len(edges))})]
    for k in range(rng.randint(0, 2)):
        levels.append(Level(f"level {k}", {e: rng.randint(0, 2) for e in range(len(edges)) if rng.random() < 0.4}))
    found = first_generated_optimum(b, levels)
    assert found is not None
    vectors = {tuple(m): [level.total(m) for level in levels] for m in every_matching(n, edges)}
    best = min(vectors.values())
    first = min((m for m, v in vectors.items() if v == best), key=lambda m: generation_key(b, [edges[e] for e in m]))
    assert sorted(edges[e] for e in found) == sorted(edges[e] for e in first)


def test_fewest_exchanges_come_before_the_smallest_bsn_sum():
    """Eight players on a cycle 1-2-4-6-8-7-5-3-1 (pairing numbers): two pairings, S1 {1 3 4 7}
    (one exchange, BSN sum 0+2+3+6) and S1 {1 2 5 6} (two exchanges, a smaller sum 0+1+4+5).
    D.2 counts the exchanges first: 1-2, 3-5, 4-6, 7-8."""
    from dataclasses import replace

    template, _ = next(own_graphs(CASES[0]))
    edges = sorted([(0, 1), (2, 4), (3, 5), (6, 7), (0, 2), (1, 3), (4, 6), (5, 7)], key=lambda e: (e[1], e[0]))
    b = replace(template, vertices=template.vertices[:1] * 8, n_mdp=0, n_bracket=8, edges=edges)
    found = first_generated_optimum(b, [Level("pairs", {e: -1 for e in range(len(edges))})])
    assert found is not None
    assert sorted(edges[e] for e in found) == [(0, 1), (2, 4), (3, 5), (6, 7)]


def test_optima_with_different_numbers_of_pairs_are_left_to_the_model():
    """Where the levels leave the number of pairs open, the generation order's S1 is not one
    set: no answer without the model."""
    b = next(b for case in CASES for b, _ in own_graphs(case) if b.edges)
    indifferent = [Level("nothing counts", {})]
    assert first_generated_optimum(b, indifferent) is None
    assert first_generated_optimum(b, [Level("pairs", {e: -1 for e in range(len(b.edges))})]) is not None


def test_a_homogeneous_bracket_where_every_pairing_ties_gets_the_first_candidate():
    """Six players who may all meet, every criterion indifferent but the number of pairs:
    B.4's first candidate, S1[i] against S2[i] (1-4, 2-5, 3-6)."""
    b, _ = next(own_graphs(CASES[0]))
    from dataclasses import replace
    six = replace(b, vertices=b.vertices[:1] * 6, n_mdp=0, n_bracket=6,
                  edges=list(itertools.combinations(range(6), 2)))
    pairs = [Level("pairs", {e: -1 for e in range(len(six.edges))})]
    found = first_generated_optimum(six, pairs)
    assert found is not None
    assert [six.edges[e] for e in found] == [(0, 3), (1, 4), (2, 5)]


@pytest.mark.parametrize("rules", ["dutch-2017", "dutch-2026", "dutch-2013"])
def test_rounds_paired_with_and_without_the_model_on_small_brackets_agree(rules):
    """Every sample round (each a few brackets of 1-16 players) gets the same pairing when
    its small brackets are paired on the model too."""
    from cpswiss.solver.settings import SolverSettings

    on_model = SolverSettings(small_brackets_on_model=True)
    samples = sorted(Path(__file__).parent.glob("data/dutch-20*-sample/*.trf"))[::3]
    assert samples
    for path in samples:
        assert pair_tournament(path, rules).pairing.lines() == \
            pair_tournament(path, rules, settings=on_model).pairing.lines(), path.name
