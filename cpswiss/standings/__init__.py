"""Standings and tie-breaks (FIDE C.07, 2024 and 2026 texts; seed 001 section 16), for every
system, on the shared competitor model.  A layer above :mod:`cpswiss.tournament` and
:mod:`cpswiss.formats`, below :mod:`cpswiss.systems` (Burstein's Index, C.04.4.2 Art. 1.7, is its
Buchholz and Sonneborn-Berger under a declared rule of unplayed rounds) and the layers above.

    from cpswiss.formats.trf import read_trf
    from cpswiss.standings import compute_standings
    s = compute_standings(read_trf("FILE.trf"), "BH/C1,BH,SB", edition="2026")
    s.rows[0].rank, s.headers, s.frame(), s.contributions[(pno, column)]

The names below load their modules when first asked for (PEP 562): a system that reads one sum
(Burstein's Index, :mod:`cpswiss.systems.burstein.index`) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpswiss.standings.codes import TieBreak, parse_code, parse_list
    from cpswiss.standings.engine import Row, Standings, compute_standings

_HOMES = {"TieBreak": "codes", "parse_code": "codes", "parse_list": "codes",
          "Row": "engine", "Standings": "engine", "compute_standings": "engine"}

__all__ = ["Row", "Standings", "TieBreak", "compute_standings", "parse_code", "parse_list"]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cpswiss.standings' has no attribute {name!r}")
    return getattr(importlib.import_module(f"cpswiss.standings.{home}"), name)
