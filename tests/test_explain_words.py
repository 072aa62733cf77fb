"""Dubov and Burstein explanations an arbiter can follow: each class of sentence checked against
the text of the article it cites, with the players and values it names.

1. Dubov's passed-over upfloaters name the criterion each loses on (Art. 3.2.2, 4.2; [C4]-[C10]).
2. Values are said with the players ("floats 2 (3.5)", "upfloats 2 (2.0) to meet 1 (3.0)").
3. Burstein's seeding rounds cite the Dutch article that decided the colours and the pairing
   number used (C.04.4.2 Art. 1.6; C.04.3 Art. 5.2.5).
4. The Burstein bye line shows the Index tie behind Art. 3.1.5.
5. Burstein's Art. 5.2.5 line names the player higher in the Index order as the higher-ranked.
6. ``explain`` of a proposal names the first article it breaks, in players' words, for each system.
"""

from __future__ import annotations

from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.check.explain import explain_engine, explain_pairing
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.burstein.index import index_values
from cpswiss.systems.dubov.facts import dubov_facts

DATA = Path(__file__).parent / "data"
DUBOV = DATA / "dubov-2026-explain"
BURSTEIN = DATA / "burstein-2026-sample"


def _dubov(case: str):
    return explain_pairing(DUBOV / f"{case}.trf", DUBOV / f"{case}.proposal", rule_set="dubov-2026")


def _burstein(case: str):
    return explain_pairing(BURSTEIN / f"{case}.trf", BURSTEIN / f"{case}.py4swiss", rule_set="burstein-2026")


def _notes(explanation) -> list[str]:
    return [note for bracket in explanation.brackets for note in bracket.notes]


def test_dubov_passed_over_upfloaters_name_the_criterion_each_loses_on():
    # the 1.5 bracket of n015 r4: 8 (a black seeker) needs an upfloater; 10 and 13 (1.0) come
    # first in the order of 4.2 but want Black too: [C7]; 14 (white seeker) is taken
    notes = _notes(_dubov("n015-r04of08-t015"))
    passed = [n for n in notes if n.startswith("3.2.2, 4.2:")]
    assert [n.split()[2] for n in passed] == ["10", "13"]
    for pid, note in zip((10, 13), passed):
        assert "is passed over: [C7] (C.04.4.1 Art. 2.3.3)" in note
        assert f"8 and {pid} both want Black" in note
        assert note.endswith("the bracket's pairing gives every player his colour preference")
    assert not any("as good on [C5]-[C10]" in n for n in notes)


def test_dubov_passed_over_for_an_upfloat_in_the_previous_round_is_true_by_the_facts():
    explanation = _dubov("n035-r06of10-t004")
    [note] = [n for n in _notes(explanation) if n.startswith("3.2.2, 4.2: 31 ")]
    assert "[C10] (C.04.4.1 Art. 2.3.6)" in note
    assert "the best pairing with him upfloats 1 player who upfloated in the previous round: 31" in note
    result = pair_tournament(DUBOV / "n035-r06of10-t004.trf", "dubov-2026")
    assert dubov_facts(result.state, result.rules)[31].upfloated_last_round  # Art. 2.3.6 as the text reads


def test_dubov_values_are_said_with_the_players():
    explanation = _dubov("n015-r04of08-t015")
    decisive = explanation.decisive
    assert decisive is not None and decisive.article == "C.04.4.1 Art. 2.3.2 [C6]"
    assert decisive.message == ("[C6] asks for the smallest score differences, the largest first: the proposal "
                                "upfloats 2 (2.0) to meet 1 (3.0): score difference 1.0; the rules' pairing "
                                "upfloats 3 (2.5) to meet 1 (3.0): score difference 0.5")
    assert "proposed 1, rules 0" not in str(decisive)


def test_dubov_bye_verdict_names_the_players_and_their_games():
    decisive = _dubov("n022-r03of05-t018").decisive
    assert decisive is not None and decisive.article == "C.04.4.1 Art. 3.1.4"
    assert decisive.message == ("with the same score (0.0), the bye goes to the player who has played the most "
                                "games: 20 (2), not 13 (0)")


def test_burstein_values_are_said_with_the_players():
    # bracket 3.0 with the incoming floater 2 (3.5): [C6] floats the lower score
    decisive = _burstein("n011-r05of06-t008").decisive
    assert decisive is not None and decisive.article == "C.04.4.2 Art. 2.3.2 [C6]"
    assert decisive.message.endswith("the proposal floats 2 (3.5); the rules' pairing floats 5 (3.0)")


def test_burstein_c8_and_fold_order_verdicts_name_the_players():
    c8 = _burstein("n008-r03of05-t005").decisive
    assert c8 is not None and c8.article == "C.04.4.2 Art. 2.3.4 [C8]"
    assert "the proposal leaves 1 player without a colour preference granted: 1 and 3 both want Black" in c8.message
    fold = _burstein("n038-r05of11-t013").decisive
    assert fold is not None and fold.article == "C.04.4.2 Art. 4.3"
    assert fold.message == ("[C5]-[C8] equal, the fold order decides: BSN 1 (9) takes the highest BSN still "
                            "possible, BSN 3 (7), where the proposal gives him BSN 2 (1)")


def test_burstein_seeding_round_colours_cite_the_dutch_articles_and_the_pairing_number():
    # round 1 of n024: 10 and 20 absent; 12 keeps TPN 12 (C.04.2 Art. 2): even, the other colour
    explanation = explain_engine(BURSTEIN / "n024-r01of07-t001.trf", "burstein-2026")
    assert explanation.header.startswith("Seeding round (C.04.4.2 Art. 1.6)")
    board = next(f for f in explanation.colours if "24-12" in f.message)
    assert board.article == "C.04.3 Art. 5.2.5"
    assert "the higher-ranked 12 gets the colour his pairing number gives (pairing number 12, even" in board.message
    assert not any("C.04.4.2" in f.article for f in explanation.colours)


def test_burstein_bye_line_shows_the_index_tie_of_article_3_1_5():
    explanation = explain_engine(BURSTEIN / "n025-r03of05-t011.trf", "burstein-2026")
    assert explanation.bye is not None
    assert ("Art. 3.1.5 breaks the tie of 4 players on 0.0 points and 2 games, in the Index order: 19 (BH 3, SB 0, "
            "TPN 19), 23 (BH 2.5, SB 0, TPN 23), 20 (BH 2, SB 0, TPN 20), 24 (BH 2, SB 0, TPN 24) - 24 is the "
            "lowest") in explanation.bye
    result = pair_tournament(BURSTEIN / "n025-r03of05-t011.trf", "burstein-2026")
    values = index_values(result.state.tournament, result.state.round_no)
    assert values[20] == values[24] and result.pairing.bye == 24  # the tie, then the larger TPN


def test_burstein_article_5_2_5_names_the_player_higher_in_the_index_order():
    # board 5-1 of n011 r5: both want Black; 5 (3.0) is higher by score, 1 (2.5) in the Index order
    explanation = explain_engine(BURSTEIN / "n011-r05of06-t008.trf", "burstein-2026")
    board = next(f for f in explanation.colours if "5-1:" in f.message)
    assert board.article == "C.04.4.2 Art. 5.2.5 (higher in the Index order)"
    assert "grants the preference of the higher-ranked player, 1" in board.message
    assert not any("lower-ranked" in f.message for f in explanation.colours)
    result = pair_tournament(BURSTEIN / "n011-r05of06-t008.trf", "burstein-2026")
    assert result.state.system_order[1] < result.state.system_order[5]
    assert load_rule_set("burstein-2026").colours.higher_ranked == "system-order"
