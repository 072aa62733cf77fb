"""Facts the Dubov System needs and a file may lack, through the command line: the number of
rounds (MaxT, Art. 1.8.2; the last round's exceptions, Art. 2.3.4-2.3.6), a rating for every
player (Art. 1.1: the arbiter assigns a provisional one), and pairing numbers in rating order up
to round 4 (Art. 1.2.2).  Each missing fact is one line naming the option or record that
supplies it (exit 3); the options supply it without editing the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.cli import main

SAMPLE = Path(__file__).parent / "data" / "dubov-2026-sample"
CASE = SAMPLE / "n011-r03of06-t006"  # round 3 of 6, 11 players, ratings in order


def _edited(tmp_path: Path, drop_rounds: bool = False, ratings: dict[int, str] | None = None) -> Path:
    """The case's file without its XXR record and/or with the rating columns (49-52) of some
    players rewritten."""
    lines = []
    for line in (CASE.with_suffix(".trf")).read_text().split("\n"):
        if drop_rounds and line.startswith("XXR"):
            continue
        if line.startswith("001") and ratings and int(line[4:8]) in ratings:
            line = line[:48] + ratings[int(line[4:8])].rjust(4) + line[52:]
        lines.append(line)
    path = tmp_path / "edited.trf"
    path.write_text("\n".join(lines))
    return path


def _one_error_line(capsys) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().split("\n")
    assert len(lines) == 1, lines
    return lines[0]


def test_without_the_number_of_rounds_dubov_refuses_naming_the_records_and_the_option(tmp_path, capsys):
    path = _edited(tmp_path, drop_rounds=True)
    assert main(["pair", "--dubov", str(path), "-p", str(tmp_path / "out")]) == 3
    line = _one_error_line(capsys)
    assert "needs the number of rounds" in line and "Art. 1.8.2" in line
    assert "XXR" in line and "142" in line and "--rounds N" in line
    assert not (tmp_path / "out").exists()


def test_rounds_given_on_the_command_line_pair_as_the_record_would(tmp_path):
    path = _edited(tmp_path, drop_rounds=True)
    out = tmp_path / "out"
    assert main(["pair", "--dubov", str(path), "--rounds", "6", "-p", str(out)]) == 0
    assert out.read_text() == CASE.with_suffix(".expected").read_text()


def test_rounds_that_contradict_the_file_or_its_paired_rounds_are_usage_errors(tmp_path, capsys):
    assert main(["pair", "--dubov", str(CASE.with_suffix(".trf")), "--rounds", "7"]) == 3
    assert "has 6 rounds (XXR / 142)" in _one_error_line(capsys)
    edited = str(_edited(tmp_path, drop_rounds=True))
    assert main(["check", edited, "--dubov", "--rounds", "1"]) == 3
    assert "at least the 2 rounds paired" in _one_error_line(capsys)
    assert main(["check", edited, "--dubov", "--rounds", "2"]) == 0  # a finished event: as many (issue 52)


def test_burstein_names_the_option_too(tmp_path, capsys):
    path = _edited(tmp_path, drop_rounds=True)
    assert main(["pair", "--burstein", str(path), "-p", "-"]) == 3
    line = _one_error_line(capsys)
    assert "seeding rounds" in line and "--rounds N" in line


def test_unrated_players_are_named_with_the_option_that_rates_them(tmp_path, capsys):
    path = _edited(tmp_path, ratings={3: "", 5: "0"})
    assert main(["pair", "--dubov", str(path)]) == 3
    line = _one_error_line(capsys)
    assert "players 3 (Sim0003 Player0003), 5 (Sim0005 Player0005) have no rating" in line
    assert "Art. 1.1" in line and "--rating 3=ELO" in line


def test_provisional_ratings_from_the_command_line_pair_without_editing_the_file(tmp_path):
    path = _edited(tmp_path, ratings={3: "", 5: ""})
    before = path.read_text()
    out = tmp_path / "out"
    # the ratings the file had: the same pairing as the original file
    assert main(["pair", "--dubov", str(path), "--rating", "3=2429", "--rating", "5=2096", "-p", str(out)]) == 0
    assert out.read_text() == CASE.with_suffix(".expected").read_text()
    assert path.read_text() == before


@pytest.mark.parametrize("value, message", [("3", "expected PID=ELO"), ("99=1500", "has no player 99"),
                                            ("3=0", "a rating is 1 to 4000")])
def test_bad_provisional_ratings_are_usage_errors(value, message, capsys):
    assert main(["state", str(CASE.with_suffix(".trf")), "--dubov", "--rating", value]) == 3
    assert message in _one_error_line(capsys)


def test_pairing_numbers_out_of_rating_order_before_round_4_are_named_with_the_order_due(tmp_path, capsys):
    # player 7's rating raised above everyone's before round 3: Art. 1.2.2 makes the arbiter re-sort
    path = _edited(tmp_path, ratings={7: "2900"})
    assert main(["pair", "--dubov", str(path), "-p", str(tmp_path / "out")]) == 3
    captured = capsys.readouterr()
    first, order = captured.err.strip().split("\n")
    assert "Art. 1.2.2" in first and "player 6 (1698) is numbered before player 7 (2900)" in first
    assert order == "the order by rating (pairing numbers as in the file): 7 1 2 3 4 5 6 8 9 10 11"
    assert not (tmp_path / "out").exists()


def test_a_provisional_rating_is_held_to_the_same_order(tmp_path, capsys):
    path = _edited(tmp_path, ratings={3: ""})
    assert main(["check", str(path), "--dubov", "--rating", "3=1800"]) == 3
    captured = capsys.readouterr().err
    assert "player 3 (1800) is numbered before player 4 (2397)" in captured
    assert captured.strip().split("\n")[1].endswith(": 1 2 4 5 3 6 7 8 9 10 11")  # 5 has 2096
