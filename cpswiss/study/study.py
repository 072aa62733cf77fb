"""Studies of rule sets: N simulated tournaments x several rule sets, measured and compared.

``cpswiss study STUDY.toml [-o DIR] [--workers N] [--dask ADDRESS|local]``.  The file::

    name = "baku-vs-groups"
    tournaments = 200          # simulated tournaments
    seed = 1                   # tournament i uses seed (seed, i): the same for every rule set
    rule_sets = ["dutch-2026", "dutch-2026-baku", "dutch-2026-three-groups"]
    top_k = 10                 # the k strongest players, for recall and top games
    [generator]                # the keys of 'cpswiss generate' (RTG keys)
    PlayersNumber = [60, 150]  # a range: each tournament draws its own, from its seed
    RoundsNumber = 9

Each (tournament, rule set) is one task; tournament i of every rule set has the same
players, absences and results stream (:mod:`cpswiss.study.generate`), so the rule sets are
compared on equal terms.  Every task writes its row to ``DIR/rows/`` as it finishes, so an
interrupted study resumes without redoing finished tournaments; the table is assembled from
the rows in (tournament, rule set) order, so the numbers are the same however many workers
ran it, and in whatever order (all but ``seconds_per_round``, a measured time).

Work runs in local processes (all cores by default), or with ``--dask`` on a Dask
distributed cluster: Dask because it is pip-installable pure Python, runs the same code on a
:class:`~dask.distributed.LocalCluster` (the tests do) or on many machines (``dask
scheduler`` / ``dask worker``), and speaks pandas; no scheduler of our own.

Outputs in DIR: ``results.parquet`` and ``results.csv`` (one row per tournament and rule set),
``summary.csv`` (per rule set: mean and 95% confidence interval of each measure),
``differences.csv`` (each rule set against the first, tournament by tournament: the mean
difference and its 95% interval) and ``plots/*.png`` / ``*.svg``.
"""

from __future__ import annotations

import json
import math
import os
import random
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from cpswiss.errors import InputError
from cpswiss.rulesets.model import EDITION_IN_FORCE
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.model import RoundKind, Tournament
from cpswiss.study.generate import GeneratorConfig, RoundLog
from cpswiss.study.systems import StudyRules, check_study_rule_sets, generated, match_measures

TIMING = ("seconds_per_round",)  # measures that are times, not functions of the inputs


@dataclass(frozen=True)
class StudySpec:
    name: str
    tournaments: int
    seed: int
    rule_sets: tuple[str, ...]
    top_k: int
    generator: dict = field(default_factory=dict)

    @classmethod
    def read(cls, path: str | Path) -> StudySpec:
        try:
            data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise InputError(f"cannot read the study: {exc.strerror}", str(path)) from None
        except tomllib.TOMLDecodeError as exc:
            raise InputError(f"not valid TOML: {exc}", str(path)) from None
        known = {"name", "tournaments", "seed", "rule_sets", "top_k", "generator"}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InputError(f"unknown keys {', '.join(unknown)} (known: {', '.join(sorted(known))})", str(path))
        spec = cls(name=str(data.get("name", Path(path).stem)), tournaments=int(data.get("tournaments", 10)),
                   seed=int(data.get("seed", 1)), rule_sets=tuple(data.get("rule_sets", [EDITION_IN_FORCE])),
                   top_k=int(data.get("top_k", 10)), generator=dict(data.get("generator", {})))
        try:  # validate early, both ends of a range
            for values in (spec.generator_for(-1, lowest=True), spec.generator_for(-1, highest=True)):
                GeneratorConfig.from_mapping(values, str(path))
        except InputError as exc:
            raise InputError(exc.problem, str(path)) from None
        if spec.tournaments < 1 or not spec.rule_sets or spec.top_k < 1:
            raise InputError("tournaments, rule_sets and top_k must be positive", str(path))
        check_study_rule_sets(spec.rule_sets, str(path))
        return spec

    @property
    def by_matches(self) -> bool:
        """Some rule set pairs teams or two-game matches: every rule set is then measured by the
        measures all systems share (:func:`cpswiss.study.systems.match_measures`)."""
        return any(StudyRules.named(r).system.pairs_matches for r in self.rule_sets)

    def tasks(self) -> list[tuple[int, str]]:
        return [(i, r) for i in range(self.tournaments) for r in self.rule_sets]

    def generator_for(self, index: int, lowest: bool = False, highest: bool = False) -> dict:
        """The generator keys of tournament ``index``: a key given as a range ``[low, high]``
        takes a whole number drawn uniformly from it by the tournament's seed, so every rule set
        sees the same value (``lowest``/``highest``: the range's ends, for validation)."""
        values = {}
        for key, value in self.generator.items():
            if isinstance(value, list):
                if len(value) != 2 or not all(isinstance(v, int) for v in value) or value[0] > value[1]:
                    raise InputError(f"generator.{key}: a range is [low, high] of whole numbers, got {value!r}")
                low, high = value
                value = low if lowest else high if highest else \
                    random.Random(f"{tournament_seed(self, index)}:{key}").randint(low, high)
            values[key] = value
        return values


