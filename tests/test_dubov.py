"""The FIDE Dubov System (C.04.4.1, 2026): the articles' worked examples and rules, the
consensus sample of two open engines, and the cases where the text decides against one."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SHARED, player_line

from cpswiss.formats.trf import parse_trf
from cpswiss.api.selection import select_rule_set
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.dubov.facts import dubov_facts, max_upfloats
from cpswiss.tournament.model import average_rating
from cpswiss.systems.dubov.procedure import bye_order_key, choose_bye, pair_round, sequence_from_middle
from cpswiss.cli import main
from cpswiss.tournament.state import build_state

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "dubov-2026-sample"
RULES = load_rule_set("dubov-2026")


def pairing_lines(trf: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dubov", str(trf), "-p", str(out)]) == 0
    return out.read_text().split("\n")


def state_of(rows, rounds: int = 5):
    text = "\n".join([player_line(pid, f"Player {pid}", rating, points, blocks) for pid, rating, points, blocks in rows] + [f"XXR {rounds}", "XXC white1"]) + "\n"
    t = parse_trf(text, "t.trf")
    return build_state(t, RULES.state)


@pytest.mark.parametrize("case", sorted(p.stem for p in SAMPLE.glob("*.trf")))
def test_consensus_sample(case, tmp_path):
    """Rounds where CPPDubovSystem 2.2 and py4swiss 0.3.1 agree: same boards, colours, order."""
    assert pairing_lines(SAMPLE / f"{case}.trf", tmp_path) == (SAMPLE / f"{case}.expected").read_text().split("\n")


@pytest.mark.conformance
@pytest.mark.parametrize("case", sorted(p.stem for p in (SHARED / "conformance" / "dubov-2026").glob("*.trf")))
def test_consensus_corpus(case, tmp_path):
    folder = SHARED / "conformance" / "dubov-2026"
    assert pairing_lines(folder / f"{case}.trf", tmp_path) == (folder / f"{case}.expected").read_text().split("\n")


def test_shifter_sequence_numbers_follow_the_worked_example():
    """Art. 4.3.3: numbered from the (remaining) middle; of two in the middle, the higher one
    first.  The article's list A-G is numbered D C E B F A G."""
    assert "".join(sequence_from_middle(list("ABCDEFG"))) == "DCEBFAG"
    assert "".join(sequence_from_middle(list("ABCDEF"))) == "CDBEAF"
    assert sequence_from_middle(["A"]) == ["A"]


def test_aro_is_rounded_half_up_over_played_games():
    """Art. 1.7: mean opponents' rating of played games, .5 rounded up; 0 without games."""
    assert average_rating([1500, 1501]) == 1501
    assert average_rating([1500, 1500, 1501]) == 1500
    assert average_rating([1999, 2000, 2000, 2000]) == 2000
    assert average_rating([]) == 0
    # 1 met 2 (2001) and 3 (2000) over the board; the forfeit win against 4 does not count
    state = state_of([(1, 2100, "3.0", ["   2 w 1", "   3 b 1", "   4 w +"]),
                      (2, 2001, "1.0", ["   1 b 0", "   4 w 1", "   3 b 0"]),
                      (3, 2000, "1.0", ["   4 b 0", "   1 w 0", "   2 w 1"]),
                      (4, 1500, "1.0", ["   3 w 1", "   2 b 0", "   1 b -"])])
    facts = dubov_facts(state, RULES)
    assert facts[1].aro == 2001  # (2001 + 2000) / 2 = 2000.5
    assert facts[4].aro == 2001  # 2000 and 2001; the forfeit loss is not a game


def test_max_upfloaters_by_the_number_of_rounds():
    """Art. 1.8.2: MaxT = 2 + floor(rounds / 5)."""
    assert [max_upfloats(r) for r in (4, 5, 9, 10, 11, 15)] == [2, 3, 3, 4, 4, 5]


def test_upfloats_counted_from_the_scores_before_each_round():
    """Art. 1.8: a player upfloats when his opponent had more points before the round."""
    state = state_of([(1, 2400, "3.0", ["   2 w 1", "   3 b 1", "   4 w 1"]),
                      (2, 2300, "1.0", ["   1 b 0", "   4 w 1", "   3 b 0"]),
                      (3, 2200, "2.0", ["   4 w 1", "   1 w 0", "   2 w 1"]),
                      (4, 2100, "0.0", ["   3 b 0", "   2 b 0", "   1 b 0"])])
    facts = dubov_facts(state, RULES)
    # round 2: 4 (0) met 2 (0), 1 (1) met 3 (1) - level; round 3: 4 (0) met 1 (2), 2 (1) met 3 (1)
    assert (facts[4].upfloats, facts[4].upfloated_last_round) == (1, True)
    assert (facts[2].upfloats, facts[2].upfloated_last_round) == (0, False)
    assert facts[1].upfloats == 0 and not facts[4].maximum_upfloater


