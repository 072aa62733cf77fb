"""Large Dubov brackets paired without their graph (:mod:`cpswiss.systems.dubov.dense`): the same
records - upfloaters, candidates passed over, shifters, S1, T2, the players skipped - as the
graph's procedure, round after round of generated tournaments and on the consensus sample
(both ways in one test: ``SolverSettings.without_graph_from_pairs`` forces either path), its pieces
against brute force, and a field the graph refused (exit 4) paired."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import permutations
from pathlib import Path

import pytest

from cpswiss.api import pair_round, prepare_tournament
from cpswiss.solver.matchings import maximum_matching, perfect_bipartite_matching
from cpswiss.solver.settings import SolverSettings
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.systems.dubov.dense import fewest_same_preference
from cpswiss.systems.dubov.transposition import first_transposition
from cpswiss.systems.shared.bracket import MAX_GRAPH_PAIRS
from cpswiss.tournament.model import Tournament

SAMPLE = Path(__file__).parent / "data" / "dubov-2026-sample"
WITHOUT_GRAPH = SolverSettings(without_graph_from_pairs=0)  # every step tried without the graph first
ON_GRAPH = SolverSettings(without_graph_from_pairs=10 ** 12)  # never


@lru_cache(maxsize=None)
def tournament(players: int, rounds: int, seed: int, **rates: int) -> Tournament:
    return generate(GeneratorConfig(players=players, rounds=rounds, **rates), seed, "dubov-2026")


def records_both_ways(t: Tournament | Path, round_no: int | None = None) -> tuple[list, list]:
    prepared = prepare_tournament(t, "dubov-2026")
    dense = pair_round(prepared, round_no, WITHOUT_GRAPH)
    graph = pair_round(prepared, round_no, ON_GRAPH)
    assert not any(getattr(r, "by_bounds", False) for r in graph.records)
    return dense.records, graph.records


def _without_flag(records: list) -> list:
    """The records as the procedure's choices: who, in which order (not how it was proven)."""
    return [{k: v for k, v in vars(r).items() if k != "by_bounds"} for r in records]


@pytest.mark.parametrize("players,rounds,seed,rates", [
    (70, 8, 21, {"draw_percentage": 30, "forfeit_rate": 30, "half_point_bye_rate": 40}),
    (45, 9, 22, {"draw_percentage": 15, "late_entry_rate": 20, "zero_point_bye_rate": 30}),
    (120, 6, 23, {"draw_percentage": 40, "retired_rate": 30, "full_point_bye_rate": 60}),
])
def test_every_round_of_a_generated_open_has_the_same_records_both_ways(players, rounds, seed, rates):
    t = tournament(players, rounds, seed, **rates)
    by_bounds = 0
    for round_no in range(1, rounds + 1):
        dense, graph = records_both_ways(t, round_no)
        assert _without_flag(dense) == _without_flag(graph), f"round {round_no}"
        by_bounds += sum(getattr(r, "by_bounds", False) for r in dense)
    assert by_bounds >= rounds  # the bounds decided brackets of every kind of round


def test_the_consensus_sample_has_the_same_records_both_ways():
    kinds = set()
    for trf in sorted(SAMPLE.glob("*.trf")):
        dense, graph = records_both_ways(trf)
        assert _without_flag(dense) == _without_flag(graph), trf.name
        kinds |= {r.by_bounds for r in dense if hasattr(r, "by_bounds")}
    assert kinds == {True, False}  # by bounds, and on the graph where they were not attained


def test_a_field_the_graph_refused_is_paired_without_it():
    """Round 1 of 6,400 players is one bracket step of 20,476,800 possible pairs: more than
    MAX_GRAPH_PAIRS (exit 4 on the graph); round 2's first step holds every player too."""
    players = 6400
    assert players * (players - 1) // 2 > MAX_GRAPH_PAIRS
    t = tournament(players, 2, 31, draw_percentage=30)  # the generator pairs both rounds
    result = pair_round(prepare_tournament(t, "dubov-2026"), 2)  # round 2 again, the default settings
    played = {frozenset((pid, e.opponent)) for pid, rec in t.players.items()
              if (e := rec.entry(2)) is not None and e.opponent}
    assert {frozenset((b.white, b.black)) for b in result.pairing.boards} <= played
    brackets = [r for r in result.records if hasattr(r, "by_bounds")]
    assert brackets and all(r.by_bounds for r in brackets if len(r.residents) > 400)
    paired = [p for b in result.pairing.boards for p in (b.white, b.black)]
    assert len(paired) == len(set(paired)) >= 6000


@pytest.mark.parametrize("preferences,fewest", [
    ("WBWB", 0), ("WWWB", 1), ("WWWW", 2), ("WWBBBB", 1), ("BBBBBBWW", 2), ("WB--", 0), ("", 0)])
def test_the_fewest_pairs_of_one_preference(preferences, fewest):
    assert fewest_same_preference(preferences) == fewest
    best = min((sum(a == b for a, b in zip(order[::2], order[1::2])) for order in permutations(preferences)),
               default=0)
    assert best == fewest


@pytest.mark.parametrize("seed", range(40))
def test_a_perfect_bipartite_matching_exists_exactly_when_the_blossom_finds_one(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 9)
    density = rng.choice([0.2, 0.4, 0.7, 0.95])
    left, right = list(range(n)), list(range(n, 2 * n))
    allowed = {(a, b) for a in left for b in right if rng.random() < density}
    mate = perfect_bipartite_matching(left, right, allowed)
    largest = maximum_matching(2 * n, sorted(allowed))
    assert (mate is not None) == (len(largest) == n)
    if mate is not None:
        assert sorted(mate) == left and sorted(mate.values()) == right
        assert all((a, b) in allowed for a, b in mate.items())


@pytest.mark.parametrize("seed", range(30))
def test_the_first_transposition_is_the_first_legal_permutation(seed):
    rng = random.Random(seed)
    n = rng.randint(1, 6)
    s1, g2 = list(range(n)), list(range(n, 2 * n))
    allowed = {(a, b) for a in s1 for b in g2 if rng.random() < 0.7}
    legal = [list(p) for p in permutations(g2) if all((a, b) in allowed for a, b in zip(s1, p))]
    witness = perfect_bipartite_matching(s1, g2, allowed)
    assert (witness is None) == (not legal)
    if witness is not None:
        t2, skipped = first_transposition(s1, g2, allowed, witness)
        assert t2 == legal[0]  # permutations() yields them in the order of 4.4
        for pos, passed in skipped.items():
            assert all(not any(p[:pos] == t2[:pos] and p[pos] == b for p in legal) for b in passed)
