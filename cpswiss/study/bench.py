"""``cpswiss bench``: time the engine on tournament files.

Each file is paired in a fresh process (so that the peak memory is the
file's own); the report gives, per file and overall, the median, p90 and
maximum seconds per round and the peak resident memory.  Speed is measured
here, never in unit tests.  ``--csv OUT`` also writes those rows (and each
file's CPU seconds) as CSV, for plots (``scenarios/large-opens/plot_sizes.py``).

``--compare 'CMD {trf} {out}'`` also times another pairing command on the same
files in the same run (through ``/bin/sh``, as ``compare.py`` does; without
``{out}`` its standard output is its pairing), with cpswiss timed the same way
(a whole ``cpswiss pair`` process each time), and prints per file both medians,
their ratio (cpswiss / other), the ratio of the CPU seconds the two processes used
(steadier than wall-clock time on a busy machine), the peak memory of each and whether
the two pairings are the same, then the median ratios and the peak memories.

``--check`` times the whole-tournament check instead of one round: ``cpswiss check FILE``
(every round re-paired and compared with the file), and with ``--compare`` another
engine's check of the same file (``'bbpPairings-5.0.1 --dutch {trf} -c'``), each a whole
process; per file both medians, their ratio and the ratio of their CPU seconds, whether
cpswiss found every round as played and the other command's exit status, then the totals
(wall-clock and CPU) and the median ratio.

``--check --one-process`` times ``cpswiss check`` of all the files in one process (its start-up
paid once, as a batch is checked) against the other command once per file: the totals and
their ratio, wall-clock and CPU, and the batch's summary line.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from cpswiss.errors import EXIT_OK, CpswissError, InputError
from cpswiss.solver.settings import SolverSettings


def default_files() -> list[Path]:
    """The bundled cases: a 31-player round (the start-up a small event pays), late rounds
    of 100, 300 and 1000 players (the 1000-player history is synthetic, made by
    ``python -m cpswiss.study.simulate 1000 6 9 OUT --quick --seed 7``), and round 2 of
    1000 players, the hardest round of the tournament of ``scenarios/large-opens`` (made
    by bbpPairings 5.0.1's generator, ``rtg-1000.cfg``, seed 5), and round 7 of a 200-team
    event (C.04.6, an Olympiad open section's size; made by ``python -m
    cpswiss.study.team_generate 200 4 11 6 OUT --seed 7``)."""
    return sorted((Path(__file__).resolve().parent / "benchdata").glob("*.trf"))


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            files.extend(sorted(path.glob("*.trf")))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(f"{p}: no such file or folder")
    return files


class BenchRow(NamedTuple):
    """One file of a benchmark: its players (or rounds, with ``--check``), the median and the
    worst seconds of its runs, the median CPU seconds, its peak memory, the outcome and the exit
    code it stands for (0: paired; 4: a step larger than the system weighs at once, ...)."""

    file: str
    rules: str
    size: int  # players, or rounds with --check
    runs: int
    median_seconds: float
    max_seconds: float
    median_cpu_seconds: float
    peak_mb: float
    outcome: str
    exit_code: int

    @classmethod
    def of(cls, path: Path, rules: str | None, runs: list[TimedWork]) -> BenchRow:
        return cls(str(path), rules or "", runs[0].size, len(runs), statistics.median(r.seconds for r in runs),
                   max(r.seconds for r in runs), statistics.median(r.cpu_seconds for r in runs),
                   max(r.peak_kb for r in runs) / 1024, runs[0].outcome, runs[0].exit_code)


def csv_text(rows: list[BenchRow]) -> str:
    """The rows as CSV, a header line first (the field names of :class:`BenchRow`)."""
    import csv
    import io

    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(BenchRow._fields)
    writer.writerows([*row[:4], f"{row.median_seconds:.3f}", f"{row.max_seconds:.3f}",
                      f"{row.median_cpu_seconds:.3f}", f"{row.peak_mb:.1f}", row.outcome, row.exit_code]
                     for row in rows)
    return text.getvalue()


class TimedWork(NamedTuple):
    """One run in a fresh process: wall-clock and CPU seconds, peak memory (KB), the size the
    work reports (players, rounds), its outcome and its exit code."""

    seconds: float
    cpu_seconds: float
    peak_kb: int
    size: int
    outcome: str
    exit_code: int


def _one(args: tuple[str, str | None, SolverSettings]) -> TimedWork:
    path, rules, settings = args
    from cpswiss.api import pair

    def work() -> tuple[int, str]:
        return pair(path, rules, settings=settings).competitors, "ok"

    return _timed(work)


def _one_check(args: tuple[str, str | None, SolverSettings]) -> TimedWork:
    path, rules, settings = args
    from cpswiss.check.rounds import check_tournament

    def work() -> tuple[int, str]:
        report = check_tournament(path, rules, settings=settings)
        return len(report.rounds), "all rounds agree" if report.agrees else "rounds differ"

    return _timed(work)


def _timed(work: Callable[[], tuple[int, str]]) -> TimedWork:
    """The work measured (:class:`TimedWork`); an input problem, or a refusal (exit 4), is an
    outcome, not a failure of the benchmark."""
    start, cpu = time.perf_counter(), time.process_time()
    try:
        (size, outcome), code = work(), EXIT_OK
    except CpswissError as exc:
        size, outcome, code = 0, f"error: {exc.one_line()}", exc.exit_code
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return TimedWork(seconds, cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, size, outcome, code)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def run_bench(paths: list[str], rules: str | None, settings: SolverSettings, repeat: int = 1,
              check: bool = False) -> list[BenchRow]:
    """Time each file in a fresh process: one round's pairing, or (``check``) the check of
    every round of the tournament (the count column is then rounds, not players); the table
    printed as the files are done, and its rows (:func:`csv_text` writes them)."""
    files = collect(paths) if paths else default_files()
    if not files:
        raise InputError("no .trf files to benchmark")
    ctx = mp.get_context("spawn")
    times: list[float] = []
    rows: list[BenchRow] = []
    print(f"{'file':<36} {'rounds' if check else 'players':>7} {'median s':>9} {'max s':>7} {'peak MB':>8}  outcome")
    with ctx.Pool(1, maxtasksperchild=1) as pool:
        for f in files:
            runs = pool.map(_one_check if check else _one, [(str(f), rules, settings)] * max(1, repeat), chunksize=1)
            times.extend(r.seconds for r in runs)
            row = BenchRow.of(f, rules, runs)
            rows.append(row)
            print(f"{f.name:<36} {row.size:>7} {row.median_seconds:>9.2f} {row.max_seconds:>7.2f} "
                  f"{row.peak_mb:>8.0f}  {row.outcome}", flush=True)
    peak = max(row.peak_mb for row in rows)
    print(f"{'tournaments' if check else 'rounds'} {len(times)}: median {statistics.median(times):.2f} s, p90 {percentile(times, 0.9):.2f} s, "
          f"max {max(times):.2f} s, peak memory {peak:.0f} MB")
    return rows


class TimedProcess(NamedTuple):
    """One whole process: wall-clock seconds, CPU seconds (user and system, its children's
    included; a busy machine disturbs them far less), peak resident memory (KB, the largest
    of the process and its children) and its result."""

    seconds: float
    cpu: float
    peak_kb: int
    done: subprocess.CompletedProcess[str]


def _run_timed(line: str, folder: str) -> TimedProcess:
    """Run a shell command line in ``folder`` and measure it (:class:`TimedProcess`, from the
    resource use the kernel reports for that one child when it is reaped)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(line, shell=True, cwd=folder, stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        done = subprocess.CompletedProcess(line, process.returncode, out.read(), err.read())
    return TimedProcess(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, done)


def _timed_check(command: str, trf: Path) -> tuple[float, float, int, str]:
    """Run a checking command on one file in a scratch folder: whole-process seconds and CPU
    seconds, its exit status and the last line it printed."""
    with tempfile.TemporaryDirectory() as folder:
        seconds, cpu, _, done = _run_timed(command.replace("{trf}", str(trf.resolve())), folder)
        lines = (done.stdout + done.stderr).strip().splitlines()
        return seconds, cpu, done.returncode, lines[-1] if lines else ""


def run_compare_check(paths: list[str], rules: str | None, command: str, repeat: int = 1) -> int:
    """Time ``cpswiss check`` and another engine's check of every round on the same files in
    the same run, interleaved (both whole processes): wall-clock and CPU seconds."""
    files = _files_to_compare(paths, command, "--compare: the command must contain {trf}")
    ours = f"{sys.executable} -m cpswiss.cli check {{trf}}" + (f" --rules {rules}" if rules else "")
    ratios, mine_total, theirs_total, mine_cpu, theirs_cpu = [], 0.0, 0.0, 0.0, 0.0
    print(f"{'file':<36} {'cpswiss s':>9} {'other s':>8} {'ratio':>6} {'cpu ratio':>9}  cpswiss check / other exit")
    for f, (a, a_cpu), (b, b_cpu), (_, _, code, last), (_, _, their_code, _) in \
            _interleaved(files, ours, command, _timed_check, repeat):
        mine_total, theirs_total = mine_total + a, theirs_total + b
        mine_cpu, theirs_cpu = mine_cpu + a_cpu, theirs_cpu + b_cpu
        ratios.append(_ratio(a, b))
        verdict = "all rounds agree" if code == EXIT_OK else last or f"exit {code}"
        print(f"{f.name:<36} {a:>9.2f} {b:>8.2f} {ratios[-1]:>6.2f} {_ratio(a_cpu, b_cpu):>9.2f}  "
              f"{verdict} / exit {their_code}")
    print(f"files {len(files)}: total {mine_total:.2f} s against {theirs_total:.2f} s "
          f"(ratio {_ratio(mine_total, theirs_total):.2f}); CPU {mine_cpu:.2f} s against {theirs_cpu:.2f} s "
          f"(ratio {_ratio(mine_cpu, theirs_cpu):.2f}); median ratio (cpswiss / other, whole processes) "
          f"{statistics.median(ratios):.2f}, worst {max(ratios):.2f}")
    return EXIT_OK


def run_compare_check_batch(paths: list[str], rules: str | None, command: str, repeat: int = 1) -> int:
    """Time ``cpswiss check`` of all the files in one process against another engine's check
    once per file, in turns (``repeat`` times each: the medians of the totals)."""
    import shlex

    files = _files_to_compare(paths, command, "--compare: the command must contain {trf}")
    ours = shlex.join([sys.executable, "-m", "cpswiss.cli", "check", *(str(f.resolve()) for f in files),
                       *(["--rules", rules] if rules else [])])
    mine: list[tuple[float, float]] = []
    other: list[tuple[float, float]] = []
    summary = ""
    failed = 0
    for _ in range(max(1, repeat)):
        runs = [_timed_check(command, f) for f in files]
        other.append((sum(r[0] for r in runs), sum(r[1] for r in runs)))
        failed = sum(1 for r in runs if r[2] != EXIT_OK)
        with tempfile.TemporaryDirectory() as folder:
            seconds, cpu, _, done = _run_timed(ours, folder)
        mine.append((seconds, cpu))
        summary = (done.stdout.strip().splitlines() or [f"exit {done.returncode}"])[-1]
    (a, a_cpu), (b, b_cpu) = _medians(mine), _medians(other)
    print(f"cpswiss check, one process: {summary}")
    print(f"files {len(files)}: cpswiss {a:.2f} s (CPU {a_cpu:.2f} s) in one process against {b:.2f} s "
          f"(CPU {b_cpu:.2f} s) once per file ({failed} non-zero exits); ratio {_ratio(a, b):.2f}, "
          f"CPU ratio {_ratio(a_cpu, b_cpu):.2f}")
    return EXIT_OK


def _files_to_compare(paths: list[str], command: str, missing_trf: str) -> list[Path]:
    """The files of a ``--compare`` run; the other engine's command must name ``{trf}``."""
    if "{trf}" not in command:
        raise InputError(missing_trf)
    files = collect(paths) if paths else default_files()
    if not files:
        raise InputError("no .trf files to benchmark")
    return files


TimedRun = TypeVar("TimedRun", bound=tuple[Any, ...])  # (seconds, CPU seconds, what the run gave...)


def _interleaved(files: list[Path], ours: str, theirs: str, run: Callable[[str, Path], TimedRun],
                 repeat: int) -> Iterator[tuple[Path, tuple[float, float], tuple[float, float], TimedRun, TimedRun]]:
    """Per file: the median seconds and median CPU seconds of our command and of theirs, each
    run ``repeat`` times in turn, so that both see the same machine load; and the first run's
    full result of each."""
    for f in files:
        mine, other = [], []
        for _ in range(max(1, repeat)):
            mine.append(run(ours, f))
            other.append(run(theirs, f))
        yield f, _medians(mine), _medians(other), mine[0], other[0]


def _medians(runs: list[TimedRun]) -> tuple[float, float]:
    """The median seconds and the median CPU seconds of some timed runs."""
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def _ratio(ours: float, theirs: float) -> float:
    return ours / theirs if theirs > 0 else float("inf")


def _timed_process(command: str, trf: Path) -> tuple[float, float, int, list[str] | None]:
    """Run a pairing command on one file in a scratch folder: whole-process seconds, CPU
    seconds, peak memory (KB) and the pairing it wrote (None when it failed)."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out.txt"
        line = command.replace("{trf}", str(trf.resolve())).replace("{out}", str(out))
        seconds, cpu, peak_kb, done = _run_timed(line, folder)
        if done.returncode != 0:
            return seconds, cpu, peak_kb, None
        text = out.read_text() if "{out}" in command else done.stdout
        return seconds, cpu, peak_kb, text.split()


def run_compare(paths: list[str], rules: str | None, command: str, repeat: int = 1) -> int:
    """Time cpswiss and another pairing command on the same files in the same run: wall-clock
    and CPU seconds, and the peak memory of each (the first run's)."""
    files = _files_to_compare(paths, command,
                              "--compare: the command must contain {trf} (and {out}, or print the pairing)")
    def ours(trf: Path) -> str:
        return f"{sys.executable} -m cpswiss.cli pair --{_system_flag(rules, trf)} {{trf}} -p {{out}}" + \
            (f" --rules {rules}" if rules else "")

    ratios, cpu_ratios, peaks = [], [], (0, 0)
    print(f"{'file':<36} {'cpswiss s':>9} {'other s':>8} {'ratio':>6} {'cpu ratio':>9} {'MB':>5} {'other MB':>8}"
          f"  same pairing")
    runs = (run for trf in files for run in _interleaved([trf], ours(trf), command, _timed_process, repeat))
    for f, (a, a_cpu), (b, b_cpu), (_, _, a_kb, mine), (_, _, b_kb, theirs) in runs:
        same = "other failed" if theirs is None else \
            "cpswiss failed" if mine is None else ("yes" if mine == theirs else "NO")
        ratios.append(_ratio(a, b))
        cpu_ratios.append(_ratio(a_cpu, b_cpu))
        peaks = (max(peaks[0], a_kb), max(peaks[1], b_kb))
        print(f"{f.name:<36} {a:>9.2f} {b:>8.2f} {ratios[-1]:>6.2f} {cpu_ratios[-1]:>9.2f} {a_kb / 1024:>5.0f} "
              f"{b_kb / 1024:>8.0f}  {same}")
    print(f"files {len(files)}: median ratio (cpswiss / other, whole processes) {statistics.median(ratios):.2f}, "
          f"worst {max(ratios):.2f}; CPU median {statistics.median(cpu_ratios):.2f}, worst {max(cpu_ratios):.2f}; "
          f"peak memory {peaks[0] / 1024:.0f} MB against {peaks[1] / 1024:.0f} MB")
    return EXIT_OK


def _system_flag(rules: str | None, trf: Path) -> str:
    """The 'pair' flag that pairs a file: the rule set's system with --rules; else the system the
    file asks for (:func:`cpswiss.api.selection.system_asked_for`), else the first registered
    system that pairs its kind (:func:`cpswiss.registry.first_system_for_kind`: for a file of
    players, the Dutch System)."""
    from cpswiss.api.selection import system_asked_for
    from cpswiss.formats.trf import read_trf
    from cpswiss.registry import first_system_for_kind, system_of
    from cpswiss.rulesets.loader import load_rule_set

    if rules:
        return system_of(load_rule_set(rules)).flag
    t = read_trf(trf)
    system = system_asked_for(t) or first_system_for_kind(t.kind)
    if system is None:
        raise InputError(f"no pairing system pairs a file of this kind ({t.kind})", t.path)
    return system.flag