def tournament_seed(spec: StudySpec, index: int) -> int:
    return spec.seed * 1_000_003 + index


# ---------------------------------------------------------------------------
# Measures of one tournament
# ---------------------------------------------------------------------------


def _standings(t: Tournament) -> list[int]:
    """Final standings: points, then Buchholz (the final points of the opponents of games,
    forfeits included; byes add nothing), then pairing number."""
    points = {pid: t.computed_points(r) for pid, r in t.players.items()}
    buchholz = {pid: sum(points[e.opponent] for e in r.rounds if e is not None and e.opponent)
                for pid, r in t.players.items()}
    return sorted(t.players, key=lambda pid: (-points[pid], -buchholz[pid], pid))


def measures(t: Tournament, log: list[RoundLog], top_k: int) -> dict:
    """The measures of one tournament (see the README of the study scenario)."""
    from scipy.stats import kendalltau, spearmanr

    strength = sorted(t.players, key=lambda pid: (-(t.players[pid].rating or 0), pid))
    standings = _standings(t)
    rank_strength = {pid: k for k, pid in enumerate(strength)}
    rank_final = {pid: k for k, pid in enumerate(standings)}
    ids = sorted(t.players)
    tau = kendalltau([rank_final[p] for p in ids], [rank_strength[p] for p in ids]).statistic
    rho = spearmanr([rank_final[p] for p in ids], [rank_strength[p] for p in ids]).statistic
    top = set(strength[:top_k])
    row = {"kendall_tau": float(tau), "spearman": float(rho),
           "topk_recall": len(top & set(standings[:top_k])) / top_k}
    float_sds, pab_scores, topk_by_round = [], [], []
    for entry in log:
        topk_by_round.append(sum(1 for w, b in entry.boards if w in top and b in top))
        float_sds += [abs(entry.scores[w] - entry.scores[b]) / 10 for w, b in entry.boards
                      if entry.scores[w] != entry.scores[b]]
        if entry.bye is not None:
            pab_scores.append(entry.scores[entry.bye] / 10)
    row["topk_games"] = sum(topk_by_round)
    row.update(rating_difference_measures(t, log))
    first_two = frozenset(strength[:2])
    met_round = next((entry.round_no for entry in log for w, b in entry.boards if {w, b} == first_two), None)
    row["top2_meet_round"] = float(met_round) if met_round is not None else math.nan
    row["top2_met"] = met_round is not None
    row.update({f"topk_games_r{k}": n for k, n in enumerate(topk_by_round, start=1)})
    cd2 = streaks = 0
    met: dict[frozenset, int] = {}
    for record in t.players.values():
        colours = [e.colour for e in record.rounds if e is not None and e.kind is RoundKind.GAME]
        cd2 += abs(colours.count(WHITE) - colours.count(BLACK)) >= 2
        streaks += sum(1 for k in range(2, len(colours)) if colours[k] == colours[k - 1] == colours[k - 2])
        for e in record.rounds:
            if e is not None and e.kind is RoundKind.GAME:
                key = frozenset((record.pairing_no, e.opponent))
                met[key] = met.get(key, 0) + 1
    final = {pid: t.computed_points(r) for pid, r in t.players.items()}
    row.update({
        "cd2_players": cd2, "three_in_a_row": streaks,
        "float_pairs": len(float_sds), "float_sd_mean": sum(float_sds) / len(float_sds) if float_sds else 0.0,
        "float_sd_max": max(float_sds, default=0.0),
        "pabs": len(pab_scores), "pab_score_mean": sum(pab_scores) / len(pab_scores) if pab_scores else math.nan,
        "rematches": sum(1 for n in met.values() if n > 2),  # each game counted from both sides
        "ties_for_first": sum(1 for v in final.values() if v == max(final.values())),
        "seconds_per_round": sum(e.seconds for e in log) / len(log) if log else 0.0,
    })
    row.update(aro_spread(t))
    row.update(buchholz_spread(t))
    rating = {pid: r.rating or 0 for pid, r in t.players.items()}
    gaps = [abs(rating[w] - rating[b]) for entry in log for w, b in entry.boards]
    row["rating_gap_mean"] = sum(gaps) / len(gaps) if gaps else 0.0
    row["rematch_free"] = row["rematches"] == 0
    return row


