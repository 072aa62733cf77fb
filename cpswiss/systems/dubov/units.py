"""The Dubov quality criteria (C.04.4.1 Art. 2.3, [C5]-[C10]) as levels of a matching: for
each criterion one or more maps edge -> coefficient, minimised in order over the pairings
of a bracket (a level's value is the sum of the coefficients of the chosen edges).

Every quality criterion looks only at pairs with a resident of the bracket (Art. 1.3.2: a
bracket is its residents and the upfloaters who meet them); pairs among lower players
count only for completion ([C4])."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable

from cpswiss.rulesets.ruleset import Criterion
from cpswiss.systems.dubov.facts import DubovFacts
from cpswiss.tournament.state import PlayerState, RoundState

Level = dict[int, int]


@dataclass(frozen=True)
class BracketEdges:
    """The pairs a bracket step may choose from: players by position, each edge a pair of
    positions; ``residents`` the positions of the bracket's scoregroup."""

    players: list[PlayerState]
    edges: list[tuple[int, int]]
    residents: frozenset[int]
    facts: dict[int, DubovFacts]
    state: RoundState

    @cached_property
    def upfloat_edge_list(self) -> list[tuple[int, PlayerState, PlayerState]]:
        out = []
        for e, (i, j) in enumerate(self.edges):
            if (i in self.residents) != (j in self.residents):
                r, u = (i, j) if i in self.residents else (j, i)
                out.append((e, self.players[r], self.players[u]))
        return out

    def upfloat_edges(self) -> list[tuple[int, PlayerState, PlayerState]]:
        """(edge, resident, lower player) for each edge between a resident and a lower player."""
        return self.upfloat_edge_list

    def lower(self, u: PlayerState) -> DubovFacts:
        return self.facts[u.id]


def completion(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C4]: the bracket leaves the rest of the round completable - as many pairs as possible
    over the bracket and everybody below it (a complete pairing when one exists)."""
    return [{e: -1 for e in range(len(b.edges))}]


def upfloaters(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C5]: minimise the number of upfloaters (every resident is paired, so each
    resident-lower pair is one upfloater)."""
    return [{e: 1 for e, _, _ in b.upfloat_edges()}]


def score_differences(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C6]: minimise the score differences taken in descending order: one level per
    difference, the largest first (the number of upfloaters is already fixed by [C5])."""
    by_difference: dict[int, Level] = {}
    for e, r, u in b.upfloat_edges():
        by_difference.setdefault(r.score - u.score, {})[e] = 1
    return [by_difference[d] for d in sorted(by_difference, reverse=True)]


def colour_preference(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C7]: minimise the players who do not get their colour preference - one per pair of
    two players wanting the same colour (Art. 1.6; no games: mild Black, 1.6.4)."""
    level = {}
    for e, (i, j) in enumerate(b.edges):
        if (i in b.residents or j in b.residents) and b.players[i].preference == b.players[j].preference:
            level[e] = 1
    return [level]


def maximum_upfloaters(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C8]: minimise the upfloaters who are maximum upfloaters (Art. 1.8)."""
    if skipped_in_last_round(b.state, c):
        return []
    return [{e: 1 for e, _, u in b.upfloat_edges() if b.lower(u).maximum_upfloater}]


def upfloat_counts(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C9]: minimise the number of times a maximum upfloater is upfloated: one level per
    upfloat count of the maximum upfloaters, the highest first (read as [C6] is)."""
    if skipped_in_last_round(b.state, c):
        return []
    by_count: dict[int, Level] = {}
    for e, _, u in b.upfloat_edges():
        if b.lower(u).maximum_upfloater:
            by_count.setdefault(b.lower(u).upfloats, {})[e] = 1
    return [by_count[k] for k in sorted(by_count, reverse=True)]


def repeated_upfloaters(b: BracketEdges, c: Criterion) -> list[Level]:
    """[C10]: minimise the upfloaters who upfloated in the previous round."""
    if skipped_in_last_round(b.state, c):
        return []
    return [{e: 1 for e, _, u in b.upfloat_edges() if b.lower(u).upfloated_last_round}]


def skipped_in_last_round(state: RoundState, c: Criterion) -> bool:
    """"Unless it is the last round" ([C8]-[C10])."""
    return bool(c.params.get("except_last_round")) and state.is_last_round


UNITS: dict[str, Callable[[BracketEdges, Criterion], list[Level]]] = {
    "dubov-completion": completion,
    "dubov-upfloaters": upfloaters,
    "dubov-score-differences": score_differences,
    "dubov-colour-preference": colour_preference,
    "dubov-maximum-upfloaters": maximum_upfloaters,
    "dubov-upfloat-counts": upfloat_counts,
    "dubov-repeated-upfloaters": repeated_upfloaters,
}



def quality_levels(b: BracketEdges, criteria: tuple[Criterion, ...]) -> list[tuple[Criterion, Level]]:
    """The rule set's completion and quality criteria as levels, in priority order, each with
    its criterion."""
    out = []
    for c in criteria:
        if c.kind not in ("completion", "quality"):
            continue
        if c.unit not in UNITS:
            raise ValueError(f"criterion {c.id}: unit {c.unit!r} is not a Dubov unit")
        out += [(c, level) for level in UNITS[c.unit](b, c)]
    return out


def pair_levels(pairings: list[list[tuple[int, int]]], residents: list[int], state: RoundState,
                facts: dict[int, DubovFacts], criteria: tuple[Criterion, ...]) -> list[tuple[Criterion, list[int]]]:
    """Every quality level, in priority order, with its value for each of the ``pairings`` of
    one bracket (pairs of player ids; ``residents``: the bracket's scoregroup).  The levels
    are those of all the pairings together, so that a level (a score difference, an upfloat
    count) means the same for each."""
    ids = sorted({p for pairs in pairings for pair in pairs for p in pair})
    index = {pid: k for k, pid in enumerate(ids)}
    edges = sorted({_ordered(index[a], index[b]) for pairs in pairings for a, b in pairs})
    edge_of = {edge: e for e, edge in enumerate(edges)}
    graph = BracketEdges([state.players[pid] for pid in ids], edges,
                         frozenset(index[p] for p in residents if p in index), facts, state)
    chosen = [[edge_of[_ordered(index[a], index[b])] for a, b in pairs] for pairs in pairings]
    return [(c, [sum(level.get(e, 0) for e in picked) for picked in chosen])
            for c, level in quality_levels(graph, criteria) if c.kind == "quality"]


def pair_values(pairs: list[tuple[int, int]], residents: list[int], state: RoundState,
                facts: dict[int, DubovFacts], criteria: tuple[Criterion, ...]) -> dict[str, int]:
    """Every quality criterion's value (label -> the sum over its levels) for a bracket's pairs."""
    values: dict[str, int] = {}
    for c, (value,) in pair_levels([pairs], residents, state, facts, criteria):
        values[c.label] = values.get(c.label, 0) + value
    return values


def _ordered(i: int, j: int) -> tuple[int, int]:
    """The edge ``i``-``j`` with the smaller end first."""
    return (i, j) if i <= j else (j, i)
