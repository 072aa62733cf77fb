"""TRF reading, writing and round-tripping."""

from __future__ import annotations

import glob

import pytest
from conftest import REPO, SCENARIOS, SHARED, player_line

from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import RoundKind
from cpswiss.tournament.paired_round import with_round

HEADER = "012 Test\nXXR 5\nXXC white1\n"


def small_tournament() -> str:
    return HEADER + "\n".join([
        player_line(1, "Alpha", 2400, "1.5", ["   3 w 1", "   2 b ="]),
        player_line(2, "Beta", 2300, "1.5", ["   4 b 1", "   1 w ="]),
        player_line(3, "Gamma", 2200, "1.0", ["   1 b 0", "0000 - U"]),
        player_line(4, "Delta", 2100, "0.5", ["   2 w 0", "0000 - H"]),
    ]) + "\n"


def test_reads_blocks_scores_and_extensions():
    text = small_tournament().replace(" 1.0    3", " 0.5    3")  # the PAB is worth 0.5 here
    t = parse_trf(text + "XXA    1  1.0  0.5\nXXP 1 4\nBBU  0.5\n")
    assert t.total_rounds == 5 and t.initial_colour == WHITE
    assert t.round_to_pair == 3  # round 2 holds games and a PAB
    alpha = t.players[1]
    assert alpha.entry(1).kind is RoundKind.GAME and alpha.entry(1).opponent == 3
    assert alpha.entry(2).outcome == "draw" and alpha.entry(2).colour == BLACK
    assert t.players[3].entry(2).kind is RoundKind.PAB
    assert t.players[4].entry(2).kind is RoundKind.HALF_BYE
    assert t.accelerations[1] == [10, 5]
    assert t.forbidden[0].players == frozenset({1, 4})
    assert t.scoring.pab == 5


@pytest.mark.parametrize("line_end", ["\n", "\r\n", "\r"])
def test_line_ends(line_end):
    t = parse_trf(small_tournament().replace("\n", line_end))
    assert sorted(t.players) == [1, 2, 3, 4]


def test_latin1_and_utf8_names(write_trf):
    text = small_tournament().replace("Alpha", "Alphä")
    latin = write_trf("", "latin.trf")
    latin.write_bytes(text.encode("latin-1"))
    utf = write_trf("", "utf.trf")
    utf.write_bytes(text.encode("utf-8"))
    assert read_trf(latin).players[1].name == "Alphä"
    assert read_trf(utf).players[1].name == "Alphä"


def test_legacy_codes_are_read_like_2016_codes():
    legacy = small_tournament().replace("0000 - U", "0000 - +").replace("0000 - H", "0000 - =")
    t = parse_trf(legacy)
    assert t.players[3].entry(2).kind is RoundKind.PAB
    assert t.players[4].entry(2).kind is RoundKind.HALF_BYE


def test_trf2026_records():
    text = ("012 Test\n142 7\n152 B\n192 FIDE_DUTCH_2017\n240 H 003    1    2\n"
            "260   1   3    1    2\n162  W 3.0    D 1.0    L 0.0    A 0.0\n")
    t = parse_trf(text + player_line(1, "A", 2000, "0.0", []) + "\n" + player_line(2, "B", 1900, "0.0", []))
    assert t.total_rounds == 7 and t.initial_colour == BLACK and t.system == "FIDE_DUTCH_2017"
    assert t.requested_byes[3] == {1: RoundKind.HALF_BYE, 2: RoundKind.HALF_BYE}
    assert t.forbidden[0].first_round == 1 and t.forbidden[0].last_round == 3
    assert t.scoring.win == 30 and t.scoring.draw == 10


def test_trf2026_acceleration_record():
    text = "012 Test\n142 7\n250       1.0 001 002 0001 0002\n"
    t = parse_trf(text + player_line(1, "A", 2000, "0.0", []) + "\n" + player_line(2, "B", 1900, "0.0", []))
    assert t.accelerations == {1: [10, 10], 2: [10, 10]}


def test_write_then_read_gives_the_same_tournament():
    t = parse_trf(small_tournament())
    again = parse_trf(write_trf(t))
    assert {p: r.rounds for p, r in t.players.items()} == {p: r.rounds for p, r in again.players.items()}
    assert write_trf(again) == write_trf(t)


def test_appending_a_round():
    t = parse_trf(small_tournament())
    t3 = with_round(t, 3, [(1, 4)], bye=None)
    t3 = parse_trf(write_trf(t3))
    assert t3.players[1].entry(3).kind is RoundKind.PENDING
    assert t3.players[4].entry(3).opponent == 1 and t3.players[4].entry(3).colour == BLACK
    assert t3.round_to_pair == 4


def _round_trips_byte_for_byte(files: list[str]) -> None:
    for path in files:
        t = read_trf(path)
        text = write_trf(t)
        assert parse_trf(text, path).players.keys() == t.players.keys()
        with open(path, encoding="utf-8", newline="") as handle:
            assert text == handle.read(), path


def test_every_tournament_file_in_the_repository_reads_and_round_trips_byte_for_byte():
    """The conformance cases kept in tests/data (its samples, and the slices of every corpus in
    tests/data/conformance: TRF16, TRF(x) with XXA, TRF-2026 with 240 byes), the bench's
    opens and the scenarios."""
    patterns = ("tests/data/*/*.trf", "tests/data/conformance/*/*.trf", "cpswiss/study/benchdata/*.trf",
                "scenarios/*/*.trf")
    files = sorted(str(p) for pattern in patterns for p in REPO.glob(pattern)
                   if p.parent.name not in ("real-files", "acceptance"))  # other programs' files, kept as they wrote them
    assert len(files) > 200
    _round_trips_byte_for_byte(files)


@pytest.mark.conformance
def test_every_conformance_file_reads_and_round_trips_byte_for_byte():
    """Opt-in (``pytest -m conformance``): every file of ``../shared/conformance``."""
    files = sorted(glob.glob(str(SHARED / "conformance" / "*" / "*.trf")))
    assert len(files) > 700, f"the conformance corpora are not at {SHARED / 'conformance'}"
    _round_trips_byte_for_byte(files)


def test_errors_name_file_and_line():
    bad = small_tournament().replace("   3 w 1", "   3 x 1")
    with pytest.raises(InputError) as info:
        parse_trf(bad, "bad.trf")
    assert str(info.value).startswith("bad.trf:4: round 1: colour must be w, b or -")