def aro_spread(t: Tournament) -> dict:
    """How far apart the average ratings of opponents (ARO, C.04.4.1 Art. 1.7: played games
    only, rounded half up) lie inside each final scoregroup (the players of equal final points):
    ``aro_sd_mean`` is the mean over the scoregroups of the population standard deviation of
    their players' AROs, ``aro_range_mean`` the mean of max - min, ``aro_range_max`` the largest
    max - min. Players without a played game have no ARO and are left out; a scoregroup counts
    when two or more players in it have one (no such scoregroup: NaN)."""
    from cpswiss.tournament.model import average_rating

    aro: dict[int, float] = {}
    for pid, record in t.players.items():
        opponents = [t.players[e.opponent].rating or 0 for e in record.rounds
                     if e is not None and e.played and e.opponent is not None]
        if opponents:
            aro[pid] = average_rating(opponents)
    return _spread_per_scoregroup(t, aro, "aro")


def buchholz_spread(t: Tournament) -> dict:
    """The same spread for the Buchholz (the final points of the opponents of games, forfeits
    included, as in the standings), the quantity the Burstein System (C.04.4.2) sorts by:
    ``buchholz_sd_mean``, ``buchholz_range_mean``, ``buchholz_range_max`` (points)."""
    points = {pid: t.computed_points(r) / 10 for pid, r in t.players.items()}
    buchholz = {pid: sum(points[e.opponent] for e in r.rounds if e is not None and e.opponent)
                for pid, r in t.players.items()}
    return _spread_per_scoregroup(t, buchholz, "buchholz")


def _spread_per_scoregroup(t: Tournament, value: dict[int, float], name: str) -> dict:
    """Mean population SD, mean and largest max - min of ``value`` over the final scoregroups
    with two or more players that have one (NaN when there is none)."""
    from statistics import pstdev

    groups: dict[int, list[float]] = {}
    for pid, record in t.players.items():
        if pid in value:
            groups.setdefault(t.computed_points(record), []).append(value[pid])
    spreads = [(pstdev(v), max(v) - min(v)) for v in groups.values() if len(v) > 1]
    if not spreads:
        return {f"{name}_sd_mean": math.nan, f"{name}_range_mean": math.nan, f"{name}_range_max": math.nan}
    return {f"{name}_sd_mean": sum(sd for sd, _ in spreads) / len(spreads),
            f"{name}_range_mean": sum(r for _, r in spreads) / len(spreads),
            f"{name}_range_max": float(max(r for _, r in spreads))}


def _spread(values: list[int]) -> tuple[float, float]:
    """Mean and population standard deviation (seed 003's measures of a set of differences)."""
    mean = sum(values) / len(values)
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))


