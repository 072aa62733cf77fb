"""The hand-worked Double-Swiss rounds (scenarios/double-swiss-2026/cases), paired by the system
from the match model's state: the PAB, every match with the White of game 1, and the article of
4.3 that decided it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from system_results import pair_double_swiss_tournament
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf_writer import write_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.double_swiss.procedure import (DoubleSwissRoundResult, Player, competition_rules,
                                                    pair_competition, pair_players)
from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches
from cpswiss.tournament.competition_state import competition_state
from double_swiss_cases import Case, cases


def paired(case: Case, switches: DoubleSwissSwitches = DoubleSwissSwitches()) -> DoubleSwissRoundResult:
    rules = replace(load_rule_set("double-swiss-2026"), switches=switches)
    state = competition_state(case.tournament(), competition_rules(rules))
    return pair_competition(state, rules)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.test_id)
def test_hand_worked_round(case):
    """Each case's TRF file (the two-column encoding, docs/formats.md) is its TOML description
    written out, and pairs as worked out by hand."""
    trf = case.path.with_suffix(".trf")
    assert trf.read_text() == write_trf(case.tournament())
    result = pair_double_swiss_tournament(str(trf))
    expect = case.expect
    assert result.pairing.bye == expect.get("pab")
    assert [[b.white, b.black] for b in result.pairing.boards] == expect["matches"]
    assert [b.article for b in result.pairing.boards] == expect["rules"]


def test_ds_6_float_exemption_of_two_rounds_keeps_c7_out_of_round_3_of_4():
    """Switch float_exemption_rounds = 2 (C.04.6's last two rounds): case 10 (round 3 of 4) is
    paired as case 11 (the last round) is."""
    by_name = {c.name: c for c in cases()}
    two = paired(by_name["10-c7-upfloater-who-floated-is-avoided"], DoubleSwissSwitches(float_exemption_rounds=2))
    assert [[b.white, b.black] for b in two.pairing.boards] == \
        by_name["11-c7-lapses-in-the-last-round"].expect["matches"]


def test_ds_5_matches_played_with_a_game_played():
    """Switch pab_matches_played: case 05's round 2 with the forfeited match of 3 counted the
    same either way (no game played, no meeting); the order of 3.4.3 is unchanged."""
    case = {c.name: c for c in cases()}["05-pab-barred-by-a-match-won-by-forfeit"]
    assert paired(case, DoubleSwissSwitches(pab_matches_played="with-a-game-played")).pairing.bye == 2


def test_art_3_3_3_no_legal_pairing_is_reported_with_the_article():
    everyone = frozenset({1, 2, 3, 4})  # four players who have all met
    players = [Player(t, 0, 0, cannot_meet=everyone - {t}) for t in (1, 2, 3, 4)]
    with pytest.raises(NoPairingError, match=r"C\.04\.5 Art\. 3\.3\.3"):
        pair_players(players, 4, 5, "W", load_rule_set("double-swiss-2026"))


# --- the rule file's criteria drive the procedure (TS-11, as for C.04.6) -------------------


def paired_under(case: Case, tmp_path, body: str) -> DoubleSwissRoundResult:
    """The case paired under a rule file extending double-swiss-2026 with ``body``."""
    path = tmp_path / "variant.toml"
    path.write_text(f'name = "variant"\nextends = "double-swiss-2026"\n{body}\n')
    rules = load_rule_set(str(path))
    return pair_competition(competition_state(case.tournament(), competition_rules(rules)), rules)


def pairs(result: DoubleSwissRoundResult) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in result.pairing.boards}


def test_rule_files_without_c7_or_c8_pair_cases_10_and_12_as_the_text_without_them(tmp_path):
    """Case 10 (round 3 of 4): [C7] passes over the set {1} (1 floated in round 2) for {4}:
    2-4, 1-6, 3-5; without [C7] the first set of 3.5.4, {1}, stands: 1-2, 3-4, 5-6.  Case 12:
    [C8] passes over the identifier 1 3 6 5 (the upfloater 1 would meet 6, who floated in round
    2) for 1 5 3 6; without [C8] the first legal identifier stands: 1-6, 3-5, then 2-4."""
    by_name = {c.name: c for c in cases()}
    ten = by_name["10-c7-upfloater-who-floated-is-avoided"]
    assert pairs(paired(ten)) == {frozenset(p) for p in ten.expect["matches"]}
    without_c7 = paired_under(ten, tmp_path, 'drop = ["C7"]')
    assert without_c7.plan.brackets[0].upfloaters == [1] and "[C7]" not in without_c7.plan.brackets[0].set_values
    assert pairs(without_c7) == {frozenset(p) for p in [(1, 2), (3, 4), (5, 6)]}
    twelve = by_name["12-c8-upfloaters-opponent-who-floated-is-avoided"]
    assert pairs(paired(twelve)) == {frozenset(p) for p in twelve.expect["matches"]}
    without_c8 = paired_under(twelve, tmp_path, 'drop = ["C8"]')
    assert without_c8.plan.brackets[0].pairing_values == {}
    assert pairs(without_c8) == {frozenset(p) for p in [(1, 6), (3, 5), (2, 4)]}


def test_a_replaced_c7_that_never_lapses_applies_in_the_last_round(tmp_path):
    """Case 11 is case 10 as the last round: [C7] lapses (DS-6) and the set {1} stands. With
    [C7] replaced by one without except_last_round, it applies there too: {4}, as in case 10."""
    by_name = {c.name: c for c in cases()}
    eleven = by_name["11-c7-lapses-in-the-last-round"]
    lapsed = paired(eleven)
    assert [m.label for m in lapsed.plan.rules.lapsed] == ["[C7]", "[C8]"]
    always = paired_under(eleven, tmp_path, '[[replace]]\nid = "C7"\nexcept_last_round = false')
    assert lapsed.plan.brackets[0].upfloaters == [1] and always.plan.brackets[0].upfloaters == [4]
    assert always.plan.brackets[0].set_values["[C7]"] == 0 and [m.label for m in always.plan.rules.lapsed] == ["[C8]"]
