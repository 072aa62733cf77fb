"""The reader on what tournament programs disagree on: one test per quirk, each on a file of
``tests/data/real-files/`` that has it (or a real file given it the one way the quirk needs)."""

from __future__ import annotations

import pytest
from real_files import FOLDER, cut

from cpswiss.cli import main
from cpswiss.formats.dates import date_readings
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.tournament.model import RoundKind


def real(name: str) -> str:
    return (FOLDER / name).read_bytes().decode("latin-1")


@pytest.mark.parametrize("written, readings", [
    ("24/09/2010", ((2010, 9, 24),)),  # Swiss-Manager, day first (24 is no month)
    ("05/29/2020", ((2020, 5, 29),)),  # month first (29 is no month)
    ("05/06/2020", ((2020, 5, 6), (2020, 6, 5))),  # either: both kept
    ("28. 07. 2005", ((2005, 7, 28),)),  # dots: day first
    ("2024-08-01", ((2024, 8, 1),)),
    ("May 29, 2020", ((2020, 5, 29),)),  # lichess
    ("29 May 2020", ((2020, 5, 29),)),
    ("29. Mai 2020", ((2020, 5, 29),)),  # German, French and Spanish month names too
    ("1 août 2019", ((2019, 8, 1),)),
    ("12-Dic-2018", ((2018, 12, 12),)),
    ("June 2017", ((2017, 6, 1), (2017, 6, 30))),  # a month alone: its first and last day
])
def test_day_and_month_order(written, readings):
    assert date_readings(written) == readings


@pytest.mark.parametrize("written, readings", [
    ("01/13/98", ((1998, 1, 13),)),  # POSIX %y: 69-99 are 19YY
    ("30.04.31", ((2031, 4, 30),)),  # year first would be 31 April 2030: not a date
    ("10.09.13", ((2010, 9, 13), (2013, 9, 10))),  # the ICU files' 042 is year first: both kept
])
def test_two_digit_years(written, readings):
    assert date_readings(written) == readings


def test_zero_byes_written_four_ways():
    """``0000 - Z``, ``0000 -  `` (no code), ``   0 - Z`` and ``       -`` (no opponent at all)
    are each an absence: not paired, no points."""
    gros = read_trf(FOLDER / "swiss-manager-gros-2010.trf")
    assert [e.kind for e in gros.players[28].rounds] == [RoundKind.ZERO_BYE] * 5
    challengers = read_trf(FOLDER / "icu-bunratty-challengers-2011.trf", recompute_points=True)
    assert challengers.players[1].rounds[0].kind is RoundKind.ZERO_BYE  # '       -'
    intermediate = read_trf(FOLDER / "icu-irish-intermediate-champs-2011.trf", recompute_points=True)
    assert intermediate.players[15].rounds[2].kind is RoundKind.ZERO_BYE  # "0000 -  "
    exercise = read_trf(FOLDER / "fide-c07-exercise-swiss-9.trf")
    assert exercise.players[12].rounds[3].kind is RoundKind.ZERO_BYE  # '   0 - Z'
    assert exercise.players[4].rounds[1].kind is RoundKind.HALF_BYE  # '   0 - H'


def test_zero_padded_062_and_xxr():
    text = real("swiss-manager-gros-2010.trf").replace("062 52", "062 0052").replace("XXR 9", "XXR 09")
    t = parse_trf(text, "padded.trf")
    assert (t.total_rounds, len(t.players)) == (9, 52)


def test_an_empty_062_says_nothing():
    text = real("swiss-manager-gros-2010.trf").replace("062 52", "062")
    assert len(parse_trf(text, "empty-062.trf").players) == 52


def test_062_with_the_rated_count_in_brackets():
    t = read_trf(FOLDER / "tiebreakserver-many-unplayed-rounds.trf")  # 062 15 (12)
    assert len(t.players) == 15


@pytest.mark.parametrize("title", ["II ", "KMS", "1.k", "c  "])
def test_national_categories_in_the_title_field(title):
    """Titles are not checked: national categories, lower-case letters (ICU's ``g``), anything."""
    text = real("swiss-manager-gros-2010.trf")
    line = next(x for x in text.splitlines() if x.startswith("001    7"))
    t = parse_trf(text.replace(line, line[:10] + title + line[13:]), "titles.trf")
    assert t.players[7].title == title.strip() and t.players[1].title == "g"


def test_ruler_lines_are_read_past():
    t = read_trf(FOLDER / "tiebreakserver-many-unplayed-rounds.trf")  # '   1   2 ...', '1234567890...', 'DDD SSSS ...'
    assert sorted(t.players) == list(range(1, 16)) and t.last_paired_round == 7


def test_byte_order_mark(capsys):
    path = FOLDER / "icu-armstrong-2012-with-bom.trf"
    assert path.read_bytes()[:3] == b"\xef\xbb\xbf"
    t = read_trf(path)
    assert len(t.players) == 2 and t.start_date == "11.09.26"
    code = main(["check", str(path), "--rules", "dutch-2013"])
    assert code == 0 and capsys.readouterr().out.splitlines()[1] == "round 1: agrees"


def test_tabs_outside_and_inside_the_fixed_columns(tmp_path, capsys):
    text = cut(real("lichess-2020-05-29.trf"), 3)
    lines = text.split("\n")
    header = [x.replace("012 ", "012\t") + "\t" if x.startswith(("012", "XXR")) else x for x in lines]
    records = [x + "\t" if x.startswith("001") else x for x in header]
    t = parse_trf("\n".join(records), "tabs.trf")  # a tab after a field, or ending a line: read
    assert t.total_rounds == 10 and len(t.players) == 13
    inside = "\n".join(x.replace("001    2      ", "001    2\t      ", 1) for x in lines)
    path = tmp_path / "tab.trf"
    path.write_text(inside)
    assert main(["pair", "--dutch", str(path), "-p"]) == 3
    assert capsys.readouterr().err.strip() == (
        f"cpswiss: {path}:17: player record has a tab at column 9: its fields are in fixed columns, so "
        "the tab must be written as the spaces it stands for")


def test_trailing_blanks():
    path = FOLDER / "tiebreakserver-many-unplayed-rounds.trf"
    assert all(line.endswith("  ") for line in path.read_text().splitlines() if line.startswith("001"))
    assert read_trf(path).players[1].entry(7).opponent == 9


def test_cr_only_line_ends():
    path = FOLDER / "bbp-generator-issue-7.trf"
    data = path.read_bytes()
    assert b"\r" in data and b"\n" not in data
    t = read_trf(path)
    assert (len(t.players), t.total_rounds, t.last_paired_round) == (60, 15, 14)


def test_latin_1_names(capsys):
    path = FOLDER / "icu-irish-junior-champs-2011.trf"
    with pytest.raises(UnicodeDecodeError):
        path.read_bytes().decode("utf-8")
    t = read_trf(path, recompute_points=True)
    assert t.players[24].name == "Morgan, Mícheál"
    assert main(["state", str(path), "--recompute-points"]) == 0
    assert "Morgan, Mícheál" in capsys.readouterr().out
