"""Hostile input: every bad file or option is one line naming file, line and problem, with
its own exit code, no traceback and no output file; no player record is ever dropped; output
is written safely (atomically for files, through links, directly to devices)."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest
from conftest import player_line, record_250
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpswiss.cli import main
from cpswiss.formats.trf import MAX_PLAYERS, read_trf

HEADER = "012 Test\nXXR 3\nXXC white1\n"
GOOD = [
    player_line(1, "Alpha", 2400, "1.0", ["   2 w 1"]),
    player_line(2, "Beta", 2300, "0.0", ["   1 b 0"]),
    player_line(3, "Gamma", 2200, "1.0", ["   4 w 1"]),
    player_line(4, "Delta", 2100, "0.0", ["   3 b 0"]),
]
SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample" / "n010-r05of07-t043.trf"


def run(args: list[str], capsys) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().err.strip()


def pair_text(tmp_path: Path, text: str | bytes, capsys, *extra: str) -> tuple[int, str, Path, Path]:
    path = tmp_path / "case.trf"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    out = tmp_path / "out.txt"
    code, err = run(["pair", "--dutch", str(path), "-p", str(out), *extra], capsys)
    return code, err, out, path


def edited(old: str, new: str, lines: list[str] | None = None) -> str:
    text = HEADER + "\n".join(lines or GOOD) + "\n"
    assert old in text
    return text.replace(old, new, 1)


CASES = {
    # numbers: ASCII digits only, bounded
    "superscript digit in a rating": (edited(" 2400 ", " 24\u00b30 "), 4, "rating (columns 49-52) must be a number"),
    "Arabic-Indic digit in XXR": (edited("XXR 3", "XXR \u0663"), 2, "number of rounds must be a whole number"),
    "huge XXR": (edited("XXR 3", "XXR " + "9" * 5000), 2, "at most 9 ASCII digits"),
    "huge BBW": (edited("XXC white1", "XXC white1\nBBW " + "1" * 5000), 4, "BBW: points must be written like 1.0"),
    "huge XXP id": (edited("XXC white1", "XXC white1\nXXP 1 " + "7" * 5000), 4, "XXP player must be a whole number"),
    # a player record that is not read is an error, never a dropped player
    "BOM before a player record": (edited("001    2", "\ufeff001    2"), 5, "does not start in column 1"),
    "space before a player record": (edited("001    2", " 001    2"), 5, "does not start in column 1"),
    "typo in the record code": (edited("001    3", "011    3"), 6, "looks like a player record but its code is '011'"),
    "letter O for a zero in the code": (edited("001    3", "0O1    3"), 6, "its code is '0O1'"),
    # records cross-checked
    "240 names a player who does not exist": (edited("XXC white1", "XXC white1\n240 H   2   99"), 4,
                                               "240 player 99 is not a player of this tournament"),
    "XXC with an unknown word": (edited("XXC white1", "XXC whyte1"), 3, "XXC: unknown word 'whyte1'"),
    "forfeit with both sides white": (edited("   2 w 1", "   2 w +").replace("   1 b 0", "   1 w -"), 4,
                                      "do not agree"),
    "142 contradicts XXR": (edited("XXC white1", "XXC white1\n142 5"), 4, "142 says 5 rounds but XXR on line 2 says 3"),
    "062 contradicts the players": (edited("XXC white1", "XXC white1\n062 7"), 4,
                                    "062 says 7 players but the file has 4"),
    # records that name players, with their line
    "XXZ names an unknown player": (edited("XXC white1", "XXC white1\nXXZ 12"), 4, "XXZ player 12 is not a player"),
    "XXA names an unknown player": (edited("XXC white1", "XXC white1\nXXA   12  1.0"), 4, "XXA player 12 is not a player"),
    "XXP names an unknown player": (edited("XXC white1", "XXC white1\nXXP 1 12"), 4, "XXP player 12 is not a player"),
    "250 rounds out of range": (edited("XXC white1", "XXC white1\n" + record_250("1.0", 1, 999, 1, 9999)), 4,
                                "250 last round must be 1-99, not 999"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_bad_file(name, tmp_path, capsys):
    text, line, message = CASES[name]
    code, err, out, path = pair_text(tmp_path, text, capsys)
    assert code == 3, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"cpswiss: {path}:{line}: "), err
    assert message in err, err
    assert not out.exists()


def test_amplifying_250_records_fail_fast_with_their_line(tmp_path, capsys):
    records = "".join(record_250("1.0", 1, 999, 1, 9999) + "\n" for _ in range(200))
    code, err, out, path = pair_text(tmp_path, HEADER + records + "\n".join(GOOD) + "\n", capsys)
    assert code == 3 and f"{path}:4: 250 last round must be 1-99" in err and not out.exists()


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02\xff" * 50, "012 T\nXXR 3\n".encode("utf-16")])
@pytest.mark.parametrize("command", ["pair", "check"])
def test_a_file_without_players_is_an_input_error(content, command, tmp_path, capsys):
    path = tmp_path / "empty.trf"
    path.write_bytes(content)
    args = ["pair", "--dutch", str(path)] if command == "pair" else ["check", str(path)]
    code, err = run(args, capsys)
    assert code == 3 and "no player record (001) in the file" in err


def test_round_messages_name_what_the_file_holds(tmp_path, capsys):
    path = tmp_path / "t.trf"
    path.write_text(HEADER + "\n".join(player_line(i, f"P{i}", 2000 - i, "0.0", []) for i in (1, 2)) + "\n")
    code, err = run(["explain", str(path), "--round", "2"], capsys)
    assert code == 3 and "round 2 is not in the file (no round has been paired yet)" in err


@pytest.mark.parametrize("option, value, problem", [
    ("--time-limit", "-5", "argument --time-limit: must be a number of seconds"),
    ("--time-limit", "nan", "argument --time-limit: must be a number of seconds"),
    ("--workers", "100000", "argument --workers: must be 1 to 64"),
])
def test_options_are_validated(option, value, problem, tmp_path, capsys):
    code, err, out, _ = pair_text(tmp_path, HEADER + "\n".join(GOOD) + "\n", capsys, option, value)
    assert code == 3 and problem in err and len(err.splitlines()) == 1 and not out.exists()


def test_too_many_players_is_exit_4_naming_the_limit(tmp_path, capsys, monkeypatch):
    """The limit is TRF16's four digits (9,999); a smaller one stands in for it here."""
    assert MAX_PLAYERS == 9999
    monkeypatch.setattr("cpswiss.formats.trf.MAX_PLAYERS", 40)
    lines = [player_line(i, f"P{i}", 1000, "0.0", []) for i in range(1, 42)]
    code, err, out, _ = pair_text(tmp_path, HEADER + "\n".join(lines) + "\n", capsys)
    assert code == 4 and "more than 40 players" in err and not out.exists()


