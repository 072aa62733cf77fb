"""``cpswiss check`` (one file, or many files and folders in one process) and ``cpswiss
explain``: is a pairing the one the rules demand, and which rule decides."""

from __future__ import annotations

import argparse
import os

from cpswiss import errors
from cpswiss.cli.options import (
    UsageError, accelerate_option, fact_options, flag_rules, initial_colour_option, read_tournament_as,
    recompute_points_option, solver_options, solver_settings, system_options, tournament_of,
)
from cpswiss.cli.output import print_json
from cpswiss.cli.progress import Progress, bar_wanted, progress_options
from cpswiss.cli.ranking import explain_standings, list_options, ranks_of, with_ranks


def check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="a tournament file; or many files and folders (every *.trf in them), checked in one "
                            "process: one line per tournament and a summary")
    check.add_argument("--round", type=int, action="append", dest="rounds", metavar="N",
                       help="check only round N (may be repeated)")
    check.add_argument("--json", action="store_true", help="print JSON (many files: one record a line, then the "
                                                           "summary)")
    check.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    system_options(check)
    fact_options(check)
    accelerate_option(check)
    recompute_points_option(check)
    initial_colour_option(check)
    solver_options(check)
    list_options(check)
    progress_options(check)


def explain_arguments(explain: argparse.ArgumentParser) -> None:
    explain.add_argument("file")
    target = explain.add_mutually_exclusive_group()
    target.add_argument("--pairing", metavar="PROPOSED", help="proposed next-round pairing in the -p format")
    target.add_argument("--round", type=int, metavar="N", help="a round already in the file (with --standings: "
                                                               "the standings after round N)")
    explain.add_argument("--standings", nargs=2, type=int, metavar=("A", "B"),
                         help="why competitor A ranks ahead of B (or B of A): the first tie-break that separates them")
    list_options(explain)
    explain.add_argument("--json", action="store_true", help="print JSON")
    explain.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    system_options(explain)
    fact_options(explain)
    accelerate_option(explain)
    recompute_points_option(explain)
    solver_options(explain)


def cmd_check(args) -> int:
    """One file: every round re-paired and compared, one report for every system (text or
    ``--json``); many files or a folder: :func:`_check_many`.  A progress bar of the rounds
    checked on standard error (:mod:`cpswiss.cli.progress`)."""
    if len(args.files) > 1 or os.path.isdir(args.files[0]):
        return _check_many(args)
    from cpswiss.check.rounds import check_tournament

    tournament = tournament_of(args, args.files[0])
    ranks = ranks_of(tournament, args)
    with Progress(bar_wanted(args.progress), None, "round", "check") as progress:
        report = check_tournament(tournament, flag_rules(args), rounds=args.rounds, settings=solver_settings(args),
                                  accelerate=args.accelerate, initial_colour=args.initial_colour,
                                  progress=progress.rounds_checked)
    if not args.json:
        print(report.text())
    return with_ranks(ranks, report.agrees, report.as_dict() if args.json else None)


def _check_many(args) -> int:
    """Many tournaments in one process: a line (or JSON record) each, then the summary; a
    progress bar of the files checked on standard error."""
    import json

    from cpswiss.check.batch import BatchSummary, check_many, tournament_files

    summary = BatchSummary()
    files = tournament_files(args.files)
    with Progress(bar_wanted(args.progress), len(files), "file", "check") as progress:
        for verdict in check_many(files, flag_rules(args), solver_settings(args), args.accelerate,
                                  args.rounds, args.initial_colour, read_tournament_as(args), args.tiebreaks,
                                  args.edition):
            summary.add(verdict)
            with progress.writing():
                print(json.dumps(verdict.as_dict(), default=str) if args.json else verdict.line(), flush=True)
            progress.step()
    print(json.dumps({"summary": summary.as_dict()}) if args.json else summary.line())
    return summary.exit_code


def cmd_explain(args) -> int:
    from cpswiss.check.explain import explain_pairing

    tournament = tournament_of(args, args.file)
    if args.standings or not (args.pairing or args.round is not None):
        if args.pairing or not args.standings:
            raise UsageError("explain: give one of --pairing, --round, --standings A B (--round N may "
                                    "go with --standings)")
        return explain_standings(args, tournament)
    from cpswiss.check.matches import explain_matches, is_file_of_matches

    if is_file_of_matches(tournament):  # a team or Double-Swiss file
        matches = explain_matches(tournament, args.pairing, round_no=args.round,
                                  rule_set=args.rules, accelerate=args.accelerate)
        if args.json:
            print_json(matches.as_dict())
        else:
            print(matches.text())
        return errors.EXIT_OK if matches.agrees else errors.EXIT_NO_PAIRING

    explanation = explain_pairing(tournament, args.pairing, round_no=args.round, rule_set=flag_rules(args),
                                  settings=solver_settings(args), accelerate=args.accelerate)
    if args.json:
        print_json(explanation.as_dict())
    else:
        print(explanation.text())
    return errors.EXIT_OK if explanation.agrees else errors.EXIT_NO_PAIRING
