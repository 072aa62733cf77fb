"""Criterion units on the bracket graph that several systems name (the FIDE (Dutch) System
and the FIDE Swiss rules of 1987-99), and how a system's units become the levels of a step.

A bracket is paired on a graph whose vertices are the bracket's players (MDPs first, then
residents) followed by the players below it (:class:`~cpswiss.systems.shared.bracket.Bracket`).
An *edge* is a pair of vertices that may meet (C.1-C.3).  Each quality unit turns the bracket
into one or more :class:`Level` objects: an integer coefficient per edge plus a constant, to be
**minimised** over the matchings of the graph.  A criterion that compares lists (a PSD, A.8)
yields one level per distinct score difference, highest first, which is the lexicographic
comparison of the sorted lists.  The same levels serve the matching model
(:mod:`cpswiss.solver.model`) and the evaluator, which computes the value of any concrete
pairing without a solver (:func:`evaluate`).

Each system declares its own table of units (``UNITS``, :mod:`cpswiss.systems.dutch.units`,
:mod:`cpswiss.systems.fide1999.units`), which holds the shared ones below.
"""

from __future__ import annotations

from typing import Callable, Generic, Iterable, Mapping, Sequence, TypeVar

from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.levels import Level, as_counted
from cpswiss.systems.shared.bracket import ONE_POINT_TENTHS, Bracket
from cpswiss.tournament.compatibility import ABSOLUTE_UNITS
from cpswiss.tournament.state import PlayerState

# a unit: the levels of one criterion on a bracket step
Unit = Callable[[Bracket, Criterion], list[Level]]
# the bracket step of one system: the shared graph, or a system's subclass of it
B = TypeVar("B", bound=Bracket)

# ---------------------------------------------------------------------------
# Helpers for list-valued criteria
# ---------------------------------------------------------------------------

# a (value, edge, sign) entry of a list-valued criterion; no edge: a constant
Contribution = tuple[int, int | None, int]


def lexicographic(name: str, contributions: Sequence[Contribution]) -> list[Level]:
    """Levels for a sorted list compared lexicographically (A.8 PSD and its kin).

    ``contributions`` are (value, edge, sign) entries: an entry with an edge
    counts when the edge is chosen (sign +1) or when it is not (handled by the
    caller through a constant and sign -1).  One level per distinct value,
    highest value first: minimise how often the value occurs.
    """
    sorted_list = SortedList()
    for value, edge, sign in contributions:
        if edge is None:
            sorted_list.level_of(value).constant += sign
        else:
            coef = sorted_list.coef_of(value)
            coef[edge] = coef.get(edge, 0) + sign
    return sorted_list.levels(name)


class SortedList:
    """A list-valued criterion (A.8 PSD and its kin) as it is built: per value, the level
    "how often the value occurs", each edge in the order its entries come (the order
    :func:`lexicographic` gives them)."""

    def __init__(self) -> None:
        self.by_value: dict[int, Level] = {}

    def level_of(self, value: int) -> Level:
        level = self.by_value.get(value)
        if level is None:
            level = self.by_value[value] = Level("", floor=0)
        return level

    def coef_of(self, value: int) -> dict[int, int]:
        return self.level_of(value).coef

    def unpaired(self, value: int, edges: Iterable[int]) -> None:
        """The value counts unless one of ``edges`` is chosen (a player left unpaired)."""
        self.level_of(value).count_unless_paired(edges)

    def levels(self, name: str) -> list[Level]:
        """One level per value, highest first, the trivial ones left out."""
        out = []
        for value in sorted(self.by_value, reverse=True):
            level = self.by_value[value]
            if not level.trivial:
                level.name = f"{name}: score differences of {value / ONE_POINT_TENTHS:g}"
                out.append(level)
        return out


def unpaired_in_bracket(b: Bracket, v: int, value: int, out: list[Contribution]) -> None:
    """Contribution 'player v is not paired inside the bracket' to a lexicographic list."""
    out.append((value, None, 1))
    for e in b.incident_in_bracket[v]:
        out.append((value, e, -1))


def pair_count(name: str, b: Bracket, bad: Callable[[PlayerState, PlayerState], bool],
                same_preference: bool = False) -> list[Level]:
    """The number of pairs in the bracket for which ``bad`` holds (its players in edge order).
    ``same_preference``: ``bad`` holds only for players with the same colour preference, so
    only those pairs are asked."""
    vertices, edges = b.vertices, b.edges
    inside = b.same_preference_inside if same_preference else b.inside
    return [Level(name, {e: 1 for e in inside if bad(vertices[edges[e][0]], vertices[edges[e][1]])}, floor=0)]


