"""``cpswiss state`` on a file whose last round is paired but not played (``pair --write-trf``
writes it): the state before that round, the round marked as paired, its pairing shown."""

from __future__ import annotations

import pytest
from conftest import REPO

from cpswiss.cli import main

SOURCE = REPO / "tests" / "data" / "colour-limits" / "cd-against-three-in-a-row.trf"  # round 7 of 9 to pair


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def rows(out: str) -> dict[int, list[str]]:
    """The state table's rows by player id (the line after the two header lines)."""
    table = out.splitlines()[2:]
    return {int(line.split()[0]): line.split() for line in table[1:]}


@pytest.mark.parametrize("announced", [9, 7])  # round 7 of 9, and round 7 the last (XXR 7)
def test_state_before_a_paired_round_shows_its_pairing(announced, tmp_path, capsys):
    source = tmp_path / "source.trf"
    source.write_text(SOURCE.read_text().replace("XXR 9", f"XXR {announced}"))
    paired = tmp_path / "paired.trf"
    code, pairing, err = run(capsys, "pair", "--dutch", source, "-p", "--write-trf", paired)
    assert (code, err) == (0, "")
    boards = [tuple(map(int, line.split())) for line in pairing.splitlines()[1:]]

    code, before, err = run(capsys, "state", source)
    assert (code, err) == (0, "")
    code, out, err = run(capsys, "state", paired)
    assert (code, err) == (0, "")
    assert out.splitlines()[1] == (f"State before round 7 of {announced} (round 7 is paired, its results are "
                                   "not in: column 'paired' shows its pairing)")
    assert out.splitlines()[2].split()[-1] == "paired"
    shown, unpaired = rows(out), rows(before)
    assert {pid: row[:-2] for pid, row in shown.items()} == unpaired  # the same state, and "8 w" beside it
    for white, black in boards:
        assert shown[white][-2:] == [str(black), "w"] and shown[black][-2:] == [str(white), "b"]
    assert len(boards) * 2 == len(shown) == 10


@pytest.mark.parametrize(("flag", "source", "round_no", "total"), [
    ("--double-swiss", REPO / "tests" / "data" / "double-swiss.trf", 3, 3),
    ("--team", REPO / "tests" / "data" / "team-2026-sample" / "disputed-n006-r02of05-t017.trf", 2, 5)])
def test_state_of_matches_before_a_paired_round_shows_its_pairing(flag, source, round_no, total, tmp_path, capsys):
    paired = tmp_path / "paired.trf"
    code, pairing, err = run(capsys, "pair", flag, source, "-p", "--write-trf", paired)
    assert (code, err) == (0, "")
    matches = [tuple(map(int, line.split())) for line in pairing.splitlines()[1:]]
    code, out, err = run(capsys, "state", paired)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("FIDE ")  # the rule set and why, as for every state of matches
    assert lines[1] == (f"State before round {round_no} of {total} (round {round_no} is paired, its results are "
                        "not in: column 'paired' shows its pairing)")
    assert lines[2].split()[0] == "tpn" and lines[2].split()[-1] == "paired"
    shown = {int(line.split()[0]): line.split() for line in lines[3:]}
    for white, black in matches:
        assert shown[white][-2:] == [str(black), "w"] and shown[black][-2:] == [str(white), "b"]


def test_the_next_round_is_not_paired_before_the_results_are_in(tmp_path, capsys):
    paired = tmp_path / "paired.trf"
    assert run(capsys, "pair", "--dutch", SOURCE, "--write-trf", paired)[0] == 0
    code, out, err = run(capsys, "pair", "--dutch", paired, "-p")
    assert (code, out) == (3, "")
    assert err == (f"cpswiss: {paired}:4: round 7 of player 1 has no result yet: enter the results of round 7 "
                   "before round 8 is paired\n")


@pytest.mark.parametrize(("flag", "source", "announced", "noun", "competitor", "line", "round_no"), [
    ("--team", REPO / "tests" / "data" / "team-2026-sample" / "disputed-n006-r02of05-t017.trf", None, "team", 1,
     35, 2),
    ("--double-swiss", REPO / "tests" / "data" / "double-swiss.trf", "142 10", "player", 1, 7, 3)])
def test_a_file_of_matches_is_not_paired_before_the_results_are_in(flag, source, announced, noun, competitor, line,
                                                                   round_no, tmp_path, capsys):
    """One wording for every system: the round and competitor with no result, and what to do."""
    given = tmp_path / "source.trf"
    given.write_text(source.read_text() if announced is None else source.read_text().replace("142 6", announced))
    paired = tmp_path / "paired.trf"
    assert run(capsys, "pair", flag, given, "--write-trf", paired)[0] == 0
    code, out, err = run(capsys, "pair", flag, paired, "-p")
    assert (code, out) == (3, "")
    assert err == (f"cpswiss: {paired}:{line}: round {round_no} of {noun} {competitor} has no result yet: enter the "
                   f"results of round {round_no} before round {round_no + 1} is paired\n")
