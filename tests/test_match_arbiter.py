"""The arbiter's tools on the systems of the match model (C.04.6 teams, C.04.5 Double-Swiss),
through the command line and the API: ``explain`` of a proposal or of a round in the file (the
first article a pairing breaks, with the competitors named), what-if (``pair --team/--double-swiss
--fix/--forbid/--bye/--absent``) and ``resolve`` (C.04.6 / C.04.5 Art. 3.3.3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.check.decisions import Decisions
from cpswiss.check.matches import ProposedRound, explain_matches, what_if_matches
from cpswiss.check.matches_resolve import resolve_matches
from cpswiss.cli import main
from cpswiss.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
TEAMS = ROOT / "tests" / "data" / "team-2026-sample"
CASES = ROOT / "scenarios" / "double-swiss-2026" / "cases"
DOUBLE_SWISS = ROOT / "tests" / "data" / "double-swiss.trf"


def proposal(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "proposal.txt"
    path.write_text("\n".join([str(len(lines)), *lines]) + "\n")
    return str(path)


def explain(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(["explain", *args])
    out, err = capsys.readouterr()
    return code, out + err


def verdict(out: str) -> str:
    return next(line.strip() for line in out.splitlines() if "not the pairing the rules demand" in line
                or "the same pairing and colours" in line)


# --- explain: Double-Swiss (C.04.5) ---------------------------------------------------------


def test_c04_5_art_2_3_4_c7_explain_names_the_upfloater_who_floated(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "10-c7-upfloater-who-floated-is-avoided.trf"), "--pairing",
                        proposal(tmp_path, "1 2", "3 4", "5 6"))
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: [C7] C.04.5 Art. 2.3.4: bracket 1 (top-scoregroup 3: "
                            "2): Art. 3.5 takes the upfloaters 4 (2.5), the proposal 1 (2.5): [C7] 0 against 1")


def test_c04_5_art_2_3_5_c8_explain_names_the_identifier_and_the_criterion(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"), "--pairing",
                        proposal(tmp_path, "6 1", "5 3", "2 4"))
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: [C8] C.04.5 Art. 2.3.5: bracket 1 (top-scoregroup "
                            "2.5: 3, 5, 6): Art. 3.6 takes the identifier 1 5 3 6, the proposal 1 3 6 5: [C8] 0 "
                            "against 1")


def test_c04_5_art_3_5_4_equal_sets_the_first_in_order(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"), "--pairing",
                        proposal(tmp_path, "1 4", "2 5", "3 0"))
    assert code == 1
    assert verdict(out).endswith("Art. 3.5 takes the upfloaters 2 (1), the proposal 4 (1): both comply with "
                                 "[C4]-[C7] alike, and 2 comes first in the order of 3.5.3-3.5.4")
    assert "the rules pair 2-1, the proposal does not" in out


def test_c04_5_art_3_4_2_the_pab_to_the_lowest_score(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"), "--pairing",
                        proposal(tmp_path, "2 1", "5 3", "4 0"))
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: C.04.5 Art. 3.4.2: the pairing-allocated bye goes to "
                            "3, not 4: 3 has the lower score (0 against 1); its removal leaves a legal pairing of "
                            "the others (3.4.1)")


def test_c04_5_art_2_1_1_c1_a_rematch_with_its_round_and_2_1_2_c2(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"), "--pairing",
                        proposal(tmp_path, "1 2", "3 4", "5 6"))
    assert code == 1 and "- [C1] C.04.5 Art. 2.1.1: 3 and 4 have already played in round 2" in out
    code, out = explain(capsys, str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"), "--pairing",
                        proposal(tmp_path, "2 1", "4 3", "5 0"))
    assert code == 1 and ("- [C2] C.04.5 Art. 2.1.2: player 5 may not have the pairing-allocated bye: it already "
                          "had one, or the points of a win without playing") in out


def test_c04_5_art_4_3_3_colour_of_game_1(tmp_path, capsys):
    code, out = explain(capsys, str(CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"), "--pairing",
                        proposal(tmp_path, "3 1", "6 5", "2 4"))
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: C.04.5 Art. 4.3.3: 6-5: the proposal gives White in "
                            "game 1 to 6; Art. 4.3.3 gives it to 5 (colours alternated from the most recent round "
                            "in which the two had different colours)")
    code, out = explain(capsys, str(CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"), "--pairing",
                        proposal(tmp_path, "5 6", "3 1", "2 4"))
    assert code == 0 and verdict(out) == ("the same pairing and colours: the proposal is the pairing the rules "
                                          "demand")


def test_c04_5_explain_a_round_of_the_file(capsys):
    code, out = explain(capsys, str(DOUBLE_SWISS), "--round", "2")
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: C.04.5 Art. 4.3.4: 1-2: the proposal gives White in "
                            "game 1 to 1; Art. 4.3.4 gives it to 2 (the higher-ranked player's colour alternates "
                            "from his last match)")
    code, out = explain(capsys, str(DOUBLE_SWISS), "--round", "3")
    assert code == 3 and "round 3 is not in the file (rounds paired: 2)" in out


# --- explain: teams (C.04.6) ----------------------------------------------------------------


def test_c04_6_art_3_4_4_and_2_1_2_the_pab(tmp_path, capsys):
    trf = str(TEAMS / "n009-r02of07-t037.trf")
    code, out = explain(capsys, trf, "--pairing", proposal(tmp_path, "3 4", "1 2", "9 5", "6 8", "7 0"))
    assert code == 1
    assert verdict(out) == ("not the pairing the rules demand: C.04.6 Art. 3.4.4: the pairing-allocated bye goes to "
                            "8, not 7: 8 has the larger TPN, the scores and matches played being equal; its removal "
                            "leaves a legal pairing of the others (3.4.1)")
    code, out = explain(capsys, trf, "--pairing", proposal(tmp_path, "3 4", "1 2", "8 5", "6 7", "9 0"))
    assert code == 1 and ("- [C2] C.04.6 Art. 2.1.2: team 9 may not have the pairing-allocated bye: it already had "
                          "one, or the points of a win without playing") in out
    code, out = explain(capsys, trf, "--pairing", str(TEAMS / "n009-r02of07-t037.expected"))
    assert code == 0


def test_c04_6_art_3_4_3_and_4_3_3(tmp_path, capsys):
    trf = str(TEAMS / "n006-r05of05-t009.trf")
    code, out = explain(capsys, trf, "--pairing", proposal(tmp_path, "6 4", "3 5", "2 0"))
    assert code == 1 and verdict(out).endswith("C.04.6 Art. 3.4.3: the pairing-allocated bye goes to 4, not 2: 4 has "
                                               "played more matches (4 against 3); its removal leaves a legal "
                                               "pairing of the others (3.4.1)")
    code, out = explain(capsys, trf, "--pairing", proposal(tmp_path, "2 6", "3 5", "4 0"))
    assert code == 1 and verdict(out).endswith("C.04.6 Art. 4.3.3: 2-6: the proposal gives White to 2; Art. 4.3.3 "
                                               "gives it to 6 (the teams prefer opposite colours: both are granted)")


def test_c04_6_explain_json_and_api_agree(capsys):
    trf = TEAMS / "disputed-n006-r02of05-t017.trf"
    read = (TEAMS / "disputed-n006-r02of05-t017.sharly").read_text().split()[1:]
    pairs = tuple((int(read[k]), int(read[k + 1])) for k in range(0, len(read), 2))
    api = explain_matches(trf, ProposedRound(pairs))
    assert not api.agrees and api.decisive is not None and api.decisive.article == "C.04.6 Art. 3.5.4"
    code = main(["explain", str(trf), "--pairing", str(TEAMS / "disputed-n006-r02of05-t017.sharly"), "--json"])
    import json

    answer = json.loads(capsys.readouterr().out)
    assert code == 1 and answer["decisive"]["article"] == "C.04.6 Art. 3.5.4" and answer["system"] == "C.04.6"
    assert answer["rules"]["matches"] == [[m.white, m.black, m.article] for m in api.played.matches]


def test_a_team_file_under_an_individual_flag_is_still_refused(capsys):
    code, out = explain(capsys, str(TEAMS / "n009-r02of07-t037.trf"), "--round", "1", "--dutch")
    assert code == 3 and "this file asks for the Swiss Team Pairing System (C.04.6)" in out
    with pytest.raises(InputError, match="not a file of matches"):
        explain_matches(ROOT / "tests" / "data" / "dutch-2026-sample" / sorted(
            p.name for p in (ROOT / "tests" / "data" / "dutch-2026-sample").glob("*.trf"))[0], round_no=1)


# --- what-if (pair --team / --double-swiss with the arbiter's decisions) --------------------


def pair(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["pair", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_c04_6_what_if_fix_pairs_the_round_by_the_procedure_and_names_c4(capsys):
    code, out, _ = pair(capsys, "--team", str(TEAMS / "n009-r02of07-t037.trf"), "--fix", "3-1", "-p", "-")
    assert code == 0
    assert out.split("\n")[:6] == ["5", "2 4", "3 1", "9 5", "6 7", "8 0"]
    _, _, err = pair(capsys, "--team", str(TEAMS / "n009-r02of07-t037.trf"), "--fix", "3-1", "-p", "-")
    assert ("the first rule the decided pairing departs from: [C4] C.04.6 Art. 2.3.1: bracket 1 (top-scoregroup 4: "
            "3, 4): Art. 3.5 takes no upfloater, the decided pairing 1 (3), 2 (3.5): [C4] 0 upfloaters against 2") in err


def test_c04_6_what_if_forbid_bye_and_absent(capsys):
    trf = TEAMS / "n009-r02of07-t037.trf"
    outcome = what_if_matches(trf, Decisions(forbid=((6, 7),)))
    assert sorted(outcome.result.pairs()) == [(1, 2), (3, 4), (6, 9), (7, 5)] and outcome.result.bye == 8
    assert outcome.first is not None and outcome.first.article == "[C5] C.04.6 Art. 2.3.2"
    assert outcome.first.message.endswith("Art. 3.5 takes the upfloaters 5 (1), the decided pairing 6 (0.5): [C5] "
                                          "their scores, lowest first, 1 against 0.5")
    bye = what_if_matches(trf, Decisions(bye=7))
    assert bye.result.bye == 7 and bye.first is not None and bye.first.article == "C.04.6 Art. 3.4.4"
    absent = what_if_matches(trf, Decisions(absent=(8,)))
    assert not absent.changed and absent.result.bye is None and len(absent.result.matches) == 4
    code, out, err = pair(capsys, "--team", str(trf), "--bye", "9")
    assert code == 3 and out == "" and "--bye 9: team 9 may not receive the pairing-allocated bye ([C2], C.04.6 " \
                                       "Art. 2.1.2)" in err


def test_c04_5_what_if_fix_names_the_c8_it_costs(capsys):
    code, out, _ = pair(capsys, "--double-swiss", str(CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"),
                        "--fix", "1-6")
    assert code == 0
    assert ("the first rule the decided pairing departs from: [C8] C.04.5 Art. 2.3.5: bracket 1 (top-scoregroup 2.5: "
            "3, 5, 6): Art. 3.6 takes the identifier 1 5 3 6, the decided pairing 1 3 6 5: [C8] 0 against 1") in out
    assert "   2     6 Player 6                       2.5  -     1 Player 1                       2.0" in out
    code, out, err = pair(capsys, "--double-swiss", str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"),
                          "--fix", "2-4")
    assert code == 3 and "--fix 2-4: 2 and 4 have met before ([C1], C.04.5 Art. 2.1.1)" in err


def test_c04_5_what_if_forbidden_pairs_force_the_pab():
    outcome = what_if_matches(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf",
                              Decisions(forbid=((1, 2), (1, 4), (1, 5))))
    assert outcome.result.bye == 1 and sorted(outcome.result.pairs()) == [(2, 5), (3, 4)]
    assert outcome.first is not None and outcome.first.article == "C.04.5 Art. 3.4.2"
    assert "the PAB: the rules give it to 3, the decided pairing to 1" in outcome.changes


# --- resolve (C.04.6 / C.04.5 Art. 3.3.3) -----------------------------------------------------

IMPOSSIBLE = ROOT / "tests" / "data" / "impossible-matches"


def test_c04_6_art_3_3_3_resolve_a_team_round_every_pair_has_met(tmp_path, capsys):
    """Four teams after three rounds have all met: pair fails (exit 1), resolve gives the
    rematches of the oldest round first, each pairing the system's own."""
    trf = str(IMPOSSIBLE / "team-n004-r04of05.trf")
    code, _, err = pair(capsys, "--team", trf)
    assert code == 1 and "C.04.6 Art. 3.3.3 leaves the round to the Chief Arbiter" in err
    out_file = tmp_path / "first.txt"
    code = main(["resolve", trf, "--count", "2", "-p", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0
    assert ("No legal pairing exists ([C1], [C2]): C.04.6 Art. 3.3.3 leaves the round to the Chief Arbiter. The "
            "least-bad ones, giving up first [C2] (a second pairing-allocated bye), then [C1] (a second meeting):") in out
    assert "Alternative 1: allowing 1-3 (met in round 1), 2-4 (met in round 1)" in out
    assert "  breaks [C1] C.04.6 Art. 2.1.1: 3 and 1 have already played in round 1" in out
    assert "  costs: rematches 2, rematch rounds 2, second PABs 0" in out
    assert "Alternative 2: allowing 1-4 (met in round 2), 2-3 (met in round 2)" in out
    assert out_file.read_text() == "2\n2 4\n3 1\n"


def test_c04_5_art_3_3_3_resolve_gives_up_c2_and_c1(capsys):
    """Five players after five matches have all met and all had the PAB: a second PAB and two
    rematches are the least."""
    resolution = resolve_matches(IMPOSSIBLE / "double-swiss-n005-r06of07.trf")
    assert not resolution.legal and resolution.round_no == 6
    first = resolution.alternatives[0]
    assert first.costs == {"rematches": 2, "rematch rounds": 2, "second PABs": 1}
    assert first.played.bye == 5 and sorted(first.played.pairs()) == [(1, 3), (4, 2)]
    assert [f.article for f in first.violations] == ["[C1] C.04.5 Art. 2.1.1"] * 2 + ["[C2] C.04.5 Art. 2.1.2"]
    assert [a.costs["rematch rounds"] for a in resolution.alternatives] == [2, 3, 4]
    code = main(["resolve", str(IMPOSSIBLE / "double-swiss-n005-r06of07.trf"), "--json"])
    import json

    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["system"] == "C.04.5" and answer["alternatives"][0]["bye"] == 5


def test_resolve_a_legal_team_round_shows_it_then_the_pairings_without_each_match():
    resolution = resolve_matches(TEAMS / "n009-r02of07-t037.trf", count=3)
    assert resolution.legal
    assert [a.how for a in resolution.alternatives] == ["the rules' pairing", "if 3-4 may not be played",
                                                        "if 1-2 may not be played"]
    assert (3, 4) not in resolution.alternatives[1].played.pairs()
    assert resolution.alternatives[1].report[0].startswith("  the first rule the decided pairing departs from: [C4]")


def test_the_installed_command_explains_resolves_and_decides_for_both_systems(tmp_path):
    """The ``cpswiss`` script beside the test's Python, from an empty folder: exit codes as the
    individual systems use them (0 the rules' pairing / done, 1 another pairing or no legal
    one, 3 bad input)."""
    import subprocess
    import sys

    script = Path(sys.executable).with_name("cpswiss")
    c8 = CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"
    wrong = proposal(tmp_path, "6 1", "5 3", "2 4")
    expectations = [
        (("explain", c8, "--pairing", wrong), 1, "[C8] C.04.5 Art. 2.3.5"),
        (("explain", TEAMS / "n009-r02of07-t037.trf", "--round", "1"), 0, "the proposal is the pairing the rules"),
        (("pair", "--double-swiss", c8, "--fix", "1-6"), 0, "departs from: [C8] C.04.5 Art. 2.3.5"),
        (("pair", "--team", TEAMS / "n009-r02of07-t037.trf", "--fix", "3-7"), 3, "3 and 7 have met before ([C1], C.04.6"),
        (("pair", "--team", IMPOSSIBLE / "team-n004-r04of05.trf"), 1, "C.04.6 Art. 3.3.3"),
        (("resolve", IMPOSSIBLE / "team-n004-r04of05.trf", "--count", "1"), 0, "Alternative 1: allowing 1-3"),
        (("resolve", IMPOSSIBLE / "double-swiss-n005-r06of07.trf", "--count", "1"), 0, "allowing 1-3 (met in round 1)"),
    ]
    for args, code, said in expectations:
        run = subprocess.run([str(script), *map(str, args)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
        assert run.returncode == code, f"cpswiss {' '.join(map(str, args))}: {run.stderr}"
        assert said in run.stdout + run.stderr, run.stdout + run.stderr


def test_c04_6_art_3_3_3_resolve_ranks_equal_costs_by_the_lower_score_differences():
    """A real last round (one team absent) where every pairing needs one rematch of round 1: the
    one with the lower score differences (4-7, between two teams of 5.5 game points) first."""
    resolution = resolve_matches(IMPOSSIBLE / "team-n007-r05of05-t001.trf", count=2)
    assert [a.how for a in resolution.alternatives] == ["allowing 4-7 (met in round 1)", "allowing 2-6 (met in round 1)"]
    assert [a.costs for a in resolution.alternatives] == [{"rematches": 1, "rematch rounds": 1, "second PABs": 0}] * 2
    assert sorted(resolution.alternatives[0].played.pairs()) == [(3, 2), (4, 7), (6, 5)]


def test_an_unknown_number_in_a_double_swiss_proposal_is_named_a_player(tmp_path, capsys):
    """A Double-Swiss competitor is a player (C.04.5): the refusal of a proposal naming no one in
    the file says so in the system's noun, as a team file's says team."""
    code, out = explain(capsys, str(DOUBLE_SWISS), "--pairing", proposal(tmp_path, "2 1", "4 9"))
    assert code == 3 and out.strip().endswith("proposal.txt:3: player 9 is not in the tournament")


def test_a_bad_proposal_is_one_line_and_exit_3(tmp_path, capsys):
    code, out = explain(capsys, str(TEAMS / "n009-r02of07-t037.trf"), "--pairing", proposal(tmp_path, "3 12", "1 2"))
    assert code == 3 and out.strip().endswith("proposal.txt:2: team 12 is not in the tournament")
    code, out = explain(capsys, str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"), "--pairing",
                        proposal(tmp_path, "2 1", "5 x"))
    assert code == 3 and len(out.strip().splitlines()) == 1 and "expected two pairing numbers 'white black'" in out
    code, out = explain(capsys, str(CASES / "03-pab-lowest-score-and-first-legal-upfloater.trf"), "--round", "1",
                        "--accelerate", "three-group")
    assert code == 3 and "the Double-Swiss System takes Baku (C.04.7) only" in out
