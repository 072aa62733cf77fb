"""The Dutch 2013 edition (Istanbul 2012, C.04.3.1): reference pairings of JaVaFo 1.4, the
seed-004 worked example with 2016 and legacy result codes, the explanation in 2013 words
(P0/M0/X1/Z1, the C.12 backtrack, the C.13 join), and the parameters of A.6/A.8."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import SCENARIOS, SHARED, player_line

from cpswiss.api import pair_tournament
from cpswiss.check.explain import check_tournament, explain_engine, explain_pairing
from cpswiss.cli import main
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.tournament.model import RoundKind
from cpswiss.rulesets.ruleset import diff, load_rule_set
from cpswiss.systems.dutch.parameters import bracket_parameters
from cpswiss.tournament.state import Float, build_state

SAMPLE = Path(__file__).parent / "data" / "dutch-2013-sample"
SEED = SCENARIOS / "seed-004"
# the cases of the sample the 2017 rules pair differently (README of the sample)
DIFFER_UNDER_2017 = {"n043-r03of05-t015", "n051-r07of09-t016", "n054-r05of09-t014", "n019-r02of08-t020",
                     "n054-r09of09-t014", "n054-r08of09-t014", "n060-r05of06-t005"}


def pairing_lines(trf: Path, tmp_path: Path, rules: str) -> list[str]:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--rules", rules]) == 0
    return out.read_text().split("\n")


@pytest.mark.parametrize("case", sorted(p.stem for p in SAMPLE.glob("*.trf")))
def test_reference_sample(case, tmp_path):
    expected = (SAMPLE / f"{case}.expected").read_text().split("\n")
    assert pairing_lines(SAMPLE / f"{case}.trf", tmp_path, "dutch-2013") == expected
    assert (pairing_lines(SAMPLE / f"{case}.trf", tmp_path, "dutch-2017") != expected) == (case in DIFFER_UNDER_2017)


@pytest.mark.parametrize("before, expected", [("after-round-3", "expected-round-4"),
                                              ("after-round-4", "expected-round-5")])
@pytest.mark.parametrize("codes", ["", "-legacy"])
def test_seed_004_published_pairings_under_2013(before, expected, codes, tmp_path):
    got = pairing_lines(SEED / f"{before}{codes}.trf", tmp_path, "dutch-2013")
    assert got == (SEED / f"{expected}.txt").read_text().split("\n")


def test_legacy_codes_read_as_the_2016_ones():
    """trf-caveats: ``0000 - +`` is the PAB (U), ``0000 - -`` an absence (Z)."""
    new, old = read_trf(SEED / "after-round-4.trf"), read_trf(SEED / "after-round-4-legacy.trf")
    assert old.players[6].rounds[2].kind is RoundKind.PAB and old.players[11].rounds[2].kind is RoundKind.ZERO_BYE
    assert [[e.kind for e in p.rounds] for p in new.players.values()] == \
        [[e.kind for e in p.rounds] for p in old.players.values()]


def test_seed_004_round_5_explanation_names_the_backtrack_and_c13():
    """Seed 004, round 5: the 1.0 bracket (MDP 14; 8, 13) cannot let 12 be paired (C.12, C.13),
    and 14 can be paired with nobody so that 12 can: p becomes zero (C.14) and, as the seed
    narrates, the bracket is joined with the 0.5 one, whose moved-down players are 3 of its 4
    (homogeneous, A.3): [14, 8, 13, 12], 14-12, 8-13 with C.10.f once and C.10.e twice (X
    from 0 to 2)."""
    text = explain_engine(SEED / "after-round-4-legacy.trf", rule_set="dutch-2013").text()
    bracket_6 = text[text.index("Bracket 6: score 1.0"):text.index("Bracket 7")]
    assert "penultimate bracket (C.13: undone and joined with the brackets below)" in bracket_6
    assert "C.12: its downfloater [13] could meet nobody below (B.1, B.2)" in bracket_6
    assert "this bracket is undone and joined with every bracket below it (C.13)" in bracket_6
    assert "rules:    (no pair); floating [14 8 13]" in bracket_6
    assert "PPB" not in text and "A.9" not in text  # 2017 words are translated
    assert "(C.04.3.1 E.4)" in text  # 14-12: the higher-ranked player's preference
    # the seed's other relaxation step: C.10.b for the upfloater 11 (bracket 2.5)
    bracket_3 = text[text.index("Bracket 3: score 2.5"):text.index("Bracket 4")]
    assert "C.10.b: B.5 given up for 1 player (repeated float, upfloaters)" in bracket_3
    joined = text[text.index("Bracket 7"):]
    assert "joined last bracket (C.13)\n  residents [14 8 13 12]\n  S1 [14 8]; S2 [13 12]" in joined
    assert "rules:    14-12 8-13" in joined
    assert "C.10.e: B.4 (X) - X raised from X1 = 0 to 2" in joined
    assert "C.10.f: A.7.d given up for 1 player" in joined  # 14-12: both semi-absolute white
    assert text.count("C.10.") == 3


def test_seed_004_round_4_names_the_relaxation_of_b6_for_an_upfloater():
    """Seed 004, round 4, bracket 0.5: 9-8 is accepted only after C.10.a (B.6 waived for 8)."""
    text = explain_engine(SEED / "after-round-3.trf", rule_set="dutch-2013").text()
    bracket = text[text.index("Bracket 5: score 0.5"):text.index("Bracket 6")]
    assert "C.10.a: B.6 given up for 1 player (repeated float, upfloaters)" in bracket
    assert text.count("C.10.") == 1


def test_seed_004_parameters_as_the_seed_prints_them():
    """A.6/A.8 as seed 004 prints them: round 4, bracket 2.5 [2B, 5b, 6(b)]: P0 = 1, M0 = 0,
    X1 = 1, Z1 = 0 (player 6's black is variable, A.7.e); bracket 2.0 with MDP 5: X1 = 0."""
    text = explain_engine(SEED / "after-round-3.trf", rule_set="dutch-2013").text()
    first = text[text.index("Bracket 1:"):text.index("Bracket 2:")]
    assert "P0 = 1, M0 = 0, X1 = 1, Z1 = 0 (A.6, A.8)" in first
    second = text[text.index("Bracket 2:"):text.index("Bracket 3:")]
    assert "P0 = 2, M0 = 1, X1 = 0, Z1 = 0 (A.6, A.8)" in second
    # round 5 is odd: no Z1; bracket 2.5 [5W][4b, 6B, 11(B)] allows one colour failure
    text5 = explain_engine(SEED / "after-round-4.trf", rule_set="dutch-2013").text()
    third = text5[text5.index("Bracket 3:"):text5.index("Bracket 4:")]
    assert "P0 = 2, M0 = 1, X1 = 1 (A.6, A.8)" in third


def _state(players, round_no_rounds="5"):
    lines = ["012 parameters", f"XXR {round_no_rounds}", "XXC white1"]
    lines += [player_line(pid, f"P{pid}", 2000 - pid, pts, blocks) for pid, pts, blocks in players]
    return build_state(parse_trf("\n".join(lines) + "\n"), load_rule_set("dutch-2013").state)


def test_x1_and_z1_formulas():
    """A.8: round 2 (even); 1 and 2 prefer black strongly, 3 prefers white strongly, 4 has a
    variable black (an unplayed round: even number of games), 5 has no game."""
    state = _state([(1, "1.0", ["   3 w 1"]), (2, "1.0", ["   4 w 1"]), (3, "0.0", ["   1 b 0"]),
                    (4, "0.0", ["   2 b 0"]), (5, "1.0", ["0000 - U"]), (6, "0.0", ["0000 - Z"])])
    players = [state.players[i] for i in (1, 2, 3, 5, 6)]
    # W = 1 (3), B = 2 (1, 2), w = b = 0 (5 and 6 have no game: a = 2), P0 = 2
    params = bracket_parameters(players, 0, 2)
    assert (params.p0, params.x1, params.z1) == (2, 0, 0)
    players = [state.players[i] for i in (1, 2)]  # both black: one pair must fail
    assert (bracket_parameters(players, 0, 2).x1, bracket_parameters(players, 0, 2).z1) == (1, 1)
    assert bracket_parameters(players, 1, 3).z1 is None  # odd rounds have no Z


def test_floats_of_unplayed_rounds_under_2013():
    """A.4 as JaVaFo 1.4 reads it: the PAB and a forfeit win float down, a forfeit loss and
    an absence do not (2017: every unplayed round does)."""
    players = [(1, "1.0", ["   2 w +"]), (2, "0.0", ["   1 b -"]), (3, "1.0", ["0000 - U"]),
               (4, "0.0", ["0000 - Z"]), (5, "0.5", ["0000 - H"])]
    state = _state(players)
    assert [state.players[i].float_back(1) for i in range(1, 6)] == \
        [Float.DOWN, Float.NONE, Float.DOWN, Float.NONE, Float.DOWN]
    # B.1.b: a half-point bye bars the pairing-allocated bye, an absence does not
    assert [state.players[i].bye_eligible for i in range(1, 6)] == [False, True, False, True, False]


def test_rules_diff_lists_what_2013_changes():
    lines = diff(load_rule_set("dutch-2017"), load_rule_set("dutch-2013"))
    text = "\n".join(lines)
    assert "state.bye_barred_by: [pab, forfeit-win] -> [pab, forfeit-win, full-bye, half-bye]" in text
    assert "colours.later_no_preference: rank-parity -> round-one-opposite" in text
    assert "stranded-downfloaters" in text and "semi-absolute-preference" in text
    assert "procedure.half_moved_down: paired-first -> homogeneous" in text


@pytest.mark.conformance
def test_full_conformance_2013(tmp_path):
    corpus = SHARED / "conformance" / "dutch-2013"
    cases = sorted(p.stem for p in corpus.glob("*.trf"))
    if not cases:
        pytest.skip(f"reference material not present: {corpus}")
    wrong = [c for c in cases
             if pairing_lines(corpus / f"{c}.trf", tmp_path, "dutch-2013") != (corpus / f"{c}.expected").read_text().split("\n")]
    assert wrong == []


@pytest.mark.parametrize("rules, words, foreign", [
    ("dutch-2013", "satisfies B.1-B.2 with at most one bye to an eligible player (C.04.3.1 C.13: not even the "
                   "whole field joined into one bracket can be paired; the arbiter decides)", ["A.9", "2026", "C1"]),
    ("dutch-2017", "satisfies C.1-C.3 with at most one bye to an eligible player (C.04.3 A.9: the arbiter "
                   "decides)", ["2026", "Art."]),
    ("dutch-2026", "satisfies [C1]-[C3] with at most one bye to an eligible player (C.04.3 Art. 1.9.3: the "
                   "arbiter decides)", ["A.9", "2017"]),
])
def test_check_names_an_impossible_round_in_the_editions_words(rules, words, foreign, write_trf):
    """`check` on a round played although nothing could pair it (1 and 2 had met in round 1):
    the message cites the edition's own articles (vocabulary of the rule file), no other's."""
    lines = ["012 impossible round 2", "XXR 2", "XXC white1",
             player_line(1, "Alpha", 2400, "1.0", ["   2 w 1", "   2 b 0"]),
             player_line(2, "Beta", 2300, "1.0", ["   1 b 0", "   1 w 1"])]
    report = check_tournament(write_trf("\n".join(lines) + "\n"), rules)
    error = report.rounds[1].error
    assert words in error and not report.agrees
    assert not any(word in error for word in foreign)


ENDORSE = Path(__file__).parent / "data" / "dutch-2013-endorse"


@pytest.mark.parametrize("case", sorted(p.stem for p in ENDORSE.glob("*.trf")))
def test_endorsement_cases(case, tmp_path):
    """Rounds of JaVaFo 1.4's own tournaments (and hand-made ones) paired as JaVaFo 1.4 pairs
    them: E.5 after round 1 between two players without a preference (A.7.f), coloured by the
    round-1 colour of the higher-ranked one's number, reversed; the bracket a downfloater
    lands in (C.1, C.12, C.13); the C.13 join of a penultimate bracket that can pair no MDP
    (A.3: as moved-down players), or, when they would be at least half of the join, the
    homogeneous join; C.12 when more players float than land, and its "allows p pairings"
    in the bracket below; the topscorers' colour limits before A.7.d; Z before B.5 in a
    re-paired penultimate bracket; the B.3 factor as a sum of squares (README of the
    folder)."""
    expected = (ENDORSE / f"{case}.expected").read_text().split("\n")
    assert pairing_lines(ENDORSE / f"{case}.trf", tmp_path, "dutch-2013") == expected


ALL_BARRED = ENDORSE / "bye-all-barred"


@pytest.mark.parametrize("case", sorted(p.stem for p in ALL_BARRED.glob("s*.trf")))
def test_bye_to_the_least_barred_when_b1b_bars_every_player(case, tmp_path):
    """Rounds of JaVaFo 1.4's tournaments (tests/data/dutch-2013-endorse/bye-all-barred) in which
    every player to be paired has had a point without playing, so B.1.b bars all of them from the
    bye: the 2013 rule file (``bye_when_all_barred = "fewest"``) lets those with the fewest such
    rounds take it, chosen among them as the procedure would - JaVaFo 1.4's pairing, boards in its
    order - and the explanation says so in the 2013 words."""
    trf = ALL_BARRED / f"{case}.trf"
    expected = (ALL_BARRED / f"{case}.expected").read_text().split("\n")
    assert pairing_lines(trf, tmp_path, "dutch-2013") == expected
    rules = load_rule_set("dutch-2013")
    barred_everywhere = build_state(read_trf(trf), replace(rules.state, bye_when_all_barred="nobody"))
    assert not any(p.bye_eligible for p in barred_everywhere.to_pair)
    explanation = explain_engine(trf, rule_set="dutch-2013")
    bye = explanation.engine.bye
    assert bye == int(expected[-2].split()[0]) and expected[-2].split()[1] == "0"
    least = build_state(read_trf(trf), rules.state).bye_despite_bar
    assert bye in least and least <= {p.id for p in barred_everywhere.to_pair}
    assert ("every player to be paired has had a round that bars the bye (B.1.b), so it may go to those "
            f"with the fewest: {', '.join(map(str, sorted(least)))}") in (explanation.bye or "")


def test_the_text_stands_where_the_edition_has_no_such_reading(tmp_path, capsys):
    """The same round under 2017 (C.2 bars the PAB after a PAB or a forfeit win, and the rule file
    keeps the text: ``bye_when_all_barred = "nobody"``, as bbpPairings 5.0.1 does): no pairing,
    exit 1, the certificate names C.2 for every player, and no output file."""
    trf = ALL_BARRED / "s55-r08.trf"
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--rules", "dutch-2017"]) == 1
    err = capsys.readouterr().err
    assert "no round-pairing satisfies C.1-C.3" in err and "may not take it (C.2)" in err
    assert not out.exists()


def test_check_speaks_2013_words_for_a_differing_round(tmp_path, capsys):
    """`check --rules dutch-2013` on JaVaFo 1.4's tournament 1131 with round 1's game 1-4 written
    with the colours reversed: round 1 differs (E.5 from the other initial colour), rounds 2 and 4
    follow from its colours, and round 6, where B.1.b bars every player from the bye
    (bye-all-barred/s1131-r06), agrees; every message
    in the 2013 edition's words, none in 2017's or 2026's."""
    text = (ALL_BARRED / "1131-all-rounds.trf").read_text()
    for before, after in [("2453                             4.0    3     4 b =", "2453                             4.0    3     4 w ="),
                          ("1981                             4.5    2     1 w =", "1981                             4.5    2     1 b =")]:
        assert before in text
        text = text.replace(before, after)
    trf = tmp_path / "t1131.trf"
    trf.write_text(text)
    assert main(["check", str(trf), "--rules", "dutch-2013"]) == 1
    out = capsys.readouterr().out
    assert "round 1: DIFFERS\n  played 2-5 with colours reversed (rules: 5-2)" in out
    assert "round 6: agrees" in out and "rounds 1, 2, 4 differ\n" in out  # 2, 4: colours after 1's
    assert not any(word in out for word in ["A.9", "C.04.3 ", "Art.", "[C", "2017", "2026", "PPB"])


def test_c12_is_one_condition_a_pairing_fails_by_either_part(tmp_path):
    """2013 C.12 (tests/data/dutch-2013-endorse, s8167-r10): of 5, 7 and 9 at 7.0, 9 has met
    the whole 6.5 bracket (2, 10, 16) and 5 all of it but 10.  Floating 9 leaves him without an
    opponent below; floating 5 instead leaves 2 and 16, who have met, unpaired there, so it
    does not "allow p pairings" either.  Both fail the one condition (both parts count their
    caps), and B.5 decides: 5 floated down in the last round, so 5-7, 9 floating."""
    trf = ENDORSE / "s8167-r10.trf"
    proposal = tmp_path / "proposal.txt"
    proposal.write_text((ENDORSE / "s8167-r10.expected").read_text().replace("5 7\n", "7 9\n", 1)
                        .replace("12 9\n", "5 10\n", 1).replace("16 10\n", "12 16\n", 1))
    explanation = explain_pairing(trf, proposal, rule_set="dutch-2013")
    first = explanation.brackets[0]
    assert first.pairs == [(5, 7)] and first.downfloaters == [9]
    assert first.proposed_pairs == [(7, 9)] and first.proposed_downfloaters == [5]
    assert (first.values["C12"], first.values["C12-pairs"]) == ((1,), (2,))
    assert (first.proposed_values["C12"], first.proposed_values["C12-pairs"]) == ((1,), (2,))
    assert explanation.decisive is not None and "B.5: repeated downfloat" in str(explanation.decisive)


def test_c12_counts_only_the_downfloaters_beyond_those_the_landing_bracket_cannot_hold():
    """2013 C.1/C.12 with A.6 (tests/data/dutch-2013-endorse, s3272-r10): the 6.0 bracket
    (MDP 1; 2, 3, 4, 5) leaves three downfloaters above a 5.5 bracket of one (7), so two move
    on whichever they are; 2-4 floats 1, 3, 5 (5 can meet 7: none beyond the two), not 2-5
    (1, 3, 4: none can, one beyond), though that costs a colour preference (B.4)."""
    text = explain_engine(ENDORSE / "s3272-r10.trf", rule_set="dutch-2013").text()
    bracket_2 = text[text.index("Bracket 2: score 6.0"):text.index("Bracket 3")]
    assert "rules:    2-4; floating [1 3 5]" in bracket_2
    assert ("5 Test0005 Player0005 (6.0) floats down: C.04.3.1 C.1, C.12 - downfloaters with no opponent in "
            "the next bracket, beyond the 2 it cannot hold: pairing this player 1, rules 0 (more is worse)") in bracket_2


def test_a3_pairs_a_bracket_at_least_half_moved_down_as_homogeneous():
    """2013 A.3, its second sentence (``[procedure] half_moved_down = "homogeneous"``; JaVaFo
    1.4, tests/data/dutch-2013-endorse): s7046-r10, the 5.5 bracket (MDPs 2, 4, 5, 1, of whom
    1 can meet none of the residents 3, 6, 7) is 3 of 6 moved down once C.1 moves 1 on: one
    homogeneous bracket, 2-3, 4-6 generated first (D.1), 4-6 no float for B.5; s8547-r09, the
    5.0 bracket (MDPs 1, 2, 3, 4; residents 5, 7), only 3 can meet a resident: 1 of 3, 3 paired
    first, 3-7 (B.6: 5 floated up two rounds back); s7407-r07, 1 and 5 land on 2 and 10 (2 of 4) and each may meet 10: 4-8 stands.
    With the MDPs paired first (2017's way) both pair otherwise: 4-7, and 5-8."""
    text = explain_engine(ENDORSE / "s7046-r10.trf", rule_set="dutch-2013").text()
    bracket_3 = text[text.index("Bracket 3: score 5.5"):text.index("Bracket 4")]
    assert "heterogeneous, treated as homogeneous (A.3: at least half of it moved down)" in bracket_3
    assert "MDPs [2 4 5 1]; residents [3 6 7]\n  S1 [2 4]; S2 [5 1 3 6 7]" in bracket_3
    assert "rules:    2-3 4-6; floating [5 1 7]" in bracket_3
    text = explain_engine(ENDORSE / "s8547-r09.trf", rule_set="dutch-2013").text()
    bracket_3 = text[text.index("Bracket 3: score 5.0"):text.index("Bracket 4")]
    assert "Bracket 3: score 5.0, heterogeneous\n  MDPs [1 2 3 4]; residents [5 7]\n  S1 [3]; S2 [5 7]" in bracket_3
    assert "rules:    3-7; floating [1 2 4 5]" in bracket_3
    rules = load_rule_set("dutch-2013")
    paired_first = replace(rules, procedure=replace(rules.procedure, half_moved_down="paired-first"))
    for case, a3, mdps_first in [("s7046-r10", (4, 6), (7, 4)), ("s7407-r07", (4, 8), (8, 5))]:
        boards = {rule_set.procedure.half_moved_down: [(b.white, b.black) for b in
                                                       pair_tournament(ENDORSE / f"{case}.trf", rule_set).pairing.boards]
                  for rule_set in (rules, paired_first)}
        assert a3 in boards["homogeneous"] and a3 not in boards["paired-first"]
        assert mdps_first in boards["paired-first"] and mdps_first not in boards["homogeneous"]


ACCEPTANCE = SCENARIOS / "acceptance"


def test_c12_p_pairings_count_a_downfloater_paired_with_a_player_only_downfloaters_meet():
    """2013 C.12 "allows p pairings" (JaVaFo 1.4's tournament 130137, round 11 of 11, kept in
    scenarios/acceptance): the 7.5 bracket (MDP 6; 4, 5, 16) pairs one pair and floats 6 with
    4 or 5 onto the 7.0 bracket (1, 7, 8, 13), where 1 has met 7, 8 and 13 and 7 has met 8.
    Floating 4 gives 6-13 and 4-1 there: two pairs, p of the five who could be paired (6, 4;
    7, 8, 13), 4-1 counting as a pair though 1 is not one of the five; floating 5 gives no
    more.  Both allow p pairings, and B.4 decides: 4 and 16 both prefer black, so 5-16,
    floating 4 (then 13-6, 4-1), as JaVaFo paired the round."""
    trf = ACCEPTANCE / "javafo-130137.trf"
    explanation = explain_pairing(trf, round_no=11, rule_set="dutch-2013")
    assert explanation.agrees and not explanation.violations
    boards = [(b.white, b.black) for b in explanation.engine.boards]
    assert boards[:3] == [(13, 6), (5, 16), (4, 1)]
    top = explanation.brackets[1]
    assert (top.mdps, top.residents, top.pairs, top.downfloaters) == ([6], [4, 5, 16], [(5, 16)], [6, 4])
    values = explain_engine(trf, rule_set="dutch-2013", round_no=11).brackets[1].values
    assert (values["C12"], values["C12-pairs"], values["B4"]) == ((0,), (1,), (0,))  # C.12 met, no colour given up


def test_c12_not_reached_when_c1_moves_a_resident_of_a_landing_bracket_paired_as_homogeneous():
    """2013 C.1/C.12 with A.3 (JaVaFo 1.4's tournament 130280, round 11 of 11, kept in
    scenarios/acceptance): the 4.5 bracket (4, 11, 14, 15) pairs one pair and floats two onto
    the 4.0 bracket (12, 13), which is then at least half moved down and paired as
    homogeneous.  4 has met 12 and 13, but 13 can meet nobody there (C.1 moves him on
    whoever floats), so the downfloater without an opponent is moved on like him and C.12 is
    not reached: either choice makes one pair there, and A.7.d decides for 11-15, floating 4
    and 14 (then 12-14, 4-22), as JaVaFo paired the round."""
    trf = ACCEPTANCE / "javafo-130280.trf"
    explanation = explain_pairing(trf, round_no=11, rule_set="dutch-2013")
    assert explanation.agrees and not explanation.violations
    boards = [(b.white, b.black) for b in explanation.engine.boards]
    assert boards[5:8] == [(15, 11), (12, 14), (4, 22)]
    bracket = explanation.brackets[6]
    assert (bracket.residents, bracket.pairs, bracket.downfloaters) == ([4, 11, 14, 15], [(11, 15)], [4, 14])
    values = explain_engine(trf, rule_set="dutch-2013", round_no=11).brackets[6].values
    assert (values["C12"], values["A7d"], values["Z"]) == ((), (0,), (0,))  # C.12 not reached; colours met


def test_explain_names_the_part_of_c12_that_fails(tmp_path):
    """2013 C.12 is one condition of two parts (an opponent below for every downfloater, and p
    pairings there): a pairing that fails one part counts the caps of both, so the explanation
    names the part that fails, with its own values (tests/data/dutch-2013-endorse, s3162-r07:
    1-7 floating 3, whose only opponent 10 below leaves 2 and 5, who have met - 3 has an
    opponent there; the rules pair 1-3, floating 7: 7-5 and 2-10)."""
    proposal = tmp_path / "proposal.txt"
    proposal.write_text("11\n1 7\n3 10\n2 4\n5 11\n8 6\n14 9\n17 12\n15 18\n19 16\n20 21\n13 0\n")
    explanation = explain_pairing(ENDORSE / "s3162-r07.trf", proposal, rule_set="dutch-2013")
    assert not explanation.violations
    decisive = str(explanation.decisive)
    assert decisive == ("C.04.3.1 C.1, C.12, A.6: players of the next bracket who could be paired there, less two "
                        "for each pair made there (one allowed): proposed 2, rules 1 (more is worse)")
    assert "no opponent in the next bracket" not in decisive
    first = explanation.brackets[0]
    assert (first.values["C12"], first.proposed_values["C12"]) == ((0,), (1,))  # the cap the failed condition counts
