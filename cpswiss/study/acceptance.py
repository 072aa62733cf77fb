"""The two-way acceptance run (``cpswiss acceptance``): cpswiss against another pairing engine
that has the JaVaFo / bbpPairings command line.

The FIDE acceptance checklist for tournament programs asks for random tournaments checked both
ways: N made by the other engine's generator (``ENGINE FLAG -g CONFIG -o OUT -s SEED``) and
re-paired round by round by cpswiss (:func:`cpswiss.check.rounds.check_tournament`), and N made
by cpswiss's generator (:mod:`cpswiss.study.generate`) and checked by the other engine
(``ENGINE FLAG FILE -c``).  A tournament counts once, with every round that differs; each such
round gets the rule that decides between the two pairings, as ``cpswiss explain`` names it (for
a round the other engine's checker rejects, its own pairing of the round is asked for with
``ENGINE FLAG FILE -p OUT`` on the tournament as it stood before the round).

Tournament ``SEED`` of a run: its parameters are drawn from the seed
(:meth:`~cpswiss.study.generate.GeneratorConfig.drawn`, the field size within the run's sizes);
the other engine's generator gets the keys it knows (:data:`ENGINE_KEYS`) and the seed; cpswiss's
generator the same seed.  Each tournament's result is kept as one JSON file in
``OUT/results/`` (written whole or not at all), the tournaments that differ or fail in
``OUT/kept/``; a run stopped and started again does only the tournaments without a result, and
the report (``OUT/report.md``) is made from the results alone, so it is the same whatever the
sittings.  Work runs on Dask: a local cluster of ``workers`` processes, or the scheduler at an
address.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import tempfile
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import EXIT_NO_PAIRING, EXIT_OK, EXIT_UNEXPECTED, CpswissError, InputError, NoPairingError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.contents import CONTENTS, contents
from cpswiss.study.generate import BYE_KINDS, GeneratorConfig, drawn_players, generate
from cpswiss.tournament.model import Tournament

THEIRS, OURS = "theirs", "ours"  # the other engine generates / cpswiss generates
WAYS = {THEIRS: "its generator, cpswiss's checker", OURS: "cpswiss's generator, its checker"}
# the RTG keys of JaVaFo's and bbpPairings' generators (a rate of 0 is left out: they refuse it)
ENGINE_KEYS = ("PlayersNumber", "RoundsNumber", "DrawPercentage", "ForfeitRate", "RetiredRate", "HalfPointByeRate",
               "HighestRating", "LowestRating")
AGREE, DIFFER, NOT_GENERATED, REFUSED, FAILED = "agree", "differ", "not-generated", "refused", "failed"


@dataclass(frozen=True)
class AcceptanceSpec:
    """What a run is: the other engine (its command and system flag), the rule set, the
    tournaments (seeds ``first_seed`` ... ``first_seed + count - 1``, each both ways), the
    field sizes, the format cpswiss's tournaments are given to the engine in, and the seconds
    one engine call may take."""

    engine: str  # the command, split as a shell would (``java -jar javafo.jar``)
    system_flag: str  # ``--dutch``, or "" for an engine with one system
    rules: str
    count: int
    first_seed: int = 1
    sizes: tuple[int, int] = (7, 400)
    engine_format: str = "trf26"  # or trf16
    timeout: float = 600.0
    ways: tuple[str, ...] = (THEIRS, OURS)
    engine_seeds: bool = True  # the engine's generator takes -s SEED (JaVaFo 1.4's does not)
    tiebreak_engine: str = ""  # 'CMD {trf} {codes} {round} {out}': final standings compared (acceptance_tiebreaks)
    tiebreaks: str = "BH/C1,BH,SB,PS"
    tiebreak_edition: str = "2026"

    def validate(self) -> None:
        low, high = self.sizes
        if not 2 <= low <= high <= 9999:
            raise InputError(f"--sizes: a range LOW-HIGH of 2-9999 players, not {low}-{high}")
        if self.count < 1:
            raise InputError("--count must be at least 1")
        if self.engine_format not in ("trf16", "trf26"):
            raise InputError("--engine-format is trf16 or trf26")
        if not self.ways or any(way not in WAYS for way in self.ways):
            raise InputError(f"--ways: {', '.join(WAYS)} or both")

    def argv(self, *args: str) -> list[str]:
        """A command line of the other engine."""
        return [*shlex.split(self.engine), *([self.system_flag] if self.system_flag else []), *args]

    def shell(self, *args: str) -> str:
        return shlex.join(self.argv(*args))

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.count)

    def tasks(self) -> list[tuple[str, int]]:
        """Every tournament of the run, the two ways taking turns."""
        return [(way, seed) for seed in self.seeds for way in (THEIRS, OURS) if way in self.ways]

    def command(self) -> str:
        """The command that makes this run (and resumes it)."""
        flag = self.system_flag.removeprefix("--") or "none"
        return shlex.join(["cpswiss", "acceptance", "--engine", self.engine, "--system", flag, "--rules", self.rules,
                           "--count", str(self.count), "--first-seed", str(self.first_seed),
                           "--sizes", f"{self.sizes[0]}-{self.sizes[1]}", "--engine-format", self.engine_format,
                           *([] if self.ways == (THEIRS, OURS) else ["--ways", *self.ways]),
                           *([] if self.engine_seeds else ["--seedless"]),
                           *(["--tiebreak-engine", self.tiebreak_engine, "--tiebreaks", self.tiebreaks,
                              "--tiebreak-edition", self.tiebreak_edition] if self.tiebreak_engine else []),
                           "-o", "OUT"])

    def same_run(self, other: AcceptanceSpec) -> bool:
        """The same run, perhaps with more tournaments (a folder may be extended, never mixed)."""
        return replace(self, count=other.count, timeout=other.timeout) == other


def tournament_config(spec: AcceptanceSpec, seed: int, trf26: bool = True) -> GeneratorConfig:
    """The parameters of tournament ``seed``: drawn from the seed, the field size within the
    run's sizes (TRF16 has no record for a bye requested in advance: none then)."""
    values: dict[str, object] = {"PlayersNumber": drawn_players(seed, *spec.sizes)}
    if not trf26:
        values["AdvanceNoticePercentage"] = 0
    return GeneratorConfig.drawn(values, seed, f"tournament {seed}")


