"""Progress bars of ``cpswiss generate`` (rounds paired) and ``cpswiss check`` (rounds checked;
many files: files checked): on standard error with ``--progress`` (or when it is a terminal),
none with ``--no-progress`` or when standard error is not a terminal; the output is the same
byte for byte either way; without tqdm installed, no bar and no error."""

from __future__ import annotations

import re

import pytest

from cpswiss.cli import main


def _generated(tmp_path, name: str, *options: str) -> bytes:
    out = tmp_path / name
    assert main(["generate", "-o", str(out), "--seed", "4", "--players", "14", "--rounds", "5", *options]) == 0
    return out.read_bytes()


def _last_count(stderr: str) -> str:
    """The last 'done/total' the bar drew."""
    counts = re.findall(r"(\d+)/(\d+)", stderr)
    assert counts, stderr
    return "/".join(counts[-1])


@pytest.mark.parametrize("rules", ["dutch-2026", "team-2026"])
def test_generate_draws_its_rounds_on_stderr_and_writes_the_same_file(tmp_path, capsys, rules):
    quiet = _generated(tmp_path, "quiet.trf", "--rules", rules)
    assert capsys.readouterr().err == ""  # stderr is not a terminal: no bar
    shown = _generated(tmp_path, "shown.trf", "--rules", rules, "--progress")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "generate" in captured.err and "round" in captured.err
    assert _last_count(captured.err) == "5/5"
    off = _generated(tmp_path, "off.trf", "--rules", rules, "--no-progress")
    assert capsys.readouterr().err == ""
    assert quiet == shown == off


@pytest.fixture
def tournaments(tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for seed, rules in ((1, "dutch-2026"), (2, "team-2026"), (3, "burstein-2026")):
        out = folder / f"{rules}-{seed}.trf"
        assert main(["generate", "-o", str(out), "--seed", str(seed), "--players", "12", "--rounds", "4",
                     "--rules", rules, "--no-progress"]) == 0
    return folder


@pytest.mark.parametrize("name", ["dutch-2026-1.trf", "team-2026-2.trf"])
def test_check_draws_the_rounds_checked_and_prints_the_same_report(tournaments, capsys, name):
    path = str(tournaments / name)
    assert main(["check", path]) == 0
    plain = capsys.readouterr()
    assert plain.err == "" and plain.out.endswith("all rounds agree\n")
    assert main(["check", path, "--progress"]) == 0
    shown = capsys.readouterr()
    assert shown.out == plain.out
    assert _last_count(shown.err) == "4/4" and "round" in shown.err
    assert main(["check", path, "--round", "2", "--round", "3", "--progress"]) == 0
    assert _last_count(capsys.readouterr().err) == "2/2"
    assert main(["check", path, "--no-progress", "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_check_of_many_files_draws_the_files_checked(tournaments, capsys):
    assert main(["check", str(tournaments)]) == 0
    plain = capsys.readouterr()
    assert plain.err == "" and plain.out.count("all rounds agree") == 3
    assert main(["check", str(tournaments), "--progress"]) == 0
    shown = capsys.readouterr()
    assert shown.out == plain.out
    assert _last_count(shown.err) == "3/3" and "file" in shown.err


def test_progress_and_no_progress_together_are_a_usage_error(tournaments, capsys):
    assert main(["check", str(tournaments), "--progress", "--no-progress"]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("cpswiss: usage: argument --no-progress: not allowed with argument --progress "
                            "(see 'cpswiss check --help')\n")


def test_without_tqdm_there_is_no_bar_and_no_error(tmp_path, tournaments, capsys, monkeypatch):
    with_bar = _generated(tmp_path, "with.trf", "--no-progress")
    monkeypatch.setitem(__import__("sys").modules, "tqdm", None)  # import tqdm raises ImportError
    without = _generated(tmp_path, "without.trf", "--progress")
    assert without == with_bar
    assert main(["check", str(tournaments / "dutch-2026-1.trf"), "--progress"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.endswith("all rounds agree\n")


def test_pair_c_checks_as_check_does_with_no_bar_off_a_terminal(tournaments, capsys):
    path = str(tournaments / "dutch-2026-1.trf")
    assert main(["check", path, "--dutch"]) == 0
    checked = capsys.readouterr().out
    assert main(["pair", "--dutch", path, "-c"]) == 0
    captured = capsys.readouterr()
    assert captured.out == checked and captured.err == ""
