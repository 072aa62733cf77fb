"""Bad input: one line naming file, line and problem; exit code 3; no output file."""

from __future__ import annotations

import pytest
from conftest import player_line

from cpswiss.cli import main

HEADER = "012 Test\nXXR 3\nXXC white1\n"


def good_lines() -> list[str]:
    return [
        player_line(1, "Alpha", 2400, "1.0", ["   2 w 1"]),
        player_line(2, "Beta", 2300, "0.0", ["   1 b 0"]),
        player_line(3, "Gamma", 2200, "1.0", ["   4 w 1"]),
        player_line(4, "Delta", 2100, "0.0", ["   3 b 0"]),
    ]


def run_pair(write_trf, tmp_path, lines: list[str], capsys, header: str = HEADER):
    path = write_trf(header + "\n".join(lines) + "\n", "case.trf")
    out = tmp_path / "out.txt"
    code = main(["pair", "--dutch", str(path), "-p", str(out)])
    err = capsys.readouterr().err.strip()
    return code, err, out, path


def test_good_file_pairs(write_trf, tmp_path, capsys):
    code, err, out, _ = run_pair(write_trf, tmp_path, good_lines(), capsys)
    assert code == 0 and err == ""
    assert out.read_text().splitlines()[0] == "2"


CASES = {
    "malformed record": (
        lambda lines: lines[:1] + ["001    2      Beta"] + lines[2:],
        5, "a 001 record needs at least 84"),
    "score column disagrees": (
        lambda lines: [lines[0].replace(" 1.0    1", " 0.5    1")] + lines[1:],
        4, "points column says 0.5 but the results add up to 1.0"),
    "unknown opponent": (
        lambda lines: lines + [player_line(5, "Eps", 2000, "1.0", ["   9 w 1"])],
        8, "opponent 9 of player 5 is not a player of this tournament"),
    "player in two games": (
        lambda lines: lines + [player_line(5, "Eps", 2000, "1.0", ["   2 w 1"])],
        8, "player 2 is in two games (against 5 and 1)"),
    "asymmetric result": (
        lambda lines: [lines[0]] + [lines[1].replace("   1 b 0", "   1 b 1").replace(" 0.0    2", " 1.0    2")]
        + lines[2:],
        4, "results of 1 (2 w 1) and 2 (1 b 1) do not agree"),
    "game without the opponent's record of it": (
        lambda lines: lines[:3] + [player_line(4, "Delta", 2100, "0.0", [])],
        6, "player 3 has a game against 4, whose record has no game in that round"),
    "more rounds than XXR": (
        lambda lines: [player_line(1, "Alpha", 2400, "1.0", ["   2 w 1", "0000 - Z", "0000 - Z", "0000 - Z"])]
        + lines[1:],
        4, "has a block for round 4 but the tournament has 3 rounds"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input(name, write_trf, tmp_path, capsys):
    edit, line, message = CASES[name]
    code, err, out, path = run_pair(write_trf, tmp_path, edit(good_lines()), capsys)
    assert code == 3
    assert len(err.splitlines()) == 1
    assert err.startswith(f"cpswiss: {path}:{line}: ")
    assert message in err
    assert "Traceback" not in err
    assert not out.exists()


def test_unreadable_file(tmp_path, capsys):
    out = tmp_path / "out.txt"
    code = main(["pair", "--dutch", str(tmp_path / "missing.trf"), "-p", str(out)])
    err = capsys.readouterr().err.strip()
    assert code == 5 and "missing.trf: cannot read file" in err and not out.exists()


def test_finished_tournament_is_an_impossible_round(write_trf, tmp_path, capsys):
    header = "012 Test\nXXR 1\nXXC white1\n"
    code, err, out, path = run_pair(write_trf, tmp_path, good_lines(), capsys, header)
    assert code == 3 and f"{path}:2: all 1 rounds (XXR/142) are already paired" in err and not out.exists()


def test_no_legal_pairing_exits_1(write_trf, tmp_path, capsys):
    lines = [player_line(1, "Alpha", 2400, "1.0", ["   2 w 1"]),
             player_line(2, "Beta", 2300, "0.0", ["   1 b 0"])]
    code, err, out, _ = run_pair(write_trf, tmp_path, lines, capsys)
    assert code == 1 and "no round-pairing satisfies [C1]-[C3]" in err and not out.exists()


def test_version_names_the_installed_distribution(capsys):
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"cpswiss {version('cpswiss')}"


@pytest.mark.parametrize("argv, hint", [([], "see 'cpswiss --help'"),
                                        (["pair", "--dutch"], "see 'cpswiss pair --help'")])
def test_a_usage_error_points_at_the_right_help(argv, hint, capsys):
    assert main(argv) == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith("cpswiss: usage: ") and err.endswith(f"({hint})") and "\n" not in err
