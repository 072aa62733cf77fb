"""Fresh Dubov tournaments, endorsement-style: every round of each, as it stood before it was
paired, paired by CPPDubovSystem 2.2 and py4swiss 0.3.1 and by cpswiss (dubov-2026).  Where the
two engines give the same pairing (boards and colours), cpswiss must give it too; where they
differ, the round is a dispute, classified by the article on which cpswiss's explanation finds
each engine's answer departing from the text (``cpswiss explain``'s deciding article).

    PY4SWISS_PYTHON=/tmp/p4s/bin/python [CPSWISS_SHARED=../shared] nice -n 12 \\
        python scenarios/dubov-2026/fresh.py OUTDIR FIRST LAST [--players 16 --spread 45]
        [--rounds 7 --round-spread 3] [--generator cpswiss|cppdubov]
    python scenarios/dubov-2026/fresh.py OUTDIR FIRST LAST --summary   # totals of what is kept
                                                                        # (of any size)

Tournament N (FIRST <= N <= LAST) has ``players + (7 N mod spread)`` players and ``rounds + (N
mod round-spread)`` rounds.  ``--generator cpswiss`` (the default): ``cpswiss generate --rules
dubov-2026 --seed N`` (random results, byes, forfeits, withdrawals, late entries; each round
paired by cpswiss).  ``--generator cppdubov``: CPPDubovSystem's own generator (``--rtg``, each
round paired by CPPDubovSystem; results and forfeits, no byes requested), which takes no seed:
its file is kept as ``tNNN.trf`` and read again when the run resumes.  Its files are read as
they are written but for four spellings: CR line ends with blank lines between records, the
number of rounds as ``TNR`` (read as ``XXR``), the pairing-allocated bye as ``0000 - +`` (read as
``0000 - U``; its points are a win's, the bye's) and the placeholders ``-----------`` (FIDE id)
and ``0000/00/00`` (birth date), left blank (py4swiss reads no placeholder).  A rematch after a forfeit is not a
second meeting (C.04.2: a forfeit is not a game), so its files are legal histories.

Each tournament's rounds are cut (round k as it stood before it was paired), then paired by each
engine in one go: the CPPDubovSystem adapter is called in this process for each round,
py4swiss's adapter in one process per tournament (importing py4swiss costs more than pairing a
round), cpswiss in this process.  Each tournament's outcome is kept as ``tNNN.json`` beside its
files; a run resumes by reading what is kept (the same N with the same size), so it can be
stopped and started again.  Prints one line per tournament and the totals: rounds, consensus
rounds, cpswiss's differences from the consensus (each named), disputes by class.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.check.explain import explain_pairing
from cpswiss.errors import CpswissError, InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.tournament.model import Tournament

SHARED = Path(os.environ.get("CPSWISS_SHARED", Path(__file__).resolve().parents[2].parent / "shared"))
PEERS = SHARED / "tools" / "peers"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "large-opens"))
sys.path.insert(0, str(PEERS))
import cppdubov_pair  # noqa: E402  (the shared adapter, called once per round in this process)
from cut_rounds import round_file  # noqa: E402  (the scenario's own round cutter)

Boards = frozenset[tuple[int, int]]

PY4SWISS_BATCH = """
import contextlib, io, json, sys
sys.path.insert(0, sys.argv[1])
import py4swiss_pair
codes = []
for src, dst in zip(sys.argv[2::2], sys.argv[3::2]):
    with contextlib.redirect_stderr(io.StringIO()):
        codes.append(py4swiss_pair.main(["py4swiss_pair", "--system", "dubov", src, dst]))
    print(json.dumps(codes[-1]), flush=True)
"""
ADAPTER_CODES = {0: "answer", 1: "no pairing", 2: "crash", None: "timeout"}


@dataclass
class Outcome:
    """One tournament's rounds against the two engines (kept as ``tNNN.json``)."""

    players: int
    rounds: int
    paired_rounds: int = 0
    consensus: int = 0
    disputed: int = 0
    differences: list[str] = field(default_factory=list)
    sides: dict[str, int] = field(default_factory=dict)
    disputes: list[tuple[int, str, str]] = field(default_factory=list)  # (round, engine, class)
    seconds: dict[str, float] = field(default_factory=dict)
    stopped: str = ""


def read_answer(path: Path) -> Boards | None:
    """A pairing file as a set of (white, black) boards, the bye as (id, 0); None if no pairing."""
    if not path.exists():
        return None
    words = path.read_text().split()
    if not words or not words[0].isdigit():
        return None
    numbers = list(map(int, words[1:]))
    return frozenset(zip(numbers[0::2], numbers[1::2]))


