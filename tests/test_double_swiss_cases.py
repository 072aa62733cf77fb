"""The hand-worked Double-Swiss rounds (scenarios/double-swiss-2026/cases), paired by the system
from the match model's state: the PAB, every match with the White of game 1, and the article of
4.3 that decided it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cpswiss.api import pair_double_swiss_tournament
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
    assert [b.colour_rule for b in result.pairing.boards] == expect["rules"]


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
        pair_players(players, 4, 5, "W")
