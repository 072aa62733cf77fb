"""How time and memory grow with the field, for each system: players against seconds and MB of
a round, measured by ``cpswiss bench`` on events ``cpswiss generate`` makes from a seed.

    python scenarios/large-opens/plot_sizes.py measure DIR [--plan dutch-2026:500,1000 ...]
                                              [--rounds 2 4] [--total-rounds 4] [--seed 7]
    python scenarios/large-opens/plot_sizes.py plot DIR/sizes.csv docs/images/large-opens-sizes.png

``measure``: for each rule set and size of the plan, a ``--total-rounds`` event generated
(``DIR/events/{rules}-{players}.trf``, kept: a second run reuses it), cut to the files before
``--rounds`` (``DIR/{rules}-{players}/``) and timed by ``cpswiss bench --csv`` (each round in a
fresh process: wall-clock and CPU seconds, peak memory); the rows go to ``DIR/sizes.csv``.  An
event the generator cannot make is a row too: its exit status and the round it stopped at (exit
4: a step larger than the system weighs at once), or the time limit it ran past.  Run it under
``nice``: the machine is shared.

``plot``: two panels (seconds, MB) against players, log-log, a line per rule set and round; a
size where the system refused (exit 4) or ran past the limit is marked at the top of the panel.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts beside it, also under PYTHONSAFEPATH
from bench_set import cut_to

DEFAULT_PLAN = ["dutch-2026:500,1000,2000,4000,9999", "burstein-2026:500,1000,2000,9999",
                "dubov-2026:500,1000,2000,9999", "fide-swiss-1999:500,1000,2000,9999"]
FIELDS = ["rules", "players", "round", "seconds", "cpu_seconds", "peak_mb", "exit_code", "outcome"]


def _plan(text: str) -> tuple[str, list[int]]:
    rules, _, sizes = text.partition(":")
    return rules, [int(n) for n in sizes.split(",")]


def _generated(folder: Path, rules: str, players: int, total_rounds: int, seed: int,
               timeout: float) -> tuple[Path, int, str]:
    """The event (made unless it is there) and, when it could not be made, the generator's exit
    code (-1: past the time limit) and its message."""
    events = folder / "events"
    events.mkdir(parents=True, exist_ok=True)
    path = events / f"{rules}-{players}.trf"
    if path.exists():
        return path, 0, ""
    line = [sys.executable, "-m", "cpswiss.cli", "generate", "--players", str(players), "--rounds", str(total_rounds),
            "--seed", str(seed), "--draw-percentage", "30", "--rules", rules, "--no-progress", "-o", str(path)]
    try:
        done = subprocess.run(line, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return path, -1, f"generation past {timeout:.0f} s"
    if done.returncode != 0:
        return path, done.returncode, f"generation: {(done.stderr.strip().splitlines() or [''])[-1]}"
    return path, 0, ""


def measure(folder: Path, plan: list[tuple[str, list[int]]], rounds: list[int], total_rounds: int, seed: int,
            timeout: float) -> Path:
    rows: list[dict[str, object]] = []
    for rules, sizes in plan:
        for players in sizes:
            event, code, failure = _generated(folder, rules, players, total_rounds, seed, timeout)
            if failure:
                rows.append({"rules": rules, "players": players, "round": "", "seconds": "", "cpu_seconds": "",
                             "peak_mb": "", "exit_code": code, "outcome": failure})
                print(rules, players, failure, flush=True)
                continue
            cases = folder / f"{rules}-{players}"
            cases.mkdir(exist_ok=True)
            cut_to(event, cases, rounds)
            table = cases / "bench.csv"
            subprocess.run([sys.executable, "-m", "cpswiss.cli", "bench", str(cases), "--rules", rules,
                            "--csv", str(table)], check=True)
            with table.open() as handle:
                for row in csv.DictReader(handle):
                    round_no = int(Path(row["file"]).stem.rsplit("-r", 1)[1])
                    rows.append({"rules": rules, "players": players, "round": round_no,
                                 "seconds": row["median_seconds"], "cpu_seconds": row["median_cpu_seconds"],
                                 "peak_mb": row["peak_mb"], "exit_code": row["exit_code"],
                                 "outcome": row["outcome"]})
    out = folder / "sizes.csv"
    with out.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    return out


def plot(table: Path, image: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    with table.open() as handle:
        rows = list(csv.DictReader(handle))
    systems = list(dict.fromkeys(r["rules"] for r in rows))
    rounds = sorted({int(r["round"]) for r in rows if r["round"]})
    figure, panels = plt.subplots(1, 2, figsize=(11, 5.2))
    colours = dict(zip(systems, plt.rcParams["axes.prop_cycle"].by_key()["color"]))
    styles = dict(zip(rounds, ["-", "--", ":", "-."]))
    for panel, measure_, label in ((panels[0], "seconds", "seconds a round (wall clock)"),
                                   (panels[1], "peak_mb", "peak memory a round (MB)")):
        for rules in systems:
            for k in rounds:
                points = sorted((int(r["players"]), float(r[measure_])) for r in rows
                                if r["rules"] == rules and r["round"] == str(k) and r["exit_code"] == "0")
                if points:
                    panel.plot(*zip(*points), styles[k], marker="o", color=colours[rules], label=f"{rules}, round {k}")
            refused = {int(r["players"]): int(r["exit_code"]) for r in rows
                       if r["rules"] == rules and r["exit_code"] != "0"}
            for players, code in sorted(refused.items()):
                panel.plot([players], [1.0], "x", color=colours[rules], markersize=10, clip_on=False,
                           transform=panel.get_xaxis_transform())
                panel.annotate(f"{rules}: exit {code}" if code >= 0 else f"{rules}: past the limit", (players, 1.0),
                               xycoords=panel.get_xaxis_transform(), textcoords="offset points",
                               xytext=(-60, -12 - 9 * systems.index(rules)), fontsize=7, color=colours[rules])
        panel.set_xscale("log")
        panel.set_yscale("log")
        sizes = sorted({int(r["players"]) for r in rows})
        panel.set_xticks(sizes, [f"{n:,}" for n in sizes])
        panel.minorticks_off()
        panel.set_xlabel("players")
        panel.set_ylabel(label)
        panel.grid(True, which="both", alpha=0.3)
    handles, labels = panels[0].get_legend_handles_labels()
    figure.legend(handles, labels, loc="lower center", ncol=4, fontsize=7)
    figure.suptitle("cpswiss: a round against the field (x: the size was not paired)", fontsize=10)
    figure.tight_layout(rect=(0, 0.1, 1, 1))
    image.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(image, dpi=110)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    steps = parser.add_subparsers(dest="step", required=True)
    run = steps.add_parser("measure")
    run.add_argument("folder", type=Path)
    run.add_argument("--plan", nargs="+", default=DEFAULT_PLAN, metavar="RULES:N,N,...")
    run.add_argument("--rounds", type=int, nargs="+", default=[2, 4])
    run.add_argument("--total-rounds", type=int, default=4)
    run.add_argument("--seed", type=int, default=7)
    run.add_argument("--timeout", type=float, default=900.0, help="seconds an event's generation may take")
    draw = steps.add_parser("plot")
    draw.add_argument("table", type=Path)
    draw.add_argument("image", type=Path)
    args = parser.parse_args(argv)
    if args.step == "measure":
        print(measure(args.folder, [_plan(p) for p in args.plan], args.rounds, args.total_rounds, args.seed,
                      args.timeout))
    else:
        plot(args.table, args.image)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
