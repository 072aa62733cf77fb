"""The ranking side of ``cpswiss check`` and ``cpswiss explain``:

    cpswiss check FILE.trf [--tiebreaks CODES] [--edition 2024|2026]   also checks the rank column
    cpswiss explain --standings A B FILE.trf [--round N] [--tiebreaks CODES] [--json]

``check`` checks the rank column of a file that carries one against the file's 202 / 212 list
(or ``--tiebreaks``): one line, exit 1 when two competitors are out of order.  ``explain
--standings A B`` says why A ranks ahead of B (or B of A, or that they share the place): the first
tie-break that separates them and each one's contributions (C.07 Art. 4.2, 16).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cpswiss import errors
from cpswiss.cli.output import print_json

if TYPE_CHECKING:
    from cpswiss.check.ranking import RankReport
    from cpswiss.tournament.model import Tournament


def list_options(p: argparse.ArgumentParser) -> None:
    """``--tiebreaks`` and ``--edition``: the list and the C.07 edition the ranks are read by."""
    p.add_argument("--tiebreaks", metavar="CODES",
                   help="the tie-break list the ranks follow (TRF-2026 code grammar, e.g. BH/C1,BH,SB); default: "
                        "the file's 212 / 202")
    p.add_argument("--edition", choices=("2024", "2026"),
                   help="C.07 of 1 August 2024 or of 1 March 2026 (default: by the start date 042)")


def ranks_of(t: Tournament, args: argparse.Namespace) -> RankReport | None:
    """The report on the file's rank column (None: the file has none)."""
    from cpswiss.check.ranking import rank_report

    return rank_report(t, getattr(args, "tiebreaks", None), getattr(args, "edition", None))  # pair -c: none


def with_ranks(ranks: RankReport | None, agrees: bool, report: dict[str, object] | None = None) -> int:
    """Print the rank line (or, with ``report``, put it in the JSON record: ``ranks`` is null for
    a file without a rank column, so every record has the same keys) and the exit code of the
    pairing check and the rank check together.  Ranks not checked (no list) print nothing: the
    report stays the pairing check's, and the JSON record says why."""
    if report is not None:
        report["ranks"] = None if ranks is None else ranks.as_dict()
        print_json(report)
    elif ranks is not None and ranks.check is not None:
        print(ranks.line())
    return errors.EXIT_OK if agrees and (ranks is None or ranks.agrees) else errors.EXIT_NO_PAIRING


def explain_standings(args: argparse.Namespace, t: Tournament) -> int:
    """``explain --standings A B``: the order of two competitors after ``--round`` (default: the
    last complete round)."""
    from cpswiss.api.standings import rule_set_default
    from cpswiss.standings import compute_standings
    from cpswiss.standings.explain import explain_order

    a, b = args.standings
    standings = compute_standings(t, args.tiebreaks, args.edition, args.round, None,
                                  rule_set_default(t) if args.tiebreaks is None else None)
    found = explain_order(standings, a, b, t)
    if args.json:
        print_json(found.as_dict())
    else:
        print(f"standings after round {standings.round}: C.07 {standings.edition} ({standings.edition_reason}); "
              f"tie-breaks from {standings.list_reason}: {', '.join(standings.headers)}")
        print(found.text())
    return errors.EXIT_OK
