"""Fresh Dubov tournaments, endorsement-style: every round of each, as it stood before it was
paired, paired by CPPDubovSystem 2.2 and py4swiss 0.3.1 and by cpswiss (dubov-2026).  Where the
two engines give the same pairing (boards and colours), cpswiss must give it too; where they
differ, the round is a dispute, classified by the article on which cpswiss's explanation finds
each engine's answer departing from the text (``cpswiss explain``'s deciding article).

    PY4SWISS_PYTHON=/tmp/p4s/bin/python [CPSWISS_SHARED=../shared] \\
        python scenarios/dubov-2026/fresh.py OUTDIR COUNT [--players N] [--rounds R] [--seed S]

The tournaments come from cpswiss's generator (``cpswiss generate --rules dubov-2026``: random
results, byes, forfeits, withdrawals; each round paired by cpswiss).  CPPDubovSystem's own
generator (``--rtg``) writes files neither engine reads back as it wrote them (the
pairing-allocated bye as ``0000 - +``, and repeated opponents), so it is not used.  Prints
one line per tournament and the totals: rounds, consensus rounds, cpswiss's differences from
the consensus (each named), disputes by class.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.check.explain import explain_pairing
from cpswiss.errors import CpswissError
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.generate import GeneratorConfig, generate

SHARED = Path(os.environ.get("CPSWISS_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
TOOLS = SHARED / "tools"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "large-opens"))
from cut_rounds import round_file  # noqa: E402  (the scenario's own round cutter)

Boards = frozenset[tuple[int, int]]


def read_answer(path: Path) -> Boards | None:
    """A pairing file as a set of (white, black) boards, the bye as (id, 0); None if no pairing."""
    if not path.exists():
        return None
    words = path.read_text().split()
    if not words or not words[0].isdigit():
        return None
    numbers = list(map(int, words[1:]))
    return frozenset(zip(numbers[0::2], numbers[1::2]))


def engine(command: list[str], trf: Path, out: Path) -> Boards | None:
    out.unlink(missing_ok=True)
    subprocess.run(command + [str(trf), str(out)], capture_output=True, timeout=600, check=False)
    return read_answer(out)


def classify(trf: Path, answer: Path) -> str:
    """The article by which an engine's answer is not the text's (cpswiss explain)."""
    try:
        verdict = explain_pairing(trf, answer, rule_set="dubov-2026").decisive
    except CpswissError as exc:
        return f"not judged ({exc.one_line()[:60]})"
    return verdict.article if verdict is not None else "the same"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("count", type=int)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    py4swiss = [sys.executable, str(TOOLS / "peers" / "py4swiss_pair.py"), "--system", "dubov"]
    cppdubov = [sys.executable, str(TOOLS / "peers" / "cppdubov_pair.py")]
    totals: collections.Counter[str] = collections.Counter()
    disputes: collections.Counter[str] = collections.Counter()
    differences: list[str] = []
    for number in range(args.seed, args.seed + args.count):
        players = args.players + (number * 7) % 31
        config = GeneratorConfig(players=players, rounds=args.rounds, draw_percentage=30, forfeit_rate=20,
                                 retired_rate=10, half_point_bye_rate=10, zero_point_bye_rate=10,
                                 late_entry_rate=15)
        try:
            t = generate(config, number, "dubov-2026")
        except CpswissError as exc:
            totals["generator stopped"] += 1
            print(f"t{number:03d}: generator stopped: {exc.one_line()[:80]}", flush=True)
            continue
        (args.out / f"t{number:03d}.trf").write_text(write_trf(t))
        line = collections.Counter[str]()
        for k in range(1, t.last_paired_round + 1):
            case = args.out / f"t{number:03d}-r{k:02d}.trf"
            case.write_text(write_trf(round_file(t, k)))
            cpp = engine(cppdubov, case, case.with_suffix(".cppdubov"))
            p4s = engine(py4swiss, case, case.with_suffix(".py4swiss"))
            try:
                result = pair_tournament(case, "dubov-2026")
                ours: Boards | None = frozenset((b.white, b.black) for b in result.pairing.boards) | (
                    frozenset({(result.pairing.bye, 0)}) if result.pairing.bye is not None else frozenset())
            except CpswissError as exc:
                ours = None
                differences.append(f"{case.name}: cpswiss {exc.one_line()[:80]}")
            line["rounds"] += 1
            if cpp is not None and cpp == p4s:
                line["consensus"] += 1
                if ours != cpp:
                    line["differ"] += 1
                    differences.append(f"{case.name}: not the consensus")
                continue
            line["disputed"] += 1
            side = "cpp" if ours == cpp else "py4swiss" if ours == p4s else "neither"
            against = [(name, suffix) for name, suffix in (("CPPDubovSystem", ".cppdubov"), ("py4swiss", ".py4swiss"))
                       if not (name == "CPPDubovSystem" and side == "cpp") and not (name == "py4swiss" and side == "py4swiss")]
            for name, suffix in against:
                answer = case.with_suffix(suffix)
                kind = classify(case, answer) if read_answer(answer) is not None else "engine error"
                disputes[f"{name}: {kind}"] += 1
        totals.update(line)
        print(f"t{number:03d} ({players} players): {dict(line)}", flush=True)
    print(f"totals: {dict(totals)}")
    print("cpswiss against the consensus:", "; ".join(differences) if differences else "no difference")
    for kind, n in disputes.most_common():
        print(f"  dispute - {kind}: {n}")
    return 0 if not differences else 1


if __name__ == "__main__":
    os.environ.setdefault("PY4SWISS_PYTHON", "/tmp/p4s/bin/python")
    sys.exit(main())
