"""The acceptance run's comparison of tie-breaks (FIDE's acceptance checklist, VCL4THP Q33: the
two-way run compares tie-breaks as well as pairings).

For every tournament of a run, both ways, the final standings of cpswiss (:func:`compute_standings`
after the last complete round, under the run's list and C.07 edition) are compared with those of a
tie-break engine: a command template ``CMD {trf} {codes} {round} {out}`` (also ``{edition}``),
run through the shell in a scratch folder, that writes the corpus TSV shape (``pno rank CODE...``,
lines starting with ``#`` ignored; without ``{out}`` its standard output is read).  Values are
compared numerically to 0.001 (``-``, ``-0``, ``None``, ``NA`` and an empty cell are no value),
the ranks exactly.  Each column that differs is one difference (the competitors whose cells
differ, each side's), named by the tie-break's article; a tie-break engine that fails is a
difference too, with its last line.  Differences are returned as plain tuples the acceptance
run turns into its discrepancies.
"""

from __future__ import annotations

import shlex
import subprocess
import tempfile
from fractions import Fraction
from pathlib import Path

from cpswiss.tournament.model import Tournament

TOLERANCE = 0.001
NO_VALUE = ("", "-", "-0", "NONE", "NA", "N/A")
SHOWN = 5  # competitors named per difference
# (round, cpswiss's side, the tie-break engine's side, article, reason)
Difference = tuple[int, str, str, str, str]
REASON = "standings after round"  # how every difference's reason starts


def is_standings(reason: str) -> bool:
    """A discrepancy of the standings, not of a pairing."""
    return reason.startswith(REASON)


def reproduce(kept: str, template: str, codes: str, edition: str, round_no: int) -> str:
    """The commands that show a difference again: cpswiss's standings of the kept file and the
    tie-break engine's."""
    ours = shlex.join(["cpswiss", "standings", kept, "--tiebreaks", codes, "--edition", edition, "--round",
                       str(round_no)])
    return f"{ours}; {engine_command(template, kept, codes, round_no, 'out.tsv', edition)}"


def engine_command(template: str, trf: str, codes: str, round_no: int, out: str, edition: str) -> str:
    """The tie-break engine's shell command for one tournament (each argument quoted)."""
    found = {"{trf}": shlex.quote(trf), "{codes}": shlex.quote(codes), "{round}": str(round_no),
             "{out}": shlex.quote(out), "{edition}": edition}
    for key, value in found.items():
        template = template.replace(key, value)
    return template


def read_tsv(text: str) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]]]:
    """The header's codes (upper case, without ``/V..``) and each competitor's cells (the rank
    first) of a TSV in the corpus shape; ValueError when it is not that shape."""
    lines = [line.split() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if not lines or [c.lower() for c in lines[0][:2]] != ["pno", "rank"]:
        raise ValueError("no header 'pno rank CODE...'")
    codes = tuple(c.upper().split("/V")[0] for c in lines[0][2:])
    rows = {}
    for cells in lines[1:]:
        if len(cells) != len(codes) + 2 or not cells[0].isdigit():
            raise ValueError(f"a row not of the header's shape: {' '.join(cells)[:60]!r}")
        rows[int(cells[0])] = tuple(cells[1:])
    return codes, rows


def _number(cell: str) -> float | None:
    if cell.upper() in NO_VALUE:
        return None
    return float(cell)


def _same(ours: Fraction | int | None, cell: str) -> bool:
    theirs = _number(cell)
    if ours is None or theirs is None:
        return ours is None and (theirs is None or theirs == 0)
    return abs(float(ours) - theirs) <= TOLERANCE


def _shown(value: Fraction | int | None) -> str:
    return "-" if value is None else f"{float(value):g}"


def compare_standings(t: Tournament, template: str, codes: str, edition: str, work: str) -> list[Difference]:
    """cpswiss's final standings of ``t`` against the tie-break engine's (``template``), the
    differences (none: they agree)."""
    from cpswiss.errors import CpswissError
    from cpswiss.formats.trf_writer import write_trf
    from cpswiss.standings import compute_standings

    try:
        standings = compute_standings(t, codes, edition)
    except CpswissError as exc:
        return [(0, f"no standings: {exc.one_line()}", "", "",
                 f"{REASON} {t.last_paired_round}: cpswiss computes none")]
    n = standings.round
    codes_text = ",".join(standings.headers)
    with tempfile.TemporaryDirectory(dir=work) as folder:
        trf, out = Path(folder) / "standings.trf", Path(folder) / "out.tsv"
        trf.write_text(write_trf(t), encoding="utf-8")
        command = engine_command(template, str(trf), codes_text, n, str(out), edition)
        try:
            done = subprocess.run(command, shell=True, cwd=folder, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            return [(n, "", "the tie-break engine ran over 600 s", "", f"{REASON} {n}: the tie-break engine failed")]
        text = out.read_text(encoding="utf-8") if "{out}" in template and out.exists() else done.stdout
        if done.returncode != 0:
            last = ([line for line in (done.stderr + done.stdout).splitlines() if line.strip()] or [""])[-1]
            return [(n, "", f"exit {done.returncode}: {last.strip()}", "",
                     f"{REASON} {n}: the tie-break engine failed")]
    try:
        header, rows = read_tsv(text)
        absent = [code for code in standings.headers if code not in header]
        if absent:
            raise ValueError(f"no column {absent[0]}")
        their = {code: header.index(code) + 1 for code in standings.headers}
    except ValueError as exc:
        return [(n, "", f"its TSV: {exc}", "", f"{REASON} {n}: the tie-break engine failed")]
    found: list[Difference] = []
    missing = sorted({r.id for r in standings.rows} - set(rows))
    if missing:
        found.append((n, f"{len(standings.rows)} competitors", f"none for {missing[0]}", "",
                      f"{REASON} {n}: the tie-break engine leaves competitors out"))
        return found
    ours_rank = {r.id: r.rank for r in standings.rows}
    wrong = sorted(cid for cid in ours_rank if rows[cid][0] != str(ours_rank[cid]))
    if wrong:
        found.append((n, " ".join(f"{c}:{ours_rank[c]}" for c in wrong[:SHOWN]),
                      " ".join(f"{c}:{rows[c][0]}" for c in wrong[:SHOWN]), "C.07 Art. 4.2",
                      f"{REASON} {n}: the rank of {len(wrong)} competitors differs"))
    for index, tb in enumerate(standings.tiebreaks):
        column = their[tb.text]
        cells = {r.id: (r.values[index], rows[r.id][column]) for r in standings.rows}
        differing = sorted(cid for cid, (ours, theirs) in cells.items() if not _same(ours, theirs))
        if differing:
            found.append((n, " ".join(f"{c}:{_shown(cells[c][0])}" for c in differing[:SHOWN]),
                          " ".join(f"{c}:{cells[c][1]}" for c in differing[:SHOWN]), tb.definition.article,
                          f"{REASON} {n}: {tb.text} differs for {len(differing)} competitors"))
    return found


__all__ = ["Difference", "REASON", "compare_standings", "engine_command", "is_standings", "read_tsv", "reproduce"]