def test_a_bracket_step_too_large_to_weigh_is_exit_4(tmp_path, capsys, monkeypatch):
    """Round 2 of 40 players (20 winners): a limit of 100 pairs stands in for the build's; the
    first round, of interchangeable players, needs no graph and passes."""
    monkeypatch.setattr("cpswiss.systems.shared.bracket.MAX_STEP_PAIRS", 100)
    blocks = [[f"{i + 20 if i <= 20 else i - 20} {'w' if i <= 20 else 'b'} {'1' if i <= 20 else '0'}"]
              for i in range(1, 41)]
    first = [player_line(i, f"P{i}", 2000 - i, "0.0", []) for i in range(1, 41)]
    (tmp_path / "r1").mkdir()
    (tmp_path / "r2").mkdir()
    code, err, out, _ = pair_text(tmp_path / "r1", HEADER + "\n".join(first) + "\n", capsys)
    assert code == 0 and out.exists()
    second = [player_line(i, f"P{i}", 2000 - i, "1.0" if i <= 20 else "0.0", blocks[i - 1]) for i in range(1, 41)]
    code, err, out, _ = pair_text(tmp_path / "r2", HEADER + "\n".join(second) + "\n", capsys)
    assert code == 4 and "a bracket step of 40 players" in err and "possible pairs" in err and not out.exists()
    assert len(err.splitlines()) == 1


# -- the output path ---------------------------------------------------------------------


