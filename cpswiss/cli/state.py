"""``cpswiss state`` (the state before the round to be paired) and ``cpswiss resolve`` (the
least-bad pairings when no legal one exists)."""

from __future__ import annotations

import argparse

from cpswiss import errors
from cpswiss.cli.options import (
    accelerate_option, fact_options, flag_rules, recompute_points_option, solver_options,
    solver_settings, system_options, tournament_of,
)
from cpswiss.cli.output import print_json, write_atomically


def resolve_arguments(resolve: argparse.ArgumentParser) -> None:
    resolve.add_argument("file")
    resolve.add_argument("--count", type=int, default=3, metavar="K", help="how many alternatives (default 3)")
    resolve.add_argument("-p", dest="output", metavar="OUT", help="write the first alternative in the pairing-file "
                                                                  "format")
    resolve.add_argument("--json", action="store_true", help="print JSON")
    resolve.add_argument("--rules", help="rule set (default: from the file, as for pair); its [resolve] relax "
                                         "says which rules may give, in which order")
    system_options(resolve)
    fact_options(resolve)
    accelerate_option(resolve)
    recompute_points_option(resolve)
    solver_options(resolve)


def state_arguments(state: argparse.ArgumentParser) -> None:
    state.add_argument("file")
    state.add_argument("--rules", help="rule set (default: from the file, as for pair)")
    system_options(state)
    fact_options(state)
    recompute_points_option(state)


def cmd_state(args) -> int:
    import pandas as pd

    from cpswiss.api.pending import pending_round_of
    from cpswiss.api.selection import select_rule_set, system_asked_for
    from cpswiss.registry import system_of
    from cpswiss.rulesets.ruleset import load_rule_set
    from cpswiss.tournament.state import state_to_show

    tournament = tournament_of(args, args.file)
    system = system_asked_for(tournament)
    # a file of matches, unless a rule set of a system of players is asked for its two-column rounds
    of_matches = system is not None and system.pairs_matches and (
        tournament.teams or args.rules is None or system_of(load_rule_set(args.rules)).pairs_matches)
    pending = pending_round_of(tournament, bool(of_matches))
    if of_matches:
        from cpswiss.api import competitor_state_rows, matches_reason, rule_set_of_matches
        from cpswiss.tournament.competition_state import is_finished, paired_matches, total_matches

        assert system is not None
        rules, _ = rule_set_of_matches(tournament, system, args.rules)
        rows = competitor_state_rows(tournament, args.rules, None if pending is None else pending.round_no)
        with pd.option_context("display.max_rows", None, "display.width", 200):
            print(f"{rules.title} ({matches_reason(tournament, args.rules)})")
            total = total_matches(tournament)
            if pending is not None:
                print(pending.header())
                for row in rows:
                    row["paired"] = pending.pairing_of(row)
            elif is_finished(tournament):
                print(f"Final state after round {total} of {total} (the tournament is finished)")
            else:
                print(f"State before round {paired_matches(tournament) + 1} of {total or '?'}")
            print(pd.DataFrame(rows).to_string(index=False))
        return errors.EXIT_OK
    rules, reason = select_rule_set(tournament, flag_rules(args))
    state, finished = state_to_show(tournament, rules.state)
    total = tournament.total_rounds
    with pd.option_context("display.max_rows", None, "display.width", 200):
        print(f"{rules.title} ({reason})")
        frame = state.frame()
        if finished:
            print(f"Final state after round {tournament.last_paired_round} of {total} (the tournament is finished)")
        elif pending is not None:
            print(pending.header())
            frame["paired"] = [pending.pairings[pid] for pid in frame["id"]]
        else:
            print(f"State before round {state.round_no} of {total or '?'}")
        print(frame.to_string(index=False))
    return errors.EXIT_OK


def cmd_resolve(args) -> int:
    from cpswiss.check.matches import is_file_of_matches
    from cpswiss.check.matches_resolve import MatchesResolution, resolve_matches
    from cpswiss.check.resolve import Resolution, resolve

    tournament = tournament_of(args, args.file)
    resolution: Resolution | MatchesResolution
    if is_file_of_matches(tournament):  # a team or Double-Swiss file: C.04.6 / C.04.5 Art. 3.3.3
        resolution = resolve_matches(tournament, args.rules, args.count, solver_settings(args),
                                     args.accelerate)
        first = resolution.alternatives[0].played.lines()
    else:
        resolution = resolve(tournament, flag_rules(args), args.count, solver_settings(args), args.accelerate)
        first = resolution.alternatives[0].pairing.lines()
    if args.output:
        write_atomically(args.output, "\n".join(first) + "\n")
    if args.json:
        print_json(resolution.as_dict())
    else:
        print(resolution.text())
    return errors.EXIT_OK
