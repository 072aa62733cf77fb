"""TRF-2026 ``299`` records: points assigned or adjusted outside the games (docs/readings.md
RF-6).  The format's column table: column 5 the type (a result code ``W D L F H Z + -``, or
blank: a penalty or bonus), 8-11 match points, 14-17 points (may be negative), 20-22 the round
(``000``: tied to no round), the competitors from column 24 - players, or teams in a team file.
A line in the layout of FIDE's TRF-2026 team sample (its ruler ``### T MMMM GGGG RRR PPP1``:
7-10, 12-15, 17-19, from 21) is read in that layout; any other line is refused naming it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from cpswiss.errors import InputError
from cpswiss.tournament.model import PointAssignment, Tournament, is_number

KINDS = frozenset("WDLFHZ+- ")
_POINTS = re.compile(r"-?[0-9]{1,3}(\.[0-9])?")


@dataclass(frozen=True)
class Layout:
    """Where a 299 record's fields stand (0-based slices) and the columns between them, which
    must be blank."""

    name: str
    match_points: slice
    points: slice
    round_no: slice
    ids_from: int

    def gaps(self) -> tuple[slice, ...]:
        return (slice(5, self.match_points.start), slice(self.match_points.stop, self.points.start),
                slice(self.points.stop, self.round_no.start), slice(self.round_no.stop, self.ids_from))


TABLE = Layout("the format's columns: type 5, match points 8-11, points 14-17, round 20-22, competitors from 24",
               slice(7, 11), slice(13, 17), slice(19, 22), 23)
SAMPLE = Layout("the layout of FIDE's TRF-2026 team sample: 7-10, 12-15, 17-19, from 21",
                slice(6, 10), slice(11, 15), slice(16, 19), 20)


def read_assignment(line: str, number: int, t: Tournament) -> PointAssignment:
    """A 299 line read in the format's columns, else in the sample's layout; InputError in one
    line naming the line and what does not fit the format's columns.  Its competitors must be
    the file's (teams of a team file, else players)."""
    try:
        found = _read(line, number, TABLE)
    except ValueError as table_error:
        try:
            found = _read(line, number, SAMPLE)
        except ValueError:
            raise InputError(f"299: {table_error} ({TABLE.name})", t.path, number) from None
    known = t.teams if t.is_team_tournament else t.players
    unknown = [c for c in found.ids if c not in known]
    if unknown:
        noun = "team (310)" if t.is_team_tournament else "player"
        raise InputError(f"299: {unknown[0]} is not a {noun} of this tournament", t.path, number)
    return found


def _read(line: str, number: int, layout: Layout) -> PointAssignment:
    """The record in one layout; ValueError saying the first field that does not fit."""
    padded = line.ljust(layout.ids_from)
    kind = padded[4]
    if kind not in KINDS:
        raise ValueError(f"type {kind!r} in column 5 is none of W D L F H Z + - or blank")
    for gap in layout.gaps():
        if padded[gap].strip():
            raise ValueError(f"{padded[gap].strip()!r} in columns {gap.start + 1}-{gap.stop}, which separate "
                             "the fields")
    match_points = _tenths(padded[layout.match_points], "match points", layout.match_points, blank=True)
    points = _tenths(padded[layout.points], "points", layout.points, blank=False)
    round_text = padded[layout.round_no].strip()
    if round_text and not is_number(round_text):
        raise ValueError(f"round {round_text!r} in columns {layout.round_no.start + 1}-{layout.round_no.stop} "
                         "is not a number")
    ids = []
    for token in padded[layout.ids_from:].split():
        if not is_number(token) or int(token) < 1:
            raise ValueError(f"competitor {token[:6]!r} is not a pairing number")
        ids.append(int(token))
    return PointAssignment(kind, match_points, points, int(round_text or 0), tuple(ids), number)


def _tenths(text: str, what: str, where: slice, blank: bool) -> int:
    value = text.strip()
    if not value and blank:
        return 0
    if _POINTS.fullmatch(value) is None:
        raise ValueError(f"{what} {value!r} in columns {where.start + 1}-{where.stop} is not a number of points")
    whole, _, tenth = value.lstrip("-").partition(".")
    tenths = int(whole) * 10 + int(tenth or 0)
    return -tenths if value.startswith("-") else tenths
