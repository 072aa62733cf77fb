"""The tie-break list a file is ranked by when neither it (202 / 212) nor the caller names one:
the default of the rule set that pairs it (:mod:`cpswiss.standings.defaults`: seed 001 section
16's order for the 1987-99 rules), chosen as ``pair`` chooses the rule set (:func:`select_rule_set`)."""

from __future__ import annotations

from cpswiss.errors import CpswissError
from cpswiss.tournament.model import Tournament


def default_tiebreak_list(t: Tournament) -> tuple[str, str] | None:
    """The list and where it comes from, None for a team or Double-Swiss file, a rule set with
    no default, or a file no rule set can be chosen for (then C.07's usual list applies)."""
    from cpswiss.api.selection import select_rule_set
    from cpswiss.standings.defaults import default_list

    if t.is_team_tournament or t.kind != "individual":
        return None
    try:
        rules, _ = select_rule_set(t)
    except CpswissError:
        return None
    return default_list(rules.system)


__all__ = ["default_tiebreak_list"]
