"""The rating-based Dutch system of 1992-98 (seed 001 part 2) on the 2013 frame: the
hand-worked rounds of scenarios/dutch-1998 (README there), what differs from 2013 (the
order C.9/C.10 give up the float rules, no Z, B.1.b by a full point, B.5/B.6 waived for
last-round topscorers), its explanation (p, x, C.9-C.11) and `rules diff`."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import SCENARIOS, player_line

from cpswiss.check.explain import explain_engine
from cpswiss.cli import main
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.dutch.units import repeated_float
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.rulesets.ruleset import diff, load_rule_set
from cpswiss.tournament.state import build_state

HERE = SCENARIOS / "dutch-1998"
CASES = {"joined-groups": "joined-groups-after-round-3", "upfloat-protected": "upfloat-protected-after-round-3",
         "no-z": "no-z-after-round-3"}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hand_worked_rounds(case, tmp_path):
    out = tmp_path / "out.txt"
    trf = HERE / f"{CASES[case]}.trf"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--rules", "dutch-1998"]) == 0
    assert out.read_text() == (HERE / f"{case}-expected.txt").read_text()
    # each case is one where the 2013 edition pairs differently (the README says why)
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--rules", "dutch-2013"]) == 0
    assert out.read_text() != (HERE / f"{case}-expected.txt").read_text()


def test_upfloats_are_protected_longer_than_downfloats():
    """C.9 gives up B.5 for downfloats before C.10 touches upfloats: 3 meets 6 (no repeated
    upfloat) and 5 floats down again, where 2013 (C.10.a-d) has 3 meet 5 and floats 6."""
    text = explain_engine(HERE / "upfloat-protected-after-round-3.trf", "dutch-1998").text()
    bracket = text[text.index("Bracket 3"):text.index("Bracket 4")]
    assert "rules:    3-6; floating [1 5]" in bracket
    assert "C.9 (B.5 first): B.5 given up for 1 player (repeated float, downfloaters)" in bracket
    assert "p = 1, x = 0 (A.6, A.8)" in bracket


def test_join_names_c13_and_both_relaxations():
    text = explain_engine(HERE / "joined-groups-after-round-3.trf", "dutch-1998").text()
    # the 1.5 group is undone and paired again (Bruno-David), the two below joined (C.13)
    assert "penultimate bracket (C.13: undone and paired again)" in text
    assert "Bracket 4: score 0.5, joined last bracket (C.13)" in text
    assert "C.9 (then B.6): B.6 given up for 1 player (repeated float, downfloaters)" in text
    assert "C.10 (B.6 first): B.6 given up for 1 player (repeated float, upfloaters)" in text


def test_half_point_bye_does_not_bar_the_bye():
    """B.1.b: "a point without playing" - a half-point bye is not one (2013 reads it so)."""
    players = [player_line(1, "Anna", 2300, "0.5", ["3 w ="]), player_line(2, "Boris", 2250, "0.5", ["4 b ="]),
               player_line(3, "Clara", 2200, "0.5", ["1 b ="]), player_line(4, "Dmitri", 2150, "0.5", ["2 w ="]),
               player_line(5, "Elena", 2100, "0.5", ["0000 - H"])]
    text = "\n".join(["012 B.1.b", "XXR 4", "XXC white1", *players]) + "\n"
    t = parse_trf(text, "<b1b>")
    assert build_state(t, load_rule_set("dutch-1998").state).players[5].bye_eligible
    assert not build_state(t, load_rule_set("dutch-2013").state).players[5].bye_eligible


def test_float_rules_waived_for_last_round_topscorers():
    """The sentence after B.6: not applied in the last round to players above 50%.  8
    upfloated in round 3; paired with 2 (2.5) he would upfloat again (B.5)."""
    state = build_state(read_trf(HERE / "joined-groups-after-round-3.trf"), load_rule_set("dutch-1998").state)
    criterion = next(c for c in load_rule_set("dutch-1998").criteria if c.id == "B5-up")
    plain = replace(criterion, params={**criterion.params, "topscorers_exempt": False})
    for topscorer, exempt_count, plain_count in ((False, 1, 1), (True, 0, 1)):
        mover = replace(state.players[8], topscorer=topscorer)
        b = DutchBracket([state.players[2], mover], 1, 2, state, last_step=True, final=False)
        assert b.edges == [(0, 1)]
        assert sum(level.value([0]) for level in repeated_float(b, criterion)) == exempt_count
        assert sum(level.value([0]) for level in repeated_float(b, plain)) == plain_count


def test_rules_diff_lists_what_changed_from_1998_to_2013():
    lines = diff(load_rule_set("dutch-1998"), load_rule_set("dutch-2013"))
    assert "state.bye_barred_by: [pab, forfeit-win, full-bye] -> [pab, forfeit-win, full-bye, half-bye]" in lines
    assert any(line.startswith("+ B.4 (Z) strong-colour-preference") for line in lines)
    assert any(line.startswith("+ A.7.d semi-absolute-preference") for line in lines)
    assert "procedure.bracket_parameters: p-x -> A.6-A.8" in lines
