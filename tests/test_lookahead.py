"""C.7 (2026 [C8]) for a single downfloater without the next scoregroup in the model
(cpswiss.systems.dutch.lookahead): what the following bracket makes of each candidate,
checked against every matching of small random graphs, and the bracket-alone pairing
checked against the step model under 2017 and 2026."""

import random
from pathlib import Path

import pytest
from test_model import all_matchings, random_graph

from cpswiss.api import pair_tournament
from cpswiss.formats.trf import parse_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.simulate import simulate
from cpswiss.systems.dutch.lookahead import Below, fates_below
from cpswiss.systems.dutch.solve import (
    pair_on_bracket_alone,
    pair_on_step_model,
    step_levels,
)

SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"


def brute_force_fate(n, edges, neighbours):
    """The following bracket S + u over all its matchings: its most pairs, and whether
    u is paired in one of the matchings with that many."""
    u = n
    graph = edges + [(w, u) for w in sorted(neighbours)]
    best = max((len(m), any(u in graph[e] for e in m)) for m in all_matchings(n + 1, graph))
    return best


@pytest.mark.parametrize("seed", range(80))
def test_what_the_following_bracket_makes_of_each_downfloater(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 8)
    edges = random_graph(rng, n, rng.choice([0.2, 0.4, 0.7]))
    neighbours = [{w for w in range(n) if rng.random() < 0.3} for _ in range(5)]
    size, fates = fates_below(n, edges, neighbours)
    found = [(size + (fate is Below.EXTRA_PAIR), fate is not Below.UNPAIRED) for fate in fates]
    assert found == [brute_force_fate(n, edges, nb) for nb in neighbours]


def test_a_blossom_does_not_make_a_player_exposable():
    """S: r-q, q-t, t-a, a-b, b-t (a triangle t-a-b hanging from q).  Every maximum
    matching (2 pairs) pairs q, so a downfloater meeting only q adds no pair below, while
    one meeting b does (r-q, t-a, u-b)."""
    edges = [(0, 1), (1, 2), (2, 3), (3, 4), (2, 4)]
    size, fates = fates_below(5, edges, [{1}, {4}])
    assert (size, fates) == (2, [Below.PAIRED, Below.EXTRA_PAIR])


def steps_of(trf, rules_name):
    rules = load_rule_set(rules_name)
    for record in pair_tournament(trf, rules_name).records:
        b = record.bracket
        if not b.last_step and b.n_bracket < len(b.vertices):
            yield b, step_levels(b, rules)


@pytest.mark.parametrize("rules_name", ["dutch-2017", "dutch-2026"])
def test_bracket_alone_pairs_as_the_step_model(rules_name):
    """Every step of the sample cases and of two synthetic events where the bracket-alone
    model applies chooses the same pairs as the model of the whole step."""
    cases = [SAMPLE / "n040-r02of06-t044.trf", SAMPLE / "n057-r06of09-t025.trf",
             SAMPLE / "n010-r05of07-t043.trf", SAMPLE / "n042-r09of10-t028.trf",
             SAMPLE / "n031-r02of10-t045.trf", SAMPLE / "n022-r04of04-t032.trf"]
    cases += [parse_trf(simulate(41, rounds, 9, seed=seed), f"<synthetic {seed}>")
              for rounds, seed in ((3, 5), (5, 8))]
    compared = with_a_downfloater = above_the_last = 0
    for case in cases:
        for b, step in steps_of(case, rules_name):
            alone = pair_on_bracket_alone(b, step, None)
            if alone is None:
                continue
            compared += 1
            with_a_downfloater += b.n_bracket % 2
            above_the_last += b.n_bracket % 2 and b.final
            assert sorted(alone[0]) == sorted(e for e in pair_on_step_model(b, step, None)[0]
                                              if b.edges[e][1] < b.n_bracket)
    assert with_a_downfloater >= 5 and compared >= 10
    assert above_the_last >= 1  # the split holds above the last scoregroup too