def topscorer_colour_difference(b: Bracket, c: Criterion) -> list[Level]:
    """C.04.3 C.8: minimise topscorers (or opponents) whose colour difference would pass ±2:
    both |CD| > 1 with the same preference (possible only for topscorers, C.3)."""
    return pair_count(f"{c.label} colour difference beyond 2", b, lambda p, q: (
        p.absolute_imbalance and q.absolute_imbalance and p.preference == q.preference), same_preference=True)


def topscorer_colour_streak(b: Bracket, c: Criterion) -> list[Level]:
    """C.04.3 C.9: minimise topscorers (or opponents) who get a colour three times in a row:
    both absolute with the same preference, and the one that must yield (E.2: the smaller
    colour difference) has played that colour twice in a row."""
    def bad(p: PlayerState, q: PlayerState) -> bool:
        if not (p.absolute and q.absolute and p.preference == q.preference):
            return False
        cd_p, cd_q = abs(p.colour_difference), abs(q.colour_difference)
        if cd_p == cd_q:
            return p.repeated_colour is not None and p.repeated_colour == q.repeated_colour
        yielding = q if cd_p > cd_q else p
        return yielding.repeated_colour is not None and yielding.repeated_colour != p.preference
    return pair_count(f"{c.label} same colour three times", b, bad, same_preference=True)


def colour_preference(b: Bracket, c: Criterion) -> list[Level]:
    """C.04.3 C.10: minimise players who do not get their colour preference.
    RN-5: a player without preference never counts."""
    return pair_count(f"{c.label} colour preferences not met", b, lambda p, q: (
        p.preference is not None and p.preference == q.preference), same_preference=True)


def pairs(b: Bracket, c: Criterion) -> list[Level]:
    """C.04.3 C.5: maximise the number of pairs in the bracket."""
    return [Level(f"{c.label} pairs", {e: -1 for e in b.inside}, sense=-1)]


# the units of this module, by the name a rule file gives them
SHARED_UNITS: dict[str, Unit] = {
    "pairs": pairs,
    "topscorer-colour-difference": topscorer_colour_difference,
    "topscorer-colour-streak": topscorer_colour_streak,
    "colour-preference": colour_preference,
}


class BracketUnits(Generic[B]):
    """A system's criterion units on its bracket steps (``B``): its completion and quality units
    by the name a rule file gives them, and the names of its round-wide ones (decided once for
    the round before the brackets: they have no levels).  A plain class, not a dataclass:
    mypyc cannot load a generic dataclass (mypyc/mypyc#827)."""

    def __init__(self, by_name: Mapping[str, Callable[[B, Criterion], list[Level]]],
                 round_units: frozenset[str] = frozenset()) -> None:
        self.by_name = by_name
        self.round_units = round_units


def bracket_levels(b: B, criteria: Iterable[Criterion], units: BracketUnits[B]) -> list[tuple[str, list[Level]]]:
    """The levels of every completion and quality criterion, in rule-set order, by the
    system's ``units``; the absolute criteria (:mod:`cpswiss.tournament.compatibility`) and the
    round-wide ones have none."""
    out = []
    by_name = units.by_name
    for c in criteria:
        if c.kind == "absolute":
            if c.unit not in ABSOLUTE_UNITS:
                raise ValueError(f"unknown absolute criterion unit {c.unit!r}")
            continue
        if c.kind == "round":
            if c.unit not in units.round_units:
                raise ValueError(f"unknown round criterion unit {c.unit!r}")
            continue
        unit = by_name.get(c.unit)
        if unit is None:
            raise ValueError(f"unknown criterion unit {c.unit!r} ({c.id})")
        out.append((c.id, unit(b, c)))
    return out


def evaluate(b: B, criteria: Iterable[Criterion], units: BracketUnits[B],
             chosen: Iterable[int]) -> dict[str, tuple[int, ...]]:
    """The value of every criterion for a concrete set of chosen edges (no solver)."""
    by_criterion = bracket_levels(b, criteria, units)
    values = iter(as_counted([level for _, levels in by_criterion for level in levels], chosen))
    return {cid: tuple(next(values) for _ in levels) for cid, levels in by_criterion}


__all__ = ["SHARED_UNITS", "BracketUnits", "Contribution", "SortedList", "Unit", "bracket_levels", "colour_preference", "evaluate",
           "lexicographic", "pair_count", "pairs", "topscorer_colour_difference", "topscorer_colour_streak",
           "unpaired_in_bracket"]
