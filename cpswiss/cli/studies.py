"""``cpswiss generate``, ``study``, ``bench`` and ``acceptance``: tournaments made, studied
over rule sets, timed, and compared with another engine."""

from __future__ import annotations

import argparse

from cpswiss import errors
from cpswiss.cli.options import UsageError, require_extras, _seconds, _workers, solver_options, solver_settings
from cpswiss.cli.output import write_atomically
from cpswiss.cli.progress import Progress, bar_wanted, progress_options


def generate_arguments(generate: argparse.ArgumentParser) -> None:
    from cpswiss.rulesets.model import EDITION_IN_FORCE
    from cpswiss.study.generate import PARAMETERS

    generate.description = ("A random tournament, every round paired by a rule set.  Each parameter is "
                            "an option or a key of CONFIG (the option wins); one that is given neither "
                            "way is drawn from the seed as its help says.  The same seed and parameters "
                            "give the same file.")
    generate.add_argument("config", nargs="?", help="key=value lines (RTG keys: PlayersNumber, RoundsNumber, ...)")
    generate.add_argument("-o", dest="output", required=True, metavar="OUT.trf")
    generate.add_argument("--seed", type=int, default=1, help="the same seed gives the same file (default 1)")
    generate.add_argument("--rules", default=EDITION_IN_FORCE,
                          help="rule set that pairs every round: any in 'cpswiss rules' (every Dutch edition, "
                               f"Baku included, and the other systems'); default {EDITION_IN_FORCE}")
    generate.add_argument("--format", choices=["trf16", "trf26"], default="trf26",
                          help="TRF-2026 (default) or TRF16, which has no record for a bye requested in advance")
    progress_options(generate)
    for parameter in PARAMETERS:
        generate.add_argument(parameter.flag, type=int, dest=f"parameter_{parameter.field}", metavar="N",
                              help=f"{parameter.key}: {parameter.meaning}; {parameter.minimum}-"
                                   f"{parameter.maximum}, {parameter.default_text}")


def study_arguments(study: argparse.ArgumentParser) -> None:
    study.add_argument("study", help="the study's TOML file")
    study.add_argument("-o", dest="output", metavar="DIR", help="output folder (default: beside the file)")
    study.add_argument("--workers", type=int, default=None, help="local processes (default: all cores)")
    study.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: a scheduler address, or "
                                                         "'local' for a local cluster")
    study.add_argument("--no-progress", action="store_true", help="no progress bar")


def _sizes(text: str) -> tuple[int, int]:
    low, _, high = text.partition("-")
    try:
        return int(low), int(high or low)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a range LOW-HIGH of players, not {text!r}") from None


def acceptance_arguments(acceptance: argparse.ArgumentParser) -> None:
    acceptance.add_argument("--engine", required=True, metavar="COMMAND",
                            help="the other engine's command (JaVaFo / bbpPairings command line: -g CONFIG -o OUT "
                                 "-s SEED generates, FILE -c checks, FILE -p OUT pairs), e.g. "
                                 "'/opt/bbpPairings-6.0.0' or 'java -jar javafo.jar'")
    acceptance.add_argument("--system", default="dutch", metavar="NAME",
                            help="the engine's system flag without its dashes (default dutch: --dutch); "
                                 "'none' for an engine without one")
    acceptance.add_argument("--rules", required=True, help="the rule set cpswiss pairs and checks with")
    acceptance.add_argument("--count", type=int, required=True, metavar="N", help="tournaments each way")
    acceptance.add_argument("-o", dest="output", required=True, metavar="DIR",
                            help="the run's folder: a result per tournament, the kept files, report.md; run the "
                                 "same command again to resume (or with a larger --count to extend)")
    acceptance.add_argument("--first-seed", type=int, default=1, help="seed of the first tournament (default 1)")
    acceptance.add_argument("--sizes", type=_sizes, default=(7, 400), metavar="LOW-HIGH",
                            help="players per tournament (default 7-400)")
    acceptance.add_argument("--engine-format", choices=["trf26", "trf16"], default="trf26",
                            help="the format cpswiss's tournaments are given to the engine in (default trf26)")
    acceptance.add_argument("--ways", nargs="+", choices=["theirs", "ours"], default=["theirs", "ours"],
                            help="theirs: its tournaments checked by cpswiss; ours: cpswiss's checked by it "
                                 "(default both)")
    acceptance.add_argument("--seedless", action="store_true",
                            help="the engine's generator takes no -s SEED (JaVaFo 1.4): its tournaments are "
                                 "repeated from the kept files only (--recheck)")
    acceptance.add_argument("--tiebreak-engine", default="", metavar="'CMD {trf} {codes} {round} {out}'",
                            help="a tie-break engine writing the TSV 'pno rank CODE...' ({edition} too): the final "
                                 "standings of every tournament compared, both ways")
    acceptance.add_argument("--tiebreaks", default="BH/C1,BH,SB,PS", metavar="CODES",
                            help="the list the standings are compared under (default BH/C1,BH,SB,PS)")
    acceptance.add_argument("--tiebreak-edition", choices=("2024", "2026"), default="2026",
                            help="the C.07 edition of the comparison (default 2026)")
    acceptance.add_argument("--workers", type=_workers, default=1, help="local Dask worker processes (default 1)")
    acceptance.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address instead")
    acceptance.add_argument("--limit", type=int, metavar="K", help="run at most K tournaments this sitting")
    acceptance.add_argument("--recheck", action="store_true",
                            help="run again the tournaments that did not agree (the other engine's from the "
                                 "files kept), e.g. after a fix; their new results replace the old")
    acceptance.add_argument("--timeout", type=_seconds, default=600.0, help="seconds one engine call may take")
    acceptance.add_argument("--no-progress", action="store_true", help="no progress bar")


