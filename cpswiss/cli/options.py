"""The options several subcommands share and what they mean: the usage error (exit 3), the
solver's settings, acceleration, the points columns, the arbiter's decisions (what-if), the system
flags and the facts the arbiter states, and the tournament file read as the options say.

``_seconds`` and ``_workers`` keep their names: argparse names a type function in its error
("invalid _workers value: 'x'")."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cpswiss import errors
from cpswiss.errors import CpswissError

if TYPE_CHECKING:
    from collections.abc import Callable

    from cpswiss.api.selection import SystemFlag
    from cpswiss.registry import PairingSystem
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.model import Tournament


class UsageError(CpswissError):
    """A command-line option out of range or malformed: exit 3 (invalid input), one line."""

    exit_code = errors.EXIT_INVALID_INPUT


def require_extras(command: str, extra: str, modules: tuple[str, ...]) -> None:
    """Refuse ``cpswiss command`` in one line (exit 3), naming the missing module and the extra to
    install, when one of ``modules`` (the optional dependencies of ``extra`` that it uses) is not
    installed."""
    import importlib.util

    for module in modules:
        if importlib.util.find_spec(module) is None:
            raise UsageError(f"cpswiss {command} needs the {extra} extras ({module} is missing): "
                             f"pip install 'cpswiss[{extra}]'")


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


def accelerate_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--accelerate", metavar="METHOD",
                   help="virtual points by a method: baku (the edition's Baku), baku-2017, baku-2026, "
                        "three-group, none; XXA/250 records in the file win")


def recompute_points_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--recompute-points", action="store_true",
                   help="score every player from the results in the file instead of checking the points "
                        "columns (81-84) against them: for files whose writer leaves them 0.0")


def read_tournament(path: str, args: argparse.Namespace) -> Tournament:
    """The tournament file named on the command line, read as its options say."""
    from cpswiss.formats.trf import read_trf

    return read_trf(path, recompute_points=getattr(args, "recompute_points", False))


def system_options(p: argparse.ArgumentParser) -> None:
    """``--dutch``, ``--lim``, ``--dubov``, ``--burstein`` (one per registered system) with the
    meaning ``pair`` gives them: the system's rule set (``--rules`` among its editions, else its
    default; the Dutch one: the edition the file names), a file whose 192 names another system
    refused.  Only the systems' declarations are loaded, not their procedures."""
    from cpswiss.registry import systems

    flags = p.add_mutually_exclusive_group()
    for system in systems():
        flags.add_argument(f"--{system.flag}", action="store_true", dest=f"system_{system.name}",
                           help=f"by the {system.title} (as 'cpswiss pair --{system.flag}')")


def fact_options(p: argparse.ArgumentParser) -> None:
    """Facts the arbiter states that the file does not hold (or holds otherwise)."""
    p.add_argument("--rounds", type=int, dest="total_rounds", metavar="N",
                   help="the number of rounds, when the file has no XXR / 142 record (at least the rounds "
                        "paired; a Double-Swiss round is a match of two games)")
    p.add_argument("--rating", action="append", default=[], dest="ratings", metavar="PID=ELO",
                   help="a provisional rating the arbiter assigns to player PID (repeatable; "
                        "Dubov C.04.4.1 Art. 1.1: every player needs one)")


def initial_colour_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--initial-colour", choices=["white", "black"],
                   help="initial colour of the top player (overrides XXC / 152)")


def flagged_system(args: argparse.Namespace) -> PairingSystem | None:
    """The system whose flag a command that reads FILE as its argument was given (``check FILE
    --team``), or None (``pair --team FILE`` names the file with its flag: checked there)."""
    from cpswiss.registry import systems

    return next((s for s in systems() if getattr(args, f"system_{s.name}", None) is True), None)