def run_cppdubov(cases: list[Path]) -> list[str]:
    """CPPDubovSystem's answer to each case (``.cppdubov``), through the shared adapter."""
    codes = []
    for case in cases:
        out = case.with_suffix(".cppdubov")
        out.unlink(missing_ok=True)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                code = cppdubov_pair.main(["cppdubov_pair", str(case), str(out)])
        except Exception:  # noqa: BLE001  (an answer the adapter cannot read is a crash)
            code = 2
        codes.append(ADAPTER_CODES.get(code, "crash"))
    return codes


def run_py4swiss(cases: list[Path], seconds_per_round: float = 300) -> list[str]:
    """py4swiss's answer to each case (``.py4swiss``), all in one process."""
    python = os.environ.get("PY4SWISS_PYTHON", "/tmp/p4s/bin/python")
    outs = [case.with_suffix(".py4swiss") for case in cases]
    for out in outs:
        out.unlink(missing_ok=True)
    argv = [python, "-c", PY4SWISS_BATCH, str(PEERS)] + [str(p) for pair in zip(cases, outs) for p in pair]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=seconds_per_round * len(cases),
                              check=False).stdout
    except subprocess.TimeoutExpired as exc:
        done = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
    codes = [ADAPTER_CODES.get(json.loads(line), "crash") for line in done.split()]
    return codes + ["timeout"] * (len(cases) - len(codes))


def cpswiss_answer(case: Path) -> Boards | str:
    try:
        pairing = pair_tournament(case, "dubov-2026").pairing
    except CpswissError as exc:
        return exc.one_line()[:100]
    boards = frozenset((b.white, b.black) for b in pairing.boards)
    return boards | frozenset({(pairing.bye, 0)}) if pairing.bye is not None else boards


def classify(trf: Path, answer: Path) -> str:
    """The article by which an engine's answer is not the text's (cpswiss explain)."""
    if read_answer(answer) is None:
        return "no answer (crash or no pairing)"
    try:
        verdict = explain_pairing(trf, answer, rule_set="dubov-2026").decisive
    except CpswissError as exc:
        return f"not judged ({exc.one_line()[:60]})"
    return verdict.article if verdict is not None else "the same"


def size_of(number: int, args: argparse.Namespace) -> tuple[int, int]:
    return args.players + (number * 7) % args.spread, args.rounds + number % args.round_spread


def generated_by_cpswiss(number: int, players: int, rounds: int, out: Path) -> Tournament:
    config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=20,
                             retired_rate=10, half_point_bye_rate=10, zero_point_bye_rate=10,
                             late_entry_rate=15)
    t = generate(config, number, "dubov-2026")
    (out / f"t{number:03d}.trf").write_text(write_trf(t))
    return t


def generated_by_cppdubov(number: int, players: int, rounds: int, out: Path, attempts: int = 10) -> Tournament:
    """CPPDubovSystem's random tournament (``--rtg``), made once and kept as ``tNNN.trf``; its
    generator crashes on some tournaments (it pairs each round with its own engine), so it is
    run again, up to ``attempts`` times."""
    kept_file = out / f"t{number:03d}.trf"
    if not kept_file.exists():
        with tempfile.TemporaryDirectory(prefix="rtg_") as work:
            written = Path(work) / "rtg.trf"
            for _ in range(attempts):
                subprocess.run([cppdubov_pair.binary(), "--rtg", str(written), "--p_count", str(players),
                                "--rtg_rounds", str(rounds)], capture_output=True, timeout=600, check=False)
                if written.exists():
                    break
            else:
                raise InputError(f"CPPDubovSystem --rtg crashed {attempts} times", str(kept_file))
            text = "\n".join(line for line in re.split(r"\r\n|\r|\n", written.read_text()) if line.strip())
        text = re.sub(r"^TNR ", "XXR ", text.replace("0000 - +", "0000 - U"), flags=re.MULTILINE)
        kept_file.write_text(text.replace("-----------", " " * 11).replace("0000/00/00", " " * 10) + "\n")
    return parse_trf(kept_file.read_text(), str(kept_file))


GENERATORS = {"cpswiss": generated_by_cpswiss, "cppdubov": generated_by_cppdubov}


