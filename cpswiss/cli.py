"""The ``cpswiss`` command line, compatible with JaVaFo / bbpPairings callers.

    cpswiss pair --dutch FILE.trf -p OUT     write the pairing file
    cpswiss pair --dutch FILE.trf            print a readable board list
    cpswiss pair --dutch FILE.trf --explain  ... with why each float, the bye, each colour
    cpswiss pair --dutch FILE.trf -c         check every round of the file (= cpswiss check)
    cpswiss pair --lim FILE.trf -p OUT       the same under another system: one flag per system
                                             (--lim: the FIDE Swiss rules of 1987-99)
    cpswiss check FILE.trf [--round N]       re-pair the rounds in the file and compare
    cpswiss check FILE|FOLDER ...            the same for many tournaments in one process
                                             (check, explain, state, resolve: also --dutch,
                                             --lim, --dubov, --burstein, as pair's flags)
    cpswiss explain FILE.trf --pairing P     is P the pairing the rules demand? which rule decides
    cpswiss explain FILE.trf --round N       the same for a round already in the file
    cpswiss state FILE.trf                   print the state before the next round
    cpswiss bench [FOLDER ...]               time the engine on tournament files
    cpswiss rules [show NAME | diff A B]     the rule sets: list, criteria in order, differences

Exit codes (bbpPairings): 0 done, 1 no legal pairing, 2 unexpected error,
3 invalid input, 4 too large, 5 file not readable/writable.  ``check`` and
``explain`` exit 0 when the pairing examined is the one the rules demand and 1
when it is not (or is illegal).  ``check`` of many files or a folder: 0 every
tournament agrees, 1 one differs, 3 none differs but a file was refused (its
line says why), 2 a tournament failed by a fault of cpswiss.  ``acceptance``: 0 no
tournament differs, 1 one differs, 2 one failed by a fault of cpswiss.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
from typing import TYPE_CHECKING, Callable

# numpy's OpenBLAS starts a thread per core on import; the pairing engine does not use numpy,
# but OR-Tools and pandas (the study tools) load it, and those threads would cost start-up time
# and contend for the cores with CP-SAT.  Set before numpy loads; a caller's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from cpswiss import errors  # noqa: E402 - after the thread setting, which must precede numpy
from cpswiss.errors import CpswissError, FileAccessError  # noqa: E402

if TYPE_CHECKING:
    from cpswiss.api.selection import SystemFlag
    from cpswiss.registry import PairingSystem
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.model import Tournament


def _write_atomically(path: str, text: str) -> None:
    """Write the whole file or nothing: a regular file (or a link to one) through a temporary
    file beside the target, renamed over it, never left behind; a device or FIFO
    (``/dev/stdout``, ``/dev/null``) written directly, never replaced."""
    if not path:
        raise FileAccessError("cannot write to an empty file name")
    try:
        kind = os.stat(path).st_mode  # follows links
    except FileNotFoundError:
        kind = None
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    if kind is not None and stat.S_ISDIR(kind):
        raise FileAccessError(f"{path}: cannot write file: it is a directory")
    try:
        if kind is not None and not stat.S_ISREG(kind):  # a device or FIFO: written, never replaced
            with open(path, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
            return
        import tempfile
        from pathlib import Path  # here only: a check, or a pairing printed, writes no file

        target = Path(os.path.realpath(path))  # through symbolic links: the link stays a link
        fd, tmp = tempfile.mkstemp(dir=str(target.parent), prefix=".cpswiss-")
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, target)
    except OSError as exc:
        raise FileAccessError(f"{path}: cannot write file: {exc.strerror or exc}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


class UsageError(CpswissError):
    """A command-line option out of range or malformed: exit 3 (invalid input), one line."""

    exit_code = errors.EXIT_INVALID_INPUT


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit 2, which means "unexpected error" here
        help_command = " ".join(["cpswiss", *self.prog.split()[1:2], "--help"])  # the subcommand's, if in one
        raise UsageError(f"usage: {message} (see '{help_command}')")


def _seconds(text: str) -> float:
    value = float(text)
    if not 0 < value <= 86400:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"must be a number of seconds from 0 to 86400, not {text!r}")
    return value


def _workers(text: str) -> int:
    value = int(text)
    if not 1 <= value <= 64:
        raise argparse.ArgumentTypeError(f"must be 1 to 64, not {text!r}")
    return value


def _installed_version() -> str:
    """The version of the installed distribution (pyproject's ``version``)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("cpswiss")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


class _VersionAction(argparse.Action):
    """``--version``: print the installed distribution's version and exit 0 (argparse's own
    action wants the text when the parser is built; reading package metadata costs start-up
    time that every other command would pay)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: object):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"cpswiss {_installed_version()}")
        parser.exit()


def _parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line.  Given the ``command`` about to run, only its subparser is built:
    building every subcommand's arguments, and importing every pairing system for ``pair``'s
    flags, is start-up time that a ``check`` process does not need.  Its help and its errors
    are the same either way (they name only the subcommand); the top-level help, which lists
    every subcommand, is built with ``command`` None (:func:`_command_in`)."""
    parser = _Parser(prog="cpswiss", description="FIDE Swiss pairing engine on CP-SAT")
    parser.add_argument("--debug", action="store_true", help="show tracebacks of unexpected errors")
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (help_text, add_arguments) in _SUBCOMMANDS.items():
        if command is None or command == name:
            add_arguments(sub.add_parser(name, help=help_text))
    return parser


def _command_in(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the first word that is not an option: the
    top-level options take no value), if it is one and nothing before it but ``--debug``
    (anything else there - ``-h``, ``--version``, an abbreviation, a mistake - is for the
    top-level parser, which then lists every subcommand)."""
    at = next((i for i, a in enumerate(argv) if not a.startswith("-")), None)
    if at is None or any(a != "--debug" for a in argv[:at]):
        return None
    return argv[at] if argv[at] in _SUBCOMMANDS else None


def _pair_arguments(pair: argparse.ArgumentParser) -> None:
    from cpswiss.registry import systems

    flags = pair.add_mutually_exclusive_group(required=True)
    for system in systems():
        flags.add_argument(f"--{system.flag}", metavar="FILE", dest=f"system_{system.name}",
                           help=f"{system.title}; without --rules: {system.default_rule_set}"
                                + (" or the edition the file asks for" if system.name == "dutch" else ""))
    pair.add_argument("-p", dest="output", nargs="?", const="-", default=None,
                      help="write the pairing file (count, then 'white black' per board, bye as 'id 0'); "
                           "without a file name: standard output")
    pair.add_argument("--write-trf", metavar="OUT",
                      help="also write the tournament with the new round appended (results pending), in the "
                           "input's format: TRF-2026 records stay TRF-2026")
    pair.add_argument("-c", dest="check", action="store_true",
                      help="check the rounds already in the file instead of pairing (as 'cpswiss check')")
    pair.add_argument("--explain", action="store_true",
                      help="also explain the pairing: brackets, why each float and the bye, each colour")
    pair.add_argument("--json", action="store_true", help="with --explain or -c: print JSON")
    pair.add_argument("--rules", help="rule set: a name or alias in models/ (see 'cpswiss rules') or a "
                                       "TOML file; default: record 192, else the start date (042), "
                                       "else the edition in force (dutch-2026)")
    _accelerate_option(pair)
    _fact_options(pair)
    _recompute_points_option(pair)
    pair.add_argument("--initial-colour", choices=["white", "black"],
                      help="initial colour of the top player (overrides XXC / 152)")
    _decision_options(pair)
    _solver_options(pair)


def _resolve_arguments(resolve: argparse.ArgumentParser) -> None:
    resolve.add_argument("file")
    resolve.add_argument("--count", type=int, default=3, metavar="K", help="how many alternatives (default 3)")
    resolve.add_argument("-p", dest="output", metavar="OUT", help="write the first alternative in the pairing-file "
                                                                  "format")
    resolve.add_argument("--json", action="store_true", help="print JSON")
    resolve.add_argument("--rules", help="rule set (default: from the file, as for pair); its [resolve] relax "
                                         "says which rules may give, in which order")
    _system_options(resolve)
    _fact_options(resolve)
    _accelerate_option(resolve)
    _recompute_points_option(resolve)
    _solver_options(resolve)


def _generate_arguments(generate: argparse.ArgumentParser) -> None:
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
    for parameter in PARAMETERS:
        generate.add_argument(parameter.flag, type=int, dest=f"parameter_{parameter.field}", metavar="N",
                              help=f"{parameter.key}: {parameter.meaning}; {parameter.minimum}-"
                                   f"{parameter.maximum}, {parameter.default_text}")


def _study_arguments(study: argparse.ArgumentParser) -> None:
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


def _acceptance_arguments(acceptance: argparse.ArgumentParser) -> None:
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
                                 "repeated from the kept files only")
    acceptance.add_argument("--workers", type=_workers, default=1, help="local Dask worker processes (default 1)")
    acceptance.add_argument("--scheduler", metavar="ADDRESS", help="a Dask scheduler's address instead")
    acceptance.add_argument("--limit", type=int, metavar="K", help="run at most K tournaments this sitting")
    acceptance.add_argument("--timeout", type=_seconds, default=600.0, help="seconds one engine call may take")
    acceptance.add_argument("--no-progress", action="store_true", help="no progress bar")


def _check_arguments(check: argparse.ArgumentParser) -> None:
    check.add_argument("files", nargs="+", metavar="FILE",
                       help="a tournament file; or many files and folders (every *.trf in them), checked in one "
                            "process: one line per tournament and a summary")
    check.add_argument("--round", type=int, action="append", dest="rounds", metavar="N",
                       help="check only round N (may be repeated)")
    check.add_argument("--json", action="store_true", help="print JSON (many files: one record a line, then the "
                                                           "summary)")
    check.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    _system_options(check)
    _fact_options(check)
    _accelerate_option(check)
    _recompute_points_option(check)
    _solver_options(check)


def _explain_arguments(explain: argparse.ArgumentParser) -> None:
    explain.add_argument("file")
    target = explain.add_mutually_exclusive_group(required=True)
    target.add_argument("--pairing", metavar="PROPOSED", help="proposed next-round pairing in the -p format")
    target.add_argument("--round", type=int, metavar="N", help="a round already in the file")
    explain.add_argument("--json", action="store_true", help="print JSON")
    explain.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    _system_options(explain)
    _fact_options(explain)
    _accelerate_option(explain)
    _recompute_points_option(explain)
    _solver_options(explain)


def _state_arguments(state: argparse.ArgumentParser) -> None:
    state.add_argument("file")
    state.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    _system_options(state)
    _fact_options(state)
    _recompute_points_option(state)


def _rules_arguments(rules: argparse.ArgumentParser) -> None:
    rules_sub = rules.add_subparsers(dest="action")
    show = rules_sub.add_parser("show", help="the criteria in order, with their articles, and the switches")
    show.add_argument("name", help="a rule set name, alias or TOML file")
    compare = rules_sub.add_parser("diff", help="what rule set B changes against rule set A")
    compare.add_argument("a")
    compare.add_argument("b")


def _bench_arguments(bench: argparse.ArgumentParser) -> None:
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
    _solver_options(bench)


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: this machine only)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")


# each subcommand, in the order the help lists them: its help line and what adds its arguments
_SUBCOMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {
    "pair": ("pair the next round of a TRF file", _pair_arguments),
    "resolve": ("the least-bad pairings when no legal one exists (or the pairing and its next alternatives)",
                _resolve_arguments),
    "generate": ("a random tournament, every round paired by a rule set", _generate_arguments),
    "study": ("tournaments x rule sets: measures, summary, plots", _study_arguments),
    "check": ("re-pair each round in the file and report those that differ", _check_arguments),
    "acceptance": ("the two-way acceptance run against another engine: its tournaments checked by cpswiss, "
                   "cpswiss's by it", _acceptance_arguments),
    "explain": ("compare a pairing with the rules' and name the deciding rule", _explain_arguments),
    "state": ("print the state before the round to be paired", _state_arguments),
    "rules": ("list the rule sets; show one; show what one changes against another", _rules_arguments),
    "bench": ("time the engine on TRF files (medians, p90, max, peak memory)", _bench_arguments),
    "serve": ("the arbiter's web page and a JSON API (pip install 'cpswiss[serve]')", _serve_arguments),
}


def _accelerate_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--accelerate", metavar="METHOD",
                   help="virtual points by a method: baku (the edition's Baku), baku-2017, baku-2026, "
                        "three-group, none; XXA/250 records in the file win")


def _recompute_points_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--recompute-points", action="store_true",
                   help="score every player from the results in the file instead of checking the points "
                        "columns (81-84) against them: for files whose writer leaves them 0.0")


def _read(path: str, args: argparse.Namespace) -> Tournament:
    """The tournament file named on the command line, read as its options say."""
    from cpswiss.formats.trf import read_trf

    return read_trf(path, recompute_points=getattr(args, "recompute_points", False))


def _system_options(p: argparse.ArgumentParser) -> None:
    """``--dutch``, ``--lim``, ``--dubov``, ``--burstein`` (one per registered system) with the
    meaning ``pair`` gives them: the system's rule set (``--rules`` among its editions, else its
    default; the Dutch one: the edition the file names), a file whose 192 names another system
    refused.  Only the systems' declarations are loaded, not their procedures."""
    from cpswiss.registry import systems

    flags = p.add_mutually_exclusive_group()
    for system in systems():
        flags.add_argument(f"--{system.flag}", action="store_true", dest=f"system_{system.name}",
                           help=f"by the {system.title} (as 'cpswiss pair --{system.flag}')")


