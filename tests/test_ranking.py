"""The rank column checked against the file's tie-break list (``cpswiss check``), and ``cpswiss
explain --standings A B``: the first tie-break that separates two competitors and each one's
contributions in the article's words (C.07 Art. 4.2, 10, 14, 16)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO
from cpswiss.check.ranking import rank_report, stated_ranks
from cpswiss.cli import main
from cpswiss.formats.trf import read_trf
from cpswiss.standings import compute_standings
from cpswiss.standings.explain import check_rank_column, deciding_column, explain_order

DATA = REPO / "tests" / "data" / "standings"
AGREEING = REPO / "tests" / "data" / "dutch-2026-sample" / "n014-r08of09-t009.trf"  # check: every round agrees
LIST = "BH/C1,BH,SB"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def ranked_copy(tmp_path: Path, capsys: pytest.CaptureFixture[str], source: Path, codes: str) -> Path:
    """The file with its rank column and 202 / 212 written by ``standings -o``."""
    out = tmp_path / "ranked.trf"
    assert main(["standings", str(source), "--tiebreaks", codes, "-o", str(out)]) == 0
    capsys.readouterr()
    return out


def swap_ranks(path: Path, a: int, b: int, rank_a: int, rank_b: int) -> Path:
    """The file with players a and b given each other's rank (columns 86-89)."""
    lines = path.read_text().split("\n")
    for k, line in enumerate(lines):
        if line.startswith("001") and int(line[4:8]) in (a, b):
            rank = rank_b if int(line[4:8]) == a else rank_a
            lines[k] = line[:85] + f"{rank:4d}" + line[89:]
    swapped = path.with_name("swapped.trf")
    swapped.write_text("\n".join(lines))
    return swapped


def test_a_rank_column_that_follows_the_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    ranked = ranked_copy(tmp_path, capsys, AGREEING, LIST)
    code, out = run(capsys, "check", str(ranked))
    assert code == 0
    assert out.splitlines()[-1].startswith("ranks: the rank column of 14 competitors follows the tie-break list")