def play(number: int, players: int, rounds: int, out: Path, generator: str) -> Outcome:
    """Generate tournament ``number`` and pair each of its rounds with the three engines."""
    outcome = Outcome(players, rounds)
    clock = time.perf_counter()
    try:
        t = GENERATORS[generator](number, players, rounds, out)
    except CpswissError as exc:
        outcome.stopped = exc.one_line()[:100]
        return outcome
    cases = []
    for k in range(1, t.last_paired_round + 1):
        case = out / f"t{number:03d}-r{k:02d}.trf"
        case.write_text(write_trf(round_file(t, k)))
        cases.append(case)
    outcome.seconds["generate"] = time.perf_counter() - clock
    clock = time.perf_counter()
    cpp_codes = run_cppdubov(cases)
    outcome.seconds["CPPDubovSystem"] = time.perf_counter() - clock
    clock = time.perf_counter()
    p4s_codes = run_py4swiss(cases)
    outcome.seconds["py4swiss"] = time.perf_counter() - clock
    sides: collections.Counter[str] = collections.Counter()
    for k, case in enumerate(cases, start=1):
        clock = time.perf_counter()
        ours = cpswiss_answer(case)
        outcome.seconds["cpswiss"] = outcome.seconds.get("cpswiss", 0) + time.perf_counter() - clock
        cpp, p4s = read_answer(case.with_suffix(".cppdubov")), read_answer(case.with_suffix(".py4swiss"))
        outcome.paired_rounds += 1
        if isinstance(ours, str):
            outcome.differences.append(f"{case.name}: cpswiss {ours}")
        if cpp is not None and cpp == p4s:
            outcome.consensus += 1
            if ours != cpp:
                outcome.differences.append(f"{case.name}: not the consensus")
            continue
        outcome.disputed += 1
        side = "CPPDubovSystem" if ours == cpp else "py4swiss" if ours == p4s else "neither"
        sides[side] += 1
        clock = time.perf_counter()
        for engine, suffix, code in (("CPPDubovSystem", ".cppdubov", cpp_codes[k - 1]),
                                     ("py4swiss", ".py4swiss", p4s_codes[k - 1])):
            if engine != side:
                kind = classify(case, case.with_suffix(suffix)) if code == "answer" else f"no answer ({code})"
                outcome.disputes.append((k, engine, kind))
        outcome.seconds["explain"] = outcome.seconds.get("explain", 0) + time.perf_counter() - clock
    outcome.sides = dict(sides)
    outcome.seconds = {name: round(s, 2) for name, s in outcome.seconds.items()}
    return outcome


def kept(path: Path, size: tuple[int, int] | None) -> Outcome | None:
    """The outcome kept for a tournament, if it was of this size (players, rounds; any size
    when None)."""
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    if size is not None and (data["players"], data["rounds"]) != size:
        return None
    data["disputes"] = [tuple(d) for d in data["disputes"]]
    return Outcome(**data)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("first", type=int)
    parser.add_argument("last", type=int)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--spread", type=int, default=45)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--round-spread", type=int, default=3)
    parser.add_argument("--generator", choices=sorted(GENERATORS), default="cpswiss")
    parser.add_argument("--summary", action="store_true", help="only add up the tournaments kept")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    totals: collections.Counter[str] = collections.Counter()
    sides: collections.Counter[str] = collections.Counter()
    disputes: collections.Counter[str] = collections.Counter()
    seconds: collections.Counter[str] = collections.Counter()
    differences: list[str] = []
    for number in range(args.first, args.last + 1):
        players, rounds = size_of(number, args)
        path = args.out / f"t{number:03d}.json"
        outcome = kept(path, None if args.summary else (players, rounds))
        if outcome is None:
            if args.summary:
                continue
            outcome = play(number, players, rounds, args.out, args.generator)
            path.write_text(json.dumps(asdict(outcome)))
            print(f"t{number:03d} ({players} players, {rounds} rounds): {outcome.paired_rounds} rounds, "
                  f"{outcome.consensus} consensus, {outcome.disputed} disputed, "
                  f"{len(outcome.differences)} differences {outcome.seconds}", flush=True)
        if outcome.stopped:
            totals["generator stopped"] += 1
            continue
        totals.update(tournaments=1, rounds=outcome.paired_rounds, consensus=outcome.consensus,
                      disputed=outcome.disputed)
        totals[f"{outcome.rounds}-round tournaments"] += 1
        sides.update(outcome.sides)
        seconds.update(outcome.seconds)
        differences += outcome.differences
        disputes.update(f"{engine}: {kind}" for _, engine, kind in outcome.disputes)
    print(f"totals: {dict(totals)}")
    print(f"cpswiss in the disputed rounds gives the answer of: {dict(sides)}")
    print(f"seconds: { {name: round(s) for name, s in seconds.items()} }")
    print("cpswiss against the consensus:", "; ".join(differences) if differences else "no difference")
    for kind, n in sorted(disputes.items(), key=lambda item: (item[0].split(":")[0], -item[1])):
        print(f"  dispute - {kind}: {n}")
    return 0 if not differences else 1


if __name__ == "__main__":
    os.environ.setdefault("PY4SWISS_PYTHON", "/tmp/p4s/bin/python")
    os.environ.setdefault("CPPDUBOV_TIMEOUT", "300")
    sys.exit(main())