def _fact_options(p: argparse.ArgumentParser) -> None:
    """Facts the arbiter states that the file does not hold (or holds otherwise)."""
    p.add_argument("--rounds", type=int, dest="total_rounds", metavar="N",
                   help="the number of rounds, when the file has no XXR / 142 record")
    p.add_argument("--rating", action="append", default=[], dest="ratings", metavar="PID=ELO",
                   help="a provisional rating the arbiter assigns to player PID (repeatable; "
                        "Dubov C.04.4.1 Art. 1.1: every player needs one)")


def _tournament_of(args: argparse.Namespace, path: str) -> Tournament:
    """The tournament a command works on: the file read (:func:`_read`), with - given ``--rounds``
    or ``--rating`` - the number of rounds and the provisional ratings the arbiter states (the
    file is not changed).  Bad values are usage errors (exit 3)."""
    t = _read(path, args)
    if getattr(args, "total_rounds", None) is None and not getattr(args, "ratings", []):
        return t
    from dataclasses import replace

    rounds = args.total_rounds
    if rounds is not None:
        if t.total_rounds is not None and rounds != t.total_rounds:
            raise UsageError(f"--rounds {rounds}: {path} has {t.total_rounds} rounds (XXR / 142)")
        if not t.last_paired_round < rounds <= 1000:
            raise UsageError(f"--rounds {rounds}: must be more than the {t.last_paired_round} rounds paired "
                             "in the file, and at most 1000")
    players = dict(t.players)
    for text in args.ratings:
        pid_text, _, elo_text = text.partition("=")
        if not (pid_text.strip().isdigit() and elo_text.strip().isdigit()):
            raise UsageError(f"--rating {text}: expected PID=ELO, e.g. --rating 12=1500")
        pid, elo = int(pid_text), int(elo_text)
        if pid not in players:
            raise UsageError(f"--rating {text}: {path} has no player {pid}")
        if not 0 < elo <= 4000:
            raise UsageError(f"--rating {text}: a rating is 1 to 4000")
        players[pid] = replace(players[pid], rating=elo)
    return replace(t, players=players, total_rounds=rounds if rounds is not None else t.total_rounds)


