"""Brackets of interchangeable players (round 1 of an open): paired without their graph.

Every pairing with the most pairs is then equal on every criterion, so the answer is
the first candidate (B.3/B.4, B.8); these tests check that the shortcut gives what the
full model gives, that the linear-time completeness test never says "all compatible"
wrongly, and that a round of several thousand players is paired without its graph."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from cpswiss.api import pair_tournament
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.compatibility import compatible, every_pair_compatible
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.shared.bracket import interchangeable
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.systems.dutch.solve import pair_bracket
from cpswiss.tournament.state import Strength, build_state

ROOT = Path(__file__).parent / "data"
# the individual samples (team and Double-Swiss files are paired on their own path)
ROUND_ONE = sorted(p for p in ROOT.glob("*-sample/*r01of*.trf") if read_trf(p).kind == "individual")
SAMPLE_SYSTEMS = {"dubov-2026-sample": "dubov-2026", "burstein-2026-sample": "burstein-2026"}


def first_round(players: int, seed: int):
    config = GeneratorConfig.from_mapping({"PlayersNumber": players, "RoundsNumber": 5})
    return generate(config, seed, "dutch-2017", play=0)


@pytest.mark.parametrize("rules_name", ["dutch-2017", "dutch-2026", "dutch-2013"])
@pytest.mark.parametrize("players", [2, 7, 12, 31])
def test_the_shortcut_pairs_as_the_bracket_model(players, rules_name):
    rules = load_rule_set(rules_name)
    result = pair_tournament(first_round(players, players), rules)
    (record,) = result.records
    assert record.graph is None  # paired without the graph
    state = result.state
    bracket = state.to_pair
    assert interchangeable(bracket, state)
    model = pair_bracket(DutchBracket(bracket, 0, len(bracket), state, last_step=True, final=True), rules)
    assert [(bracket[i].id, bracket[j].id) for i, j in model.pairs] == record.pairs
    # the graph is built when asked for, with the chosen edges on it
    b = record.bracket
    assert len(b.edges) == players * (players - 1) // 2
    assert sorted(b.edges[e] for e in record.chosen) == sorted(model.pairs)


@pytest.mark.parametrize("path", ROUND_ONE, ids=lambda p: p.stem)
def test_round_one_samples_match_their_expected_pairing(path):
    """The corpus samples' first rounds (late entries, byes requested) through the engine, by the
    system of the sample (Dubov and Burstein number every registered player: their round-1
    colours with a player absent are not the Dutch ones)."""
    result = pair_tournament(path, SAMPLE_SYSTEMS.get(path.parent.name))
    expected = path.with_suffix(".expected").read_text().split()[1:]
    got = []
    for board in result.pairing.boards:
        got += [str(board.white), str(board.black)]
    if result.pairing.bye is not None:
        got += [str(result.pairing.bye), "0"]
    assert sorted(zip(got[::2], got[1::2])) == sorted(zip(expected[::2], expected[1::2]))


@pytest.mark.parametrize("seed", range(30))
def test_all_compatible_only_when_every_pair_is(seed):
    """every_pair_compatible may say no where all pairs are allowed, never yes where one is not."""
    rng = random.Random(seed)
    state = build_state(first_round(10, seed), load_rule_set("dutch-2017").state)
    players = state.to_pair
    for k, p in enumerate(players):
        if rng.random() < 0.2:
            p = replace(p, strength=Strength.ABSOLUTE, preference=rng.choice("WB"))
        if rng.random() < 0.1:
            p = replace(p, opponents=frozenset({rng.choice(players).id}))
        players[k] = p
    everyone = all(compatible(p, q, state) for i, p in enumerate(players) for q in players[i + 1:])
    assert not every_pair_compatible(players, state) or everyone


def test_players_who_differ_are_not_interchangeable():
    state = build_state(first_round(6, 1), load_rule_set("dutch-2017").state)
    players = state.to_pair
    assert interchangeable(players, state)
    assert not interchangeable(players[:-1] + [replace(players[-1], bye_eligible=False)], state)
    assert not interchangeable(players[:-1] + [replace(players[-1], score=5)], state)


def test_three_thousand_players_in_round_one_need_no_graph():
    result = pair_tournament(first_round(3001, 5), "dutch-2026")
    (record,) = result.records
    assert record.graph is None
    assert len(result.pairing.boards) == 1500 and result.pairing.bye == 3001
    assert (result.pairing.boards[0].white, result.pairing.boards[0].black) in ((1, 1501), (1501, 1))