def rating_difference_measures(t: Tournament, log: list[RoundLog]) -> dict:
    """Seed 003 (1-12-1993): the rating differences inside the pairs.  Per round, the mean and
    (population) SD of the differences over the round's boards (``rating_diff_mean_rK``,
    ``rating_diff_sd_rK``) and their averages over the rounds; and the essay's own object,
    the pairs inside a scoregroup: for each round and each score with two boards or more of
    players on that score, the SD and mean of those boards' differences, averaged over all
    such groups (``group_rating_diff_sd``, ``group_rating_diff_mean``).  An unrated player
    counts 0."""
    def rating(pid: int) -> int:
        return t.players[pid].rating or 0

    row: dict = {}
    round_means, round_sds, group_means, group_sds = [], [], [], []
    for entry in log:
        diffs = [abs(rating(w) - rating(b)) for w, b in entry.boards]
        if diffs:
            mean, sd = _spread(diffs)
            row[f"rating_diff_mean_r{entry.round_no}"], row[f"rating_diff_sd_r{entry.round_no}"] = mean, sd
            round_means.append(mean)
            round_sds.append(sd)
        groups: dict[int, list[int]] = {}
        for w, b in entry.boards:
            if entry.scores[w] == entry.scores[b]:
                groups.setdefault(entry.scores[w], []).append(abs(rating(w) - rating(b)))
        for values in groups.values():
            if len(values) >= 2:
                mean, sd = _spread(values)
                group_means.append(mean)
                group_sds.append(sd)
    row["rating_diff_mean"] = sum(round_means) / len(round_means) if round_means else math.nan
    row["rating_diff_sd"] = sum(round_sds) / len(round_sds) if round_sds else math.nan
    row["group_rating_diff_mean"] = sum(group_means) / len(group_means) if group_means else math.nan
    row["group_rating_diff_sd"] = sum(group_sds) / len(group_sds) if group_sds else math.nan
    return row


def run_task(spec: StudySpec, index: int, rule_set: str) -> dict:
    """One tournament under one rule set, generated by its system
    (:func:`cpswiss.study.systems.generated`): its row of the results table."""
    config = GeneratorConfig.from_mapping(spec.generator_for(index))
    log: list[RoundLog] = []
    rules = StudyRules.named(rule_set)
    t = generated(config, tournament_seed(spec, index), rules, log, trf26=False)
    row = match_measures(t, rules, log, spec.top_k) if spec.by_matches else measures(t, log, spec.top_k)
    return {"tournament": index, "rule_set": rule_set, "players": config.players, **row}


# ---------------------------------------------------------------------------
# Running, resuming, assembling
# ---------------------------------------------------------------------------


def _row_path(rows: Path, index: int, rule_set: str) -> Path:
    return rows / f"{index:05d}-{rule_set.replace('/', '_')}.json"


def _save_row(rows: Path, row: dict) -> None:
    path = _row_path(rows, row["tournament"], row["rule_set"])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(row, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)  # a row is there whole or not at all


def pending_tasks(spec: StudySpec, rows: Path) -> list[tuple[int, str]]:
    return [(i, r) for i, r in spec.tasks() if not _row_path(rows, i, r).exists()]


def execute(spec: StudySpec, rows: Path, workers: int | None = None, dask: str | None = None,
            progress: bool = True, limit: int | None = None) -> int:
    """Run the tasks not done yet (at most ``limit``), saving each row as it finishes; the
    number of tasks run."""
    from tqdm import tqdm

    rows.mkdir(parents=True, exist_ok=True)
    todo = pending_tasks(spec, rows)[:limit]
    if not todo:
        return 0
    bar = tqdm(total=len(todo), desc=spec.name, unit="tournament", disable=not progress)
    workers = workers or os.cpu_count() or 1
    if dask:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_as_completed

        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True) if dask == "local" else None
        with Client(cluster if cluster is not None else dask) as client:
            futures = [client.submit(run_task, spec, i, r, pure=False) for i, r in todo]
            for future in dask_as_completed(futures):
                _save_row(rows, future.result())
                bar.update()
        if cluster is not None:
            cluster.close()
    elif workers == 1:
        for i, r in todo:
            _save_row(rows, run_task(spec, i, r))
            bar.update()
    else:
        from concurrent.futures import ProcessPoolExecutor, as_completed

        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(run_task, spec, i, r) for i, r in todo]
            for future in as_completed(futures):
                _save_row(rows, future.result())
                bar.update()
    bar.close()
    return len(todo)


def assemble(spec: StudySpec, rows: Path) -> pd.DataFrame:
    """The results table from the saved rows, in (tournament, rule set) order."""
    records = [json.loads(_row_path(rows, i, r).read_text(encoding="utf-8")) for i, r in spec.tasks()
               if _row_path(rows, i, r).exists()]
    frame = pd.DataFrame(records)
    if frame.empty:
        return frame
    order = {r: k for k, r in enumerate(spec.rule_sets)}
    frame["_order"] = frame["rule_set"].map(order)
    return frame.sort_values(["tournament", "_order"]).drop(columns="_order").reset_index(drop=True)