def _flag_rules(args: argparse.Namespace) -> str | None:
    """The rule-set request of a command that takes a file and the system flags: a system flag's
    (:func:`_rules_for_flag`), else ``--rules`` or None (the file decides)."""
    from cpswiss.api.selection import SystemFlag
    from cpswiss.registry import systems

    if isinstance(args.rules, SystemFlag):  # pair -c: chosen by pair's flag already
        return args.rules
    system = next((s for s in systems() if getattr(args, f"system_{s.name}", False)), None)
    return args.rules if system is None else _rules_for_flag(system, args.rules)


def _solver_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=_workers, default=1,
                   help="CP-SAT workers, 1-64 (the answer does not depend on it)")
    p.add_argument("--time-limit", type=_seconds, default=120.0,
                   help="seconds per solver call; hitting it is an error, never a guess")


def _settings(args) -> SolverSettings:
    from cpswiss.solver.settings import SolverSettings

    return SolverSettings(workers=max(1, args.workers), time_limit=args.time_limit)


def _print_json(data: dict, stream=None) -> None:
    import json

    json.dump(data, stream or sys.stdout, indent=2, default=str)
    (stream or sys.stdout).write("\n")


def _decision_options(parser) -> None:
    """The arbiter's decisions (repeatable): the best pairing under them (what-if)."""
    parser.add_argument("--fix", action="append", default=[], metavar="A-B",
                        help="players A and B must meet (repeatable)")
    parser.add_argument("--forbid", action="append", default=[], metavar="A-B",
                        help="players A and B must not meet (repeatable)")
    parser.add_argument("--bye", type=int, metavar="N", help="player N takes the pairing-allocated bye")
    parser.add_argument("--absent", type=int, action="append", default=[], metavar="N",
                        help="player N is not paired this round (repeatable)")