def engine_config_text(config: GeneratorConfig) -> str:
    """The configuration file of the other engine's generator: the keys it knows."""
    mapping = config.mapping()
    return "".join(f"{key}={mapping[key]}\n" for key in ENGINE_KEYS if mapping[key])


def tournament_before_round(t: Tournament, round_no: int) -> Tournament:
    """The tournament as it stood when round ``round_no`` was paired: the rounds before it and
    the byes and absences of that round decided before its pairing (H, F, Z)."""
    players = {}
    for pid, record in t.players.items():
        kept = list(record.rounds)[:round_no - 1]
        entry = record.rounds[round_no - 1] if len(record.rounds) >= round_no else None
        if entry is not None and entry.kind in BYE_KINDS.values():  # known before the round was paired
            kept.append(entry)
        player = replace(record, rounds=kept)
        player.points_column = t.computed_points(player)
        players[pid] = player
    return replace(t, players=players)


# ---------------------------------------------------------------------------
# One tournament, one way
# ---------------------------------------------------------------------------


@dataclass
class Discrepancy:
    """One round where the two engines part: both pairings and the rule that decides."""

    round_no: int
    cpswiss: str  # its pairing of the round ("1-2 3-4 bye 5")
    engine: str
    article: str  # the article ``cpswiss explain`` names ("" when it names none)
    reason: str  # its words


@dataclass
class TournamentResult:
    """The result of one tournament of a run (one JSON file in ``OUT/results``)."""

    way: str
    seed: int
    verdict: str  # agree, differ, not-generated, refused, failed
    players: int = 0
    rounds: int = 0
    reason: str = ""  # for not-generated, refused, failed: why (one line)
    discrepancies: tuple[Discrepancy, ...] = ()
    contents: dict[str, int] | None = None
    config: str = ""  # the generator's parameters

    def as_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> TournamentResult:
        data = dict(data)
        data["discrepancies"] = tuple(Discrepancy(**d) for d in data.get("discrepancies", ()))
        return cls(**data)

    @property
    def counted(self) -> bool:
        """A tournament that exists (its generator finished) counts."""
        return self.verdict != NOT_GENERATED


