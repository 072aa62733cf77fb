"""Pairing systems: each system's procedure and generation order.

``rules.system`` names the procedure: ``dutch`` (C.04.3, every edition from 1992 on) or
``fide-1999`` (the general FIDE Swiss rules of 1987-99, today's Lim system C.04.4.3).
Each returns a :class:`RoundPairing`; colours, checks and output are shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.model import SolverSettings
    from cpswiss.tournament.state import RoundState

SYSTEMS = ("dutch", "fide-1999")


@dataclass
class RoundPairing:
    """Pairs (unordered, by player id) and the bye, before colours; with the system's
    record of how it got there (Dutch: one record per bracket; FIDE 1999: per score group)."""

    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list = field(default_factory=list)
    groups: list = field(default_factory=list)


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing under the rule set's system."""
    if rules.system == "fide-1999":
        from cpswiss.systems.fide1999.procedure import pair_round as pair
    elif rules.system == "dutch":
        from cpswiss.systems.dutch.procedure import pair_round as pair
    else:
        raise ValueError(f"unknown pairing system {rules.system!r} (known: {', '.join(SYSTEMS)})")
    return pair(state, rules, settings)
