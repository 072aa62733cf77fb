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