def _decisions(args):
    from cpswiss.check.decisions import Decisions, parse_pair

    return Decisions(fix=tuple(parse_pair(x, "--fix") for x in args.fix),
                     forbid=tuple(parse_pair(x, "--forbid") for x in args.forbid),
                     bye=args.bye, absent=tuple(args.absent))


def _cmd_pair(args) -> int:
    from cpswiss.api import pair_tournament

    system, path = _flagged_system(args)
    args.rules = _rules_for_flag(system, args.rules)
    if system.name == "team":
        return _cmd_pair_team(args, path)
    if system.name == "double-swiss":
        return _cmd_pair_double_swiss(args, path)
    from cpswiss.api.selection import check_pairs_file

    tournament = _tournament_of(args, path)
    check_pairs_file(tournament, system)  # the flag's system, whatever rule set the file names
    if args.check:
        args.files, args.rounds = [path], None
        return _cmd_check(args)
    decisions = _decisions(args)
    report: list[str] = []
    if not decisions.pairing_decisions.empty:
        from cpswiss.check.whatif import what_if

        if args.initial_colour:
            raise UsageError("--initial-colour cannot be combined with --fix/--forbid/--bye")
        outcome = what_if(tournament, decisions, args.rules, _settings(args), args.accelerate)
        result, report = outcome.result, outcome.lines()
    else:
        result = pair_tournament(tournament, args.rules, initial_colour=args.initial_colour,
                                 settings=_settings(args), accelerate=args.accelerate,
                                 decisions=decisions if not decisions.empty else None)
    if report:
        print("\n".join(report), file=sys.stderr if args.output == "-" else sys.stdout)
    if args.explain:
        from cpswiss.check.explain import account_of

        account = account_of(result, _settings(args), tournament.path)
        stream = sys.stderr if args.output == "-" else sys.stdout
        if args.json:
            _print_json(account.as_dict(), stream)
        else:
            print(account.text(), file=stream)
    if args.write_trf:
        from cpswiss.formats.trf_writer import write_trf
        from cpswiss.tournament.paired_round import with_round

        boards = [(b.white, b.black) for b in result.pairing.boards]
        paired = result.state.tournament  # as paired: with any virtual points a method made
        _write_atomically(args.write_trf, write_trf(with_round(paired, result.pairing.round_no, boards,
                                                               result.pairing.bye)))
    if args.output is not None or args.explain:
        return _write_pairing_file(args.output, result.pairing.lines())
    players = result.state.players
    print(f"Round {result.pairing.round_no}: {result.rules.title} ({result.rules_reason})")
    for n, board in enumerate(result.pairing.boards, start=1):
        w, b = players[board.white], players[board.black]
        print(f"{n:4d}  {w.id:4d} {w.name[:28]:<28} {w.score_text:>5}  -  "
              f"{b.id:4d} {b.name[:28]:<28} {b.score_text:>5}")
    if result.pairing.bye is not None:
        p = players[result.pairing.bye]
        print(f" bye  {p.id:4d} {p.name[:28]:<28} {p.score_text:>5}")
    if any(p.score != p.real_score for p in players.values()):
        print("(scores as real+virtual points: the virtual ones count for the pairing only)")
    return errors.EXIT_OK