def _pairing_words(boards: Iterable[tuple[int, int]], bye: int | None) -> str:
    words = " ".join(f"{w}-{b}" for w, b in sorted(boards)) + (f" bye {bye}" if bye is not None else "")
    return words.strip() or "the same boards"


def _differing(ours: Iterable[tuple[int, int]], our_bye: int | None, theirs: Iterable[tuple[int, int]],
               their_bye: int | None) -> tuple[str, str]:
    """The boards (white-black) and the bye where two pairings of a round differ, each side's."""
    mine, other = set(ours), set(theirs)
    same_bye = our_bye == their_bye
    return (_pairing_words(mine - other, None if same_bye else our_bye),
            _pairing_words(other - mine, None if same_bye else their_bye))


def _last_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _run(spec: AcceptanceSpec, *args: str, cwd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(spec.argv(*args), cwd=cwd, capture_output=True, text=True, timeout=spec.timeout)


def _decisive(t: Tournament, round_no: int, rules: str, proposal: Pairing | None = None) -> tuple[str, str]:
    """The article ``cpswiss explain`` names for a round (the pairing in the file, or the one
    proposed) against cpswiss's, and its words."""
    from cpswiss.check.explain import explain_pairing

    try:
        explanation = explain_pairing(t, proposal, round_no=round_no, rule_set=rules)
    except CpswissError as exc:
        return "", f"explain: {exc.one_line()}"
    if explanation.decisive is None:
        return "", "explain finds the two pairings equal"
    return explanation.decisive.article, explanation.decisive.message


def _keep(out: Path, name: str, text: str) -> None:
    kept = out / "kept"
    kept.mkdir(parents=True, exist_ok=True)
    (kept / name).write_text(text, encoding="utf-8")


def _their_file(spec: AcceptanceSpec, seed: int, config: GeneratorConfig, out: Path) -> tuple[str | None, str]:
    """Tournament ``seed`` as the other engine's generator writes it (line ends made ``\\n``, the
    number of rounds added when it writes none), or None and why it was not generated."""
    with tempfile.TemporaryDirectory(dir=_work(out)) as folder:
        (Path(folder) / "rtg.cfg").write_text(engine_config_text(config))
        try:
            seed_args = ("-s", str(seed)) if spec.engine_seeds else ()
            made = _run(spec, "-g", "rtg.cfg", "-o", "out.trf", *seed_args, cwd=folder)
        except subprocess.TimeoutExpired:
            return None, f"the generator ran over {spec.timeout:g} s"
        path = Path(folder) / "out.trf"
        if made.returncode != 0 or not path.exists():
            return None, f"the generator exited {made.returncode}: {_last_line(made.stderr + made.stdout)}".rstrip(": ")
        text = path.read_bytes().decode("utf-8", "replace").replace("\r\n", "\n").replace("\r", "\n")
    if not any(line[:3] in ("XXR", "142") for line in text.splitlines()):
        text = text.rstrip("\n") + f"\nXXR {config.rounds}\n"  # the generator writes no number of rounds
    return text, ""


def their_tournament(spec: AcceptanceSpec, seed: int, out: Path) -> TournamentResult:
    """The other engine's generator makes tournament ``seed``; cpswiss re-pairs every round.  A
    tournament whose file was kept (a discrepancy, a refusal) is read again from that file, not
    generated again: a recheck sees the same tournament whether or not the generator takes a seed."""
    from cpswiss.check.batch import is_refusal
    from cpswiss.check.rounds import check_tournament

    config = tournament_config(spec, seed)
    config_text = engine_config_text(config)
    result = TournamentResult(THEIRS, seed, NOT_GENERATED, config.players, config.rounds,
                              config=config_text.strip().replace("\n", " "))
    name = f"theirs-{seed}.trf"
    kept = out / "kept" / name
    text, why_not = (kept.read_text(encoding="utf-8"), "") if kept.exists() else _their_file(spec, seed, config, out)
    if text is None:
        return replace(result, reason=why_not)
    try:
        t = parse_trf(text, name)
        report = check_tournament(t, spec.rules)
    except CpswissError as exc:
        _keep(out, name, text)
        _keep(out, f"theirs-{seed}.cfg", config_text)
        return replace(result, verdict=REFUSED if is_refusal(exc) else FAILED, reason=exc.one_line())
    result = replace(result, rounds=len(report.rounds), contents=contents(t))
    differing = [r for r in report.rounds if not r.agrees]
    standings = _standings(spec, t, out)
    if not differing and not standings:
        return replace(result, verdict=AGREE)
    _keep(out, name, text)
    _keep(out, f"theirs-{seed}.cfg", config_text)
    found = []
    for r in differing:
        engine_boards, engine_byes = t.pairing_of(r.round_no)
        engine_bye = engine_byes[0] if engine_byes else None
        if r.error:
            found.append(Discrepancy(r.round_no, "none", _pairing_words(engine_boards, engine_bye), "",
                                     f"cpswiss cannot re-pair the round: {r.error}"))
            continue
        article, reason = _decisive(t, r.round_no, spec.rules)
        ours = r.missing + [(b, w) for w, b in r.colours]
        ours_text, engine_text = _differing(ours, r.bye_rules, r.extra + r.colours, engine_bye)
        found.append(Discrepancy(r.round_no, ours_text, engine_text, article, reason))
    return replace(result, verdict=DIFFER, discrepancies=tuple(found + standings))


def _checker_rounds(output: str) -> dict[int, list[str]]:
    """The rounds the other engine's checker (``-c``) reports, with its lines: the lines after
    a ``Round #N`` header, up to the next, for every round that has some."""
    found: dict[int, list[str]] = {}
    current = None
    for line in output.splitlines():
        if "Round #" in line:
            tail = line.rsplit("Round #", 1)[1].strip()
            current = int(tail) if tail.isdigit() else None
            continue
        if current is not None and line.strip():
            found.setdefault(current, []).append(line.rstrip())
    return found


def _read_engine_pairing(text: str) -> tuple[list[tuple[int, int]], int | None]:
    numbers = [int(x) for x in text.split()]
    boards, bye = [], None
    for i in range(1, len(numbers) - 1, 2):
        w, b = numbers[i], numbers[i + 1]
        if b == 0:
            bye = w
        else:
            boards.append((w, b))
    return boards, bye


def text_for_engine(t: Tournament) -> str:
    """Tournament ``t`` as the other engine is given it: written as cpswiss writes it, but for the
    192 record (the engine is given the system by its flag, and engines differ on its spelling)."""
    return "".join(line + "\n" for line in write_trf(t).splitlines() if not line.startswith("192 "))


def our_tournament(spec: AcceptanceSpec, seed: int, out: Path) -> TournamentResult:
    """cpswiss's generator makes tournament ``seed``; the other engine checks every round."""
    trf26 = spec.engine_format == "trf26"
    config = tournament_config(spec, seed, trf26)
    result = TournamentResult(OURS, seed, NOT_GENERATED, config.players, config.rounds, config=config.line())
    try:
        t = generate(config, seed, spec.rules, trf26)
    except NoPairingError as exc:
        return replace(result, reason=f"no legal pairing in some round: {exc.one_line()}")
    except CpswissError as exc:
        return replace(result, verdict=FAILED, reason=f"the generator failed: {exc.one_line()}")
    text = text_for_engine(t)
    name = f"ours-{seed}.trf"
    result = replace(result, contents=contents(t))
    with tempfile.TemporaryDirectory(dir=_work(out)) as folder:
        (Path(folder) / name).write_text(text, encoding="utf-8")
        try:
            checked = _run(spec, name, "-c", cwd=folder)
        except subprocess.TimeoutExpired:
            _keep(out, name, text)
            return replace(result, verdict=REFUSED, reason=f"the engine's checker ran over {spec.timeout:g} s")
        if checked.returncode != 0:
            _keep(out, name, text)
            return replace(result, verdict=REFUSED, reason=f"the engine's checker exited {checked.returncode}: "
                                                           f"{_last_line(checked.stderr + checked.stdout)}")
        differing = _checker_rounds(checked.stdout)
        standings = _standings(spec, t, out)
        if not differing and not standings:
            return replace(result, verdict=AGREE)
        _keep(out, name, text)
        found = []
        for round_no, lines in sorted(differing.items()):
            boards, bye = t.pairing_of(round_no)
            before = f"{Path(name).stem}-r{round_no:02d}.trf"
            (Path(folder) / before).write_text(write_trf(tournament_before_round(t, round_no)), encoding="utf-8")
            try:
                paired = _run(spec, before, "-p", "pairing.txt", cwd=folder)
                pairing_file = Path(folder) / "pairing.txt"
                engine_text = pairing_file.read_text() if paired.returncode == 0 and pairing_file.exists() else None
            except subprocess.TimeoutExpired:
                engine_text = None
            if engine_text is None:
                found.append(Discrepancy(round_no, _pairing_words(boards, bye[0] if bye else None),
                                         "; ".join(x.strip() for x in lines), "",
                                         "the engine's checker differs; its own pairing of the round failed"))
                continue
            engine_boards, engine_bye = _read_engine_pairing(engine_text)
            proposal = Pairing(round_no, tuple(Board(w, b, "-") for w, b in engine_boards), engine_bye)
            article, reason = _decisive(t, round_no, spec.rules, proposal)
            ours_text, engine_words = _differing(boards, bye[0] if bye else None, engine_boards, engine_bye)
            found.append(Discrepancy(round_no, ours_text, engine_words, article, reason))
    return replace(result, verdict=DIFFER, discrepancies=tuple(found + standings))


def _standings(spec: AcceptanceSpec, t: Tournament, out: Path) -> list[Discrepancy]:
    """The final standings against the tie-break engine's, one discrepancy a column (none without one)."""
    from cpswiss.study.acceptance_tiebreaks import compare_standings

    if not spec.tiebreak_engine:
        return []
    return [Discrepancy(*d) for d in compare_standings(t, spec.tiebreak_engine, spec.tiebreaks,
                                                       spec.tiebreak_edition, _work(out))]


def _work(out: Path) -> str:
    work = out / "work"
    work.mkdir(parents=True, exist_ok=True)
    return str(work)


def run_task(spec: AcceptanceSpec, way: str, seed: int, out: str) -> dict:
    """One tournament one way (a Dask task): its result as a mapping; a fault of cpswiss is a
    result too (``failed``), never the end of the run."""
    try:
        make = their_tournament if way == THEIRS else our_tournament
        result = make(spec, seed, Path(out))
    except Exception as exc:  # a bug: counted, kept, the run goes on
        result = TournamentResult(way, seed, FAILED, reason=f"unexpected error: {type(exc).__name__}: {exc}")
    return result.as_dict()


# ---------------------------------------------------------------------------
# Running, resuming, reporting
# ---------------------------------------------------------------------------


def _result_path(out: Path, way: str, seed: int) -> Path:
    return out / "results" / f"{way}-{seed}.json"


def _save(out: Path, row: dict) -> None:
    path = _result_path(out, row["way"], row["seed"])
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(row, sort_keys=True), encoding="utf-8")
    os.replace(tmp, path)  # a result is there whole or not at all


