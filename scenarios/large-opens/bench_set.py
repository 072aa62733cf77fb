"""The large-open benchmark set, made from a seed: events of 5,000 and 9,999 players (9 rounds,
``cpswiss generate`` under a rule set) cut to the files before rounds 2, 5 and 9, each with its
``.expected`` (the generated pairing of that round, the format of ``compare.py``).

    python scenarios/large-opens/bench_set.py DIR [--sizes 5000 9999] [--rounds 2 5 9]
                                              [--total-rounds 9] [--seed 7] [--rules dutch-2026]
    cpswiss bench DIR --rules dutch-2026 --csv DIR/bench.csv   # median, worst, peak MB per round

DIR gets ``g{players}-r{k:02d}.trf`` / ``.expected`` for each round k asked for, and
``DIR/events/g{players}.trf`` the whole event (``cpswiss check`` reads it: every round re-paired).  The same seed and options give the same files; an
event already in DIR is not generated again.  The files are not kept in the repository (a
9,999-player round file is about 1 MB): this command makes them.  The other keys of the
generator are drawn from the seed (forfeits, late entries, byes of every kind), with
``DrawPercentage`` 30, as in ``docs/performance.md``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts beside it, also under PYTHONSAFEPATH
from cut_rounds import write_cut

from cpswiss.formats.trf import read_trf
from cpswiss.study.generate import GeneratorConfig
from cpswiss.study.systems import generated_text


def event(folder: Path, players: int, total_rounds: int, seed: int, rules: str) -> Path:
    """The whole event of ``players``, generated into ``folder/events`` unless it is there already."""
    (folder / "events").mkdir(parents=True, exist_ok=True)
    path = folder / "events" / f"g{players}.trf"
    if not path.exists():
        config = GeneratorConfig.drawn({"PlayersNumber": players, "RoundsNumber": total_rounds,
                                        "DrawPercentage": 30}, seed, "bench_set.py")
        text = generated_text(config, seed, rules)
        partial = path.with_suffix(".part")
        partial.write_text(text)
        partial.replace(path)
    return path


def cut_to(path: Path, folder: Path, rounds: list[int]) -> list[Path]:
    """The files before the given rounds of the event, each with its ``.expected``, in ``folder``."""
    t = read_trf(path)
    written = []
    for k in rounds:
        if not 2 <= k <= t.last_paired_round:
            raise SystemExit(f"{path}: no round {k} to cut (rounds 2-{t.last_paired_round})")
        written.append(write_cut(t, k, folder / f"{path.stem}-r{k:02d}.trf"))
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sizes", type=int, nargs="+", default=[5000, 9999], metavar="PLAYERS")
    parser.add_argument("--rounds", type=int, nargs="+", default=[2, 5, 9], metavar="K",
                        help="the rounds whose files are cut (default 2 5 9)")
    parser.add_argument("--total-rounds", type=int, default=9, help="rounds of each event (default 9)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", default="dutch-2026")
    args = parser.parse_args(argv)
    if max(args.rounds) > args.total_rounds:
        parser.error(f"--rounds: an event has {args.total_rounds} rounds (--total-rounds)")
    args.folder.mkdir(parents=True, exist_ok=True)
    for players in args.sizes:
        whole = event(args.folder, players, args.total_rounds, args.seed, args.rules)
        for path in cut_to(whole, args.folder, args.rounds):
            print(path, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