def test_bye_lowest_score_then_most_games_then_largest_number():
    """Art. 3.1.3-3.1.5: 4 (absent in round 1, no game) has the largest number, but 3 has
    played more games with the same score."""
    state = state_of([(1, 2400, "1.0", ["   2 w 1"]), (2, 2300, "0.0", ["   1 b 0"]),
                      (3, 2200, "0.0", ["   5 w 0"]), (4, 2100, "0.0", ["0000 - Z"]),
                      (5, 2000, "1.0", ["   3 b 1"])])
    assert choose_bye(state.to_pair, state).player == 3
    assert pair_round(state, RULES).bye == 3


def test_bye_passes_over_a_player_barred_by_c2():
    """[C2] = C.04.1 Art. 4: 56, first by 3.1.3-3.1.5, already scored a win without playing;
    the bye goes to 53 (a consensus case of both engines)."""
    t = parse_trf((SAMPLE / "n058-r09of11-t005.trf").read_text(), "n058-r09of11-t005.trf")
    state = build_state(t, RULES.state)
    first = min(state.to_pair, key=bye_order_key)
    bye = choose_bye(state.to_pair, state)
    assert first.id == 56 and 56 in bye.ineligible and bye.player == 53


def test_missing_rating_is_an_input_error(tmp_path, capsys):
    """Art. 1.1: every player has a rating; without one the file is refused (exit 3, one line
    naming the player)."""
    rows = [(1, 2400, "0.0", []), (2, 2300, "0.0", []), (3, 0, "0.0", []), (4, 2100, "0.0", [])]
    path = tmp_path / "unrated.trf"
    path.write_text("\n".join(player_line(pid, f"Player {pid}", rating, points, blocks) for pid, rating, points, blocks in rows) + "\nXXR 5\n")
    assert main(["pair", "--dubov", str(path), "-p"]) == 3
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "player 3" in err[0] and "rating" in err[0] and "unrated.trf:3" in err[0]


# ---------------------------------------------------------------------------
# The command line: check, explain, resolve, --fix/--forbid, generate
# ---------------------------------------------------------------------------

CASE = SAMPLE / "n035-r04of10-t004"


def test_cli_explain_names_the_transposition_step(tmp_path, capsys):
    """A proposal that swaps the partners of S1[1] and S1[2] of the 1.5 bracket: Art. 4.4
    decides (24 takes 13, the first G2 player in TPN order that leaves a legal pairing)."""
    proposal = tmp_path / "proposal.txt"
    text = (CASE.with_suffix(".expected")).read_text()
    proposal.write_text(text.replace("\n13 24\n", "\n24 19\n").replace("\n18 19\n", "\n18 13\n"))
    # exit status 1: the proposal is not the rules' pairing
    assert main(["explain", str(CASE.with_suffix(".trf")), "--pairing", str(proposal), "--rules", "dubov-2026"]) == 1
    out = capsys.readouterr().out
    assert "=> C.04.4.1 Art. 3.2.5, 4.4: S1[1] = 24 (ARO 1681) meets 13" in out
    assert "3.2.3: G1 (white seekers) [9 13 18 20 24], G2 [19 21 25]" in out
    assert "3.2.4, 4.3: shifted to G2 [13], to G1 []" in out
    assert "upfloaters [19]; residents [9 13 18 20 21 24 25]" in out


def test_c6_compares_the_largest_score_difference_first(capsys):
    """Round 9 of 9: the 5.5 group (1, 2, 5; all have met) needs three upfloaters, and 2 can
    meet no one above 3.5 points.  [C6] (Art. 2.3.2, "taken in descending order"): differences
    2.0, 1.5, 0.5 (8, 4, 7) beat py4swiss's 3.0, 1.0, 0.5 (13, 11, 7), which has more small
    differences but a larger largest one; 11 with 8 instead of 4 would be 2.0, 1.0, 0.5, but
    then 6 and 13 both need 9 ([C4])."""
    case = SAMPLE / "fresh134-r09of09.trf"
    assert main(["explain", str(case), "--pairing", str(case.with_suffix(".py4swiss")), "--dubov"]) == 1
    out = capsys.readouterr().out
    assert "upfloaters [7 4 8]; residents [1 2 5]" in out
    decision = out.split("=> ")[1].split("\n")[0]
    assert decision.startswith("C.04.4.1 Art. 2.3.2 [C6]")
    assert "score differences 3.0, 1.0, 0.5; the rules' pairing" in decision
    assert decision.endswith("score differences 2.0, 1.5, 0.5")
    passed_over = [line for line in out.splitlines() if "11 Player 0011 (4.5)" in line]
    assert passed_over and "[C6]" in passed_over[0]


