"""Files as arbiters have them (issue 43): each behaviour through the command line, on a real
file of ``tests/data/real-files/`` (cut at a round, or edited the one way the case needs)."""

from __future__ import annotations

import re

import pytest
from real_files import FOLDER, cut

from cpswiss.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err.strip()


def pairing(capsys, path, *options: str) -> list[str]:
    code, out, err = run(capsys, "pair", "--dutch", str(path), "-p", *options)
    assert code == 0, err
    return out.splitlines()


def real(name: str) -> str:
    return (FOLDER / name).read_bytes().decode("latin-1")


def set_block(line: str, round_no: int, block: str) -> str:
    """``line`` with the block of ``round_no`` (1-based) set to ``block``, padded as needed."""
    start = 91 + 10 * (round_no - 1)
    return line.ljust(start)[:start] + block.rjust(8) + line[start + 8:]


def set_points(line: str, points: str) -> str:
    return line[:80] + points.rjust(4) + line[84:]


# 1. A half-point bye entered for the round to be paired, counted in the points column or not yet

def test_half_point_bye_for_the_round_to_be_paired_with_or_without_its_half_point(write_trf, capsys):
    text = cut(real("fide-c07-exercise-swiss-9.trf"), 1)  # David (4): '0 - H' in round 2, not counted
    david = next(line for line in text.splitlines() if line.startswith("001    4"))
    assert david.rstrip().endswith("0 - H") and david[80:84] == " 1.0"
    without = write_trf(text, "without.trf")
    with_it = write_trf(text.replace(david, set_points(david, "1.5")), "with.trf")
    boards = pairing(capsys, without)
    assert boards == pairing(capsys, with_it)
    assert not any(re.search(r"\b4\b", b) for b in boards[1:])  # David is not paired


def test_points_column_agreeing_with_no_round_is_refused_and_says_what_to_do(write_trf, capsys):
    text = cut(real("fide-c07-exercise-swiss-9.trf"), 1)
    david = next(line for line in text.splitlines() if line.startswith("001    4"))
    path = write_trf(text.replace(david, set_points(david, "2.0")), "wrong.trf")
    code, out, err = run(capsys, "pair", "--dutch", str(path), "-p")
    assert code == 3 and out == ""
    assert err == (f"cpswiss: {path}:8: points column says 2.0 but the results add up to 1.5: correct the "
                   "results or the column (a half-point bye is written 0000 - H), or give --recompute-points "
                   "to score the players from their results")


# 2. Absences and byes entered two or more rounds ahead (requested byes)

def test_absences_entered_rounds_ahead_are_read_and_only_the_round_to_pair_counts(write_trf, capsys):
    text = cut(real("fide-c07-exercise-swiss-9.trf"), 1)  # round 2 to pair; Paul (14) will be away
    paul = next(line for line in text.splitlines() if line.startswith("001   14"))
    one = set_block(paul, 2, "0000 - Z")  # the round to pair only
    many = paul
    for round_no in range(2, 6):  # rounds 2-5, as an arbiter enters an absence known in advance
        many = set_block(many, round_no, "0000 - Z")
    assert many[91:].split() == ["6", "w", "1"] + ["0000", "-", "Z"] * 4
    one_ahead = write_trf(text.replace(paul, one), "one.trf")
    many_ahead = write_trf(text.replace(paul, many), "many.trf")
    boards = pairing(capsys, one_ahead)
    assert pairing(capsys, many_ahead) == boards
    assert not any(re.search(r"\b14\b", b) for b in boards[1:])  # Paul is not paired
    assert any(re.search(r"\b14\b", b) for b in pairing(capsys, write_trf(text, "present.trf"))[1:])
    code, out, err = run(capsys, "state", str(many_ahead))
    assert code == 0 and out.splitlines()[1] == "State before round 2 of 9"  # after the rule set's line
    row = next(line.split() for line in out.splitlines()[3:] if line.split()[0] == "14")
    assert [row[0], *row[2:5]] == ["14", "Paul", "1.0", "False"]  # round 1's win only; absent


# 3. Start dates (042): read in the spellings programs write, or refused naming --rules and 192

def dated(written: str) -> str:
    """A real file cut before round 4, its start date (042) written as ``written``."""
    return cut(real("fide-c07-exercise-swiss-9.trf"), 3).replace("042 2024-08-01", f"042 {written}")


def test_lichess_start_date_is_read_and_decides_the_edition(tmp_path, capsys):
    path = tmp_path / "lichess.trf"
    path.write_text(dated("May 29, 2020"))  # lichess.org's spelling
    code, out, err = run(capsys, "pair", "--dutch", str(path))
    assert code == 0, err
    assert out.splitlines()[0] == ("Round 4: FIDE (Dutch) System, 2017 edition "
                                   "(--dutch, start date May 29, 2020 (042) before 2026-02-01)")


