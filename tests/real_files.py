"""The real-file set (``tests/data/real-files/``): cutting a tournament file at a round, the way
an arbiter's file looks before the next round is paired, and the answers recorded for each cut.

A cut at ``k`` keeps, in each player record, the blocks of rounds 1..k and, of round k + 1,
only a bye or absence (a block without opponent that is not the pairing-allocated bye: it
was known before that round was paired); the points column becomes the sum of the kept
rounds (win 1, draw and half-point bye 1/2, the rest 0: every file of the set scores so).
Everything else - header lines, ruler lines, line ends, padding - is kept as written, so the
cut files carry their program's quirks.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

FOLDER = Path(__file__).parent / "data" / "real-files"
ANSWERS = FOLDER / "answers.json"
FIRST_BLOCK, WIDTH = 91, 10
_WIN, _DRAW = set("1W+UF"), set("=DH")


def split_lines(text: str) -> tuple[list[str], str]:
    """The lines of a file and the line end it uses (CR, LF or CRLF)."""
    end = "\r\n" if "\r\n" in text else ("\r" if "\r" in text and "\n" not in text else "\n")
    return re.split(r"\r\n|\r|\n", text), end


def _blocks(line: str) -> list[str]:
    rest = line[FIRST_BLOCK:]
    return [rest[i:i + WIDTH] for i in range(0, len(rest), WIDTH)]


def _points(block: str) -> int:
    code = block[7:8].upper() if len(block) > 7 else " "
    return 10 if code in _WIN else 5 if code in _DRAW else 0


def _is_bye_or_absence(block: str) -> bool:
    """A block of the round to be paired that the pairing did not make."""
    opponent, code = block[:4].strip(), block[7:8].upper() if len(block) > 7 else " "
    return opponent in ("", "0", "0000") and code not in (" ", "U", "+")


def last_round(text: str) -> int:
    """The number of round blocks of the longest player record."""
    lines, _ = split_lines(text)
    return max(len([b for b in _blocks(line) if b.strip()]) for line in lines if line.startswith("001"))


def cut(text: str, k: int) -> str:
    """The file as it stood before round k + 1 was paired (see the module docstring)."""
    lines, end = split_lines(text)
    out = []
    for line in lines:
        if not line.startswith("001"):
            out.append(line)
            continue
        blocks = _blocks(line)
        kept = blocks[:k]
        if len(blocks) > k and _is_bye_or_absence(blocks[k]):
            kept.append(blocks[k])
        points = sum(_points(b) for b in blocks[:k])
        head = line[:FIRST_BLOCK]
        if head[80:84].strip():
            head = head[:80] + f"{points // 10:2d}.{points % 10}" + head[84:]
        out.append(head.ljust(FIRST_BLOCK) + "".join(kept) if kept else head)
    return end.join(out)


def _has_record(lines: list[str], *codes: str) -> bool:
    return any(line[:3] in codes for line in lines)


def for_comparison(text: str, k: int) -> str:
    """The cut at ``k`` with what both engines need to pair it that the file leaves out: the
    number of rounds (``XXR``, as many as the file has rounds) when it has no ``XXR``/``142``,
    and for round 1 the initial colour (``XXC``, as the file's round 1 shows it) when it has
    no ``XXC``/``152`` (bbpPairings refuses a file without either; cpswiss reads one without)."""
    from cpswiss.formats.trf import parse_trf
    from cpswiss.tournament.state import infer_initial_colour

    lines, end = split_lines(text)
    extra = []
    if not _has_record(lines, "XXR", "142"):
        extra.append(f"XXR {last_round(text)}")
    if k == 0 and not _has_record(lines, "XXC", "152"):
        colour = infer_initial_colour(parse_trf(text, "full.trf", recompute_points=True))
        extra.append("XXC white1" if colour == "W" else "XXC black1")
    return end.join(extra + split_lines(cut(text, k))[0])


def load_answers() -> dict:
    """``answers.json``: per file, bbpPairings' pairing of each cut and the rounds its checker
    flags, recorded once (the tests never run bbpPairings), and cpswiss's exact refusals."""
    return json.loads(ANSWERS.read_text())
