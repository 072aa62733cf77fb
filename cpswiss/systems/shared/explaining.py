"""What a system's explanation gives back, and the pieces every system's explanation shares.

A system's ``explanation`` module (see :mod:`cpswiss.registry`) turns the records of its
round procedure into a :class:`RoundAccount`: one :class:`BracketAccount` per bracket (or score
group) in the order the text pairs them, the reason for the pairing-allocated bye, and - for a
proposal - the first :class:`Finding` by which the proposal's pairs are not the rules'.  The
arbiter's tool (:mod:`cpswiss.check.explain`) adds legality, colours and the edition's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from cpswiss.systems.shared.bracket import Bracket
from cpswiss.systems.shared.units import B, BracketUnits, bracket_levels
from cpswiss.errors import InternalCheckError
from cpswiss.solver.levels import Level
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.tournament.state import PlayerState


@dataclass(frozen=True)
class Finding:
    """One reason: the article that decides, in words, with the values compared."""

    article: str  # e.g. "C.04.3 C.10", "C.04.3 B.8 / D.1", "C.04.3 E.2"
    message: str
    players: tuple[int, ...] = ()
    proposed: str | None = None
    rules: str | None = None

    def __str__(self) -> str:
        return f"{self.article}: {self.message}"


@dataclass(frozen=True)
class LevelName:
    """How a criterion level is read: its name and sense (-1: fewer is worse, 1: more is worse)."""

    name: str
    sense: int


@dataclass
class BracketAccount:
    """One bracket step as the engine paired it, and the proposal's choice there."""

    number: int
    score: str  # the residents' score
    kind: str  # homogeneous, heterogeneous, PPB, collapsed last bracket, last bracket
    residents: list[int]
    mdps: list[int]  # players who came from another scoregroup (Dutch MDPs, upfloaters, transfers)
    s1: list[int]
    s2: list[int]
    limbo: list[int]
    remainder_s1: list[int]  # heterogeneous brackets: the remainder (B.3), before exchanges
    remainder_s2: list[int]
    pairs: list[tuple[int, int]]  # the engine's pairs inside the bracket
    downfloaters: list[int]  # players the bracket passes on
    values: dict[str, tuple[int, ...]] = field(default_factory=dict)  # as a reader counts
    proposed_pairs: list[tuple[int, int]] | None = None
    proposed_downfloaters: list[int] | None = None
    proposed_values: dict[str, tuple[int, ...]] | None = None
    notes: list[str] = field(default_factory=list)
    verdict: Finding | None = None
    # how each criterion's levels in ``values`` are named and read
    levels: dict[str, tuple[LevelName, ...]] = field(default_factory=dict)

    @property
    def agrees(self) -> bool | None:
        if self.proposed_pairs is None:
            return None
        return {frozenset(p) for p in self.proposed_pairs} == {frozenset(p) for p in self.pairs}


@dataclass
class RoundAccount:
    """A system's account of one round: its brackets, the bye, and against a proposal the first
    rule by which the proposal's pairs or bye are not the rules' (colours are judged apart)."""

    brackets: list[BracketAccount]
    bye: str | None = None
    decisive: Finding | None = None
    terms: dict[str, str] = field(default_factory=dict)  # the system's words for the text's
    header: str = ""  # a line about the round as a whole
    # the rule set whose words (its [vocabulary]) the account speaks, when not the round's own
    # (a Burstein seeding round: the seeding rule set's, whose articles decided it)
    rules: RuleSet | None = None


# the bracket step a system's record keeps (the shared graph or a system's subclass of it)
Step = TypeVar("Step", bound=Bracket, covariant=True)


class HasGraph(Protocol[Step]):
    @property
    def bracket(self) -> Step | None: ...


def graph_of(record: HasGraph[B]) -> B:
    """The bracket graph a system's record was solved on (every record an explanation reads has one)."""
    b = record.bracket
    if b is None:
        raise InternalCheckError("internal error: a bracket record without its graph")
    return b


def who(p: PlayerState) -> str:
    """A player as an arbiter names them: pairing number, name and score, e.g. ``5 Eloise (3.0)``."""
    return f"{p.id} {p.name} ({p.score_text})" if p.name else f"{p.id} ({p.score_text})"


