"""Cut a tournament into one file per round: round k's file holds rounds 1..k-1, so that any
engine pairs round k from it.  ``python cut_rounds.py FULL.trf OUTDIR [ROUNDS]``.

Reads TRF with CR or LF line ends (the reference generator writes CR) and adds ``XXR`` when
the file has none (without it the last round is not known to be the last)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from cpswiss.formats.trf import parse_trf, write_trf


def cut(source: Path, out_dir: Path, rounds: int | None = None) -> list[Path]:
    text = source.read_text().replace("\r\n", "\n").replace("\r", "\n")
    t = parse_trf(text, str(source))
    total = rounds or t.total_rounds or t.last_paired_round
    if t.total_rounds is None:
        t = parse_trf(text.rstrip("\n") + f"\nXXR {total}\n", str(source))
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for k in range(2, t.last_paired_round + 1):
        players = {}
        for pid, record in t.players.items():
            kept = replace(record, rounds=list(record.rounds)[:k - 1])
            kept.points_column = t.computed_points(kept)
            players[pid] = kept
        path = out_dir / f"{source.stem}-r{k:02d}.trf"
        path.write_text(write_trf(replace(t, players=players)))
        written.append(path)
    return written


if __name__ == "__main__":
    for p in cut(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None):
        print(p)
