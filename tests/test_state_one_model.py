"""One tournament model: a player is a competitor whose matches have one game, and the state
of the individual systems (``StateHistory``) and the state of the systems of matches
(``competition_state``) are summed from the same competitor histories
(``cpswiss.tournament.history``).  On one individual file (no Double-Swiss columns) the two
states give the same scores, colours, opponents, games, availability and bye bar where their
rules agree, and their floats differ exactly where the rules do: an unplayed round (C.04.3
A.4 under the 2017 rule set: a downfloat; C.04.6 / C.04.5 Art. 1.5: no float).

``tests/data/one-model/individual.trf``: seven players, three rounds - games, a pairing-
allocated bye each round (7, none, 5), a forfeit (7 wins against 2, round 2), a half-point bye
(3, round 2).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import REPO

from cpswiss.errors import InputError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.tournament.competition_state import GAME_POINTS, CompetitionRules, competition_state
from cpswiss.tournament.competitors import EntryKind, competitors
from cpswiss.tournament.model import RoundEntry, RoundKind
from cpswiss.tournament.state import Float, StateHistory, build_state

FILE = REPO / "tests" / "data" / "one-model" / "individual.trf"
# the bye bar of the 2017 rule set (C.2: a PAB, a forfeit win) as a system of matches declares one
MATCH_RULES = CompetitionRules("double-swiss", GAME_POINTS, False, "none",
                               bye_barred_by=frozenset((EntryKind.PAB, EntryKind.FORFEIT_WIN)))


@pytest.mark.parametrize("round_no", [1, 2, 3, 4])
def test_the_individual_and_the_match_state_of_one_file_agree_where_their_rules_agree(round_no):
    t = read_trf(FILE)
    individual = StateHistory(t, load_rule_set("dutch-2017").state).state(round_no)
    matches = competition_state(t, MATCH_RULES, round_no)
    assert sorted(individual.players) == sorted(matches.competitors) == list(range(1, 8))
    played_floats = []
    for pid, p in individual.players.items():
        c = matches.competitors[pid]
        assert (p.score, p.real_score, p.colours, p.opponents, p.games_played, p.bye_eligible, p.available) == \
            (c.score, c.real_score, c.colours, c.opponents, c.matches_played, c.bye_eligible, c.available), pid
        # the individual state keeps the two rounds A.4 reads; the match state every round
        assert len(p.floats) == min(2, round_no - 1) and len(c.floats) == round_no - 1
        for back, (mine, theirs) in enumerate(zip(p.floats, c.floats), start=1):
            entry = c.entries[round_no - 1 - back]
            if entry is not None and entry.played:
                assert mine == theirs, (pid, back)
                played_floats.append(mine)
            else:  # 2017 A.4 / RN-1: every unplayed round a downfloat; Art. 1.5: none
                assert (mine, theirs) == (Float.DOWN, Float.NONE), (pid, back)
    if round_no >= 3:  # round 2: 4 (0.0) met 5 (0.5), an upfloat and a downfloat in both states
        assert {Float.UP, Float.DOWN} <= set(played_floats)


def test_the_sums_of_the_one_model_on_the_file():
    """What the agreement above is about: the values themselves, before round 4."""
    state = build_state(read_trf(FILE), load_rule_set("dutch-2017").state)
    seven, two, three, five = (state.players[pid] for pid in (7, 2, 3, 5))
    assert (seven.score, seven.colours, seven.opponents, seven.games_played) == (25, ("B",), frozenset({1}), 1)
    assert not seven.bye_eligible and not five.bye_eligible  # a PAB (and 7's forfeit win) bar it
    assert (two.score, two.opponents, two.games_played, two.bye_eligible) == (15, frozenset({3, 5}), 2, True)
    # round 3 against 2 on equal scores; round 2 the half-point bye (2017: every unplayed round down)
    assert (three.score, three.floats) == (5, (Float.NONE, Float.DOWN))
    found = competitors(read_trf(FILE))
    assert [found[2].entry(2).kind, found[7].entry(2).kind] == [EntryKind.FORFEIT_LOSS, EntryKind.FORFEIT_WIN]
    assert not found[2].entry(2).played and found[2].entry(1).played


def test_an_unplayed_round_floats_by_the_rule_sets_switch():
    """One float function, three switches: 2017 every unplayed round down; 2026 Art. 1.4.3 the
    PAB and rounds scored above a loss (the half-point bye) down, a forfeit loss not; the
    systems of matches (Art. 1.5) none.  Round 2, seen from round 3: 3 had the half-point bye,
    2 lost by forfeit, 7 won by forfeit; 1 (above) played 6 (below)."""
    t = read_trf(FILE)
    by = {name: build_state(t, load_rule_set(name).state, 3).players for name in ("dutch-2017", "dutch-2026")}
    matches = competition_state(t, MATCH_RULES, 3).competitors
    last = {pid: (by["dutch-2017"][pid].floats[0], by["dutch-2026"][pid].floats[0], matches[pid].floats[0])
            for pid in (3, 2, 7, 1, 6)}
    assert last == {3: (Float.DOWN, Float.DOWN, Float.NONE), 2: (Float.DOWN, Float.NONE, Float.NONE),
                    7: (Float.DOWN, Float.DOWN, Float.NONE), 1: (Float.NONE, Float.NONE, Float.NONE),
                    6: (Float.NONE, Float.NONE, Float.NONE)}
    # round 1 seen from round 2: 7's PAB is a downfloat under 2026 too
    assert build_state(t, load_rule_set("dutch-2026").state, 2).players[7].floats == (Float.DOWN,)


def test_a_round_without_results_is_refused_by_both_states_in_the_same_words():
    t = read_trf(FILE)
    for pid, other, colour in ((1, 7, "W"), (7, 1, "B")):
        t.players[pid].rounds[2] = RoundEntry(RoundKind.PENDING, other, colour)
    with pytest.raises(InputError) as individual:
        build_state(t, load_rule_set("dutch-2017").state, 4)
    with pytest.raises(InputError) as matches:
        competition_state(t, MATCH_RULES, 4)
    assert str(individual.value) == str(matches.value)
    assert "round 3 of player 1 has no result yet" in str(individual.value)
    # the round itself may be re-paired: its pending games are what it paired
    assert build_state(t, load_rule_set("dutch-2017").state, 3).players[1].available


def test_the_2026_bye_bar_counts_any_unplayed_round_worth_a_win():
    """2026 [C2] (C.04.1 Art. 4, "unplayed-win"): 7's forfeit win bars the bye as 5's PAB does;
    a system of matches bars by kind alone, and a bar of the PAB only leaves 7 barred by his."""
    t = read_trf(FILE)
    barred = {pid for pid, p in build_state(t, load_rule_set("dutch-2026").state).players.items()
              if not p.bye_eligible}
    assert barred == {5, 7}
    only_pab = replace(MATCH_RULES, bye_barred_by=frozenset((EntryKind.PAB,)))
    assert {cid for cid, c in competition_state(t, only_pab).competitors.items() if not c.bye_eligible} == {5, 7}
    round_two = competition_state(t, only_pab, 3).competitors
    assert {cid for cid, c in round_two.items() if not c.bye_eligible} == {7}