def test_two_players_swapped_are_named_with_the_tie_break(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    ranked = ranked_copy(tmp_path, capsys, AGREEING, LIST)
    s = compute_standings(read_trf(ranked))
    # the first two neighbours tied on points whom a tie-break separates
    upper, lower = next((x, y) for x, y in zip(s.rows, s.rows[1:]) if x.values[0] == y.values[0] and x.rank < y.rank)
    column = deciding_column(s, upper.id, lower.id)
    assert column is not None and column > 0
    assert upper.values[column] != lower.values[column]
    swapped = swap_ranks(ranked, upper.id, lower.id, upper.rank, lower.rank)
    code, out = run(capsys, "check", str(swapped))
    assert code == 1
    line = out.splitlines()[-1]
    assert line.startswith(f"ranks: the file ranks {lower.id} ({upper.rank}) ahead of {upper.id} ({lower.rank}), "
                           f"but {s.tiebreaks[column].text} puts {upper.id} ahead")
    code, out = run(capsys, "check", str(swapped), "--json")
    assert code == 1
    ranks = json.loads(out)["ranks"]
    assert ranks["agrees"] is False and ranks["explanation"]["ahead"] == upper.id
    assert ranks["explanation"]["tiebreak"] == s.tiebreaks[column].text


def test_ranks_without_a_list_are_not_checked(capsys: pytest.CaptureFixture[str]):
    code = main(["check", str(AGREEING)])  # a rank column, no 202 / 212
    captured = capsys.readouterr()
    assert code == 0 and captured.out.splitlines()[-1] == "all rounds agree"
    assert captured.err == "" and not any(line.startswith("ranks:") for line in captured.out.splitlines())
    code = main(["check", str(AGREEING), "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["ranks"] == {
        "checked": False, "reason": "the file has no tie-break list (202 / 212) and no --tiebreaks was given"}
    t = read_trf(AGREEING)
    report = rank_report(t, LIST)
    assert report is not None and report.check is not None
    # given a list, the ranks are checked: the file's own (another program's list) do not follow BH/C1,BH,SB
    assert report.check.problem == check_rank_column(stated_ranks(t), compute_standings(t, LIST)).problem
    assert report.check.problem.startswith("the file ranks 3 (3) ahead of 4 (4), but BH/C1 puts 4 ahead")


def test_a_rank_outside_the_place_of_its_tie(tmp_path: Path):
    text = (DATA / "ranked.trf").read_text().split("\n")
    # players 2 and 6 are ranked 5 and 6; give 6 rank 7
    text = [line[:85] + "   7" + line[89:] if line.startswith("001    6 ") else line for line in text]
    path = tmp_path / "seven.trf"
    path.write_text("\n".join(text))
    t = read_trf(path)
    found = check_rank_column(stated_ranks(t), compute_standings(t))
    assert found.problem == "the file gives 6 rank 7, the list place 6"


# --- explain --standings on hand-made cases (ranked.trf: unplayed-16.trf under the 2026 rules) ----

def test_the_2026_cap_of_the_dummy_decides(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "4", "5", str(DATA / "ranked.trf"), "--tiebreaks", "BH")
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == ("5 Player 5 (rank 1) ranks ahead of 4 Player 4 (rank 2): BH (Buchholz, C.07 Art. 8.1) 6 "
                        "against 5, the higher first; tied before it on PTS 3.5")
    assert "    round 3: dummy: own score 3.5 capped at 2 (C.07 Art. 16.4.2: a draw x 4 rounds): adds 2" in lines
    assert any(line.startswith("    round 1: opponent 6's adjusted score 1 (C.07 Art. 16.3) - round 4 of 6 counted "
                               "as a draw (16.2.5") for line in lines)


def test_what_a_cut_removed(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "5", "4", str(DATA / "ranked.trf"), "--tiebreaks",
                    "BH/C1", "--edition", "2024")
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("4 Player 4 (rank 1) ranks ahead of 5 Player 5 (rank 2): BH/C1")
    assert "6 against 5.5" in lines[1]
    # 4's lowest, opponent 2's 0.5, is cut; the bye's dummy is his own 3.5 (no cap in 2024)
    assert "    round 4: opponent 2's adjusted score 0.5 (C.07 Art. 16.3); removed by the low cut (Art. 14)" in lines
    assert "    round 3: dummy: own score 3.5 (C.07 Art. 16.4): adds 3.5" in lines


def test_a_rating_tie_break_not_applicable_is_passed_over(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "4", "5", str(DATA / "unrated.trf"), "--tiebreaks",
                    "ARO,BH/C1", "--json")
    assert code == 0
    found = json.loads(out)
    assert found["ahead"] == 5 and found["tiebreak"] == "BH/C1"
    assert found["passed_over"] == ["ARO: not applicable: a competitor is unrated (C.07 Art. 10)"]


def test_a_shared_place(capsys: pytest.CaptureFixture[str]):
    s = compute_standings(read_trf(DATA / "ranked.trf"), "WIN")
    found = explain_order(s, 2, 6)  # 0.5 points each, no win
    assert found.ahead is None and found.column is None
    assert found.headline().startswith("2 Player 2 (rank 5) and 6 Player 6 (rank 5) share place 5")


def test_an_unknown_competitor_is_refused(capsys: pytest.CaptureFixture[str]):
    code = main(["explain", "--standings", "4", "99", str(DATA / "ranked.trf")])
    assert code == 3
    assert "no competitor 99" in capsys.readouterr().err


# --- Double-Swiss and teams -------------------------------------------------------------------

def test_a_team_file_rank_check_and_explanation(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    team = DATA / "team.trf"
    s = compute_standings(read_trf(team), "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPVGP")
    t = read_trf(team)  # its 310 ranks 1-4, no 202: checked by the list given
    report = rank_report(t, "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPVGP")
    assert report is not None and report.check is not None
    stated = report.check.stated
    assert stated == {1: 1, 2: 2, 3: 3, 4: 4}
    assert report.agrees  # Team 2 ahead of Team 3 on 3.0 MP by the direct encounter (EDE)
    lines = team.read_text().split("\n")
    swapped = [line[:68] + {"2": "  3", "3": "  2"}[line[6]] + line[71:] if line.startswith(("310   2", "310   3"))
               else line for line in lines]
    path = tmp_path / "team-swapped.trf"
    path.write_text("\n".join(swapped))
    found = rank_report(read_trf(path), "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPVGP")
    assert found is not None and not found.agrees
    assert found.line().startswith("ranks: the file ranks 3 (2) ahead of 2 (3), but EDE puts 2 ahead")
    a, b = s.rows[0].id, s.rows[1].id
    code, out = run(capsys, "explain", "--standings", str(b), str(a), str(team), "--tiebreaks",
                    "MPTS,EDE,EMGSB/C1,BH:MP/C1,MPVGP")
    assert code == 0 and f"{a} Team {a} (rank {s.rows[0].rank}) ranks ahead of {b} Team {b}" in out


def test_a_double_swiss_explanation(capsys: pytest.CaptureFixture[str]):
    path = REPO / "tests" / "data" / "double-swiss.trf"
    s = compute_standings(read_trf(path), "BH")
    upper, lower = s.rows[0], s.rows[-1]
    code, out = run(capsys, "explain", "--standings", str(lower.id), str(upper.id), str(path), "--tiebreaks", "BH",
                    "--json")
    assert code == 0
    found = json.loads(out)
    assert found["ahead"] == upper.id and found["tiebreak"] == "PTS"


def test_a_double_swiss_file_has_its_rank_column_checked(capsys: pytest.CaptureFixture[str]):
    path = REPO / "tests" / "data" / "double-swiss.trf"
    t = read_trf(path)
    expected = check_rank_column(stated_ranks(t), compute_standings(t, "BH"))
    main(["check", str(path), "--tiebreaks", "BH"])
    assert capsys.readouterr().out.splitlines()[-1] == expected.line()
    assert len(stated_ranks(t)) == len(t.players)


def test_the_1999_rules_explain_by_seed_001s_order(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "1", "4", str(DATA / "seed001-rated.trf"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("tie-breaks from the 1987-99 rules' default order (seed 001 section 16): PTS, OTHER_1999")
    assert lines[1].startswith("4 Player 4 (rank 1) ranks ahead of 1 Player 1 (rank 2): OTHER_1999")


def test_a_team_file_of_the_fide_samples_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """A TRF-2026 team file with its own 202 list and 310 ranks, as FIDE's team sample has (its
    list: the chain EDET and /P on EMGSB, C.07 Art. 13.3.2; see TB-17, TB-18)."""
    path = DATA / "team-sample-shape.trf"
    main(["check", str(path)])
    assert capsys.readouterr().out.splitlines()[-1] == "ranks: the rank column of 4 competitors follows the tie-break list"
    lines = path.read_text().split("\n")
    swapped = [line[:68] + {"1": "  2", "2": "  1"}[line[6]] + line[71:] if line.startswith(("310   1", "310   2"))
               else line for line in lines]
    bad = tmp_path / "swapped.trf"
    bad.write_text("\n".join(swapped))
    assert main(["check", str(bad)]) == 1
    assert capsys.readouterr().out.splitlines()[-1].startswith(
        "ranks: the file ranks 2 (1) ahead of 1 (2), but MPTS puts 1 ahead")
    unknown = tmp_path / "unknown.trf"
    unknown.write_text("\n".join(line.replace("EDET/P", "XYZ") for line in lines))
    assert main(["check", str(unknown)]) == 3
    assert capsys.readouterr().err.strip() == (f"cpswiss: {unknown}:5: 202: tie-break 1 'XYZ': unknown tie-break "
                                               "'XYZ' (C.07 Art. 5 lists the codes)")


def test_direct_encounter_shows_the_games_among_the_tied(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "1", "4", str(DATA / "encounter.trf"))
    assert code == 0
    assert out.splitlines()[1:] == [
        "4 Player 4 (rank 1) ranks ahead of 1 Player 1 (rank 2): DE (direct encounter, C.07 Art. 6) 1 against 2, "
        "the lower first; tied before it on PTS 3",
        "  4: DE = 1 (a place inside the tie the list left: lower is ahead)",
        "    among the tied 1, 4: 1 game",
        "      round 3: against 1: 1",
        "  1: DE = 2 (a place inside the tie the list left: lower is ahead)",
        "    among the tied 1, 4: 1 game",
        "      round 3: against 4: 0"]
    code, out = run(capsys, "explain", "--standings", "3", "2", str(DATA / "team.trf"), "--tiebreaks", "EDE")
    assert "      round 3: against 3: 2 MP" in out.splitlines() and "      round 3: against 2: 0 MP" in out.splitlines()


def test_the_standings_after_an_earlier_round(capsys: pytest.CaptureFixture[str]):
    code, out = run(capsys, "explain", "--standings", "4", "5", str(DATA / "ranked.trf"), "--round", "2",
                    "--tiebreaks", "BH")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("standings after round 2: ")
    # after two rounds 5 has beaten 6 and 2; 4 drew with 3 and beat 6
    assert lines[1] == ("5 Player 5 (rank 2) ranks ahead of 4 Player 4 (rank 3): PTS (points, C.07 Art. 2 (the "
                        "score)) 2 against 1.5, the higher first")


def test_a_rating_tie_break_shows_the_games_counted_and_what_the_cut_removed(capsys: pytest.CaptureFixture[str]):
    # ranked.trf: 5 (3.5) met 6 (1500), 2 (1900), 3 (1800), 1 (2000); 4 (3.5) met 3, 6, and 2
    code, out = run(capsys, "explain", "--standings", "4", "5", str(DATA / "ranked.trf"), "--tiebreaks", "TPR/C1")
    assert code == 0
    lines = out.splitlines()
    assert lines[3:10] == [
        "    round 2: against 2, rated 1900: 1",
        "    round 3: against 3, rated 1800: 1",
        "    round 4: against 1, rated 2000: ½",
        "    round 1: against 6, rated 1500: removed by the cut (Art. 14.1.1(b))",
        "    ARO: 5700 / 3 = 1900 (rounded, halves up; Art. 10.1)",
        "    TPR: ARO 1900 + dp(83%) 273 (Art. 10.2, B.02 8.1(a))",
        "  4: TPR/C1 = 2043"]
    code, out = run(capsys, "explain", "--standings", "4", "5", str(DATA / "ranked.trf"), "--tiebreaks", "APRO")
    assert "    round 4: against 1, his TPR 1943" in out.splitlines()


def test_the_board_tie_breaks_show_the_game_points_board_by_board(capsys: pytest.CaptureFixture[str]):
    # team-chains.trf: Team 1 2.0 + 2.0 board points, Team 2 1.5 + 2.5 (C.07 Art. 12)
    code, out = run(capsys, "explain", "--standings", "2", "1", str(DATA / "team-chains.trf"), "--tiebreaks", "TBR")
    assert code == 0
    assert "    TBR (12.2): board 1 2, board 2 2, board 1 first" in out.splitlines()
    assert "    TBR (12.2): board 1 1.5, board 2 2.5, board 1 first" in out.splitlines()
    code, out = run(capsys, "explain", "--standings", "2", "1", str(DATA / "team-chains.trf"), "--tiebreaks", "BBE")
    assert "    BBE (12.3): board 1 1.5, board 2 2.5; without the last board, then the next: board 1 1.5" \
        in out.splitlines()
    code, out = run(capsys, "explain", "--standings", "2", "1", str(DATA / "team-chains.trf"), "--tiebreaks", "EDEBT")
    lines = out.splitlines()
    assert lines[1].startswith("1 Team 1 (rank 1) ranks ahead of 2 Team 2 (rank 2): EDEBT")
    assert "    BC (12.1): 1 x 1.5 + 2 x 2.5 = 6.5, the lower first" in lines
    assert "      round 1: against 1: 1 MP" in lines  # the drawn match among the tied (13.3.1)
