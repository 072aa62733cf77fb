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
    cpswiss standings FILE.trf               the standings and tie-breaks (C.07) after a round
    cpswiss bench [FOLDER ...]               time the engine on tournament files
    cpswiss rules [show NAME | diff A B]     the rule sets: list, criteria in order, differences

Exit codes (bbpPairings): 0 done, 1 no legal pairing, 2 unexpected error,
3 invalid input, 4 too large, 5 file not readable/writable.  ``check`` and
``explain`` exit 0 when the pairing examined is the one the rules demand and 1
when it is not (or is illegal).  ``check`` of many files or a folder: 0 every
tournament agrees, 1 one differs, 3 none differs but a file was refused (its
line says why), 2 a tournament failed by a fault of cpswiss.  ``acceptance``: 0 no
tournament differs, 1 one differs, 2 one failed by a fault of cpswiss.

This module builds the top-level parser and runs the subcommand.  Each subcommand's arguments and
command are in a module of their own: :mod:`.pairing` (pair), :mod:`.checking` (check, explain),
:mod:`.state` (state, resolve), :mod:`.studies` (generate, study, bench, acceptance),
:mod:`.rules` and :mod:`.serve`; the options several share in :mod:`.options`, the files written in
:mod:`.output`.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from types import ModuleType
from typing import Callable

# numpy's OpenBLAS starts a thread per core on import; the pairing engine does not use numpy,
# but OR-Tools and pandas (the study tools) load it, and those threads would cost start-up time
# and contend for the cores with CP-SAT.  Set before numpy loads (every module of the command
# line is imported after this one); a caller's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# after the thread setting, which must precede numpy
from cpswiss import errors  # noqa: E402
from cpswiss.cli.options import UsageError  # noqa: E402
from cpswiss.errors import CpswissError  # noqa: E402


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would exit 2, which means "unexpected error" here
        help_command = " ".join(["cpswiss", *self.prog.split()[1:2], "--help"])  # the subcommand's, if in one
        raise UsageError(f"usage: {message} (see '{help_command}')")


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
    for name, (help_text, _) in _SUBCOMMANDS.items():
        if command is None:
            sub.add_parser(name, help=help_text)  # the top-level help: names and help lines only
        elif command == name:
            getattr(_module_of(name), f"{name}_arguments")(sub.add_parser(name, help=help_text))
    return parser


def _module_of(command: str) -> ModuleType:
    """The module of a subcommand, imported when it is about to run (a ``pair`` process loads
    neither the study tools' options nor the server's)."""
    return importlib.import_module(f"cpswiss.cli.{_SUBCOMMANDS[command][1]}")


def _command_in(argv: list[str]) -> str | None:
    """The subcommand named on the command line (the first word that is not an option: the
    top-level options take no value), if it is one and nothing before it but ``--debug``
    (anything else there - ``-h``, ``--version``, an abbreviation, a mistake - is for the
    top-level parser, which then lists every subcommand)."""
    at = next((i for i, a in enumerate(argv) if not a.startswith("-")), None)
    if at is None or any(a != "--debug" for a in argv[:at]):
        return None
    return argv[at] if argv[at] in _SUBCOMMANDS else None


# each subcommand, in the order the help lists them: its help line and the module (of this
# package) holding its ``NAME_arguments`` and ``cmd_NAME``
_SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "pair": ("pair the next round of a TRF file", "pairing"),
    "resolve": ("the least-bad pairings when no legal one exists (or the pairing and its next alternatives)",
                "state"),
    "generate": ("a random tournament, every round paired by a rule set", "studies"),
    "study": ("tournaments x rule sets: measures, summary, plots", "studies"),
    "check": ("re-pair each round in the file and report those that differ", "checking"),
    "acceptance": ("the two-way acceptance run against another engine: its tournaments checked by cpswiss, "
                   "cpswiss's by it", "studies"),
    "explain": ("compare a pairing with the rules' and name the deciding rule", "checking"),
    "state": ("print the state before the round to be paired", "state"),
    "standings": ("the standings after a round under a tie-break list (FIDE C.07)", "standings"),
    "rules": ("list the rule sets; show one; show what one changes against another", "rules"),
    "bench": ("time the engine on TRF files (medians, p90, max, peak memory)", "studies"),
    "serve": ("the arbiter's web page and a JSON API (pip install 'cpswiss[serve]')", "serve"),
}


def main(argv: list[str] | None = None) -> int:
    try:
        args = _parser(_command_in(sys.argv[1:] if argv is None else argv)).parse_args(argv)
    except UsageError as exc:
        print(f"cpswiss: {exc.one_line()}", file=sys.stderr)
        return exc.exit_code
    handler: Callable[[argparse.Namespace], int] = getattr(_module_of(args.command), f"cmd_{args.command}")
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


def run() -> int:
    """The ``cpswiss`` command and ``python -m cpswiss.cli``: :func:`main` on the process's
    arguments, after which every object left is frozen (``gc.freeze``), so that the collection
    the interpreter makes as it exits does not walk them: the process ends and its memory with
    it.  (Measured, compiled: ``check`` of a 7-player, 6-round tournament 5.5% fewer
    instructions; most of what a process holds at exit is its modules, rule set and tournament.)"""
    code = main()
    gc.freeze()
    return code
