"""``cpswiss pair``: the next round of a file by the system its flag names (an individual
system, the Double-Swiss System, the team system), by one call for every system
(:func:`cpswiss.api.pair`), with ``--explain``, ``-c``, ``--write-trf`` and the arbiter's
decisions (what-if)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from cpswiss import errors
from cpswiss.cli.options import (
    UsageError, accelerate_option, decision_options, decisions_of, fact_options, initial_colour_option,
    recompute_points_option, rules_for_flag, solver_options, solver_settings, tournament_of,
)
from cpswiss.cli.output import print_json, write_atomically, write_pairing_file

if TYPE_CHECKING:
    from cpswiss.registry import PairingSystem
    from cpswiss.systems import PairedRound
    from cpswiss.tournament.competition_state import CompetitionState
    from cpswiss.tournament.state import RoundState


def pair_arguments(pair: argparse.ArgumentParser) -> None:
    from cpswiss.registry import systems

    flags = pair.add_mutually_exclusive_group(required=True)
    for system in systems():
        flags.add_argument(f"--{system.flag}", metavar="FILE", dest=f"system_{system.name}",
                           help=f"{system.title}; without --rules: {system.default_rule_set}"
                                + (" or the rule set the file asks for" if system.rule_set_from_file else ""))
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
    accelerate_option(pair)
    fact_options(pair)
    recompute_points_option(pair)
    initial_colour_option(pair)
    decision_options(pair)
    solver_options(pair)


def cmd_pair(args) -> int:
    """``pair --FLAG FILE``: the round by :func:`cpswiss.api.pair`, one call for every system and
    for the arbiter's decisions (what they change printed first,
    :func:`cpswiss.check.whatif.what_if_round`), then the explanation, the file with the round
    appended, the pairing file or the table."""
    from cpswiss.api import pair
    from cpswiss.api.selection import check_pairs_file
    from cpswiss.tournament.state import RoundState

    system, path = _flagged_system(args)
    args.rules = rules_for_flag(system, args.rules)
    tournament = tournament_of(args, path)
    check_pairs_file(tournament, system)  # the flag's system, whatever rule set the file names
    if args.check:  # the check of every system: --json too
        return _check(args, path)
    decisions = decisions_of(args)
    settings = solver_settings(args)
    paired = pair(tournament, args.rules, settings=settings, decisions=None if decisions.empty else decisions,
                  system=system, initial_colour=args.initial_colour, accelerate=args.accelerate,
                  explain=args.explain)
    stream = sys.stderr if args.output == "-" else sys.stdout
    if not decisions.empty:
        from cpswiss.check.whatif import what_if_round

        outcome = what_if_round(tournament, decisions, paired, settings, args.accelerate, args.initial_colour)
        if outcome is not None:
            print("\n".join(outcome.lines()), file=stream)
    if args.explain:
        _explain(args, paired, tournament.path, stream)
    if args.write_trf:
        from cpswiss.formats.trf_writer import write_trf

        write_atomically(args.write_trf, write_trf(paired.written()))
    if args.output is not None or args.explain:
        return write_pairing_file(args.output, paired.lines())
    if isinstance(paired.state, RoundState):
        _print_games(paired, paired.state)
    else:
        _print_matches(paired, paired.state, system)
    return errors.EXIT_OK


def _explain(args: argparse.Namespace, paired: PairedRound, file: str, stream: TextIO) -> None:
    """``--explain``: the round in its system's words (``--json``: as JSON, in the same keys for
    every system: :meth:`cpswiss.check.explain.Explanation.as_dict`, :func:`cpswiss.check.
    matches.round_account`)."""
    from cpswiss.systems import PairingResult

    if not isinstance(paired.view, PairingResult):
        if args.json:
            from cpswiss.check.matches import round_account

            print_json(round_account(paired.view, file, paired.reason), stream)
            return
        from cpswiss.api import matches_text

        print(matches_text(paired.view), file=stream)
        return
    from cpswiss.check.explain import account_of

    account = account_of(paired.view, solver_settings(args), file)
    if args.json:
        print_json(account.as_dict(), stream)
    else:
        print(account.text(), file=stream)


def _print_games(paired: PairedRound, state: RoundState) -> None:
    """The round of a file of players as a table: board, White, Black, with names and scores."""
    players = state.players
    print(f"Round {paired.round_no}: {paired.rules.title} ({paired.reason})")
    for n, match in enumerate(paired.matches, start=1):
        w, b = players[match.white], players[match.black]
        print(f"{n:4d}  {w.id:4d} {w.name[:28]:<28} {w.score_text:>5}  -  "
              f"{b.id:4d} {b.name[:28]:<28} {b.score_text:>5}")
    if paired.bye is not None:
        p = players[paired.bye]
        print(f" bye  {p.id:4d} {p.name[:28]:<28} {p.score_text:>5}")
    if any(p.score != p.real_score for p in players.values()):
        print("(scores as real+virtual points: the virtual ones count for the pairing only)")


def _print_matches(paired: PairedRound, state: CompetitionState, system: PairingSystem) -> None:
    """The round of a file of matches (C.04.6 on TRF-2026 team records; C.04.5 on two round
    columns a match) as a table: a team by its match and game points, a player by his score
    (with the virtual points of an acceleration)."""
    from cpswiss.tournament.model import format_points

    found = state.competitors
    two_games = state.tournament.games_per_round > 1
    print(f"Round {paired.round_no}: {paired.rules.title}"
          + (" (two games a match: White plays game 1 with White)" if two_games else ""))

    def shown(cid: int) -> str:
        c = found[cid]
        if system.scores_by_match:
            return f"{c.id:3d} {c.name[:24]:<24} {f'{c.match_points / 10:g} MP {c.game_points / 10:g} GP':>14}"
        score = format_points(c.real_score) + (f"+{format_points(c.score - c.real_score)}" if c.score != c.real_score
                                               else "")
        return f"{c.id:4d} {c.name[:28]:<28} {score:>5}"

    for n, m in enumerate(paired.matches, start=1):
        print(f"{n:4d}  {shown(m.white)}  -  {shown(m.black)}")
    if paired.bye is not None:
        print(f" bye  {shown(paired.bye)}")


def _check(args: argparse.Namespace, path: str) -> int:
    """``pair -c``: the rounds already in the file checked, as ``cpswiss check FILE`` (its
    progress bar when standard error is a terminal)."""
    args.files, args.rounds, args.progress = [path], None, None
    from cpswiss.cli.checking import cmd_check

    return cmd_check(args)


def _flagged_system(args: argparse.Namespace) -> tuple[PairingSystem, str]:
    """The system whose flag was given (``--dutch``, ``--lim``, ...) and the file it names."""
    from cpswiss.registry import systems

    return next((s, getattr(args, f"system_{s.name}")) for s in systems()
                if getattr(args, f"system_{s.name}") is not None)
