"""The criterion units of the FIDE Swiss rules of 1987-99 (seed 001 part 1; today's Lim system
C.04.4.3) on the bracket graph, with the units it shares with the Dutch System
(:mod:`cpswiss.systems.shared.units`).  A score group is a
:class:`~cpswiss.systems.shared.bracket.Bracket` whose vertices are the floaters transferred into
it (``n_mdp``, in the order they are paired, 10.6 / 10.7) and then its own players, in the order
of the pairing direction; ``landing`` is the next group in that direction."""

from __future__ import annotations

from typing import Iterable

from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.levels import Level
from cpswiss.systems.shared.bracket import Bracket
from cpswiss.systems.shared.units import SHARED_UNITS, BracketUnits, Unit
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.state import Float

def _left_unpaired(name: str, b: Bracket, members: Iterable[int]) -> Level:
    """A level counting the given vertices when they are not paired in the group."""
    level = Level(name, floor=0)
    for v in members:
        level.count_unless_paired(b.incident_in_bracket[v])
    return level


def floaters_paired(b: Bracket, c: Criterion) -> list[Level]:
    """FIDE Swiss 1999 items 10.5-10.7: the floaters transferred into a group are paired
    first, in their order (from above: the highest score, then the higher-placed first;
    from below: the lowest score, then the lower-placed first; down before up, 10.6.3).
    One level per floater, in that order: he is not paired here (then he moves on)."""
    levels = [_left_unpaired(f"{c.label} floater {b.vertices[v].id} not paired in the group", b, [v])
              for v in range(b.n_mdp)]
    return [level for level in levels if not level.trivial]


def _has_opponent_next(b: Bracket, v: int) -> bool:
    return any(compatible(b.vertices[v], p, b.round) for p in b.landing or ())


def floater_type(b: Bracket, c: Criterion) -> list[Level]:
    """FIDE Swiss 1999 item 10.9: floaters by seriousness - (a) one who floated into the
    group and has no suitable opponent in the next group, (b) one who floated in and has
    one, (c) a player of the group with no suitable opponent in the next group; avoid (a)
    first, then (b), then (c).  Parameter ``type``: which one this level counts."""
    kind = c.params.get("type", "a")

    def type_of(v: int) -> str:
        if v < b.n_mdp:
            return "b" if _has_opponent_next(b, v) else "a"
        return "d" if _has_opponent_next(b, v) else "c"

    level = _left_unpaired(f"{c.label} floaters of type ({kind})", b,
                           [v for v in range(b.n_bracket) if type_of(v) == kind])
    return [] if level.trivial and not level.constant else [level]


def refloat(b: Bracket, c: Criterion) -> list[Level]:
    """FIDE Swiss 1999 item 10.10: a player who floated in the previous round is not floated
    again to make a group even, unless keeping him creates floaters of type (a)-(c) or costs
    pairings (so ranked below those): minimise such players left unpaired."""
    level = _left_unpaired(f"{c.label} players who floated in the previous round floated again", b,
                           [v for v in range(b.n_bracket) if b.vertices[v].float_back(1) is not Float.NONE])
    return [] if level.trivial and not level.constant else [level]


UNITS: dict[str, Unit] = {
    **SHARED_UNITS,
    "floaters-paired": floaters_paired,
    "floater-type": floater_type,
    "refloat": refloat,
}
ROUND_UNITS: frozenset[str] = frozenset()
BRACKET_UNITS = BracketUnits(UNITS, ROUND_UNITS)

__all__ = ["BRACKET_UNITS", "ROUND_UNITS", "UNITS", "floater_type", "floaters_paired", "refloat"]
