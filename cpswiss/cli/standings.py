"""``cpswiss standings FILE``: the standings after a round under a tie-break list (FIDE C.07).

    cpswiss standings FILE.trf                        after the last complete round, the file's 202/212
    cpswiss standings FILE.trf --tiebreaks BH/C1,BH,SB --edition 2026 --round 5
    cpswiss standings FILE.trf --json                 the standings as JSON
    cpswiss standings FILE.trf -o OUT.tsv             the TSV of the corpus: pno rank CODE...
    cpswiss standings FILE.trf -o OUT.trf             the file with the rank column and 202/212

The first line names the edition of C.07 and why (``--edition``, the start date 042), and where
the list came from.  Ties the list does not break share the place (C.07 Art. 4.2).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from cpswiss import errors
from cpswiss.cli.options import read_tournament, recompute_points_option
from cpswiss.cli.output import print_json, write_atomically

if TYPE_CHECKING:
    from cpswiss.standings import Standings
    from cpswiss.tournament.model import Tournament


def standings_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="the tournament (TRF16, TRF(x), TRF-2026)")
    p.add_argument("--tiebreaks", metavar="CODES",
                   help="the tie-break list, comma-separated, in the TRF-2026 code grammar (BH/C1,BH,SB,DE; "
                        ":MP / :GP for teams); default: the file's 212 / 202, else the system's default")
    p.add_argument("--edition", choices=("2024", "2026"),
                   help="C.07 as in force from 1 August 2024 or from 1 March 2026 (default: by the start date 042)")
    p.add_argument("--round", type=int, metavar="N", help="the standings after round N (default: the last complete)")
    p.add_argument("--system", choices=("swiss", "roundrobin"),
                   help="a Swiss (Art. 16) or a round robin (Art. 15.2); default: by record 092 / 192")
    p.add_argument("--json", action="store_true", help="print the standings as JSON")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="write OUT: a .trf file gets the rank column and the 202/212 records, any other the "
                        "TSV 'pno rank CODE...'")
    recompute_points_option(p)


def cmd_standings(args: argparse.Namespace) -> int:
    from cpswiss.api.standings import standings_of

    t = read_tournament(args.file, args)
    standings = standings_of(t, args.tiebreaks, args.edition, args.round, args.system)
    if args.output:
        if args.output.lower().endswith(".trf"):
            write_atomically(args.output, _trf_text(t, standings))
        else:
            write_atomically(args.output, tsv_text(standings))
    if args.json:
        print_json(as_dict(standings))
    elif not args.output:
        sys.stdout.write("\n".join(text_lines(standings)) + "\n")
    return errors.EXIT_OK


def tsv_text(standings: Standings) -> str:
    """The corpus shape: ``pno rank CODE...``, one row per competitor in pairing-number order."""
    cells = [standings.cells(r) for r in standings.rows]
    rows = sorted(zip(standings.rows, cells), key=lambda pair: pair[0].id)
    lines = ["\t".join(["pno", "rank", *standings.headers])]
    lines += ["\t".join([str(r.id), str(r.rank), *c]) for r, c in rows]
    return "\n".join(lines) + "\n"


def heading(standings: Standings) -> str:
    rules = "the 2026 text (from 1 March 2026)" if standings.edition == "2026" else \
        "the 2024 text (1 August 2024 - 28 February 2026)"
    return (f"standings after round {standings.round}: C.07 {rules}, by {standings.edition_reason}; "
            f"{'round robin' if standings.system == 'roundrobin' else 'Swiss'}; tie-breaks from "
            f"{standings.list_reason}")


def text_lines(standings: Standings) -> list[str]:
    """The readable table: rank, pairing number, name, points, one column per tie-break."""
    cells = [standings.cells(r) for r in standings.rows]
    header = ["rank", "no", "name", *standings.headers]
    table = [header] + [[str(r.rank) if k == 0 or r.rank != standings.rows[k - 1].rank else "", str(r.id),
                         r.name[:24], *c] for k, (r, c) in enumerate(zip(standings.rows, cells))]
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    lines = [heading(standings)]
    lines += ["  ".join(cell.ljust(w) if i == 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
              .rstrip() for row in table]
    for index, why in standings.not_applicable.items():
        lines.append(f"{standings.tiebreaks[index].text}: {why}")
    return lines


def as_dict(standings: Standings) -> dict[str, object]:
    cells = [standings.cells(r) for r in standings.rows]
    return {
        "round": standings.round, "edition": standings.edition, "edition_reason": standings.edition_reason,
        "system": standings.system, "tiebreaks": list(standings.headers), "list_from": standings.list_reason,
        "not_applicable": {standings.tiebreaks[i].text: why for i, why in standings.not_applicable.items()},
        "rows": [{"rank": r.rank, "id": r.id, "name": r.name,
                  "values": {h: (None if v is None else float(v)) for h, v in zip(standings.headers, r.values)},
                  "shown": dict(zip(standings.headers, c))}
                 for r, c in zip(standings.rows, cells)],
    }


def _trf_text(t: Tournament, standings: Standings) -> str:
    """The file with each competitor's rank - a player's columns 86-89, a team's 310 rank
    (columns 69-71) - and the list in 202 / 212 records."""
    from dataclasses import replace

    from cpswiss.formats.trf_writer import with_rank, write_trf

    for row in standings.rows:
        if t.is_team_tournament:
            t.teams[row.id] = replace(t.teams[row.id], rank=row.rank)
        else:
            with_rank(t.players[row.id], row.rank)
    codes = list(standings.headers)
    records = [f"202 {' '.join(codes[1:])}", f"212 {' '.join(codes)}"]
    layout = [item for item in t.layout if not (isinstance(item, str) and item[:3] in ("202", "212"))]
    at = next((i for i, item in enumerate(layout) if not isinstance(item, str) or item[:3] == "001"), len(layout))
    t.layout = layout[:at] + records + layout[at:]
    return write_trf(t)
