"""C.7 for a single downfloater without the next scoregroup in the model (cpswiss.lookahead):
the value of the following bracket for each candidate, checked against every matching of
small random graphs, and the bracket-alone pairing checked against the step model."""

import random
from pathlib import Path

import pytest
from test_model import all_matchings, random_graph

from cpswiss.api import pair_tournament
from cpswiss.formats.trf import parse_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.simulate import simulate
from cpswiss.systems.dutch.lookahead import values_below
from cpswiss.systems.dutch.procedure import (
    pair_on_bracket_alone,
    pair_on_step_model,
    step_levels,
)

SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"


def brute_force_value(n, edges, neighbours, sd):
    """The best following bracket S + u over all its matchings: most pairs, then u paired."""
    u = n
    graph = edges + [(w, u) for w in sorted(neighbours)]
    return min((-len(m), () if any(u in graph[e] for e in m) else (sd,))
               for m in all_matchings(n + 1, graph))


@pytest.mark.parametrize("seed", range(80))
def test_value_of_the_following_bracket_for_each_downfloater(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 8)
    edges = random_graph(rng, n, rng.choice([0.2, 0.4, 0.7]))
    neighbours = [{w for w in range(n) if rng.random() < 0.3} for _ in range(5)]
    sds = [rng.randint(10, 30) for _ in neighbours]
    values, _ = values_below(n, edges, neighbours, sds)
    assert values == [brute_force_value(n, edges, nb, sd) for nb, sd in zip(neighbours, sds)]


def test_a_blossom_does_not_make_a_player_exposable():
    """S: r-q, q-t, t-a, a-b, b-t (a triangle t-a-b hanging from q).  Every maximum
    matching (2 pairs) pairs q, so a downfloater meeting only q adds no pair below, while
    one meeting b does (r-q, t-a, u-b)."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (2, 4)]
    values, _ = values_below(5, edges, [{1}, {4}], [15, 15])
    assert values == [(-2, ()), (-3, ())]


def steps_of(trf):
    rules = load_rule_set("dutch-2017")
    for record in pair_tournament(trf, "dutch-2017").brackets:
        b = record.bracket
        if not b.special and b.n_bracket < len(b.vertices):
            yield b, step_levels(b, rules)


def test_bracket_alone_pairs_as_the_step_model():
    """Every step of the sample cases and of two synthetic events where the bracket-alone
    model applies chooses the same pairs as the model of the whole step."""
    cases = [SAMPLE / "n040-r02of06-t044.trf", SAMPLE / "n057-r06of09-t025.trf",
             SAMPLE / "n010-r05of07-t043.trf", SAMPLE / "n042-r09of10-t028.trf",
             SAMPLE / "n031-r02of10-t045.trf", SAMPLE / "n022-r04of04-t032.trf"]
    cases += [parse_trf(simulate(41, rounds, 9, seed=seed), f"<synthetic {seed}>")
              for rounds, seed in ((3, 5), (5, 8))]
    compared = with_a_downfloater = 0
    for case in cases:
        for b, step in steps_of(case):
            alone = pair_on_bracket_alone(b, step, None)
            if alone is None:
                continue
            compared += 1
            with_a_downfloater += b.n_bracket % 2
            assert sorted(alone[0]) == sorted(e for e in pair_on_step_model(b, step, None)[0]
                                              if b.edges[e][1] < b.n_bracket)
    assert with_a_downfloater >= 5 and compared >= 10
