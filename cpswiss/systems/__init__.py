"""Pairing systems: each system's round procedure and explanation, one folder each.

The systems are listed in :mod:`cpswiss.registry`; a rule set's ``system`` names the
one that pairs it.  What several systems share is in :mod:`cpswiss.systems.shared`; a system
imports no other system.  Every procedure returns a :class:`RoundPairing`; colours, legality and
output are shared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpswiss.tournament.state import RoundState


@dataclass
class RoundPairing:
    """Pairs (unordered, by player id) and the bye, before colours, with the system's record
    of how it got there (Dutch: one record per bracket step; FIDE 1999: per score group).

    ``state`` is the state the round was paired under: the one given, or - where the system's
    rules make round-wide rulings before any bracket (2026 [C5]'s lowest PAB score, the
    Olympiad rule's waived colour limits) - a copy carrying them, which the legality check
    then reads."""

    pairs: list[tuple[int, int]]
    bye: int | None
    records: list[Any] = field(default_factory=list)
    state: RoundState | None = None
