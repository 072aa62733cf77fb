"""Burstein brackets paired by the fold order's first candidate, proven by bounds without the
bracket's graph (:mod:`cpswiss.systems.burstein.first`): the same pairing as the graph, bracket
by bracket (both ways in one test: ``SolverSettings.without_graph_from_pairs`` forces either
path), on the corpus sample, on generated tournaments, on random colour preferences, and on
rounds of thousands of players that the graph could not hold."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from cpswiss.api import pair_round, prepare_tournament
from cpswiss.check.explain import account_of
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.solver.settings import SolverSettings
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.systems.burstein.first import first_candidate
from cpswiss.systems.burstein.procedure import FIRST, barred_pairs, pair_index_round
from cpswiss.systems.burstein.units import PreferenceCount
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import Tournament
from cpswiss.tournament.state import RoundState, Strength, build_state

RULES = load_rule_set("burstein-2026")
SAMPLE = REPO / "tests" / "data" / "burstein-2026-sample"
BY_FIRST = SolverSettings(without_graph_from_pairs=0)  # every bracket tried by its first candidate
ON_GRAPH = SolverSettings(without_graph_from_pairs=10 ** 12)  # never


@lru_cache(maxsize=None)
def tournament(players: int, seed: int, rounds: int = 7) -> Tournament:
    config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=30, retired_rate=20,
                             half_point_bye_rate=15, zero_point_bye_rate=20, late_entry_rate=25)
    return generate(config, seed, "burstein-2026")


def both_ways(state: RoundState) -> tuple[list, list, list[str]]:
    """Each bracket's players, pairs, floaters, fold steps and criteria values paired by the
    first candidate first and on the graph alone, and how the first way solved each bracket."""
    first = pair_index_round(state, RULES, BY_FIRST).records[0]
    graph = pair_index_round(state, RULES, ON_GRAPH).records[0]
    assert FIRST not in {b.solved_on for b in graph.brackets}

    def rows(records) -> list:
        return [(b.players, b.pairs, b.floaters, b.steps, b.values) for b in records.brackets]

    return rows(first), rows(graph), [b.solved_on for b in first.brackets]


@pytest.mark.parametrize("case", sorted(p.stem for p in SAMPLE.glob("*.trf")))
def test_every_bracket_of_the_sample_is_the_pairing_of_the_graph(case):
    state = build_state(read_trf(SAMPLE / f"{case}.trf"), RULES.state)
    if state.round_no <= 2:  # a seeding round (Art. 1.6): the Dutch procedure pairs it
        return
    first, graph, _ = both_ways(state)
    assert first == graph


def test_generated_rounds_are_the_pairing_of_the_graph_by_every_way_of_the_first_candidate():
    """Every Index round of generated tournaments: the same brackets both ways; among them
    brackets decided by the first candidate alone (no matching), brackets whose last choices
    were solved again on a graph, and brackets the candidate could not prove (the graph)."""
    ways = {"alone": 0, "tail": 0, "graph": 0}
    for seed, players in ((1, 61), (2, 98), (3, 135), (4, 44)):
        t = tournament(players, seed)
        for round_no in range(4, 8):
            state = build_state(t, RULES.state, round_no)
            first, graph, solved_on = both_ways(state)
            assert first == graph
            records = pair_index_round(state, RULES, BY_FIRST).records[0]
            for b in records.brackets:
                ways["graph" if b.solved_on != FIRST else "tail" if b.solves else "alone"] += 1
    assert all(ways.values()), ways


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_colour_preferences_give_the_pairing_of_the_graph(data):
    """Random colour preferences and strengths (so [C8]'s count and [C3]'s absolute clashes
    vary) on the players of generated rounds: the first candidate's pairing is the graph's."""
    seed = data.draw(st.integers(1, 4), label="seed")
    t = tournament((61, 98, 135, 44)[seed - 1], seed)
    state = build_state(t, RULES.state, data.draw(st.integers(4, 7), label="round"))
    colours = st.sampled_from([(None, Strength.NONE), (WHITE, Strength.MILD), (BLACK, Strength.MILD),
                               (WHITE, Strength.STRONG), (BLACK, Strength.STRONG),
                               (WHITE, Strength.ABSOLUTE), (BLACK, Strength.ABSOLUTE)])
    players = {}
    for pid, p in state.players.items():
        preference, strength = data.draw(colours) if data.draw(st.booleans()) else (p.preference, p.strength)
        players[pid] = replace(p, preference=preference, strength=strength)
    changed = replace(state, players=players)
    try:
        first, graph, _ = both_ways(changed)
    except Exception as e:  # the same refusal both ways ([C1]-[C3] leave no pairing)
        with pytest.raises(type(e)):
            pair_index_round(changed, RULES, ON_GRAPH)
        with pytest.raises(type(e)):
            pair_index_round(changed, RULES, BY_FIRST)
        return
    assert first == graph


def test_the_first_candidate_takes_the_highest_bsn_that_the_colour_count_allows():
    """Art. 4.3 and [C8]: four players of whom BSN 1, 3 and 4 prefer White and BSN 2 Black: the
    fewest same-colour pairs is one; BSN 1 takes BSN 4 (a clash the count allows), BSN 2 BSN 3."""
    state = build_state(read_trf(SAMPLE / "n038-r05of11-t013.trf"), RULES.state)
    some = [replace(p, preference=c, strength=Strength.MILD, opponents=frozenset(), forbidden=frozenset())
            for p, c in zip(list(state.players.values())[:4], [WHITE, BLACK, WHITE, WHITE])]
    assert PreferenceCount(some).fewest(0) == 1
    candidate = first_candidate(some, {p.id: frozenset() for p in some}, 0, 1)
    assert candidate.complete and candidate.decisions == [(0, 3), (1, 2)]
    # with no clash allowed no pairing is left: BSN 1's options all fail the count
    assert not first_candidate(some, {p.id: frozenset() for p in some}, 0, 0).complete
    # a barred pair (they have met) is passed over: BSN 1 takes BSN 3
    barred = barred_pairs([replace(some[0], opponents=frozenset({some[3].id})), *some[1:3],
                           replace(some[3], opponents=frozenset({some[0].id}))], state)
    assert first_candidate(some, barred, 0, 1).decisions == [(0, 2), (1, 3)]


def test_the_explanation_of_a_bracket_paired_by_its_first_candidate_is_the_one_of_the_graph():
    prepared = prepare_tournament(tournament(98, 2), "burstein-2026")
    texts = [account_of(pair_round(prepared, 6, s), s, "t.trf").text() for s in (BY_FIRST, ON_GRAPH)]
    assert texts[0] == texts[1] and "BSN" in texts[0]


def test_round_one_of_6400_players_is_paired_without_the_graph():
    """Round 1 of a one-round event is an Index round (Art. 1.6.2: no seeding round): 6,400
    players in one bracket (20.5 million possible pairs, exit 4 on the graph): BSN k meets BSN
    6401 - k, nobody's graph built."""
    t = replace(generate(GeneratorConfig(players=6400, rounds=1), 3, "burstein-2026", play=0), total_rounds=1)
    state = build_state(t, RULES.state, 1)
    record = pair_index_round(state, RULES).records[0]
    (bracket,) = record.brackets
    assert bracket.solved_on == FIRST and bracket.solves == 0 and bracket.source.built is None
    n = len(bracket.players)
    assert n == 6400 and sorted(bracket.pairs) == sorted(
        (bracket.players[k], bracket.players[n - 1 - k]) for k in range(n // 2))



def test_an_index_round_of_1200_players_is_the_pairing_of_the_graph_by_the_threshold():
    """Round 5 of a 9-round 1,200-player event (the first Index round, Art. 1.6.2): its
    brackets of at least the threshold's pairs (here 20,000: 201 players) go by their first
    candidate, the others as before, and every bracket is the graph's."""
    t = generate(GeneratorConfig(players=1200, rounds=9, draw_percentage=30), 7, "burstein-2026", play=4)
    state = build_state(t, RULES.state, 5)
    threshold = pair_index_round(state, RULES, SolverSettings(without_graph_from_pairs=20_000)).records[0]
    graph = pair_index_round(state, RULES, ON_GRAPH).records[0]
    assert [(b.players, b.pairs, b.floaters, b.steps) for b in threshold.brackets] == \
        [(b.players, b.pairs, b.floaters, b.steps) for b in graph.brackets]
    large = [b for b in threshold.brackets if len(b.players) * (len(b.players) - 1) // 2 >= 20_000]
    assert large and all(b.solved_on == FIRST for b in large)
    assert all(b.solved_on != FIRST for b in threshold.brackets if b not in large)
