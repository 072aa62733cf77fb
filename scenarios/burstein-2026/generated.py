"""Generate Burstein tournaments (10-60 players, 5-11 rounds; 20 unless a count is given) and
check them: every round re-pairs to itself under burstein-2026, and the seeding rounds are the
Dutch 2026 pairing with the tournament's registered pairing numbers (README R-12).

    python scenarios/burstein-2026/generated.py OUTDIR [COUNT]

Writes each tournament to OUTDIR (the same seeds give the same files byte for byte, so two
versions of the code can be compared with ``diff -r``); a seed whose tournament reaches a
round no pairing satisfies ([C1]-[C3]) is replaced by seed + 100.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from cpswiss.check.explain import check_tournament
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.systems.burstein.switches import BursteinSwitches


def main(out: Path, count: int = 20) -> int:
    out.mkdir(parents=True, exist_ok=True)
    agreeing = 0
    seeding_rules = Path(tempfile.mkdtemp()) / "dutch-2026-registered.toml"
    seeding_rules.write_text('extends = "dutch-2026"\nname = "dutch-2026-registered"\n'
                             '[state]\npairing_numbers = "registered"\n')
    for number in range(1, count + 1):
        players, rounds = 10 + (number * 13) % 51, 5 + number % 7
        config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=30,
                                 retired_rate=20, half_point_bye_rate=15, zero_point_bye_rate=20,
                                 late_entry_rate=25)
        seed, start = number, time.time()
        while True:
            try:
                t = generate(config, seed, "burstein-2026")
                break
            except NoPairingError:
                seed += 100
        (out / f"g{number:02d}-n{players}-r{rounds}.trf").write_text(write_trf(t))
        seeding = BursteinSwitches().seeding_round_count(rounds)
        itself = check_tournament(t, "burstein-2026").agrees
        dutch = check_tournament(t, str(seeding_rules), rounds=list(range(1, seeding + 1))).agrees
        agreeing += itself and dutch
        print(f"{number:2d} seed {seed:3d}: {players} players, {rounds} rounds: re-pairs to itself {itself}, "
              f"seeding rounds Dutch {dutch} ({time.time() - start:.1f} s)", flush=True)
    print(f"{agreeing}/{count} agree")
    return 0 if agreeing == count else 1


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 20))