def test_c6_against_the_two_engines_agreeing(capsys):
    """Round 9 of 9, where CPPDubovSystem and py4swiss agree and the text does not: the 4-point
    residents 5, 6, 7, 10 can make one pair only, so two upfloaters.  The engines upfloat 19
    (2.5) and 14 (3.5), differences 1.5 and 0.5; [C6] "taken in descending order" (the
    upfloaters' scores "taken in ascending order") asks first for the smaller largest
    difference: 15 and 17 (3.0 each), differences 1.0 and 1.0."""
    case = SAMPLE / "fresh146-r09of09.trf"
    assert main(["explain", str(case), "--pairing", str(case.with_suffix(".consensus")), "--dubov"]) == 1
    out = capsys.readouterr().out
    assert "upfloaters [15 17]; residents [5 6 7 10]" in out
    decision = out.split("=> ")[1].split("\n")[0]
    assert decision.startswith("C.04.4.1 Art. 2.3.2 [C6]")
    assert "19 (2.5) to meet 6 (4.0), 14 (3.5) to meet 10 (4.0): score differences 1.5, 0.5" in decision
    assert decision.endswith("score differences 1.0, 1.0")


def test_bye_counts_games_played_not_forfeits_against_the_two_engines_agreeing(capsys):
    """Round 6 of 8, where CPPDubovSystem and py4swiss agree and the text does not: of the
    1-point players the bye may go to 34 or 35 (32 had it, 24 is absent); Art. 3.1.4 gives it
    to the one who has played the most games: 34 (4), not 35, whose five rounds include two
    forfeits (3 games; a forfeit is not a game played)."""
    case = SAMPLE / "fresh271-r06of08.trf"
    assert main(["explain", str(case), "--pairing", str(case.with_suffix(".consensus")), "--dubov"]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith("C.04.4.1 Art. 3.1.4: with the same score (1.0), the bye goes to the player "
                                 "who has played the most games: 34 (4), not 35 (3)")
    assert case.with_suffix(".expected").read_text().rstrip().endswith("\n34 0")


def test_cli_explain_round_and_the_bye_reason(capsys):
    case = SAMPLE / "n058-r09of11-t005.trf"
    assert main(["pair", "--dubov", str(case), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "53 " in out and "gets the pairing-allocated bye (Art. 3.1" in out
    assert "barred by [C2]" in out and "56" in out.split("barred by [C2]")[1].split("\n")[0]


def test_cli_fix_and_forbid_say_which_rule_gives_way(capsys):
    """The pairing on standard output, the rule that gives way on standard error."""
    case = str(SAMPLE / "n011-r03of06-t006.trf")
    assert main(["pair", "--dubov", case, "-p", "--forbid", "1-2"]) == 0
    captured = capsys.readouterr()
    assert ("C.04.4.1 Art. 2.3.1 [C5]: [C5] asks for the fewest upfloaters: the proposal has 2 upfloaters: "
            "10 (1.0), 6 (1.0); the rules' pairing has no upfloater") in captured.err
    assert captured.out.split("\n")[:2] == ["5", "10 1"]
    assert main(["pair", "--dubov", case, "-p", "--fix", "3-6"]) == 0
    captured = capsys.readouterr()
    assert "Art. 3.2.5, 4.4: S1[1] = 10" in captured.err and "\n6 3\n" in captured.out


def test_cli_resolve_lists_alternatives(capsys):
    assert main(["resolve", str(SAMPLE / "n011-r03of06-t006.trf"), "--rules", "dubov-2026", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert "Alternative 1: the rules' pairing" in out and "Alternative 2: if 2-1 may not be played" in out


def test_cli_generate_then_check_every_round(tmp_path, capsys):
    """A generated Dubov tournament carries FIDE_DUBOV and every round re-pairs the same."""
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=14\nRoundsNumber=5\n")
    out = tmp_path / "dubov.trf"
    assert main(["generate", str(config), "-o", str(out), "--rules", "dubov-2026", "--seed", "3"]) == 0
    assert "FIDE_DUBOV" in out.read_text()
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    report = capsys.readouterr().out
    assert "FIDE Dubov System" in report and "all rounds agree" in report


def test_record_192_fide_dubov_selects_the_2026_rules(tmp_path, capsys):
    text = (SAMPLE / "n011-r03of06-t006.trf").read_text()
    path = tmp_path / "coded.trf"
    path.write_text("192 FIDE_DUBOV\n" + text)
    out = tmp_path / "out.txt"
    assert main(["pair", "--dubov", str(path), "-p", str(out)]) == 0
    assert out.read_text() == (SAMPLE / "n011-r03of06-t006.expected").read_text()
    t = parse_trf(path.read_text(), str(path))
    assert select_rule_set(t)[0].name == "dubov-2026"