def summarise(frame: pd.DataFrame, rule_sets: tuple[str, ...]) -> pd.DataFrame:
    """Per rule set and measure: n, mean, and the 95% confidence interval of the mean
    (Student's t)."""
    from scipy.stats import t as student

    measures_ = [c for c in frame.columns if c not in ("tournament", "rule_set")
                 and pd.api.types.is_numeric_dtype(frame[c])]
    out = []
    for rule_set in rule_sets:
        part = frame[frame["rule_set"] == rule_set]
        for m in measures_:
            values = part[m].dropna().astype(float)
            n = len(values)
            mean = values.mean() if n else math.nan
            half = student.ppf(0.975, n - 1) * values.std(ddof=1) / math.sqrt(n) if n > 1 else math.nan
            out.append({"rule_set": rule_set, "measure": m, "n": n, "mean": mean,
                        "ci_low": mean - half, "ci_high": mean + half})
    return pd.DataFrame(out)


def paired_differences(frame: pd.DataFrame, rule_sets: tuple[str, ...]) -> pd.DataFrame:
    """Each rule set against the first, tournament by tournament (they played the same
    tournaments): mean difference and its 95% confidence interval (Student's t), per measure."""
    from scipy.stats import t as student

    if len(rule_sets) < 2:
        return pd.DataFrame()
    base = frame[frame.rule_set == rule_sets[0]].set_index("tournament")
    measures_ = [c for c in base.columns if c not in ("rule_set", "players")  # the same field for all
                 and pd.api.types.is_numeric_dtype(base[c])]
    out = []
    for rule_set in rule_sets[1:]:
        other = frame[frame.rule_set == rule_set].set_index("tournament")
        for m in measures_:
            diff = (other[m].astype(float) - base[m].astype(float)).dropna()
            n = len(diff)
            half = student.ppf(0.975, n - 1) * diff.std(ddof=1) / math.sqrt(n) if n > 1 else math.nan
            out.append({"rule_set": rule_set, "against": rule_sets[0], "measure": m, "n": n,
                        "mean_difference": diff.mean(), "ci_low": diff.mean() - half, "ci_high": diff.mean() + half})
    return pd.DataFrame(out)


def plot(frame: pd.DataFrame, summary: pd.DataFrame, spec: StudySpec, folder: Path) -> list[Path]:
    """The figures a report can take: ranking quality, when the top players meet, colours
    and floats, the ARO spread per final scoregroup; for a study of teams or two-game matches
    the ranking quality, colours, score spread and pairings of the measures every system shares;
    PNG and SVG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    labels = list(spec.rule_sets)

    written += _box(frame, labels, "kendall_tau", "Kendall tau: final standings vs rating",
                    f"Ranking quality ({spec.tournaments} tournaments)", folder / "ranking_quality")
    if spec.by_matches:
        written += _bars(summary, labels, (("cd2_competitors", "|match colours difference| >= 2"),
                                           ("three_in_a_row", "same match colour 3 times running"),
                                           ("game_colour_diff_mean", "|games White - Black| per player")),
                         "Colours per tournament (mean, 95% CI)", folder / "colours")
        written += _box(frame, labels, "score_sd", "SD of the final scores per round",
                        "Score spread", folder / "score_spread")
        written += _bars(summary, labels, (("rematches", "rematches"), ("pabs", "pairing-allocated byes"),
                                           ("float_pairs", "matches of unequal scores")),
                         "Pairings per tournament (mean, 95% CI)", folder / "pairings")
        return written
    fig, ax = plt.subplots(figsize=(7, 4))
    rounds = sorted(int(c[len("topk_games_r"):]) for c in frame.columns if c.startswith("topk_games_r"))
    for r in labels:
        part = frame[frame.rule_set == r]
        ax.plot(rounds, [part[f"topk_games_r{k}"].mean() for k in rounds], marker="o", label=r)
    ax.set_xlabel("round")
    ax.set_ylabel(f"games between two of the top {spec.top_k}")
    ax.set_title("When the strongest players meet (mean per tournament)")
    ax.legend()
    written += _save(fig, folder / "top_games_by_round")

    written += _bars(summary, labels, (("cd2_players", "players with |CD| >= 2"),
                                       ("three_in_a_row", "same colour 3 times in a row"),
                                       ("float_pairs", "pairs of unequal scores")),
                     "Colours and floats per tournament (mean, 95% CI)", folder / "colours_and_floats")

    if "aro_sd_mean" in frame.columns:
        written += _box(frame, labels, "aro_sd_mean", "mean over final scoregroups of SD(ARO)",
                        "Spread of opponents' average rating inside a scoregroup", folder / "aro_spread")

    fig, axes = plt.subplots(1, 2, figsize=(11, 3.8))
    for ax, (stem, title) in zip(axes, (("rating_diff_sd_r", "SD of the in-pair rating differences"),
                                        ("rating_diff_mean_r", "mean in-pair rating difference"))):
        for r in labels:
            part = frame[frame.rule_set == r]
            rounds = sorted(int(c[len(stem):]) for c in part.columns if c.startswith(stem))
            ax.plot(rounds, [part[f"{stem}{k}"].mean() for k in rounds], marker="o", label=r)
        ax.set_xlabel("round")
        ax.set_title(title, fontsize=10)
    axes[0].legend(fontsize=8)
    fig.suptitle("Rating differences inside the pairs, per round (mean over tournaments; seed 003)")
    written += _save(fig, folder / "rating_differences")
    return written


def _box(frame: pd.DataFrame, labels: list[str], measure: str, ylabel: str, title: str, stem: Path) -> list[Path]:
    """A box plot of one measure per rule set."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.boxplot([frame.loc[frame.rule_set == r, measure].dropna() for r in labels], tick_labels=labels)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    return _save(fig, stem)


