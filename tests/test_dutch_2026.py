"""The Dutch 2026 edition: reference pairings, the fixtures of its new criteria, the C2 case
where the reference engine is wrong, and the choice of edition from the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCENARIOS, SHARED, player_line

from cpswiss.api import pair_tournament
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.api.selection import select_rule_set
from cpswiss.formats.dates import date_readings
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.tournament.state import Float, build_state

DATA = Path(__file__).parent / "data"
SAMPLE = DATA / "dutch-2026-sample"
TRF26 = DATA / "dutch-2026-trf26-sample"


def pairing_lines(trf: Path, tmp_path: Path, *rules: str) -> list[str]:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), *rules]) == 0
    return out.read_text().split("\n")


@pytest.mark.parametrize("case", sorted(p.stem for p in SAMPLE.glob("*.trf")))
def test_reference_sample(case, tmp_path):
    got = pairing_lines(SAMPLE / f"{case}.trf", tmp_path, "--rules", "dutch-2026")
    assert got == (SAMPLE / f"{case}.expected").read_text().split("\n")


@pytest.mark.parametrize("case", sorted(p.stem for p in TRF26.glob("*.trf")))
def test_trf_2026_sample_takes_the_edition_from_record_192(case, tmp_path):
    got = pairing_lines(TRF26 / f"{case}.trf", tmp_path)
    assert got == (TRF26 / f"{case}.expected").read_text().split("\n")


def _boards(result) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.pairing.boards]


# The fixtures of ../shared/spec/dutch-2025-changes.md section 3, written out by hand.
C5_HISTORY = [  # id, rating, points, blocks (rounds 1-2; player 4 absent in round 3)
    (1, 2720, "2.0", ["   4 w 1", "   2 b 1"]),
    (2, 2701, "1.0", ["   5 b 1", "   1 w 0"]),
    (3, 2697, "2.0", ["   6 w 1", "   4 b 1"]),
    (4, 2689, "0.0", ["   1 b 0", "   3 w 0", "0000 - Z"]),
    (5, 2673, "1.0", ["   2 w 0", "   6 b 1"]),
    (6, 2664, "0.0", ["   3 b 0", "   5 w 0"]),
]
C9_HISTORY = [
    (1, 2720, "1.0", ["   3 w 1"]),
    (2, 2701, "1.0", ["   4 b 1"]),
    (3, 2697, "0.0", ["   1 b 0"]),
    (4, 2689, "0.0", ["   2 w 0"]),
    (5, 2673, "0.0", ["0000 - Z"]),
]


def _fixture(rows) -> str:
    return "012 fixture\n" + "\n".join(player_line(pid, f"P{pid}", rating, points, blocks)
                                      for pid, rating, points, blocks in rows) + "\nXXR 3\n"


def test_c5_pab_score_is_fixed_for_the_round_before_the_quality_criteria():
    t = parse_trf(_fixture(C5_HISTORY))
    new = pair_tournament(t, "dutch-2026")
    # [C5] outranks [C6]: both 2.0 players float so that the 0-point player takes the PAB
    assert _boards(new) == [(1, 5), (3, 2)] and new.pairing.bye == 6
    old = pair_tournament(t, "dutch-2017")
    assert _boards(old) == [(1, 3), (6, 2)] and old.pairing.bye == 5


def test_c9_pab_goes_to_the_player_with_fewest_unplayed_games():
    result = pair_tournament(parse_trf(_fixture(C9_HISTORY)), "dutch-2026")
    assert _boards(result) == [(2, 1), (3, 5)] and result.pairing.bye == 4


def test_c9_level_counts_the_unplayed_games_of_the_player_left_unpaired():
    result = pair_tournament(parse_trf(_fixture(C9_HISTORY)), "dutch-2026")
    last = result.records[-1]
    assert last.bracket.pab_in_bracket
    values = result.brackets_frame().iloc[-1]
    assert values["C9"] == (0,)  # player 4 played his game; 3 and 5: 0 and 1 unplayed


def test_c2_the_rule_correct_pairing_where_the_reference_engine_breaks_c2(tmp_path):
    """bbpPairings 6.0.0 gives this PAB to player 3, who already had one (C.04.1 Art. 4,
    [C2]); the 2026 rules give it to player 7, the lowest eligible score ([C5])."""
    folder = SCENARIOS / "dutch-2026-c2-bye"
    for edition, expected in (("dutch-2026", "expected-round-7-2026.txt"),
                              ("dutch-2017", "expected-round-7-2017.txt")):
        got = pairing_lines(folder / "before-round-7.trf", tmp_path, "--rules", edition)
        assert got == (folder / expected).read_text().split("\n")


@pytest.mark.parametrize("round_no", [4, 5])
def test_seed_004_published_pairings_under_2026(round_no, tmp_path):
    folder = SCENARIOS / "seed-004"
    got = pairing_lines(folder / f"after-round-{round_no - 1}.trf", tmp_path, "--rules", "dutch-2026")
    assert got == (folder / f"expected-round-{round_no}.txt").read_text().split("\n")


def test_unplayed_rounds_float_only_for_the_pab_or_more_than_a_loss():
    rows = [(1, 2500, "1.5", ["0000 - U", "0000 - H"]), (2, 2400, "0.0", ["0000 - Z", "0000 - -"]),
            (3, 2300, "1.0", ["   4 w 1", "   4 b 0"]), (4, 2200, "1.0", ["   3 b 0", "   3 w 1"])]
    text = "012 floats\n" + "\n".join(player_line(*r[:1], f"P{r[0]}", *r[1:]) for r in rows) + "\nXXR 5\n"
    t = parse_trf(text)
    new = build_state(t, load_rule_set("dutch-2026").state).players
    old = build_state(t, load_rule_set("dutch-2017").state).players
    assert new[1].floats == (Float.DOWN, Float.DOWN)  # half-point bye, then the PAB
    assert new[2].floats == (Float.NONE, Float.NONE)  # absences score nothing: no float
    assert old[2].floats == (Float.DOWN, Float.DOWN)


def test_a_full_point_bye_bars_the_pab_in_2026_only():
    rows = [(1, 2500, "1.0", ["0000 - F"]), (2, 2400, "0.0", ["   3 b 0"]), (3, 2300, "1.0", ["   2 w 1"])]
    t = parse_trf("012 F\n" + "\n".join(player_line(r[0], f"P{r[0]}", *r[1:]) for r in rows) + "\nXXR 3\n")
    assert not build_state(t, load_rule_set("dutch-2026").state).players[1].bye_eligible
    assert build_state(t, load_rule_set("dutch-2017").state).players[1].bye_eligible


# -- which edition ---------------------------------------------------------------------


def _header(*records: str) -> object:
    return parse_trf("012 T\n" + "".join(r + "\n" for r in records) +
                     player_line(1, "A", 2000, "0.0", []) + "\n" + player_line(2, "B", 1900, "0.0", []) + "\n")


@pytest.mark.parametrize("records, edition, because", [
    (["192 FIDE_DUTCH_2017"], "dutch-2017", "record 192 FIDE_DUTCH_2017"),
    (["192 FIDE_DUTCH_2025"], "dutch-2026", "record 192 FIDE_DUTCH_2025"),
    (["192 FIDE_DUTCH_2026", "042 2025/05/01"], "dutch-2026", "record 192 FIDE_DUTCH_2026"),
    (["192 FIDE_DUTCH", "042 2026/01/31"], "dutch-2017", "start date 2026/01/31 (042) before 2026-02-01"),
    (["192 FIDE_DUTCH", "042 2026/02/01"], "dutch-2026", "start date 2026/02/01 (042) from 2026-02-01"),
    (["042 15.03.2024"], "dutch-2017", "start date 15.03.2024"),
    (["042 2016/09/01"], "dutch-2013", "start date 2016/09/01 (042) before 2017-07-01"),
    (["192 FIDE_DUTCH", "042 2017/07/01"], "dutch-2017", "start date 2017/07/01 (042) before 2026-02-01"),
    (["092 FIDE_DUTCH_2025"], "dutch-2026", "record 092 FIDE_DUTCH_2025"),  # as bbpPairings 6.0.0 writes it
    (["092 Individual: Swiss-System"], "dutch-2026", "the edition in force"),
    ([], "dutch-2026", "the edition in force"),
])
def test_edition_from_192_then_042_then_the_edition_in_force(records, edition, because):
    rules, reason = select_rule_set(_header(*records))
    assert rules.name == edition and because in reason


def test_rules_option_wins_over_the_file():
    rules, reason = select_rule_set(_header("192 FIDE_DUTCH_2026"), "dutch-2017")
    assert rules.name == "dutch-2017" and reason == "--rules dutch-2017"


@pytest.mark.parametrize("code, problem", [
    ("FIDE_SCHEVENINGEN", "this pairing system is not supported"),
    ("FIDE_SCHEVENINGEN_BAKU", "this pairing system is not supported"),
])
def test_unsupported_192_codes_are_input_errors(code, problem):
    with pytest.raises(InputError, match=problem):
        select_rule_set(_header(f"192 {code}"))


def test_start_dates_in_the_spellings_seen():
    assert date_readings("2026/02/01") == date_readings("2026-02-01") == date_readings("01.02.2026") == ((2026, 2, 1),)
    assert date_readings("01.02.26") == ((2001, 2, 26), (2026, 2, 1))  # 1 February 2026 or 26 February 2001 (RF-1)
    assert date_readings("01/13/98") == ((1998, 1, 13),)  # month first (13 is no month); %y: 98 is 1998
    assert date_readings("soon") == ()


def test_board_list_says_which_edition_and_why(capsys):
    trf = TRF26 / "n005-r03of03-t011.trf"
    assert main(["pair", "--dutch", str(trf)]) == 0
    assert "2026 edition (--dutch, record 192 FIDE_DUTCH_20" in capsys.readouterr().out


@pytest.mark.conformance
@pytest.mark.parametrize("folder, rules", [("dutch-2025", ["--rules", "dutch-2026"]), ("dutch-2026-trf26", [])])
def test_full_conformance_2026(folder, rules, tmp_path):
    corpus = SHARED / "conformance" / folder
    cases = sorted(p.stem for p in corpus.glob("*.trf"))
    if not cases:
        pytest.skip(f"reference material not present: {corpus}")
    wrong = [c for c in cases
             if pairing_lines(corpus / f"{c}.trf", tmp_path, *rules) != (corpus / f"{c}.expected").read_text().split("\n")]
    assert wrong == []


def test_write_trf_appends_the_round_in_the_input_format(tmp_path):
    source = TRF26 / "n017-r01of06-t013.trf"
    out, written = tmp_path / "p.txt", tmp_path / "next.trf"
    assert main(["pair", "--dutch", str(source), "-p", str(out), "--write-trf", str(written)]) == 0
    text = written.read_text()
    assert "192 FIDE_DUTCH_2025" in text and "142 6" in text and "\n240 " not in text
    t = parse_trf(text)
    assert t.trf26 and t.last_paired_round == 1
    assert t.players[1].rounds[0].code == "H" and t.players[15].rounds[0].code == "Z"
    boards, byes = t.pairing_of(1)
    lines = out.read_text().split()
    assert byes == [17] and set(boards) == {(int(w), int(b)) for w, b in zip(lines[1:-2:2], lines[2:-2:2])}
    assert main(["check", str(written)]) == 0
