#!/usr/bin/env python3
"""The endorsement-style run of ``../shared/tools/endorse.py`` on larger fields: the same
script (fresh tournaments from a reference engine's own generator, every round re-paired by
``cpswiss check``), with each tournament drawing 200-400 players instead of 7-160.

    python scenarios/endorsement/large_fields.py [--endorse ../shared/tools/endorse.py] \\
        --engine bbp5 --rules dutch-2017 --first-seed 1 --count 20 --out DIR

Every other option is endorse.py's. The draw, like endorse.py's own, follows from the seed
alone, so a seed reproduces its tournament.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

DEFAULT_ENDORSE = Path(__file__).resolve().parents[3] / "shared" / "tools" / "endorse.py"


def large_config(seed: int) -> tuple[int, int, str]:
    """endorse.py's configuration with 200-400 players: the RTG keys of one tournament."""
    r = random.Random(f"large:{seed}")
    players = r.randint(200, 400)
    rounds = r.randint(7, 11)
    keys = {
        "PlayersNumber": players,
        "RoundsNumber": rounds,
        "DrawPercentage": r.randint(5, 55),
        "ForfeitRate": r.choice([0, r.randint(8, 60)]),
        "RetiredRate": r.choice([0, r.randint(10, 80)]),
        "HalfPointByeRate": r.choice([0, r.randint(10, 80)]),
        "HighestRating": r.randint(2000, 2800),
        "LowestRating": r.randint(1000, 1900),
    }
    return players, rounds, "".join(f"{k}={v}\n" for k, v in keys.items() if v)


def load_endorse(path: Path, script: str) -> ModuleType | None:
    """endorse.py as a module, or None (said on stderr, naming ``script``) when it is not there."""
    spec = importlib.util.spec_from_file_location("endorse", path)
    if spec is None or spec.loader is None or not path.is_file():
        print(f"{script}: {path}: endorse.py not found (give --endorse PATH)", file=sys.stderr)
        return None
    endorse = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(endorse)
    return endorse


def main() -> int:
    front = argparse.ArgumentParser(add_help=False)
    front.add_argument("--endorse", type=Path, default=DEFAULT_ENDORSE)
    known, rest = front.parse_known_args()
    endorse = load_endorse(known.endorse, "large_fields")
    if endorse is None:
        return 3
    endorse.config = large_config
    sys.argv = [str(known.endorse), *rest]
    return int(endorse.main())


if __name__ == "__main__":
    sys.exit(main())