def _bars(summary: pd.DataFrame, labels: list[str], measures_: tuple[tuple[str, str], ...], title: str,
          stem: Path) -> list[Path]:
    """Bars of the mean of each measure per rule set, with its 95% confidence interval."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(measures_), figsize=(11, 3.6))
    for ax, (m, subtitle) in zip(axes, measures_):
        rows = summary[summary.measure == m].set_index("rule_set").loc[labels]
        low = rows["mean"] - rows["ci_low"].clip(lower=0)  # a count is never below 0
        ax.bar(range(len(labels)), rows["mean"], yerr=[low.fillna(0), (rows["ci_high"] - rows["mean"]).fillna(0)],
               capsize=4, color=[f"C{k}" for k in range(len(labels))])
        ax.set_xticks(range(len(labels)), labels, rotation=20, ha="right")
        ax.set_title(subtitle, fontsize=10)
    fig.suptitle(title)
    fig.tight_layout()
    return _save(fig, stem)


def _save(fig, stem: Path) -> list[Path]:
    import matplotlib.pyplot as plt

    paths = [stem.with_suffix(".png"), stem.with_suffix(".svg")]
    fig.tight_layout()
    for path in paths:
        fig.savefig(path, dpi=120)
    plt.close(fig)
    return paths


def run_study(path: str | Path, out: str | Path | None = None, workers: int | None = None,
              dask: str | None = None, progress: bool = True, limit: int | None = None) -> str:
    """Run (or resume) a study and write its tables and plots; the summary as text."""
    spec = StudySpec.read(path)
    folder = Path(out) if out else Path(path).with_suffix("")
    execute(spec, folder / "rows", workers, dask, progress, limit)
    frame = assemble(spec, folder / "rows")
    if len(frame) < len(spec.tasks()):
        return f"{len(frame)} of {len(spec.tasks())} tournaments done; run again to resume"
    frame.to_parquet(folder / "results.parquet", index=False)
    frame.to_csv(folder / "results.csv", index=False)
    summary = summarise(frame, spec.rule_sets)
    summary.to_csv(folder / "summary.csv", index=False)
    paired_differences(frame, spec.rule_sets).to_csv(folder / "differences.csv", index=False)
    plot(frame, summary, spec, folder / "plots")
    table = summary.pivot(index="measure", columns="rule_set", values="mean")[list(spec.rule_sets)]
    return f"{spec.name}: {spec.tournaments} tournaments x {len(spec.rule_sets)} rule sets -> {folder}\n" + \
        table.to_string(float_format=lambda v: f"{v:.3f}")


__all__ = ["StudySpec", "aro_spread", "assemble", "buchholz_spread", "execute", "measures", "paired_differences", "run_study", "run_task",
           "summarise"]
