"""Large brackets paired by their players' classes (:mod:`cpswiss.systems.dutch.dense`): the
same pairing as the bracket's graph and model, round after round of generated tournaments
(both ways in one test: the settings' ``without_graph_from_pairs`` forces either path), and rounds of
thousands of players that the graph could not hold."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest

from cpswiss.api import pair_round, prepare_tournament
from cpswiss.errors import TooLargeError
from cpswiss.solver.settings import SolverSettings
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.tournament.model import Tournament

BY_CLASSES = SolverSettings(without_graph_from_pairs=0)  # every step tried by classes first
ON_GRAPH = SolverSettings(without_graph_from_pairs=10 ** 12)  # never


@lru_cache(maxsize=None)
def tournament(players: int, rounds: int, seed: int, rules: str, **rates: int) -> Tournament:
    return generate(GeneratorConfig(players=players, rounds=rounds, **rates), seed, rules)


def both_ways(t: Tournament, rules: str, round_no: int) -> tuple[set, set, int]:
    """The round's boards (unordered pairs and the bye) paired by classes first and on the
    graph alone, and how many steps the first way paired by classes."""
    prepared = prepare_tournament(t, rules)
    dense = pair_round(prepared, round_no, BY_CLASSES)
    graph = pair_round(prepared, round_no, ON_GRAPH)

    def boards(result) -> set:
        return {frozenset((b.white, b.black)) for b in result.pairing.boards} | {("bye", result.pairing.bye)}

    assert not any(getattr(r, "by_classes", False) for r in graph.records)
    return boards(dense), boards(graph), sum(1 for r in dense.records if getattr(r, "by_classes", False))


@pytest.mark.parametrize("rules,seed", [("dutch-2026", 3), ("dutch-2017", 4), ("dutch-2026", 5)])
def test_every_round_of_a_generated_open_is_the_same_pairing_by_classes_as_on_the_graph(rules, seed):
    t = tournament(90, 6, seed, rules, draw_percentage=35, forfeit_rate=25, half_point_bye_rate=30,
                   zero_point_bye_rate=40)
    used = 0
    for round_no in range(2, 7):
        dense, graph, by_classes = both_ways(t, rules, round_no)
        assert dense == graph, f"round {round_no}"
        used += by_classes
    assert used >= 5  # the classes decided steps in these rounds, not only the fall-back


def test_round_two_of_a_large_field_is_the_same_pairing_both_ways():
    t = tournament(600, 2, 11, "dutch-2026", draw_percentage=30, forfeit_rate=30, full_point_bye_rate=100)
    dense, graph, by_classes = both_ways(t, "dutch-2026", 2)
    assert dense == graph
    assert by_classes == 3  # winners, draws with their floater, losers with the bye: every step


def test_round_two_of_six_thousand_players_is_paired_without_the_graph():
    # the step of 3,856 players (7.4 million possible pairs) that stopped with exit 4 before
    t = replace(tournament(6000, 1, 7, "dutch-2026", draw_percentage=30, forfeit_rate=32), total_rounds=9)
    prepared = prepare_tournament(t, "dutch-2026")
    result = pair_round(prepared, None, SolverSettings())  # checked legal (C.04.1, C1-C3) inside
    assert all(getattr(r, "by_classes", False) for r in result.records)
    paired = {p for b in result.pairing.boards for p in (b.white, b.black)} | {result.pairing.bye}
    assert paired - {None} == {p.id for p in result.state.to_pair}
    with pytest.raises(TooLargeError, match="possible pairs"):
        pair_round(prepared, None, ON_GRAPH)


@pytest.mark.parametrize("rules,step", [("fide-swiss-1999", "score group")])
def test_a_round_too_large_for_its_graph_is_exit_4_not_memory_run_out(rules, step, tmp_path, capsys):
    # round 1 of 6,400 players on the system's own graph: 20.5 million possible pairs (9,999
    # players under Burstein took 23 GB and were killed; Burstein and Dubov now pair it without
    # its graph: tests/test_burstein_first.py, tests/test_dubov_dense.py)
    from cpswiss.cli import main

    out = tmp_path / "t.trf"
    assert main(["generate", "-o", str(out), "--rules", rules, "--players", "6400", "--rounds", "1",
                 "--seed", "3"]) == 4
    err = capsys.readouterr().err
    assert f"a {step} of 6400 players (20,476,800 possible pairs)" in err and not out.exists()
    assert len(err.strip().splitlines()) == 1


def test_the_explanation_of_a_round_paired_by_classes_is_the_one_of_the_graph():
    # the explanation rebuilds a step paired by classes from its players: the same account
    from cpswiss.check.explain import account_of

    t = tournament(600, 2, 11, "dutch-2026", draw_percentage=30, forfeit_rate=30, full_point_bye_rate=100)
    prepared = prepare_tournament(t, "dutch-2026")
    texts = []
    for settings in (BY_CLASSES, ON_GRAPH):
        result = pair_round(prepared, 2, settings)
        texts.append(account_of(result, settings, "t.trf").text())
    assert texts[0] == texts[1]
    assert "Bracket" in texts[0] or "bracket" in texts[0]


@pytest.mark.parametrize("seed", [3, 6])
def test_2013_brackets_whose_downfloaters_land_in_the_next_scoregroup_are_paired_by_classes(seed):
    # 2013 C.12 (the landing bracket): the classes pair the bracket without it, and the pairing
    # is kept only where C.12 is shown at its least on it (rules2013.c12_at_its_least)
    t = tournament(90, 6, seed, "dutch-2013", draw_percentage=35, forfeit_rate=25, half_point_bye_rate=30,
                   zero_point_bye_rate=40)
    landing_steps = 0
    for round_no in range(2, 7):
        dense, graph, _ = both_ways(t, "dutch-2013", round_no)
        assert dense == graph, f"round {round_no}"
        result = pair_round(prepare_tournament(t, "dutch-2013"), round_no, BY_CLASSES)
        landing_steps += sum(1 for r in result.records if getattr(r, "by_classes", False) and not r.last_step)
    assert landing_steps >= 10  # brackets above the last, each with its landing bracket


def test_the_explanation_of_a_2013_landing_step_paired_by_classes_is_the_one_of_the_graph():
    from cpswiss.check.explain import account_of

    t = tournament(90, 4, 3, "dutch-2013", draw_percentage=35, forfeit_rate=25)
    prepared = prepare_tournament(t, "dutch-2013")
    results = [pair_round(prepared, 4, settings) for settings in (BY_CLASSES, ON_GRAPH)]
    assert any(getattr(r, "by_classes", False) and not r.last_step for r in results[0].records)
    texts = [account_of(result, settings, "t.trf").text() for result, settings in zip(results, (BY_CLASSES, ON_GRAPH))]
    assert texts[0] == texts[1]
    assert "Bracket 2" in texts[0]


def test_c12_at_its_least_only_where_a_matching_pairs_the_floater_and_all_but_one():
    """rules2013.c12_at_its_least against the maximum matching: wherever it says yes, the floater
    and the landing bracket have a pairing with the floater paired and at most one player left;
    the exchanges after the pairing in order say yes where the pairing in order alone did not."""
    from pathlib import Path
    import random

    from cpswiss.api import pair_tournament
    from cpswiss.solver.completion import AllBut, complete_matching
    from cpswiss.solver.matchings import pairs_in_order
    from cpswiss.systems.dutch.rules2013 import c12_at_its_least
    from cpswiss.tournament.compatibility import barred_later

    shown = by_exchanges = refused = 0
    for path in sorted(Path(__file__).parent.glob("data/dutch-2017-sample/*.trf")):
        state = pair_tournament(path, "dutch-2017").state
        players = list(state.to_pair)
        rng = random.Random(path.stem)
        for _ in range(30):
            some = rng.sample(players, rng.randint(2, min(len(players), 14)))
            floater = some[0] if rng.random() < 0.6 else None
            landing = some[1:] if floater is not None else some
            n, barred = len(some), barred_later(some, state)
            edges = [(i, j) for i in range(n) for j in range(i + 1, n) if j not in barred[i]]
            may_stay = list(range(1 if floater is not None else 0, n))
            exact = complete_matching(n, edges, may_stay)
            answer = c12_at_its_least(floater, landing, state)
            in_order = pairs_in_order(n, [AllBut(few) for few in barred])
            settled = 2 * len(in_order) >= n - 1 and (floater is None or any(0 in pair for pair in in_order))
            if answer:
                shown += 1
                by_exchanges += not settled
                assert exact is not None, path.stem
            else:
                refused += 1
    assert shown and by_exchanges and refused


def test_one_setting_sets_every_system_s_threshold_and_unset_leaves_each_its_own():
    from cpswiss.systems.burstein.first import FIRST_CANDIDATE_FROM_PAIRS
    from cpswiss.systems.dubov.dense import BOUNDS_FROM_PAIRS
    from cpswiss.systems.dutch.procedure import CLASSES_FROM_PAIRS

    unset = SolverSettings()
    # 448 players: 100,128 possible pairs; 447: 99,681
    assert [unset.pairs_without_graph(n, CLASSES_FROM_PAIRS) for n in (447, 448)] == [False, True]
    assert [unset.pairs_without_graph(n, FIRST_CANDIDATE_FROM_PAIRS) for n in (447, 448)] == [False, True]
    assert unset.pairs_without_graph(2, BOUNDS_FROM_PAIRS)  # Dubov: every step
    assert BY_CLASSES.pairs_without_graph(2, CLASSES_FROM_PAIRS)
    assert not ON_GRAPH.pairs_without_graph(9999, BOUNDS_FROM_PAIRS)
