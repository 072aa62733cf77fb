#!/usr/bin/env python3
"""Fresh tournaments for the check workload of ``cpswiss bench --check``, kept: each made as
``../shared/tools/endorse.py`` makes its own (its configuration for the seed, 7-160 players,
and the reference engine's generator), but written to OUT as ``s<seed>.trf`` instead of being
checked and thrown away.

    python scenarios/endorsement/check_bench_set.py [--endorse ../shared/tools/endorse.py] \\
        --first-seed 71501 --count 30 --out DIR
    cpswiss bench DIR --check --rules dutch-2017 \\
        --compare '../shared/tools/reference/bbpPairings-5.0.1 --dutch {trf} -c'

With ``--acceptance`` each tournament's parameters are the ones ``cpswiss acceptance`` gives the
other engine's generator for that seed (its ``tournament_config``: 7-400 players drawn by
weight, every rate drawn from the seed), so the set is the acceptance run's "theirs" side:

    python scenarios/endorsement/check_bench_set.py --acceptance --engine bbp6 \\
        --first-seed 100001 --count 200 --out DIR

With ``--ours`` (implies ``--acceptance``) cpswiss's own generator makes each tournament with
those parameters under ``--rules`` (default dutch-2026), as the acceptance run's "ours" side does
(every bye kind, late entries, withdrawals; TRF-2026 without the 192 record), so a large set costs
minutes instead of the other generator's hours:

    python scenarios/endorsement/check_bench_set.py --ours --first-seed 101001 --count 1000 --out DIR

A seed the generator refuses is left out (it says so).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from large_fields import DEFAULT_ENDORSE, load_endorse  # noqa: E402  (the folder's scripts share it)


def acceptance_config(seed: int) -> tuple[int, int, str]:
    """The players, rounds and generator configuration ``cpswiss acceptance`` uses for ``seed``."""
    from cpswiss.study.acceptance import AcceptanceSpec, engine_config_text, tournament_config

    config = tournament_config(AcceptanceSpec(engine="", system_flag="--dutch", rules="dutch-2026", count=1), seed)
    return config.players, config.rounds, engine_config_text(config)


def write_ours(seed: int, rules: str, trf: Path) -> bool:
    """Tournament ``seed`` of the acceptance run's "ours" side, written to ``trf``; False when some
    round had no legal pairing (the run does not count such a seed either)."""
    from cpswiss.errors import NoPairingError
    from cpswiss.study.acceptance import AcceptanceSpec, text_for_engine, tournament_config
    from cpswiss.study.generate import generate

    config = tournament_config(AcceptanceSpec(engine="", system_flag="--dutch", rules=rules, count=1), seed)
    try:
        t = generate(config, seed, rules, True)
    except NoPairingError:
        return False
    trf.write_text(text_for_engine(t), encoding="utf-8")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--endorse", type=Path, default=DEFAULT_ENDORSE)
    parser.add_argument("--engine", default="bbp5", help="endorse.py's generator (bbp5, bbp6)")
    parser.add_argument("--first-seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--acceptance", action="store_true",
                        help="the parameters cpswiss acceptance draws for the seed (7-400 players)")
    parser.add_argument("--ours", action="store_true",
                        help="cpswiss's generator with the acceptance run's parameters instead of the engine's")
    parser.add_argument("--rules", default="dutch-2026", help="the rules cpswiss's generator pairs by (--ours)")
    args = parser.parse_args()
    if args.ours:
        args.out.mkdir(parents=True, exist_ok=True)
        for seed in range(args.first_seed, args.first_seed + args.count):
            if not write_ours(seed, args.rules, args.out / f"s{seed}.trf"):
                print(f"seed {seed}: no legal pairing in some round; left out")
        return 0
    endorse = load_endorse(args.endorse, "check_bench_set")
    if endorse is None:
        return 3
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first_seed, args.first_seed + args.count):
        players, rounds, text = acceptance_config(seed) if args.acceptance else endorse.config(seed)
        config, trf = args.out / f"{seed}.cfg", args.out / f"s{seed}.trf"
        config.write_text(text)
        made = subprocess.run([endorse.ENGINES[args.engine], "--dutch", "-g", str(config), "-o", str(trf),
                               "-s", str(seed)], capture_output=True, text=True)
        config.unlink()
        if made.returncode != 0 or not trf.is_file():
            trf.unlink(missing_ok=True)
            print(f"seed {seed}: the generator refused ({players} players, {rounds} rounds)")
            continue
        with trf.open("a") as f:
            f.write(f"\nXXR {rounds}\n")  # as endorse.py does: the generator leaves it out
    return 0


if __name__ == "__main__":
    sys.exit(main())
