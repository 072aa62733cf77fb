"""Sweep a rule set over a conformance corpus: every case paired, one at a time, with a time
limit per case, and every pairing checked for legality (C.04.1 and the edition's absolute
criteria [C1]-[C3]: no rematch, no second bye, no absolute colour clash) by cpswiss's own
checker, on the state built afresh from the case's file.  The reference engines' pairings
(``*.expected``) are not looked at: a variant is not expected to agree.

    python scenarios/study-fairness/sweep.py --rules dutch-2026-fair-spread \\
        --corpus ../shared/conformance/dutch-2025 --timeout 150 --json sweep-fair-spread.json

By default each case is paired in this process (``pair_tournament``, what ``cpswiss pair``
calls, with the solver's time limit of 120 s per call; the case's own limit stops it between
calls); ``--subprocess`` runs ``cpswiss pair --dutch FILE -p OUT --rules RULES`` per case
instead (a second of start-up more per case).  Prints one line per case that fails, is
illegal or takes over 30 s, then the cases, failures (an error or the time limit), illegal
pairings, and the worst, median and total seconds.
"""

from __future__ import annotations

import argparse
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.check.explain import read_pairing_file
from cpswiss.errors import CpswissError
from cpswiss.formats.trf import read_trf
from cpswiss.legality.checker import check_pairing
from cpswiss.rulesets.loader import load_rule_set
from cpswiss.tournament.state import build_state


def violations(trf: Path, out: Path, rules: str) -> list[str]:
    """The legality violations of the pairing in ``out`` for the round ``trf`` asks for."""
    t = read_trf(trf)
    state = build_state(t, load_rule_set(rules).state)
    return [str(v) for v in check_pairing(state, read_pairing_file(out, t, state.round_no))]


class CaseTimeout(Exception):
    """The case's time limit passed."""


def _alarm(signum: int, frame: object) -> None:
    raise CaseTimeout


def pair_in_process(trf: Path, rules: str, timeout: float) -> tuple[int | None, str, list[str]]:
    """Pair one case through the API: (exit status as ``cpswiss pair`` would give it, None
    over the time limit; the message; the legality violations of the pairing)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = pair_tournament(read_trf(trf), rules)
    except CaseTimeout:
        return None, f"over {timeout:g} s", []
    except CpswissError as error:
        return error.exit_code, str(error).splitlines()[0], []
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    state = build_state(read_trf(trf), load_rule_set(rules).state)
    return 0, "", [str(v) for v in check_pairing(state, result.pairing)]


def pair_by_command(trf: Path, rules: str, timeout: float, cpswiss: str) -> tuple[int | None, str, list[str]]:
    """Pair one case with ``cpswiss pair ... -p OUT``, as :func:`pair_in_process` answers."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{trf.stem}.txt"
        try:
            done = subprocess.run([cpswiss, "pair", "--dutch", str(trf), "-p", str(out), "--rules", rules],
                                  capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, f"over {timeout:g} s", []
        message = (done.stderr.strip().splitlines()[-1:] or [""])[0]
        return done.returncode, message, violations(trf, out, rules) if done.returncode == 0 else []


def sweep(rules: str, corpus: Path, timeout: float, cpswiss: str | None) -> list[dict]:
    rows = []
    for trf in sorted(corpus.glob("*.trf")):
        start = time.perf_counter()
        if cpswiss is None:
            status, message, illegal = pair_in_process(trf, rules, timeout)
        else:
            status, message, illegal = pair_by_command(trf, rules, timeout, cpswiss)
        seconds = time.perf_counter() - start
        rows.append({"case": trf.stem, "status": status, "seconds": round(seconds, 2), "illegal": illegal,
                     "message": message})
        if status != 0 or illegal or seconds > 30:
            print(f"  {trf.stem}: exit {status}, {seconds:.1f} s {illegal or ''} {message}", flush=True)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--corpus", required=True, type=Path)
    parser.add_argument("--timeout", type=float, default=150.0)
    parser.add_argument("--subprocess", action="store_true", help="run the cpswiss command per case")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    command = str(Path(sys.executable).with_name("cpswiss")) if args.subprocess else None
    rows = sweep(args.rules, args.corpus, args.timeout, command)
    seconds = [r["seconds"] for r in rows]
    failed = [r for r in rows if r["status"] != 0]
    illegal = [r for r in rows if r["illegal"]]
    print(f"{args.rules} on {args.corpus.name}: {len(rows)} cases, {len(failed)} failures "
          f"({sum(r['status'] is None for r in rows)} over {args.timeout:g} s), {len(illegal)} illegal; "
          f"seconds worst {max(seconds):.1f}, median {statistics.median(seconds):.2f}, total {sum(seconds):.0f}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 1 if failed or illegal else 0


if __name__ == "__main__":
    sys.exit(main())