def _write_pairing_file(output: str | None, lines: list[str]) -> int:
    """``-p``: the pairing file to ``output`` (``-``: standard output; None: nothing)."""
    if output is not None:
        text = "\n".join(lines) + "\n"
        if output == "-":
            sys.stdout.write(text)
        else:
            _write_atomically(output, text)
    return errors.EXIT_OK


def _cmd_pair_double_swiss(args, path: str) -> int:
    """``pair --double-swiss FILE``: a round of a Double-Swiss tournament by C.04.5 (a match of
    two games in two round columns, record 192 FIDE_DOUBLESWISS)."""
    from cpswiss.api import pair_double_swiss_tournament
    from cpswiss.tournament.model import format_points

    unsupported = [flag for flag, given in (("--json", args.json), ("--initial-colour", args.initial_colour))
                   if given]
    if unsupported or not _decisions(args).empty:
        raise UsageError(f"--double-swiss does not take {', '.join(unsupported) or '--fix/--forbid/--bye/--absent'}")
    if args.check:
        from cpswiss.check.double_swiss import check_double_swiss

        report = check_double_swiss(path, args.rules)
        print(report.text())
        return errors.EXIT_OK if report.agrees else errors.EXIT_NO_PAIRING
    result = pair_double_swiss_tournament(path, args.rules, record_refusals=args.explain,
                                          accelerate=args.accelerate)
    assert result.state is not None and result.rules is not None
    pairing, players = result.pairing, result.state.competitors
    if args.explain:
        from cpswiss.systems.double_swiss.explain import explain_text

        print(explain_text(result), file=sys.stderr if args.output == "-" else sys.stdout)
    if args.write_trf:
        from cpswiss.formats.trf_writer import write_trf
        from cpswiss.tournament.paired_round import with_round

        boards = [(b.white, b.black) for b in pairing.boards]
        _write_atomically(args.write_trf, write_trf(with_round(result.state.tournament, pairing.round_no, boards,
                                                               pairing.bye)))
    if args.output is not None or args.explain:
        return _write_pairing_file(args.output, result.lines())
    print(f"Round {pairing.round_no}: {result.rules.title} (two games a match: White plays game 1 with White)")

    def shown(pid: int) -> str:
        c = players[pid]
        score = format_points(c.real_score) + (f"+{format_points(c.score - c.real_score)}" if c.score != c.real_score
                                               else "")
        return f"{c.id:4d} {c.name[:28]:<28} {score:>5}"

    for n, board in enumerate(pairing.boards, start=1):
        print(f"{n:4d}  {shown(board.white)}  -  {shown(board.black)}")
    if pairing.bye is not None:
        print(f" bye  {shown(pairing.bye)}")
    return errors.EXIT_OK


