"""The rank column of a checked file against its tie-break list (C.07 Art. 4.2), for ``cpswiss
check``: FIDE's acceptance checklist asks a checker to report standings that break the
tournament's list.

A file with no rank column gives no report.  A file with ranks but no list (no 202 / 212 and no
``--tiebreaks``) is not checked (the JSON record says why; the text report stays the pairing
check's): C.07 Art. 2 leaves the list to the regulations, so no list can be assumed.  Otherwise the standings after the last complete
round are computed and :func:`cpswiss.standings.explain.check_rank_column` finds the first two
competitors out of order and the tie-break that orders them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:  # the standings load only when a rank column is checked (``check`` starts fast)
    from cpswiss.standings.explain import RankCheck


class RankReport(NamedTuple):
    """``check`` None: the ranks were not checked (``reason`` says why)."""

    check: RankCheck | None
    reason: str = ""

    @property
    def agrees(self) -> bool:
        return self.check is None or self.check.agrees

    def line(self) -> str:
        return self.check.line() if self.check is not None else f"ranks: not checked: {self.reason}"

    def as_dict(self) -> dict[str, object]:
        if self.check is None:
            return {"checked": False, "reason": self.reason}
        found = self.check.explanation
        return {"checked": True, "agrees": self.check.agrees, "problem": self.check.problem,
                "explanation": None if found is None else found.as_dict()}


def stated_ranks(t: Tournament) -> dict[int, int]:
    """The ranks the file states: a team's 310 rank (columns 69-71), else a player's rank
    column (86-89); competitors with a blank rank are left out."""
    if t.is_team_tournament:
        return {tid: team.rank for tid, team in t.teams.items() if team.rank is not None}
    return {pid: p.rank for pid, p in t.players.items() if p.rank is not None}


def rank_report(t: Tournament, tiebreaks: str | None = None, edition: str | None = None) -> RankReport | None:
    """The report on the file's rank column, None when the file has none."""
    stated = stated_ranks(t)
    if not stated:
        return None
    if tiebreaks is None and not any(isinstance(item, str) and item[:3] in ("202", "212") for item in t.layout):
        return RankReport(None, "the file has no tie-break list (202 / 212) and no --tiebreaks was given")
    from cpswiss.standings import compute_standings
    from cpswiss.standings.explain import check_rank_column

    return RankReport(check_rank_column(stated, compute_standings(t, tiebreaks, edition)))


__all__ = ["RankReport", "rank_report", "stated_ranks"]