def tournament_of(args: argparse.Namespace, path: str) -> Tournament:
    """The tournament a command works on: the file read (:func:`read_tournament`), with - given ``--rounds``
    or ``--rating`` - the number of rounds and the provisional ratings the arbiter states (the
    file is not changed).  Bad values are usage errors (exit 3); a system flag whose system
    does not pair a file of this kind is refused in one line, by every command alike
    (:func:`cpswiss.api.selection.check_pairs_file`)."""
    t = read_tournament(path, args)
    system = flagged_system(args)
    if system is not None:
        from cpswiss.api.selection import check_pairs_file

        check_pairs_file(t, system)
    if getattr(args, "total_rounds", None) is None and not getattr(args, "ratings", []):
        return t
    from dataclasses import replace

    rounds = args.total_rounds
    if rounds is not None:
        # a round of a Double-Swiss file is a match of two round columns; its 142 counts columns
        per = t.games_per_round
        if t.total_rounds is not None and rounds * per != t.total_rounds:
            raise UsageError(f"--rounds {rounds}: {path} has {t.total_rounds // per} rounds (XXR / 142)")
        paired = -(-t.last_paired_round // per)
        if not max(paired, 1) <= rounds <= 1000:
            raise UsageError(f"--rounds {rounds}: must be at least the {paired} rounds paired "
                             "in the file (a finished event: as many), and at most 1000")
        rounds *= per
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


def read_tournament_as(args: argparse.Namespace) -> Callable[[str], Tournament]:
    """Each file of a command on many files read as :func:`tournament_of` reads one."""
    return lambda path: tournament_of(args, path)


def flag_rules(args: argparse.Namespace) -> str | None:
    """The rule-set request of a command that takes a file and the system flags: a system flag's
    (:func:`rules_for_flag`), else ``--rules`` or None (the file decides)."""
    from cpswiss.api.selection import SystemFlag
    from cpswiss.registry import systems

    if isinstance(args.rules, SystemFlag):  # pair -c: chosen by pair's flag already
        return args.rules
    system = next((s for s in systems() if getattr(args, f"system_{s.name}", False)), None)
    return args.rules if system is None else rules_for_flag(system, args.rules)


def solver_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--workers", type=_workers, default=1,
                   help="CP-SAT workers, 1-64 (the answer does not depend on it)")
    p.add_argument("--time-limit", type=_seconds, default=120.0,
                   help="seconds per solver call; hitting it is an error, never a guess")


def solver_settings(args) -> SolverSettings:
    from cpswiss.solver.settings import SolverSettings

    return SolverSettings(workers=max(1, args.workers), time_limit=args.time_limit)


def decision_options(parser) -> None:
    """The arbiter's decisions (repeatable): the best pairing under them (what-if)."""
    parser.add_argument("--fix", action="append", default=[], metavar="A-B",
                        help="players A and B must meet (repeatable)")
    parser.add_argument("--forbid", action="append", default=[], metavar="A-B",
                        help="players A and B must not meet (repeatable)")
    parser.add_argument("--bye", type=int, metavar="N", help="player N takes the pairing-allocated bye")
    parser.add_argument("--absent", type=int, action="append", default=[], metavar="N",
                        help="player N is not paired this round (repeatable)")


def decisions_of(args):
    from cpswiss.check.decisions import Decisions, parse_pair

    return Decisions(fix=tuple(parse_pair(x, "--fix") for x in args.fix),
                     forbid=tuple(parse_pair(x, "--forbid") for x in args.forbid),
                     bye=args.bye, absent=tuple(args.absent))


def rules_for_flag(system: PairingSystem, requested: str | None) -> SystemFlag | None:
    """The rule set a system flag pairs with (:func:`cpswiss.api.selection.rule_set_for_system`);
    a rule set of another system is a usage error."""
    from cpswiss.api.selection import OtherSystemsRuleSet, rule_set_for_system

    try:
        return rule_set_for_system(system, requested)
    except OtherSystemsRuleSet as exc:
        raise UsageError(exc.problem) from None