def _cmd_pair_team(args, path: str) -> int:
    """``pair --team FILE``: a round of a team tournament by C.04.6 (TRF-2026 team records)."""
    from cpswiss.api import pair_team_tournament

    unsupported = [flag for flag, given in (("-c", args.check), ("--json", args.json),
                                            ("--initial-colour", args.initial_colour),
                                            ("--accelerate", args.accelerate)) if given]
    if unsupported or not _decisions(args).empty:
        raise UsageError(f"--team does not take {', '.join(unsupported) or '--fix/--forbid/--bye'}")
    result = pair_team_tournament(path, args.rules, record_refusals=args.explain)
    if args.explain:
        from cpswiss.api import team_explanation

        print(team_explanation(result), file=sys.stderr if args.output == "-" else sys.stdout)
    if args.write_trf:
        from cpswiss.formats.trf_writer import write_trf

        _write_atomically(args.write_trf, write_trf(result.tournament_with_round()))
    if args.output is not None or args.explain:
        return _write_pairing_file(args.output, result.lines())
    teams = result.state.competitors
    print(f"Round {result.round_no}: {result.rules.title}")

    def score(tpn: int) -> str:
        c = teams[tpn]
        return f"{c.match_points / 10:g} MP {c.game_points / 10:g} GP"

    for n, m in enumerate(result.matches, start=1):
        w, b = teams[m.white], teams[m.black]
        print(f"{n:4d}  {w.id:3d} {w.name[:24]:<24} {score(w.id):>14}  -  {b.id:3d} {b.name[:24]:<24} {score(b.id):>14}")
    if result.bye is not None:
        c = teams[result.bye]
        print(f" bye  {c.id:3d} {c.name[:24]:<24} {score(c.id):>14}")
    return errors.EXIT_OK


def _flagged_system(args: argparse.Namespace) -> tuple[PairingSystem, str]:
    """The system whose flag was given (``--dutch``, ``--lim``, ...) and the file it names."""
    from cpswiss.registry import systems

    return next((s, getattr(args, f"system_{s.name}")) for s in systems()
                if getattr(args, f"system_{s.name}") is not None)


def _rules_for_flag(system: PairingSystem, requested: str | None) -> SystemFlag | None:
    """The rule set a system flag pairs with: --rules if it is one of that system's, else the
    edition the file's 192 names if it is one of that system's, else the system's default -
    except for the Dutch and team flags, which leave the choice to the file (record 192, start
    date) as JaVaFo and bbpPairings do.  A rule set of another system is a usage error; a file
    whose 192 names another system an input error (:class:`cpswiss.api.selection.SystemFlag`)."""
    from cpswiss.rulesets.ruleset import load_rule_set
    from cpswiss.api.selection import SystemFlag
    from cpswiss.registry import systems

    if requested is None:
        if system.name == "team":
            return None  # the team path chooses the rule set from the file
        return SystemFlag("" if system.name == "dutch" else system.default_rule_set, system.name, system.flag)
    rules = load_rule_set(requested)
    if rules.system != system.name:
        other = next((s for s in systems() if s.name == rules.system), None)
        raise UsageError(f"--{system.flag} pairs with the {system.title}; {requested} is a rule set of "
                         f"the {rules.system} system" + (f" (use --{other.flag})" if other else ""))
    return SystemFlag(requested, system.name, system.flag, explicit=True)


def _cmd_state(args) -> int:
    import pandas as pd

    from cpswiss.api.selection import select_rule_set
    from cpswiss.rulesets.ruleset import load_rule_set
    from cpswiss.tournament.state import state_to_show

    tournament = _tournament_of(args, args.file)
    if tournament.is_team_tournament:
        from cpswiss.api import team_state_rows

        rows = team_state_rows(tournament, args.rules)
        with pd.option_context("display.max_rows", None, "display.width", 200):
            print(pd.DataFrame(rows).to_string(index=False))
        return errors.EXIT_OK
    if tournament.games_per_round > 1 and (args.rules is None or load_rule_set(args.rules).system == "double-swiss"):
        from cpswiss.api import double_swiss_state_rows

        with pd.option_context("display.max_rows", None, "display.width", 200):
            print(pd.DataFrame(double_swiss_state_rows(tournament, args.rules)).to_string(index=False))
        return errors.EXIT_OK
    rules, reason = select_rule_set(tournament, _flag_rules(args))
    state, finished = state_to_show(tournament, rules.state)
    total = tournament.total_rounds
    with pd.option_context("display.max_rows", None, "display.width", 200):
        print(f"{rules.title} ({reason})")
        if finished:
            print(f"Final state after round {tournament.last_paired_round} of {total} (the tournament is finished)")
        else:
            print(f"State before round {state.round_no} of {total or '?'}")
        print(state.frame().to_string(index=False))
    return errors.EXIT_OK


