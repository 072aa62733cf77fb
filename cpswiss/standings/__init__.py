"""Standings and tie-breaks (FIDE C.07, 2024 and 2026 texts; seed 001 section 16), for every
system, on the shared competitor model.  A layer above :mod:`cpswiss.tournament` and
:mod:`cpswiss.formats`, below :mod:`cpswiss.api` and :mod:`cpswiss.check`.

    from cpswiss.formats.trf import read_trf
    from cpswiss.standings import compute_standings
    s = compute_standings(read_trf("FILE.trf"), "BH/C1,BH,SB", edition="2026")
    s.rows[0].rank, s.headers, s.frame(), s.contributions[(pno, column)]
"""

from cpswiss.standings.codes import TieBreak, parse_code, parse_list
from cpswiss.standings.engine import Row, Standings, compute_standings

__all__ = ["Row", "Standings", "TieBreak", "compute_standings", "parse_code", "parse_list"]
