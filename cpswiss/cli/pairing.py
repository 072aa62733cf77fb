"""``cpswiss pair``: the next round of a file by the system its flag names (an individual
system, the Double-Swiss System, the team system), with ``--explain``, ``-c``, ``--write-trf`` and
the arbiter's decisions (what-if)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from cpswiss import errors
from cpswiss.cli.checking import cmd_check
from cpswiss.cli.options import (
    UsageError, accelerate_option, decision_options, decisions_of, fact_options, initial_colour_option,
    recompute_points_option, rules_for_flag, solver_options, solver_settings, tournament_of,
)
from cpswiss.cli.output import print_json, write_atomically, write_pairing_file

if TYPE_CHECKING:
    from cpswiss.registry import PairingSystem
    from cpswiss.systems.shared.topdown_account import MatchRound
    from cpswiss.tournament.model import Tournament


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
    from cpswiss.api import pair_tournament

    system, path = _flagged_system(args)
    args.rules = rules_for_flag(system, args.rules)
    if system.pairs_matches:
        return _cmd_pair_matches(args, path, system)
    from cpswiss.api.selection import check_pairs_file

    tournament = tournament_of(args, path)
    check_pairs_file(tournament, system)  # the flag's system, whatever rule set the file names
    if args.check:
        return _check(args, path)
    decisions = decisions_of(args)
    report: list[str] = []
    if not decisions.pairing_decisions.empty:
        from cpswiss.check.whatif import what_if

        if args.initial_colour:
            raise UsageError("--initial-colour cannot be combined with --fix/--forbid/--bye")
        outcome = what_if(tournament, decisions, args.rules, solver_settings(args), args.accelerate)
        result, report = outcome.result, outcome.lines()
    else:
        result = pair_tournament(tournament, args.rules, initial_colour=args.initial_colour,
                                 settings=solver_settings(args), accelerate=args.accelerate,
                                 decisions=decisions if not decisions.empty else None)
    if report:
        print("\n".join(report), file=sys.stderr if args.output == "-" else sys.stdout)
    if args.explain:
        from cpswiss.check.explain import account_of

        account = account_of(result, solver_settings(args), tournament.path)
        stream = sys.stderr if args.output == "-" else sys.stdout
        if args.json:
            print_json(account.as_dict(), stream)
        else:
            print(account.text(), file=stream)
    if args.write_trf:
        from cpswiss.formats.trf_writer import write_trf
        from cpswiss.tournament.paired_round import with_round

        boards = [(b.white, b.black) for b in result.pairing.boards]
        paired = result.state.tournament  # as paired: with any virtual points a method made
        write_atomically(args.write_trf, write_trf(with_round(paired, result.pairing.round_no, boards,
                                                               result.pairing.bye)))
    if args.output is not None or args.explain:
        return write_pairing_file(args.output, result.pairing.lines())
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


def _cmd_pair_matches(args, path: str, system: PairingSystem) -> int:
    """``pair --team FILE`` / ``pair --double-swiss FILE``: a round of a file of matches by its
    system (C.04.6 on TRF-2026 team records; C.04.5 on two round columns a match, record 192
    FIDE_DOUBLESWISS), through :func:`cpswiss.api.pair_matches`: the system refuses what it does
    not take (a team file's ``--accelerate``)."""
    from cpswiss.api import matches_text, pair_matches
    from cpswiss.tournament.model import format_points

    if args.check:  # the check of every system: --json too
        return _check(args, path)
    if args.json:
        raise UsageError(f"--{system.flag} does not take --json")
    decided = _what_if(args, path)
    result = decided if decided is not None else pair_matches(
        _match_tournament(args, path), args.rules, record_refusals=args.explain, accelerate=args.accelerate,
        system=system)
    if args.explain:
        print(matches_text(result), file=sys.stderr if args.output == "-" else sys.stdout)
    _write_matches(args, result)
    if args.output is not None or args.explain:
        return write_pairing_file(args.output, result.lines())
    found = result.state.competitors
    two_games = result.state.tournament.games_per_round > 1
    print(f"Round {result.round_no}: {result.rules.title}"
          + (" (two games a match: White plays game 1 with White)" if two_games else ""))

    def shown(cid: int) -> str:
        c = found[cid]
        if system.scores_by_match:
            return f"{c.id:3d} {c.name[:24]:<24} {f'{c.match_points / 10:g} MP {c.game_points / 10:g} GP':>14}"
        score = format_points(c.real_score) + (f"+{format_points(c.score - c.real_score)}" if c.score != c.real_score
                                               else "")
        return f"{c.id:4d} {c.name[:28]:<28} {score:>5}"

    for n, m in enumerate(result.matches, start=1):
        print(f"{n:4d}  {shown(m.white)}  -  {shown(m.black)}")
    if result.bye is not None:
        print(f" bye  {shown(result.bye)}")
    return errors.EXIT_OK


def _write_matches(args: argparse.Namespace, result: MatchRound) -> None:
    """``--write-trf OUT``: the file with the round of matches appended, results pending
    (:func:`cpswiss.tournament.paired_round.with_round`: a team round on the teams' boards, a
    Double-Swiss match in its two columns)."""
    if not args.write_trf:
        return
    from cpswiss.formats.trf_writer import write_trf
    from cpswiss.tournament.paired_round import with_round

    matches = [(m.white, m.black) for m in result.matches]
    write_atomically(args.write_trf, write_trf(with_round(result.state.tournament, result.round_no, matches,
                                                           result.bye)))


def _check(args: argparse.Namespace, path: str) -> int:
    """``pair -c``: the rounds already in the file checked, as ``cpswiss check FILE`` (its
    progress bar when standard error is a terminal)."""
    args.files, args.rounds, args.progress = [path], None, None
    return cmd_check(args)


def _what_if(args: argparse.Namespace, path: str) -> MatchRound | None:
    """With the arbiter's decisions (``--fix``, ``--forbid``, ``--bye``, ``--absent``) on a team or
    Double-Swiss file: the round under them by the system's procedure, what changed against the
    rules' pairing printed first (:func:`cpswiss.check.matches.what_if_matches`); the system's
    own result of it.  None without decisions."""
    decisions = decisions_of(args)
    if decisions.empty:
        return None
    from cpswiss.check.matches import what_if_matches

    outcome = what_if_matches(_match_tournament(args, path), decisions, args.rules, args.accelerate, args.explain)
    print("\n".join(outcome.lines()), file=sys.stderr if args.output == "-" else sys.stdout)
    return outcome.result


def _match_tournament(args: argparse.Namespace, path: str) -> Tournament:
    """A team or Double-Swiss file as the options say (:func:`tournament_of`: ``--rounds``,
    ``--rating``, ``--recompute-points``), with ``--initial-colour`` over its record 152 (C.04.6
    Art. 4.1, C.04.5 Art. 4.1), as an individual file's is."""
    t = tournament_of(args, path)
    if not args.initial_colour:
        return t
    from dataclasses import replace

    from cpswiss.tournament.colour import colour_named

    return replace(t, initial_colour=colour_named(args.initial_colour))


def _flagged_system(args: argparse.Namespace) -> tuple[PairingSystem, str]:
    """The system whose flag was given (``--dutch``, ``--lim``, ...) and the file it names."""
    from cpswiss.registry import systems

    return next((s, getattr(args, f"system_{s.name}")) for s in systems()
                if getattr(args, f"system_{s.name}") is not None)