def open_run(spec: AcceptanceSpec, out: Path) -> None:
    """Make the folder of a run, or check that the folder holds this run (perhaps shorter);
    the scratch files a stopped sitting left are removed (one sitting a folder at a time)."""
    import shutil

    spec.validate()
    (out / "results").mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / "work", ignore_errors=True)
    saved = out / "run.json"
    if saved.exists():
        data = json.loads(saved.read_text(encoding="utf-8"))
        old = AcceptanceSpec(**{**data, "sizes": tuple(data["sizes"]), "ways": tuple(data.get("ways", WAYS))})
        if not old.same_run(spec):
            raise InputError(f"{out} holds another run ({old.command()}); use another folder")
        if old.count >= spec.count:
            return
    saved.write_text(json.dumps(asdict(spec), sort_keys=True, indent=1), encoding="utf-8")


def _needs_run(out: Path, way: str, seed: int, recheck: bool) -> bool:
    path = _result_path(out, way, seed)
    if not path.exists():
        return True
    return recheck and json.loads(path.read_text(encoding="utf-8"))["verdict"] not in (AGREE, NOT_GENERATED)


def pending(spec: AcceptanceSpec, out: Path, recheck: bool = False) -> list[tuple[str, int]]:
    """The tournaments without a result; with ``recheck`` also those whose result is not an
    agreement (a discrepancy, a refusal, a failure): run again by this cpswiss, the other engine's
    from the file kept (after a fix, the report counts what this cpswiss does)."""
    return [(way, seed) for way, seed in spec.tasks() if _needs_run(out, way, seed, recheck)]


