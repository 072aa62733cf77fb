"""The quality criteria of the Burstein System (C.04.4.2 2026 Art. 2.3) as matching levels.

A bracket step is a graph on the bracket's players (by BSN, Art. 4.1), the next scoregroup
and every player below it: a complete pairing of them all is [C4] (Art. 2.2.1), the
bracket's pairs are its edges inside the bracket, and a bracket player matched outside it
is an outgoing floater.  Each unit gives one or more *levels*: a count per edge, to be made
as large as possible, the levels in the order the rule file lists the criteria.  Every
criterion counts only pairs among the bracket and the next scoregroup, so those are the
graph's listed edges; the players below are there for [C4] alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from cpswiss.errors import InputError
from cpswiss.rulesets.model import Criterion
from cpswiss.tournament.colour import Colour
from cpswiss.tournament.state import PlayerState

Level = dict[int, int]  # edge -> count (maximised)


@dataclass(frozen=True)
class StepGraph:
    """The players of a bracket step: ``players[:n_bracket]`` the bracket by BSN,
    ``players[n_bracket:n_next]`` the next scoregroup, then everyone below; ``edges`` the
    pairs [C1] and [C3] allow among the first ``n_next`` players (i < j): the pairs a
    criterion can count; ``barred[i]``: the positions of the players i may not meet ([C1],
    [C3]), for the pairs with the players below (allowed unless barred).  ``virtual``: that
    many virtual players (Art. 4.2) after the bracket stand for the next scoregroup, with no
    player record (positions ``n_bracket`` to ``n_next``, none below)."""

    players: list[PlayerState]
    n_bracket: int
    n_next: int
    edges: list[tuple[int, int]]
    barred: list[frozenset[int]] = field(default_factory=list, repr=False)
    virtual: int = 0

    @property
    def size(self) -> int:
        """How many players, virtual ones included."""
        return len(self.players) + self.virtual

    def may_meet(self, i: int, j: int) -> bool:
        """[C1] and [C3] allow players i and j to meet."""
        return j not in self.barred[i]

    def scores_in_bracket(self) -> list[int]:
        """The bracket's scores, highest first (residents and incoming floaters)."""
        return sorted({p.score for p in self.players[:self.n_bracket]}, reverse=True)


def inside_edges(g: StepGraph) -> list[int]:
    """The edges inside the bracket (both players in it), in order."""
    nb = g.n_bracket
    return [e for e, (_, j) in enumerate(g.edges) if j < nb]


def pairs(g: StepGraph) -> list[Level]:
    """[C5] (Art. 2.3.1): maximise the number of pairs."""
    return [dict.fromkeys(inside_edges(g), 1)]


def floater_scores(g: StepGraph) -> list[Level]:
    """[C6] (Art. 2.3.2): minimise the scores of the outgoing floaters, taken in descending
    order - with their number fixed by [C5], as many players of the highest score paired
    as possible, then of the next score, and so on."""
    score = [p.score for p in g.players[:g.n_bracket]]
    inside = [(e, score[g.edges[e][0]], score[g.edges[e][1]]) for e in inside_edges(g)]
    return [{e: (a == s) + (b == s) for e, a, b in inside} for s in g.scores_in_bracket()]


def next_bracket(g: StepGraph) -> list[Level]:
    """[C7] (Art. 2.3.3): choose the outgoing floaters so that the following bracket (them
    and the next scoregroup) complies with [C1]-[C6]: the most pairs there ([C5]), then its
    own outgoing floaters' scores as low as possible ([C6]: this bracket's floaters paired
    there, the highest scores first; the next scoregroup's players all have one score)."""
    nb, nn = g.n_bracket, g.n_next
    there = [e for e, (i, j) in enumerate(g.edges) if j < nn and j >= nb]
    levels: list[Level] = [dict.fromkeys(there, 1)]
    for score in g.scores_in_bracket():
        levels.append({e: 1 for e in there if g.edges[e][0] < nb and g.players[g.edges[e][0]].score == score})
    return levels


def colour_preferences(g: StepGraph) -> list[Level]:
    """[C8] (Art. 2.3.4): minimise the players who do not get their colour preference: in
    a pair of two players with a preference for the same colour one of them does not."""
    preference = [p.preference for p in g.players[:g.n_bracket]]
    return [{e: 1 for e in inside_edges(g)
             if (a := preference[g.edges[e][0]]) is None or a != preference[g.edges[e][1]]}]


class PreferenceCount:
    """[C8] counted by colour: among the undecided players of a bracket, how many prefer each
    colour and how many have no preference, and the pairs fixed so far in which both players
    prefer the same colour.  It bounds from below the players a pairing must leave without
    their preference: a player preferring the colour of which there are more meets one
    preferring the other colour or none while there are such players; the rest of that
    colour meet each other (or float, when floaters remain to be chosen)."""

    def __init__(self, players: list[PlayerState]):
        self.count: dict[Colour | None, int] = {}
        for p in players:
            self.count[p.preference] = self.count.get(p.preference, 0) + 1
        self.clashes = 0

    @staticmethod
    def clash(a: PlayerState, b: PlayerState) -> bool:
        """Both prefer the same colour: one of them does not get it (Art. 2.3.4)."""
        return a.preference is not None and a.preference == b.preference

    def fix_pair(self, a: PlayerState, b: PlayerState) -> None:
        self.count[a.preference] -= 1
        self.count[b.preference] -= 1
        self.clashes += self.clash(a, b)

    def fix_float(self, a: PlayerState) -> None:
        self.count[a.preference] -= 1

    def least_clashes(self, floating: int, a: PlayerState, b: PlayerState) -> int:
        """The fewest same-colour pairs of any pairing of the bracket with the pairs fixed so far,
        a-b, and ``floating`` more floaters among the undecided players: those fixed, a-b's,
        and among the others at least half of what the larger colour group exceeds the rest by
        (the floaters taken from it)."""
        left = dict(self.count)
        left[a.preference] -= 1
        left[b.preference] -= 1
        return self.clashes + self.clash(a, b) + self._forced(left, floating)

    def fewest(self, floating: int) -> int:
        """The fewest same-colour pairs of any pairing of the bracket with the pairs fixed so far
        and ``floating`` more floaters among the undecided players (as :meth:`least_clashes`)."""
        return self.clashes + self._forced(self.count, floating)

    @staticmethod
    def _forced(left: dict[Colour | None, int], floating: int) -> int:
        """The same-colour pairs the undecided players ``left`` (by preference) must make: half
        of what the larger colour group exceeds the others and ``floating`` floaters by."""
        colours = sorted((n for c, n in left.items() if c is not None), reverse=True) + [0, 0]
        others = sum(left.values()) - colours[0]
        return max(0, colours[0] - others - floating + 1) // 2


UNITS: dict[str, Callable[[StepGraph], list[Level]]] = {
    "burstein-pairs": pairs,
    "burstein-floater-scores": floater_scores,
    "burstein-next-bracket": next_bracket,
    "burstein-colour-preferences": colour_preferences,
}


def quality_levels(g: StepGraph, criteria: tuple[Criterion, ...]) -> list[tuple[str, list[Level]]]:
    """The levels of the rule set's quality criteria, in its order: (criterion id, levels)."""
    out = []
    for c in criteria:
        if c.unit not in UNITS:
            raise InputError(f"criterion {c.id}: unit {c.unit!r} is not a Burstein unit "
                             f"(known: {', '.join(UNITS)})")
        out.append((c.id, UNITS[c.unit](g)))
    return out
