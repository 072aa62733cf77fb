"""Sweep a rule set over a conformance corpus: every case paired, one at a time, with a time
limit per case; every pairing checked for legality (C.04.1 and the edition's absolute
criteria [C1]-[C3]: no rematch, no second bye, no absolute colour clash) by cpswiss's own
checker, on the state built afresh from the case's file; and ``check`` under the rule set
asked whether it agrees with itself: the pairing appended to the file as its next round (the
TRF writer, read back), that round re-paired and compared.  The reference engines'
pairings (``*.expected``) are not looked at: a variant is not expected to agree.

    python scenarios/study-fairness/sweep.py --rules dutch-2026-fair-spread \\
        --corpus ../shared/conformance/dutch-2025 --timeout 300 --json sweep-fair-spread.json

By default each case is paired and checked in this process (``pair_tournament``, what
``cpswiss pair`` calls, and ``check_tournament``, what ``cpswiss check`` calls, each with the
solver's time limit of 120 s per call; the case's own limit stops them between calls);
``--subprocess`` runs ``cpswiss pair --dutch FILE -p OUT --rules RULES --write-trf NEXT`` and
``cpswiss check NEXT --round N --rules RULES`` per case instead (a second of start-up more per
command).  Prints one line per case that fails, is illegal, disagrees with itself or takes
over 30 s, then the cases, failures (an error or the time limit), illegal pairings, rounds
that ``check`` finds differing, and the worst, median and total seconds.
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
from dataclasses import dataclass, field
from pathlib import Path

from cpswiss.api import pair_tournament
from cpswiss.systems import PairingResult
from cpswiss.check.explain import check_tournament, read_pairing_file
from cpswiss.errors import CpswissError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.legality.checker import check_pairing
from cpswiss.rulesets.loader import load_rule_set
from cpswiss.tournament.paired_round import with_round
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


@dataclass
class CaseOutcome:
    """One case: the exit status ``cpswiss pair`` gives (None over the time limit), its
    message, the legality violations of the pairing, and what ``check`` says of the round
    appended ("" when it agrees; not asked without a pairing)."""

    status: int | None
    message: str = ""
    illegal: list[str] = field(default_factory=list)
    disagreement: str = ""


def next_round_file(trf: Path, result: PairingResult) -> str:
    """The case's tournament with the pairing appended as its next round (results pending),
    as TRF text (what ``cpswiss pair --write-trf`` writes)."""
    boards = [(b.white, b.black) for b in result.pairing.boards]
    return write_trf(with_round(result.state.tournament, result.pairing.round_no, boards, result.pairing.bye))


def self_disagreement(text: str, name: str, round_no: int, rules: str) -> str:
    """What ``check`` under ``rules`` says of round ``round_no`` of this TRF text: "" when the
    round re-paired is the one in the file, else its first lines."""
    report = check_tournament(parse_trf(text, name), rules, rounds=[round_no])
    if report.agrees:
        return ""
    return "; ".join(report.text().splitlines()[1:4])


def pair_in_process(trf: Path, rules: str, timeout: float) -> CaseOutcome:
    """Pair one case through the API, check its legality, and ``check`` the round appended
    (:func:`self_disagreement`), all within ``timeout`` seconds."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        result = pair_tournament(read_trf(trf), rules)
        state = build_state(read_trf(trf), load_rule_set(rules).state)
        illegal = [str(v) for v in check_pairing(state, result.pairing)]
        disagreement = self_disagreement(next_round_file(trf, result), f"{trf} with its round paired",
                                         result.pairing.round_no, rules)
    except CaseTimeout:
        return CaseOutcome(None, f"over {timeout:g} s")
    except CpswissError as error:
        return CaseOutcome(error.exit_code, str(error).splitlines()[0])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return CaseOutcome(0, "", illegal, disagreement)


def pair_by_command(trf: Path, rules: str, timeout: float, cpswiss: str) -> CaseOutcome:
    """Pair one case with ``cpswiss pair ... -p OUT --write-trf NEXT`` and ``cpswiss check NEXT
    --round N``, as :func:`pair_in_process` answers (``timeout`` for each command)."""
    with tempfile.TemporaryDirectory() as folder:
        out, following = Path(folder) / f"{trf.stem}.txt", Path(folder) / f"{trf.stem}-next.trf"
        try:
            done = subprocess.run([cpswiss, "pair", "--dutch", str(trf), "-p", str(out), "--rules", rules,
                                   "--write-trf", str(following)], capture_output=True, text=True, timeout=timeout)
            if done.returncode != 0:
                return CaseOutcome(done.returncode, (done.stderr.strip().splitlines()[-1:] or [""])[0])
            round_no = read_trf(following).last_paired_round
            checked = subprocess.run([cpswiss, "check", str(following), "--round", str(round_no), "--rules", rules],
                                     capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return CaseOutcome(None, f"over {timeout:g} s")
        disagreement = "" if checked.returncode == 0 else "; ".join(checked.stdout.splitlines()[1:4])
        return CaseOutcome(0, "", violations(trf, out, rules), disagreement)


def sweep(rules: str, corpus: Path, timeout: float, cpswiss: str | None, cases: int | None = None) -> list[dict]:
    """Each case of the corpus (the first ``cases`` by name, or all) as a row: its name, exit
    status, seconds, legality violations, ``check``'s disagreement and message."""
    rows = []
    for trf in sorted(corpus.glob("*.trf"))[:cases]:
        start = time.perf_counter()
        if cpswiss is None:
            outcome = pair_in_process(trf, rules, timeout)
        else:
            outcome = pair_by_command(trf, rules, timeout, cpswiss)
        seconds = time.perf_counter() - start
        rows.append({"case": trf.stem, "status": outcome.status, "seconds": round(seconds, 2),
                     "illegal": outcome.illegal, "disagrees": outcome.disagreement, "message": outcome.message})
        if outcome.status != 0 or outcome.illegal or outcome.disagreement or seconds > 30:
            print(f"  {trf.stem}: exit {outcome.status}, {seconds:.1f} s {outcome.illegal or ''} "
                  f"{outcome.disagreement} {outcome.message}", flush=True)
    return rows


def summary(rules: str, corpus: Path, timeout: float, rows: list[dict]) -> str:
    """One line: cases, failures, illegal pairings, rounds ``check`` finds differing, seconds."""
    seconds = [r["seconds"] for r in rows]
    failed = [r for r in rows if r["status"] != 0]
    return (f"{rules} on {corpus.name}: {len(rows)} cases, {len(failed)} failures "
            f"({sum(r['status'] is None for r in rows)} over {timeout:g} s), "
            f"{sum(bool(r['illegal']) for r in rows)} illegal, {sum(bool(r['disagrees']) for r in rows)} "
            f"differing under check; seconds worst {max(seconds):.1f}, median {statistics.median(seconds):.2f}, "
            f"total {sum(seconds):.0f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", required=True)
    parser.add_argument("--corpus", required=True, type=Path)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--cases", type=int, help="only the first N cases, by name")
    parser.add_argument("--subprocess", action="store_true", help="run the cpswiss commands per case")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    command = str(Path(sys.executable).with_name("cpswiss")) if args.subprocess else None
    rows = sweep(args.rules, args.corpus, args.timeout, command, args.cases)
    print(summary(args.rules, args.corpus, args.timeout, rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 1 if any(r["status"] != 0 or r["illegal"] or r["disagrees"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