@pytest.mark.parametrize("written, reason", [
    ("05/06/2020", "start date 05/06/2020 (042; read as 2020-05-06 and 2020-06-05, all before 2026-02-01)"),
    ("10.09.13", "start date 10.09.13 (042; read as 2010-09-13 and 2013-09-10, all before 2017-07-01)"),
    ("2020", "start date 2020 (042; read as 2020-01-01 and 2020-12-31, all before 2026-02-01)"),
])
def test_a_date_read_more_than_one_way_is_taken_when_every_reading_gives_one_edition(written, reason,
                                                                                      tmp_path, capsys):
    path = tmp_path / "dated.trf"
    path.write_text(dated(written))
    code, out, err = run(capsys, "pair", "--dutch", str(path))
    assert code == 0, err
    assert out.splitlines()[0].endswith(f"(--dutch, {reason})")


@pytest.mark.parametrize("written, problem", [
    ("01/02/2026", "042 start date '01/02/2026' can be read as 2026-01-02 (dutch-2017) or 2026-02-01 "
                   "(dutch-2026), which fall under different Dutch editions"),
    ("11.09.26", "042 start date '11.09.26' can be read as 2011-09-26 (dutch-2013) or 2026-09-11 "
                 "(dutch-2026), which fall under different Dutch editions"),
    ("early summer", "042 start date 'early summer' cannot be read as a date, so the Dutch edition in "
                     "force for the event is unknown"),
])
def test_a_date_that_cannot_decide_the_edition_is_refused_naming_rules_and_192(written, problem, tmp_path,
                                                                               capsys):
    path = tmp_path / "dated.trf"
    path.write_text(dated(written))
    for command in (["pair", "--dutch", str(path), "-p"], ["check", str(path)], ["state", str(path)]):
        code, out, err = run(capsys, *command)
        assert code == 3 and out == ""
        assert err == (f"cpswiss: {path}: {problem}: name the edition with --rules (e.g. --rules dutch-2017) "
                       "or a 192 record (e.g. 192 FIDE_DUTCH_2017)")
    code, out, err = run(capsys, "pair", "--dutch", str(path), "-p", "--rules", "dutch-2017")
    assert code == 0, err


# 4. A forfeit recorded without colours is no colour reversal

def test_forfeit_without_colours_is_not_a_colour_reversal(write_trf, capsys):
    """A forfeit written ``8 - +`` / ``1 - -`` (as a German program of 2005 wrote them) agrees with
    any colours the rules give the board; written with the colours reversed, it differs."""
    full = real("swiss-manager-gros-2010.trf")  # round 3, board 1: 1 - 8, white 1 (the rules' pairing)
    first, eighth = (next(x for x in full.splitlines() if x.startswith(f"001 {n:4d} ")) for n in (1, 8))

    def forfeited(white_block: str, black_block: str) -> str:
        edited = (full.replace(first, set_block(first, 3, white_block))
                  .replace(eighth, set_block(eighth, 3, black_block)))
        return cut(edited, 3)  # the points columns scored again, with the forfeit

    without = write_trf(forfeited("   8 - +", "   1 - -"), "without-colours.trf")
    code, out, err = run(capsys, "check", str(without), "--round", "3", "--rules", "dutch-2017")
    assert (code, out.splitlines()[1:]) == (0, ["round 3: agrees", "all rounds agree"]), err
    code, out, err = run(capsys, "explain", str(without), "--round", "3", "--rules", "dutch-2017")
    assert (code, out.splitlines()[-1]) == (0, "Verdict: the proposal is the pairing the rules demand."), err
    reversed_ = write_trf(forfeited("   8 b +", "   1 w -"), "reversed.trf")
    code, out, err = run(capsys, "check", str(reversed_), "--round", "3", "--rules", "dutch-2017")
    assert code == 1 and "played 8-1 with colours reversed (rules: 1-8)" in out, err


# 6. The final state of a finished tournament; points columns left 0.0

def test_state_of_a_finished_tournament_is_its_final_state(capsys):
    code, out, err = run(capsys, "state", str(FOLDER / "fide-c07-exercise-swiss-9.trf"))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1] == "Final state after round 9 of 9 (the tournament is finished)"  # after the rule set's
    first = lines[3].split()
    assert first[:4] == ["3", "3", "Charline", "6.5"]  # the winner, alone on 6.5


def test_points_columns_all_zero_are_refused_then_recomputed_on_request(write_trf, capsys):
    text = cut(real("fide-c07-exercise-swiss-9.trf"), 5)
    zeroed = "\n".join(set_points(line, "0.0") if line.startswith("001") else line for line in text.splitlines())
    path = write_trf(zeroed, "zeroed.trf")
    for command in (["pair", "--dutch", str(path), "-p"], ["check", str(path)], ["state", str(path)]):
        code, out, err = run(capsys, *command)
        assert code == 3 and out == ""
        assert err == (f"cpswiss: {path}: every points column (81-84) is 0.0 but the results score: the "
                       "program that wrote the file left them empty; give --recompute-points to have them "
                       "recomputed from the results")
    original = write_trf(text, "original.trf")
    assert pairing(capsys, path, "--recompute-points") == pairing(capsys, original)
    code, out, err = run(capsys, "check", str(path), "--recompute-points")
    assert code == 1 and out.splitlines()[-1] == "round 3 differs"  # as bbpPairings -c (answers.json)
    code, out, err = run(capsys, "state", str(path), "--recompute-points")
    assert code == 0 and out.splitlines()[1] == "State before round 6 of 9"
