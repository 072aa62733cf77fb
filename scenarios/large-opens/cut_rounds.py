"""Cut a tournament into one file per round: round k's file holds rounds 1..k-1 and the
byes and absences of round k that were known before it was paired (TRF entries ``H``, ``F``,
``Z``), so that any engine pairs round k from it; next to it, ``.expected`` holds the
pairing the tournament's own round k made (white, black; ``id 0`` for the bye; sorted by
white player, since a tournament file does not record board order), the format of
``../shared/tools/compare.py``.  ``python cut_rounds.py FULL.trf OUTDIR [ROUNDS]``.

Reads TRF with CR or LF line ends (the reference generator writes CR) and adds ``XXR`` when
the file has none (without it the last round is not known to be the last)."""

from __future__ import annotations

import sys
from pathlib import Path

from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.acceptance import tournament_before_round
from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.model import RoundKind, Tournament


def round_file(t: Tournament, k: int) -> Tournament:
    """The tournament as it stood when round k was paired."""
    return tournament_before_round(t, k)


def pairing_of_round(t: Tournament, k: int) -> list[tuple[int, int]]:
    """The boards round k was paired with (white, black; black 0 for the pairing bye)."""
    boards = []
    for pid, record in sorted(t.players.items()):
        entry = record.rounds[k - 1] if len(record.rounds) >= k else None
        if entry is None:
            continue
        if entry.kind == RoundKind.PAB:
            boards.append((pid, 0))
        elif entry.kind.has_opponent and entry.colour == WHITE:
            boards.append((pid, entry.opponent))
    return boards


def cut(source: Path, out_dir: Path, rounds: int | None = None) -> list[Path]:
    text = source.read_text().replace("\r\n", "\n").replace("\r", "\n")
    t = parse_trf(text, str(source))
    total = rounds or t.total_rounds or t.last_paired_round
    if t.total_rounds is None:
        t = parse_trf(text.rstrip("\n") + f"\nXXR {total}\n", str(source))
    out_dir.mkdir(parents=True, exist_ok=True)
    return [write_cut(t, k, out_dir / f"{source.stem}-r{k:02d}.trf") for k in range(2, t.last_paired_round + 1)]


def write_cut(t: Tournament, k: int, path: Path) -> Path:
    """The file before round ``k`` written to ``path``, with that round's pairing beside it
    (``.expected``, the pairing-file format)."""
    path.write_text(write_trf(round_file(t, k)))
    boards = pairing_of_round(t, k)
    path.with_suffix(".expected").write_text(f"{len(boards)}\n" + "".join(f"{w} {b}\n" for w, b in boards))
    return path


if __name__ == "__main__":
    for p in cut(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None):
        print(p)