def _cmd_resolve(args) -> int:
    from cpswiss.check.resolve import resolve

    resolution = resolve(_tournament_of(args, args.file), _flag_rules(args), args.count, _settings(args),
                         args.accelerate)
    if args.output:
        _write_atomically(args.output, "\n".join(resolution.alternatives[0].pairing.lines()) + "\n")
    if args.json:
        _print_json(resolution.as_dict())
    else:
        print(resolution.text())
    return errors.EXIT_OK


def _cmd_generate(args) -> int:
    from cpswiss.study.generate import PARAMETERS, GeneratorConfig, generate_text

    values: dict[str, object] = dict(GeneratorConfig.read_mapping(args.config)) if args.config else {}
    values.update({p.key: getattr(args, f"parameter_{p.field}") for p in PARAMETERS
                   if getattr(args, f"parameter_{p.field}") is not None})
    trf26 = args.format == "trf26"
    if not trf26:
        values.setdefault("AdvanceNoticePercentage", 0)  # TRF16 cannot say a bye was requested in advance
    config = GeneratorConfig.drawn(values, args.seed, args.config or "command line")
    from cpswiss.registry import trf_code_of
    from cpswiss.rulesets.ruleset import load_rule_set

    rules = load_rule_set(args.rules)
    if rules.system == "team":  # a team tournament: PlayersNumber teams of BoardsNumber players
        from cpswiss.study.team_generate import simulate

        code = trf_code_of(rules) or "FIDE_TEAM"
        _write_atomically(args.output, simulate(config.players, config.boards, config.rounds, config.rounds,
                                                args.seed, code, config.draw_percentage / 100))
        return errors.EXIT_OK
    _write_atomically(args.output, generate_text(config, args.seed, args.rules, trf26))
    return errors.EXIT_OK


def _cmd_study(args) -> int:
    try:
        import matplotlib  # noqa: F401
        import scipy  # noqa: F401
        import tqdm  # noqa: F401
    except ImportError as exc:
        raise UsageError(f"cpswiss study needs the study extras ({exc.name} is missing): "
                         "pip install 'cpswiss[study]'") from None
    from cpswiss.study.study import run_study

    summary = run_study(args.study, args.output, workers=args.workers, dask=args.dask,
                        progress=not args.no_progress)
    print(summary)
    return errors.EXIT_OK


def _cmd_check(args) -> int:
    if len(args.files) > 1 or os.path.isdir(args.files[0]):
        return _check_many(args)
    from cpswiss.check.rounds import check_tournament

    tournament = _tournament_of(args, args.files[0])
    if tournament.games_per_round > 1:
        from cpswiss.check.double_swiss import check_double_swiss

        double_report = check_double_swiss(tournament, args.rules, args.rounds)
        print(double_report.text())
        return errors.EXIT_OK if double_report.agrees else errors.EXIT_NO_PAIRING
    if tournament.is_team_tournament:
        from cpswiss.check.teams import check_team_tournament

        team_report = check_team_tournament(args.files[0], args.rules, args.rounds)
        if args.json:
            _print_json(team_report.as_dict())
        else:
            print(team_report.text())
        return errors.EXIT_OK if team_report.agrees else errors.EXIT_NO_PAIRING
    report = check_tournament(tournament, _flag_rules(args), rounds=args.rounds, settings=_settings(args),
                              accelerate=args.accelerate)
    if args.json:
        _print_json(report.as_dict())
    else:
        print(report.text())
    return errors.EXIT_OK if report.agrees else errors.EXIT_NO_PAIRING


def _check_many(args) -> int:
    """Many tournaments in one process: a line (or JSON record) each, then the summary."""
    import json

    from cpswiss.check.batch import BatchSummary, check_many, tournament_files

    summary = BatchSummary()
    for verdict in check_many(tournament_files(args.files), _flag_rules(args), _settings(args), args.accelerate,
                              args.rounds):
        summary.add(verdict)
        print(json.dumps(verdict.as_dict(), default=str) if args.json else verdict.line(), flush=True)
    print(json.dumps({"summary": summary.as_dict()}) if args.json else summary.line())
    return summary.exit_code