def bench_arguments(bench: argparse.ArgumentParser) -> None:
    bench.add_argument("paths", nargs="*", help="TRF files or folders (default: the bundled benchmark set)")
    bench.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    bench.add_argument("--repeat", type=int, default=1, help="runs per file (default 1)")
    bench.add_argument("--compare", metavar="'CMD {trf} {out}'",
                       help="also time this pairing command on the same files, interleaved with cpswiss "
                            "(both as whole processes): per-file ratio, median ratio, same pairing or not")
    bench.add_argument("--check", action="store_true",
                       help="time 'cpswiss check' of whole tournaments instead of one round (with --compare: "
                            "another engine's check, e.g. 'bbpPairings-5.0.1 --dutch {trf} -c')")
    bench.add_argument("--one-process", action="store_true",
                       help="with --check --compare: cpswiss checks all the files in one process (a batch), the "
                            "other command runs once per file; the totals compared")
    bench.add_argument("--csv", metavar="OUT.csv",
                       help="also write each file's row (players - rounds with --check -, runs, median and worst seconds, median CPU "
                            "seconds, peak MB, outcome) as CSV, e.g. for scenarios/large-opens/plot_sizes.py")
    solver_options(bench)


def cmd_generate(args) -> int:
    from cpswiss.study.generate import PARAMETERS, GeneratorConfig

    values: dict[str, object] = dict(GeneratorConfig.read_mapping(args.config)) if args.config else {}
    values.update({p.key: getattr(args, f"parameter_{p.field}") for p in PARAMETERS
                   if getattr(args, f"parameter_{p.field}") is not None})
    trf26 = args.format == "trf26"
    if not trf26:
        values.setdefault("AdvanceNoticePercentage", 0)  # TRF16 cannot say a bye was requested in advance
    config = GeneratorConfig.drawn(values, args.seed, args.config or "command line")
    from cpswiss.study.systems import generated_text

    # a team rule set: PlayersNumber teams of BoardsNumber players; Double-Swiss: two-game matches
    with Progress(bar_wanted(args.progress), config.rounds, "round", "generate") as progress:
        text = generated_text(config, args.seed, args.rules, trf26, progress)
    write_atomically(args.output, text)
    return errors.EXIT_OK


def require_study_extras(command: str, modules: tuple[str, ...]) -> None:
    """:func:`require_extras` of the study extra."""
    require_extras(command, "study", modules)


def cmd_study(args) -> int:
    require_study_extras("study", ("matplotlib", "scipy", "tqdm") + (("distributed",) if args.dask else ()))
    from cpswiss.study.study import run_study

    summary = run_study(args.study, args.output, workers=args.workers, dask=args.dask,
                        progress=not args.no_progress)
    print(summary)
    return errors.EXIT_OK


def cmd_acceptance(args) -> int:
    import pathlib

    require_study_extras("acceptance", ("dask", "distributed", "tqdm"))
    from cpswiss.study.acceptance import AcceptanceSpec, exit_code, load_results, run_acceptance

    spec = AcceptanceSpec(args.engine, "" if args.system == "none" else f"--{args.system}", args.rules, args.count,
                          args.first_seed, args.sizes, args.engine_format, args.timeout,
                          tuple(w for w in ("theirs", "ours") if w in args.ways), not args.seedless,
                          args.tiebreak_engine, args.tiebreaks, args.tiebreak_edition)
    text = run_acceptance(spec, args.output, args.workers, args.scheduler, not args.no_progress, args.limit,
                          args.recheck)
    print(text.split("\n## What", 1)[0].rstrip())
    return exit_code(load_results(spec, pathlib.Path(args.output)))


def cmd_bench(args) -> int:
    from cpswiss.study.bench import csv_text, run_bench, run_compare, run_compare_check, run_compare_check_batch

    if args.one_process and not (args.check and args.compare):
        raise UsageError("--one-process goes with --check and --compare")
    if args.csv and args.compare:
        raise UsageError("--csv goes without --compare")
    if args.compare:
        compare = (run_compare_check_batch if args.one_process else run_compare_check) if args.check else run_compare
        return compare(args.paths, args.rules, args.compare, args.repeat)
    rows = run_bench(args.paths, args.rules, solver_settings(args), args.repeat, check=args.check)
    if args.csv:
        write_atomically(args.csv, csv_text(rows))
    return errors.EXIT_OK
