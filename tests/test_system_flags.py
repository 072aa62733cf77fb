"""The system flags (``--dutch``, ``--lim``, ``--dubov``, ``--burstein``) on every command that
reads a tournament: the same meaning as for ``pair`` (the system's rule set; the Dutch flag lets
the file choose the edition), a record 192 naming another system refused in one line with exit
3, and the first line of every command saying which rule set it used and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.cli import main

DATA = Path(__file__).parent / "data"
DUBOV_ROUND_3 = DATA / "dubov-2026-sample" / "n011-r03of06-t006.trf"  # rounds 1-2 played, XXR 6


def _with_record(tmp_path: Path, record: str) -> Path:
    path = tmp_path / "coded.trf"
    path.write_text(f"{record}\n" + DUBOV_ROUND_3.read_text())
    return path


def _first_line(capsys) -> str:
    return capsys.readouterr().out.split("\n")[0]


@pytest.mark.parametrize("flag, title", [
    ("--dubov", "FIDE Dubov System (C.04.4.1, 2026) (--dubov)"),
    ("--burstein", "FIDE Burstein System, 2026 edition (C.04.4.2) (--burstein)"),
    ("--lim", "(the Lim system) (--lim)"),
    ("--dutch", "FIDE (Dutch) System, 2026 edition (--dutch, no --rules, 192 or 042 date: the edition in force)"),
])
def test_check_takes_every_system_flag_and_says_so_first(flag, title, capsys):
    main(["check", str(DUBOV_ROUND_3), flag])
    assert _first_line(capsys).endswith(title)


@pytest.mark.parametrize("argv", [
    ["check", "{file}"],
    ["explain", "{file}", "--round", "2"],
    ["state", "{file}"],
    ["resolve", "{file}", "--count", "1"],
])
def test_every_command_names_the_rule_set_and_why_on_its_first_line(argv, capsys):
    assert main([a.format(file=DUBOV_ROUND_3) for a in argv] + ["--dubov"]) == 0
    assert "FIDE Dubov System (C.04.4.1, 2026) (--dubov)" in _first_line(capsys)
    assert main([a.format(file=DUBOV_ROUND_3) for a in argv]) in (0, 1)  # check: the Dutch rules differ
    # no flag, no 192, no 042: the Dutch edition in force, and the line says why
    assert "FIDE (Dutch) System, 2026 edition (no --rules, 192 or 042 date: the edition in force)" \
        in _first_line(capsys)


def test_a_flag_with_the_files_own_system_takes_the_edition_its_192_names(tmp_path, capsys):
    path = _with_record(tmp_path, "192 FIDE_DUBOV")
    assert main(["state", str(path), "--dubov"]) == 0
    assert _first_line(capsys) == "FIDE Dubov System (C.04.4.1, 2026) (--dubov, record 192 FIDE_DUBOV)"


@pytest.mark.parametrize("argv", [
    ["check", "{file}", "--burstein"],
    ["explain", "{file}", "--round", "2", "--lim"],
    ["state", "{file}", "--dutch"],
    ["resolve", "{file}", "--burstein"],
    ["pair", "--dutch", "{file}", "-p", "-"],
    ["pair", "--burstein", "{file}"],
])
def test_a_flag_for_another_system_than_the_192_is_refused_in_one_line(argv, tmp_path, capsys):
    path = _with_record(tmp_path, "192 FIDE_DUBOV")
    assert main([a.format(file=path) for a in argv]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().split("\n")
    assert len(lines) == 1
    assert lines[0].startswith(f"cpswiss: {path}: record 192 FIDE_DUBOV names the FIDE Dubov System")


def test_the_flags_exclude_each_other(capsys):
    assert main(["check", str(DUBOV_ROUND_3), "--dubov", "--burstein"]) == 3
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_flag_with_a_rule_set_of_another_system_is_a_usage_error(capsys):
    assert main(["check", str(DUBOV_ROUND_3), "--dubov", "--rules", "dutch-2017"]) == 3
    assert "--dubov pairs with the FIDE Dubov System (C.04.4.1); dutch-2017 is a rule set of the dutch " \
           "system (use --dutch)" in capsys.readouterr().err


def test_check_by_the_flag_gives_the_verdict_of_that_system(capsys):
    # the file's round 2 was paired by Dubov: it re-pairs to itself under --dubov only
    assert main(["check", str(DUBOV_ROUND_3), "--dubov", "--round", "2"]) == 0
    assert "round 2: agrees" in capsys.readouterr().out
    assert main(["check", str(DUBOV_ROUND_3), "--round", "2"]) == 1


# ---------------------------------------------------------------------------
# Every command treats every system alike (issue 50 item 6, issue 52 items 4 and 6)
# ---------------------------------------------------------------------------

TEAM_FILE = DATA / "team-2026-sample" / "n009-r02of07-t037.trf"  # 142 7, round 1 paired
DOUBLE_FILE = DATA / "double-swiss.trf"  # 142 6: three matches, two paired


def _one_line_refusal(capsys) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().split("\n")
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("command", [["state"], ["check"], ["explain", "--round", "1"], ["resolve"]])
@pytest.mark.parametrize("flag, title", [("--team", "FIDE Swiss Team Pairing System (C.04.6)"),
                                         ("--double-swiss", "FIDE Double-Swiss System (C.04.5)")])
def test_a_match_system_flag_on_an_individual_file_is_refused_by_every_command(command, flag, title, capsys):
    assert main([command[0], str(DUBOV_ROUND_3), *command[1:], flag]) == 3
    line = _one_line_refusal(capsys)
    assert line == (f"cpswiss: {DUBOV_ROUND_3}: this file is read as an individual tournament (no record 192 names a "
                    f"system, no 310 team records); the {title} does not pair it (use --dutch or --lim or --dubov or "
                    "--burstein)")


def test_a_file_whose_192_names_an_individual_system_asks_for_it(tmp_path, capsys):
    path = _with_record(tmp_path, "192 FIDE_DUBOV")
    assert main(["state", str(path), "--team"]) == 3
    assert "this file asks for an individual Swiss system (record 192 FIDE_DUBOV); the FIDE Swiss Team " \
           "Pairing System (C.04.6) does not pair it" in _one_line_refusal(capsys)


def test_an_individual_flag_on_a_file_of_matches_is_refused_by_state_and_check(capsys):
    for argv in (["state", str(TEAM_FILE), "--dutch"], ["check", str(DOUBLE_FILE), "--dubov"]):
        assert main(argv) == 3
        assert "does not pair it (use --" in _one_line_refusal(capsys)


def _report(capsys, path: Path, *options: str) -> tuple[int, dict]:
    import json

    code = main(["check", str(path), "--json", *options])
    return code, json.loads(capsys.readouterr().out)


def test_check_json_has_one_schema_for_every_system(capsys):
    reports = [_report(capsys, path)[1] for path in (DUBOV_ROUND_3, TEAM_FILE, DOUBLE_FILE)]
    assert [sorted(r) for r in reports] == [["agrees", "file", "ranks", "rounds", "rule_set"]] * 3
    keys = [sorted(r["rounds"][0]) for r in reports]
    assert keys[0] == keys[1] == keys[2] and "violations" in keys[0] and "colour_articles" in keys[0]
    assert [len(r["rounds"]) for r in reports] == [2, 1, 2]
    assert reports[1]["agrees"] is True
    double = reports[2]["rounds"]  # the file's match colours are not Art. 4's
    assert (double[0]["colours"], double[0]["colour_articles"]) == ([[2, 4]], ["C.04.5 Art. 4.3.1"])
    assert reports[2]["rule_set"] == "FIDE Double-Swiss System (C.04.5, 2026) (record 192 FIDE_DOUBLESWISS)"


def test_check_prints_one_report_shape_for_every_system(capsys):
    assert main(["check", str(TEAM_FILE)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{TEAM_FILE} - FIDE Swiss Team Pairing System (C.04.6, 2026), Type A, game points then match points "
        "(record 192 FIDE_TEAM_TYPEA_GP_MP)", "round 1: agrees", "all rounds agree"]
    assert main(["check", str(DOUBLE_FILE)]) == 1
    assert capsys.readouterr().out.splitlines()[1:] == [
        "round 1: DIFFERS", "  played 2-4 with colours reversed (rules: 4-2, C.04.5 Art. 4.3.1)",
        "round 2: DIFFERS", "  played 1-2 with colours reversed (rules: 2-1, C.04.5 Art. 4.3.4)",
        "rounds 1, 2 differ"]


def test_check_of_a_team_file_reads_it_as_the_options_say(tmp_path, capsys):
    """The team file is not read again from its path: --recompute-points holds (a points
    column that the results do not add up to is refused without it), and --rounds is checked
    against its 142."""
    lines = TEAM_FILE.read_text().splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[first] = lines[first][:80] + " 9.0" + lines[first][84:]  # the results add up to 1.0
    path = tmp_path / "team-points.trf"
    path.write_text("".join(lines))
    assert main(["check", str(path)]) == 3
    assert "points column says 9.0 but the results add up to 1.0" in _one_line_refusal(capsys)
    assert main(["check", str(path), "--recompute-points"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["round 1: agrees", "all rounds agree"]
    assert main(["check", str(TEAM_FILE), "--rounds", "9"]) == 3
    assert _one_line_refusal(capsys) == f"cpswiss: --rounds 9: {TEAM_FILE} has 7 rounds (XXR / 142)"


def _finished_without_xxr(tmp_path: Path) -> Path:
    """A finished 4-round event whose file states no number of rounds (no XXR / 142), as
    Swiss-Manager, Vega and the ICU write rating reports."""
    from cpswiss.study.generate import GeneratorConfig, generate_text

    text = generate_text(GeneratorConfig(players=12, rounds=4, draw_percentage=30), 5, "dutch-2026", trf26=True)
    path = tmp_path / "finished.trf"
    path.write_text("".join(line for line in text.splitlines(keepends=True) if not line.startswith(("142", "XXR"))))
    return path


def test_rounds_may_equal_the_rounds_paired_in_a_finished_event(tmp_path, capsys):
    path = _finished_without_xxr(tmp_path)
    assert main(["check", str(path), "--rounds", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[-2:] == ["round 4: agrees", "all rounds agree"]
    assert main(["state", str(path), "--rounds", "4"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "Final state after round 4 of 4 (the tournament is finished)"
    assert main(["check", str(path), "--rounds", "3"]) == 3
    assert _one_line_refusal(capsys) == ("cpswiss: --rounds 3: must be at least the 4 rounds paired in the file "
                                         "(a finished event: as many), and at most 1000")


def test_check_takes_the_initial_colour_as_pair_does(tmp_path, capsys):
    """Round 1 paired with White to the top player (152 W): under --initial-colour black its
    colours are the other way round on every board, as ``pair --initial-colour`` gives them."""
    path = _finished_without_xxr(tmp_path)
    assert main(["check", str(path), "--initial-colour", "white", "--round", "1"]) == 0
    capsys.readouterr()
    assert main(["check", str(path), "--initial-colour", "black", "--round", "1"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "round 1: DIFFERS" and out[-1] == "round 1 differs"
    reversed_ = [line for line in out if "with colours reversed" in line]
    assert len(reversed_) == 6 and not any("rules demand" in line for line in out)


def test_check_of_a_double_swiss_file_takes_the_initial_colour(capsys):
    """Art. 4.3.1 gives the first match's colours by the initial colour (152 W here)."""
    assert main(["check", str(DOUBLE_FILE), "--round", "1", "--initial-colour", "black"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "  played 1-3 with colours reversed (rules: 3-1, C.04.5 Art. 4.3.1)" in out


@pytest.mark.parametrize("flag, path", [("--team", TEAM_FILE), ("--double-swiss", DOUBLE_FILE)])
def test_pair_c_of_a_file_of_matches_is_the_check_json_included(flag, path, capsys):
    import json

    code, checked = _report(capsys, path)
    assert main(["pair", flag, str(path), "-c", "--json"]) == code
    paired = json.loads(capsys.readouterr().out)
    assert {**paired, "rule_set": ""} == {**checked, "rule_set": ""}  # the reason may name the flag
    assert paired["rule_set"].endswith("record 192 " + path.read_text().split("192 ")[1].split()[0] + ")")


@pytest.mark.parametrize("path, first, second", [
    (TEAM_FILE, "FIDE Swiss Team Pairing System (C.04.6, 2026), Type A, game points then match points (record 192 "
                "FIDE_TEAM_TYPEA_GP_MP)", "State before round 2 of 7"),
    (DOUBLE_FILE, "FIDE Double-Swiss System (C.04.5, 2026) (record 192 FIDE_DOUBLESWISS)", "State before round 3 of 3"),
])
def test_state_of_a_file_of_matches_names_the_rule_set_and_the_round_first(path, first, second, capsys):
    assert main(["state", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == [first, second]


def test_pair_of_a_double_swiss_file_takes_the_initial_colour(tmp_path, capsys):
    """Match 1 (C.04.5 Art. 4.3.1): the higher-ranked player of a match has the initial colour
    when his pairing number is odd, the other when it is even; --initial-colour black turns
    every match round, as it does for an individual file (before, --double-swiss refused it)."""
    lines = [line[:80] + " 0.0" + line[84:91] if line.startswith("001") else line
             for line in DOUBLE_FILE.read_text().splitlines() if not line.startswith("240")]
    path = tmp_path / "before-match-1.trf"
    path.write_text("\n".join(lines) + "\n")
    assert main(["pair", "--double-swiss", str(path), "-p"]) == 0
    assert capsys.readouterr().out.split() == ["3", "1", "3", "4", "2", "5", "0"]
    assert main(["pair", "--double-swiss", str(path), "-p", "--initial-colour", "black"]) == 0
    assert capsys.readouterr().out.split() == ["3", "3", "1", "2", "4", "5", "0"]


def test_rounds_of_a_double_swiss_file_count_matches(tmp_path, capsys):
    """A Double-Swiss round is a match of two round columns (its 142 counts columns: 6 for
    three matches): --rounds N says how many matches, as the state's 'of N' does."""
    assert main(["state", str(DOUBLE_FILE), "--rounds", "3"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "State before round 3 of 3"
    assert main(["state", str(DOUBLE_FILE), "--rounds", "6"]) == 3
    assert _one_line_refusal(capsys) == f"cpswiss: --rounds 6: {DOUBLE_FILE} has 3 rounds (XXR / 142)"
    bare = tmp_path / "no-142.trf"
    bare.write_text("".join(line for line in DOUBLE_FILE.read_text().splitlines(keepends=True)
                            if not line.startswith("142")))
    assert main(["state", str(bare), "--rounds", "2"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "Final state after round 2 of 2 (the tournament is finished)"
    assert main(["check", str(bare), "--rounds", "1"]) == 3
    assert "must be at least the 2 rounds paired" in _one_line_refusal(capsys)


@pytest.mark.parametrize("flag, path, reason", [
    ("--team", TEAM_FILE, "(--team, record 192 FIDE_TEAM_TYPEA_GP_MP)"),
    ("--double-swiss", DOUBLE_FILE, "(--double-swiss, record 192 FIDE_DOUBLESWISS)"),
    ("--dubov", DUBOV_ROUND_3, "(--dubov)"),
])
def test_every_system_flag_is_named_in_the_reason_as_the_dutch_one_is(flag, path, reason, capsys):
    """A flag of a system of matches leaves the rule set to the file's 192, as --dutch leaves
    the edition, and the first line says both."""
    main(["check", str(path), flag])
    assert _first_line(capsys).endswith(reason)
