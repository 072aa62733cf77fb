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
    text = cut(real("fide-c07-exercise-swiss-9.trf"), 3)
    lines = text.split("\n")
    header = [x.replace("012 ", "012\t") + "\t" if x.startswith(("012", "XXR")) else x for x in lines]
    records = [x + "\t" if x.startswith("001") else x for x in header]
    t = parse_trf("\n".join(records), "tabs.trf")  # a tab after a field, or ending a line: read
    assert t.total_rounds == 9 and len(t.players) == 16
    inside = "\n".join(x.replace("001    2 m    ", "001    2\t m    ", 1) for x in lines)
    path = tmp_path / "tab.trf"
    path.write_text(inside)
    assert main(["pair", "--dutch", str(path), "-p"]) == 3
    assert capsys.readouterr().err.strip() == (
        f"cpswiss: {path}:6: player record has a tab at column 9: its fields are in fixed columns, so "
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


# The layouts of programs whose files the set cannot keep (their licences do not let the project
# ship them; tests/data/real-files/README.md): hand-made records written the way each wrote them.

def record(pid: int, name: str, points: str, blocks: list[str], *, sex: str = "", title: str = "",
           rating: str = "", federation: str = "", fide_id: str = "", birth: str = "", rank: str = "") -> str:
    """A ``001`` record, each field in its TRF-16 columns; ``blocks`` as written (8 wide, or blank)."""
    head = (f"001 {pid:4d} {sex:1}{title:>3} {name:<33} {rating:>4} {federation:<3} {fide_id:>11} "
            f"{birth:<10} {points:>4} {rank:>4}")
    assert len(head) == 89
    return head + "".join("  " + block.rjust(8) for block in blocks)


def test_lichess_layout_blocks_without_opponent_and_xxc(tmp_path, capsys):
    """lichess.org's Swiss export: no ratings or ranks, ``XXC white1``, the start date spelt
    ``May 29, 2020``, and byes and absences written with no opponent at all: ``        U`` (the
    pairing-allocated bye), ``        H`` (a half-point bye), ``        -`` (absent)."""
    text = "\n".join([
        "012 Hand-made blitz", "032 Lichess", "042 May 29, 2020", "052 May 29, 2020", "062 5",
        "092 Individual: Swiss-System", "XXR 4", "XXC white1",
        record(1, "anna", "2.5", ["3 w 1", "2 b =", "4 w 1"]),
        record(2, "bert", "2.0", ["4 b 1", "1 w =", "H"]),
        record(3, "cleo", "2.0", ["1 b 0", "U", "5 w 1"]),
        record(4, "dora", "1.0", ["2 w 0", "5 b 1", "1 b 0"]),
        record(5, "emil", "0.0", ["-", "4 w 0", "3 b 0"]),
    ]) + "\n"
    t = parse_trf(text, "lichess.trf")
    assert (t.start_date, date_readings(t.start_date), t.initial_colour) == ("May 29, 2020", ((2020, 5, 29),), "W")
    kinds = [(p, r, t.players[p].entry(r)) for p, r in ((5, 1), (3, 2), (2, 3))]
    assert [(e.kind, e.opponent) for _, _, e in kinds] == [(RoundKind.ZERO_BYE, None), (RoundKind.PAB, None),
                                                           (RoundKind.HALF_BYE, None)]
    path = tmp_path / "lichess.trf"
    path.write_text(text)
    assert main(["pair", "--dutch", str(path), "-p"]) == 0
    boards = capsys.readouterr().out.splitlines()  # anna may meet only emil; cleo had the bye (U)
    assert boards[0] == "3" and sorted(sorted(map(int, b.split())) for b in boards[1:]) == [[0, 4], [1, 5], [2, 3]]


def test_swiss_chess_layout_forfeits_without_colours_and_rank_0(tmp_path, capsys):
    """A German program of 2005: the start date ``28. 07. 2005``, titles in lower case, births
    ``1969.12.06``, forfeits written without colours (``   6 - +`` / ``   3 - -``), and a player
    who withdrew after them ranked 0 with no further blocks."""
    text = "\n".join([
        "012 Hand-made open", "042 28. 07. 2005", "052 31. 07. 2005", "062 6",
        "092 Individual: Swiss-System (Standard)",
        record(1, "Adler,Anton", "2.0", ["4 w 1", "3 b 1"], title="g", rating="2510", birth="1969.12.06", rank="1"),
        record(2, "Berg,Bruno", "1.5", ["5 b =", "4 w 1"], title="m", rating="2400", birth="1971.03.01", rank="2"),
        record(3, "Claus,Carl", "1.0", ["6 - +", "1 w 0"], rating="2300", birth="1980.05.17", rank="4"),
        record(4, "Dahl,Dirk", "0.0", ["1 b 0", "2 b 0"], rating="2210", birth="1990.11.30", rank="6"),
        record(5, "Ernst,Emil", "1.5", ["2 w =", "0000 - U"], rating="2150", birth="1985.08.08", rank="3"),
        record(6, "Fink,Franz", "0.0", ["3 - -"], rating="2100", birth="1979.02.14", rank="0"),
    ]) + "\n"
    t = parse_trf(text, "swiss-chess.trf")
    assert date_readings(t.start_date) == ((2005, 7, 28),)
    won, lost = t.players[3].entry(1), t.players[6].entry(1)
    assert (won.kind, won.opponent, won.colour) == (RoundKind.FORFEIT_WIN, 6, None)
    assert (lost.kind, lost.opponent, lost.colour) == (RoundKind.FORFEIT_LOSS, 3, None)
    assert (t.players[6].rank, t.players[6].rounds, t.players[1].title) == (0, [lost], "g")
    path = tmp_path / "swiss-chess.trf"
    path.write_text(text)
    assert main(["state", str(path), "--rules", "dutch-2017"]) == 0
    rows = {row.split()[0]: row.split() for row in capsys.readouterr().out.splitlines()[3:]}
    assert (rows["3"][3], rows["6"][3]) == ("1.0", "0.0")  # the forfeit scores, and makes no game


def vega_file(round_5: tuple[str, ...] = ()) -> str:
    """Vega's layout: births ``01.01.1987`` (or ``0000.00.00``), Australian state codes in the
    federation field, a double forfeit in round 2 (``   4 w -`` / ``   3 b -``), the two paired
    again in round 4; saved before round 5 (a blank block for it) or with round 5 paired."""
    fifth = list(round_5) or [""] * 6
    return "\r\n".join([
        "012 Hand-made rapid", "022 Hobart", "032 AUS", "042 29/12/2023", "052 29/12/2023", "062 6",
        "092 Individual: Swiss-System", "102 A. Arbiter", "XXR 5",
        record(1, "Ann Able", "3.5", ["4 w 1", "2 b 1", "6 w 1", "5 b =", fifth[0]], sex="w", title="CM",
               rating="2345", federation="VIC", fide_id="93849384", birth="01.01.1987", rank="1"),
        record(2, "Ben Bright", "2.5", ["5 w 1", "1 w 0", "3 b =", "6 w 1", fifth[1]], sex="m", rating="1987",
               federation="NSW", fide_id="123456", birth="12.12.1977", rank="2"),
        record(3, "Cai Chen", "1.0", ["6 w =", "4 b -", "2 w =", "4 b 0", fifth[2]], sex="m", rating="1675",
               federation="TAS", fide_id="12345", birth="09.09.1999", rank="4"),
        record(4, "Dee Dunn", "1.0", ["1 b 0", "3 w -", "5 b 0", "3 w 1", fifth[3]], sex="w", rating="1234",
               federation="VIC", fide_id="1456343", birth="01.01.1990", rank="6"),
        record(5, "Eli Earl", "2.0", ["2 b 0", "6 b =", "4 w 1", "1 w =", fifth[4]], sex="m", rating="0",
               federation="QLD", fide_id="0", birth="01.01.1987", rank="3"),
        record(6, "Fay Fox", "1.0", ["3 b =", "5 w =", "1 b 0", "2 b 0", fifth[5]], sex="w", rating="0",
               federation="AUS", fide_id="0", birth="0000.00.00", rank="5"),
    ]) + "\r\n"


def test_vega_layout_births_state_codes_double_forfeit_and_the_blank_block(tmp_path, capsys):
    text = vega_file()
    t = parse_trf(text, "vega.trf")
    assert [(p.federation, p.birth) for p in (t.players[1], t.players[6])] == [("VIC", "01.01.1987"),
                                                                              ("AUS", "0000.00.00")]
    three, four = t.players[3].entry(2), t.players[4].entry(2)
    assert [(e.kind, e.opponent, e.colour) for e in (three, four)] == [(RoundKind.FORFEIT_LOSS, 4, "B"),
                                                                       (RoundKind.FORFEIT_LOSS, 3, "W")]
    assert (t.total_rounds, t.last_paired_round) == (5, 4)  # the blank block of round 5 is no round
    path = tmp_path / "vega.trf"
    path.write_text(text)
    assert main(["state", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "State before round 5 of 5"
    # 1 may meet only 3, 5 only 3: no round-pairing exists, and the pairing says so
    assert main(["pair", "--dutch", str(path), "-p"]) == 1
    assert capsys.readouterr().err.startswith("cpswiss: no round-pairing satisfies")


def test_vega_round_paired_by_hand_with_rematches_is_flagged(tmp_path, capsys):
    """Where no legal pairing exists an arbiter pairs by hand, with rematches: ``check`` says so."""
    path = tmp_path / "vega-round-5.trf"
    paired = ("3 w =", "4 b 1", "1 b =", "2 w 0", "6 w 1", "5 b 0")  # 1-3, 4-2 and 5-6 again
    text = vega_file(paired)
    lines = text.split("\r\n")
    points = {1: "4.0", 2: "3.5", 3: "1.5", 4: "1.0", 5: "3.0", 6: "1.0"}
    path.write_text("\r\n".join(x[:80] + points[int(x[4:8])].rjust(4) + x[84:] if x.startswith("001") else x
                                for x in lines))
    assert main(["check", str(path), "--round", "5"]) == 1
    assert capsys.readouterr().out.splitlines()[1:] == [
        "round 5: cannot be re-paired: no round-pairing satisfies C.1-C.3 with at most one bye to an eligible "
        "player (C.04.3 A.9: the arbiter decides)",
        "  breaks C.04.3 C.1: 5 and 6 have already played each other",  # what the hand pairing breaks
        "  breaks C.04.1 rule 7: player 5 would get W three times in a row",
        "  breaks C.04.1 rule 6: player 6 would reach colour difference -3",
        "  breaks C.04.1 rule 7: player 6 would get B three times in a row", "round 5 differs"]