def execute(spec: AcceptanceSpec, out: Path, workers: int = 1, scheduler: str | None = None,
            progress: bool = True, limit: int | None = None, recheck: bool = False) -> int:
    """Run the tournaments without a result (and with ``recheck`` those without an agreement; at
    most ``limit``) on Dask, saving each result as it comes; the number run."""
    from dask.distributed import Client, LocalCluster, as_completed
    from tqdm import tqdm

    open_run(spec, out)
    left = pending(spec, out, recheck)
    todo = left[:limit]
    if not todo:
        return 0
    cluster = None if scheduler else LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                                  dashboard_address=":0")
    with tqdm(total=len(spec.tasks()), initial=len(spec.tasks()) - len(left), unit="tournament",
              desc="acceptance", disable=not progress) as bar, Client(cluster or scheduler) as client:
        futures = [client.submit(run_task, spec, way, seed, str(out), pure=False) for way, seed in todo]
        for future in as_completed(futures):
            _save(out, future.result())
            bar.update()
    if cluster is not None:
        cluster.close()
    return len(todo)


def load_results(spec: AcceptanceSpec, out: Path) -> list[TournamentResult]:
    """The results kept, in the run's order (the tournaments not run yet left out)."""
    results = []
    for way, seed in spec.tasks():
        path = _result_path(out, way, seed)
        if path.exists():
            results.append(TournamentResult.from_dict(json.loads(path.read_text(encoding="utf-8"))))
    return results