def _good(tmp_path: Path) -> Path:
    path = tmp_path / "good.trf"
    path.write_text(HEADER + "\n".join(GOOD) + "\n")
    return path


def test_output_onto_a_directory_or_empty_name_leaves_nothing(tmp_path, capsys):
    folder = tmp_path / "out"
    folder.mkdir()
    code, err = run(["pair", "--dutch", str(_good(tmp_path)), "-p", str(folder)], capsys)
    assert code == 5 and "it is a directory" in err and list(folder.iterdir()) == []
    code, err = run(["pair", "--dutch", str(_good(tmp_path)), "-p", ""], capsys)
    assert code == 5 and "empty file name" in err
    assert not [p for p in tmp_path.rglob(".cpswiss-*")]


def test_output_through_a_symlink_keeps_the_link(tmp_path, capsys):
    target, link = tmp_path / "target.txt", tmp_path / "link.txt"
    target.write_text("old\n")
    link.symlink_to(target)
    assert run(["pair", "--dutch", str(_good(tmp_path)), "-p", str(link)], capsys)[0] == 0
    assert link.is_symlink() and target.read_text().splitlines()[0] == "2"


def test_output_to_a_device_writes_it_and_never_replaces_it(tmp_path, capsys):
    assert run(["pair", "--dutch", str(_good(tmp_path)), "-p", os.devnull], capsys)[0] == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


# -- fuzzing -----------------------------------------------------------------------------

BASE = SAMPLE.read_bytes()


@st.composite
def mutated_files(draw) -> bytes:
    """A corpus file with byte flips, insertions, deletions and shuffled lines, or any bytes."""
    if draw(st.integers(0, 9)) == 0:
        return draw(st.binary(max_size=2000))
    data = bytearray(BASE)
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "line"]))
        at = draw(st.integers(0, len(data) - 1))
        if kind == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 8))]
        else:
            lines = bytes(data).split(b"\n")
            k = draw(st.integers(0, len(lines) - 1))
            lines[k] = draw(st.sampled_from([b"", b" " + lines[k], lines[k][:40], b"011" + lines[k][3:],
                                             record_250("1.0", 1, 99, 1, 9999).encode(), b"XXR " + b"9" * 50]))
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def _check_one(data: bytes) -> None:
    import contextlib
    import io

    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder) / "case.trf", Path(folder) / "out.txt"
        path.write_bytes(data)
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = main(["pair", "--dutch", str(path), "-p", str(out), "--time-limit", "30"])
        message = err.getvalue().strip()
        assert code in (0, 1, 3, 4, 5), message
        assert not list(Path(folder).glob(".cpswiss-*"))
        if code:
            assert len(message.splitlines()) == 1 and "Traceback" not in message
            assert not out.exists()
        else:
            # never a dropped player: every line that starts as a player record was read as one
            seen = sum(1 for line in data.decode("utf-8", "replace").splitlines() if line.startswith("001"))
            assert len(read_trf(path).players) >= seen > 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_fuzz_hostile_files(data):
    _check_one(data)


@pytest.mark.fuzz
@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_files())
def test_fuzz_hostile_files_long(data):
    _check_one(data)


@pytest.mark.needs("linux")
def test_output_to_a_full_device_is_exit_5_and_the_device_stays(tmp_path, capsys):
    full = "/dev/full"
    code, err = run(["pair", "--dutch", str(_good(tmp_path)), "-p", full], capsys)
    assert code == 5 and "cannot write file" in err and stat.S_ISCHR(os.stat(full).st_mode)


def test_output_to_a_fifo_is_written_directly(tmp_path, capsys):
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()))
    reader.start()
    assert run(["pair", "--dutch", str(_good(tmp_path)), "-p", str(fifo)], capsys)[0] == 0
    reader.join(timeout=30)
    assert received and received[0].splitlines()[0] == "2"
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_national_rating_records_are_not_taken_for_mistyped_players(tmp_path, capsys):
    """TRF-2026 NRS records have the layout of 001 with a federation code in columns 1-3."""
    nrs = GOOD[0].replace("001", "GER", 1)
    code, err, out, _ = pair_text(tmp_path, HEADER + "\n".join(GOOD + [nrs]) + "\n", capsys)
    assert code == 0, err