def ids_text(ids: list[int]) -> str:
    return "[" + " ".join(map(str, ids)) + "]"


def pairs_text(pairs: list[tuple[int, int]]) -> str:
    return " ".join(f"{a}-{b}" for a, b in pairs) if pairs else "(no pair)"


def criterion_article(rules: RuleSet, cid: str) -> str:
    """How the edition cites a criterion: ``C.04.3 C.10`` (2017), ``C.04.3 Art. 2.4.7 [C12]``
    (2026), from the rule set's ``article`` and ``label``."""
    c = next((c for c in rules.criteria if c.id == cid), None)
    if c is None or not c.article:
        return f"C.04.3 C.{cid[1:]}" if cid[:1] == "C" and cid[1:].isdigit() else cid
    return c.article if c.label == cid or c.label in c.article else f"{c.article} {c.label}"


def level_label(label: str, name: str) -> str:
    """A level's name without its criterion's label in front (``[C7] PSD 3`` -> ``PSD 3``)."""
    return name[len(label):].strip() if name.startswith(label) else name


def level_names(b: B, rules: RuleSet, units: BracketUnits[B]) -> dict[str, tuple[LevelName, ...]]:
    """The names and senses of every criterion level of a bracket step."""
    return {cid: tuple(LevelName(level_label(rules.label(cid), level.name), level.sense) for level in levels)
            for cid, levels in bracket_levels(b, rules.criteria, units)}


def first_difference(b: B, rules: RuleSet, units: BracketUnits[B], ours: dict[str, tuple[int, ...]],
                     theirs: dict[str, tuple[int, ...]], theirs_name: str = "proposed",
                     edges: tuple[list[int], list[int]] | None = None) -> Finding | None:
    """The first criterion (rule-set order) on which two choices of the step differ.

    ``edges``: the chosen edges behind ``ours`` and ``theirs``.  With them, a level that is a
    part of a condition (:attr:`~cpswiss.solver.levels.Level.condition`, 2013 C.12) is named
    by the part that fails the condition, with that part's own values: a failed condition
    makes every part count its cap (:func:`~cpswiss.solver.levels.as_counted`), so the first
    part to differ need not be the one that fails."""
    by_criterion = bracket_levels(b, rules.criteria, units)
    for cid, levels in by_criterion:
        for level, mine, other in zip(levels, ours[cid], theirs[cid]):
            if mine != other:
                if level.condition is not None and edges is not None:
                    cid, level, mine, other = _failing_part(by_criterion, cid, level, mine, other, edges)
                worse = "fewer" if level.sense < 0 else "more"
                label = level_label(rules.label(cid), level.name)
                return Finding(criterion_article(rules, cid), f"{label}: {theirs_name} {level.shown(other)}, rules "
                               f"{level.shown(mine)} ({worse} is worse)",
                               proposed=str(level.shown(other)), rules=str(level.shown(mine)))
    return None


def _failing_part(by_criterion: list[tuple[str, list[Level]]], cid: str, level: Level, mine: int, other: int,
                  edges: tuple[list[int], list[int]]) -> tuple[str, Level, int, int]:
    """The part of ``level``'s condition that the worse of the two choices fails on its own (its
    values for both choices), or the level as given when no part does."""
    failing = edges[1] if other > mine else edges[0]
    for part_cid, parts in by_criterion:
        for part in parts:
            if part.condition == level.condition and part.cap is not None and part.value(failing) >= part.cap:
                return part_cid, part, part.value(edges[0]), part.value(edges[1])
    return cid, level, mine, other


def proposed_inside(members: list[int], proposed_pairs: set[frozenset[int]]) -> list[tuple[int, int]]:
    """The proposal's pairs with both players among ``members``, each ordered and listed by the
    members' order."""
    order = {pid: k for k, pid in enumerate(members)}
    inside = [sorted(p, key=order.__getitem__) for p in proposed_pairs if p <= order.keys()]
    return sorted(((a, b) for a, b in inside), key=lambda pair: order[pair[0]])