def _reproduce(spec: AcceptanceSpec, result: TournamentResult, d: Discrepancy) -> str:
    from cpswiss.study.acceptance_tiebreaks import is_standings, reproduce

    kept, round_no = f"kept/{result.way}-{result.seed}.trf", d.round_no
    if is_standings(d.reason):
        return reproduce(kept, spec.tiebreak_engine, spec.tiebreaks, spec.tiebreak_edition, round_no)
    if result.way == THEIRS:
        seed_args = ("-s", str(result.seed)) if spec.engine_seeds else ()  # else only the kept file repeats it
        return (f"{spec.shell('-g', f'kept/theirs-{result.seed}.cfg', '-o', 'T.trf', *seed_args)}; "
                f"cpswiss explain {kept} --round {round_no} --rules {spec.rules}")
    return (f"cpswiss generate -o T.trf --seed {result.seed} --rules {spec.rules} --format {spec.engine_format} "
            f"--players {result.players}; {spec.shell(kept, '-c')}; "
            f"cpswiss explain {kept} --round {round_no} --rules {spec.rules}")


def report(spec: AcceptanceSpec, results: list[TournamentResult]) -> str:
    """The run's report (Markdown), made from the results alone."""
    out = [f"# Acceptance run: cpswiss against `{spec.shell()}` under {spec.rules}", "",
           f"    {spec.command()}", "",
           f"Tournaments {spec.first_seed}-{spec.first_seed + spec.count - 1} each way, "
           f"{spec.sizes[0]}-{spec.sizes[1]} players.  A tournament whose generator could not finish it is "
           "not a tournament and is not counted; a tournament counts as a discrepancy when one round differs.", "",
           "| way | done | counted | players | rounds | agreeing | with a discrepancy | refused | failed |",
           "|---|---|---|---|---|---|---|---|---|"]
    for way, words in WAYS.items():
        if way not in spec.ways:
            continue
        mine = [r for r in results if r.way == way]
        counted = [r for r in mine if r.counted]
        sizes = f"{min(r.players for r in counted)}-{max(r.players for r in counted)}" if counted else "-"
        by = Counter(r.verdict for r in mine)
        out.append(f"| {words} | {len(mine)} of {spec.count} | {len(counted)} | {sizes} | "
                   f"{sum(r.rounds for r in counted):,} | {by[AGREE]} | **{by[DIFFER]}** | {by[REFUSED]} | "
                   f"{by[FAILED]} |")
    out += ["", "## What the tournaments held", "",
            "| kind | " + " | ".join(f"{w}: tournaments | {w}: times" for w in spec.ways) + " |",
            "|---|" + "---|---|" * len(spec.ways)]
    for kind in CONTENTS:
        cells = []
        for way in spec.ways:
            held = [r.contents.get(kind, 0) for r in results if r.way == way and r.contents]
            cells.append(f"{sum(1 for n in held if n)} | {sum(held)}")
        out.append(f"| {kind} | " + " | ".join(cells) + " |")
    rows = [(r, d) for r in results for d in r.discrepancies]
    causes = Counter((r.way, d.article or "(none named)") for r, d in rows)
    out += ["", "## Discrepancies by cause", ""]
    if not causes:
        out.append("None.")
    else:
        out += ["| way | article `cpswiss explain` names | rounds |", "|---|---|---|"]
        out += [f"| {way} | {article} | {n} |" for (way, article), n in sorted(causes.items())]
        out += ["", "## Every discrepancy", ""]
        for r, d in rows:
            out += [f"- **{r.way} {r.seed}, round {d.round_no}** (`kept/{r.way}-{r.seed}.trf`, {r.players} players): "
                    f"{d.article or 'no article'} - {d.reason}",
                    f"  - cpswiss: {d.cpswiss}", f"  - engine: {d.engine}",
                    f"  - reproduce: `{_reproduce(spec, r, d)}`"]
    others = [r for r in results if r.verdict in (REFUSED, FAILED, NOT_GENERATED)]
    out += ["", "## Not generated, refused, failed", ""]
    out += [f"- {r.way} {r.seed} ({r.players} players, {r.rounds} rounds): {r.verdict}: {r.reason}"
            for r in others] or ["None."]
    return "\n".join(out) + "\n"


def exit_code(results: list[TournamentResult]) -> int:
    """0 no tournament differs or failed; 1 one differs; 2 one failed by a fault of cpswiss."""
    verdicts = {r.verdict for r in results}
    return EXIT_UNEXPECTED if FAILED in verdicts else EXIT_NO_PAIRING if DIFFER in verdicts else EXIT_OK


def run_acceptance(spec: AcceptanceSpec, out: str | Path, workers: int = 1, scheduler: str | None = None,
                   progress: bool = True, limit: int | None = None, recheck: bool = False) -> str:
    """Run (or resume; with ``recheck`` run again what did not agree) the run in folder ``out``,
    write ``out/report.md``; the report."""
    folder = Path(out)
    execute(spec, folder, workers, scheduler, progress, limit, recheck)
    text = report(spec, load_results(spec, folder))
    (folder / "report.md").write_text(text, encoding="utf-8")
    return text


__all__ = ["AcceptanceSpec", "Discrepancy", "TournamentResult", "contents", "engine_config_text", "execute",
           "exit_code", "load_results", "our_tournament", "report", "run_acceptance", "run_task", "text_for_engine",
           "their_tournament", "tournament_before_round", "tournament_config"]
