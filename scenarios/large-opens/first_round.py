"""A round-1 file of N players (no game played yet) for the largest opens, which the
reference generator is too slow to make: ``python first_round.py N OUT.trf [SEED] [ROUNDS]``.

Ratings are drawn as ``cpswiss generate`` draws them (``rtg-1000.cfg``'s range, 1000-2700),
players numbered by rating."""

from __future__ import annotations

import sys
from pathlib import Path

from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.generate import GeneratorConfig, generate


def first_round(players: int, seed: int = 5, rounds: int = 9) -> str:
    config = GeneratorConfig.from_mapping({"PlayersNumber": players, "RoundsNumber": rounds,
                                           "HighestRating": 2700, "LowestRating": 1000})
    return write_trf(generate(config, seed, "dutch-2017", play=0))


if __name__ == "__main__":
    n, out = int(sys.argv[1]), Path(sys.argv[2])
    out.write_text(first_round(n, *(int(a) for a in sys.argv[3:5])))
    print(out)