def _cmd_acceptance(args) -> int:
    import pathlib

    from cpswiss.study.acceptance import AcceptanceSpec, exit_code, load_results, run_acceptance

    spec = AcceptanceSpec(args.engine, "" if args.system == "none" else f"--{args.system}", args.rules, args.count,
                          args.first_seed, args.sizes, args.engine_format, args.timeout,
                          tuple(w for w in ("theirs", "ours") if w in args.ways), not args.seedless)
    text = run_acceptance(spec, args.output, args.workers, args.scheduler, not args.no_progress, args.limit)
    print(text.split("\n## What", 1)[0].rstrip())
    return exit_code(load_results(spec, pathlib.Path(args.output)))


def _cmd_explain(args) -> int:
    from cpswiss.check.explain import explain_pairing

    tournament = _tournament_of(args, args.file)
    if tournament.is_team_tournament:
        from cpswiss.api import team_rule_set
        from cpswiss.check.teams import explain_team_proposal

        team_rule_set(tournament, args.rules)  # a rule set of another system: refused as they refuse
        if args.pairing is None or args.json:
            raise UsageError("a team file is explained with --pairing PROPOSED (text); a round in the file: "
                             "'cpswiss check FILE --round N'")
        text, agrees = explain_team_proposal(args.file, args.pairing, args.rules)
        print(text)
        return errors.EXIT_OK if agrees else errors.EXIT_NO_PAIRING

    explanation = explain_pairing(tournament, args.pairing, round_no=args.round, rule_set=_flag_rules(args),
                                  settings=_settings(args), accelerate=args.accelerate)
    if args.json:
        _print_json(explanation.as_dict())
    else:
        print(explanation.text())
    return errors.EXIT_OK if explanation.agrees else errors.EXIT_NO_PAIRING


def _cmd_rules(args) -> int:
    from cpswiss.rulesets.ruleset import (
        available_rule_sets,
        describe,
        diff,
        load_rule_set,
    )

    if args.action == "show":
        print("\n".join(describe(load_rule_set(args.name))))
    elif args.action == "diff":
        a, b = load_rule_set(args.a), load_rule_set(args.b)
        print(f"{b.name} against {a.name}:")
        print("\n".join("  " + line for line in diff(a, b)))
    else:
        for name in available_rule_sets():
            r = load_rule_set(name)
            aliases = f" (also {', '.join(r.aliases)})" if r.aliases else ""
            print(f"{name:<14} {r.title}{aliases}")
    return errors.EXIT_OK


def _cmd_bench(args) -> int:
    from cpswiss.study.bench import run_bench, run_compare, run_compare_check, run_compare_check_batch

    if args.one_process and not (args.check and args.compare):
        raise UsageError("--one-process goes with --check and --compare")
    if args.compare:
        compare = (run_compare_check_batch if args.one_process else run_compare_check) if args.check else run_compare
        return compare(args.paths, args.rules, args.compare, args.repeat)
    return run_bench(args.paths, args.rules, _settings(args), args.repeat, check=args.check)


def _cmd_serve(args) -> int:
    try:
        from cpswiss.server import serve
    except ImportError as exc:
        raise UsageError(f"cpswiss serve needs FastAPI and uvicorn ({exc.name} is missing): "
                         "pip install 'cpswiss[serve]'") from None
    return serve(args.host, args.port)


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser(_command_in(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    except UsageError as exc:
        print(f"cpswiss: {exc.one_line()}", file=sys.stderr)
        return exc.exit_code
    handler = {"pair": _cmd_pair, "check": _cmd_check, "explain": _cmd_explain, "state": _cmd_state,
               "bench": _cmd_bench, "rules": _cmd_rules, "resolve": _cmd_resolve,
               "generate": _cmd_generate, "study": _cmd_study, "serve": _cmd_serve,
               "acceptance": _cmd_acceptance}[args.command]
    try:
        return handler(args)
    except CpswissError as exc:
        print(f"cpswiss: {exc.one_line()}", file=sys.stderr)
        for line in getattr(exc, "details", []):
            print(line, file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        sys.stderr.close()
        return errors.EXIT_OK
    except KeyboardInterrupt:
        print("cpswiss: interrupted", file=sys.stderr)
        return errors.EXIT_UNEXPECTED
    except Exception as exc:  # a bug: one line unless --debug
        if args.debug:
            raise
        print(f"cpswiss: unexpected error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return errors.EXIT_UNEXPECTED


if __name__ == "__main__":
    sys.exit(main())
