"""The standings of a tournament file through the Python API (a module of its own: it loads no
pairing system and no solver).

    from cpswiss.api.standings import standings_of
    s = standings_of("tests/data/standings/seed001-rated.trf")   # the 1987-99 rules' default list
    s.frame()                                                    # a pandas DataFrame
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from cpswiss.errors import CpswissError
from cpswiss.formats.trf import read_trf
from cpswiss.standings import Standings, TieBreak, compute_standings
from cpswiss.standings.defaults import default_list
from cpswiss.tournament.model import INDIVIDUAL, Tournament

if TYPE_CHECKING:
    from pathlib import Path

    import pandas


def rule_set_default(t: Tournament) -> tuple[str, str] | None:
    """The default tie-break list of the rule set that pairs the file (record 192, else the
    start date 042: :func:`cpswiss.api.selection.select_rule_set`) and where it comes from;
    None for a team or Double-Swiss file, a rule set without one, or a file no rule set pairs."""
    from cpswiss.api.selection import select_rule_set

    if t.kind != INDIVIDUAL:
        return None
    try:
        rules, _ = select_rule_set(t)
    except CpswissError:
        return None
    return default_list(rules.system)


def standings_of(tournament: Tournament | str | Path, tiebreaks: str | Sequence[TieBreak] | None = None,
                 edition: str | None = None, round_no: int | None = None, system: str | None = None) -> Standings:
    """The standings after ``round_no`` (default: the last complete round) under ``tiebreaks``
    (default: the file's 212 / 202, else its rule set's default list)."""
    t = tournament if isinstance(tournament, Tournament) else read_trf(tournament)
    default = rule_set_default(t) if tiebreaks is None else None
    return compute_standings(t, tiebreaks, edition, round_no, system, default)


def standings_frame(tournament: Tournament | str | Path, tiebreaks: str | Sequence[TieBreak] | None = None,
                    edition: str | None = None, round_no: int | None = None,
                    system: str | None = None) -> pandas.DataFrame:
    """:func:`standings_of` as a DataFrame: rank, id, name and one column per tie-break."""
    return standings_of(tournament, tiebreaks, edition, round_no, system).frame()
