"""The FIDE (Dutch) System: brackets paired top-down, each on a CP-SAT model.

Order of work for one round (C.04.3 A.9, B):

1. Check that a complete round-pairing exists at all (A.9; otherwise the
   arbiter decides: exit code 1).
2. Pair the brackets from the highest scoregroup down.  Each bracket's model
   holds the bracket (MDPs, residents) and the next scoregroup, so that C.7 can
   look ahead.  Its quality criteria are minimised lexicographically in the
   order of the rule set.
3. After a bracket, test whether its downfloaters and all players below can
   still be completed; if not, the bracket is the PPB (A.9): pair it again
   with every remaining player below it and the completion criterion C.4 on
   top, then pair the collapsed last bracket.
4. Among the candidates equal on every criterion, reproduce the one generated
   first by B.6/B.7 (B.8): :mod:`cpswiss.tiebreak`.  Each step fixes one
   decision, keeping it only if the frozen optimum survives, so the result is
   unique by construction whatever the solver's path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .completion import completable
from .criteria import Bracket, Level, bracket_levels
from .errors import NoPairingError
from .model import MatchingModel, SolverSettings, matching_lower_bound
from .rules import RuleSet
from .state import PlayerState, RoundState
from .tiebreak import TieBreak, generation_order

__all__ = ["BracketRecord", "RoundPairing", "generation_order", "optimum_given", "pair_bracket",
           "pair_round", "readable_values"]


@dataclass
class BracketRecord:
    """What happened in one bracket step (for explanations and tests)."""

    score: int
    mdps: list[int]
    residents: list[int]
    special: bool
    collapsed: bool  # re-paired as PPB
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    solves: int = 0
    # the graph the step was solved on and the edges chosen on it (for explanations)
    bracket: Bracket | None = field(default=None, repr=False, compare=False)
    chosen: list[int] = field(default_factory=list, repr=False, compare=False)
    # A.9: when this is the PPB, the best pairing of the first attempt, whose
    # downfloaters could not be completed below (pairs and downfloaters, by id)
    abandoned_pairs: list[tuple[int, int]] = field(default_factory=list)
    abandoned_downfloaters: list[int] = field(default_factory=list)

    @property
    def inside_edges(self) -> list[int]:
        """The chosen edges with both players in the bracket."""
        return [e for e in self.chosen if self.bracket.edges[e][1] < self.bracket.n_bracket]

    def values(self, rules: RuleSet, settings: SolverSettings | None = None) -> dict[str, tuple[int, ...]]:
        """C.4-C.19 values of the step's pairing, with the best look-ahead below (C.7), as the
        levels count them (minimised; see :func:`readable_values`)."""
        result = optimum_given(self.bracket, rules, settings, inside=self.inside_edges)
        assert result is not None
        return result[0]


@dataclass
class RoundPairing:
    """Pairs (unordered, by player id) and the bye, before colours."""

    pairs: list[tuple[int, int]]
    bye: int | None
    brackets: list[BracketRecord]


def scoregroups(players: list[PlayerState]) -> list[list[PlayerState]]:
    """C.04.3 A.3: players with equal scores, highest score first (players in A.2 order)."""
    groups: list[list[PlayerState]] = []
    for p in players:
        if groups and groups[-1][0].score == p.score:
            groups[-1].append(p)
        else:
            groups.append([p])
    return groups


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    players = state.to_pair
    if not players:
        raise NoPairingError("no player is available for this round")
    if not completable(players, state):
        raise NoPairingError("no round-pairing satisfies C1-C3 with at most one bye to an eligible "
                             "player (C.04.3 A.9: the arbiter decides)")
    groups = scoregroups(players)
    bracket: list[PlayerState] = groups[0]
    n_mdp = 0
    index = 1
    special = index == len(groups)
    collapsed = False
    abandoned: BracketRecord | None = None
    pairs: list[tuple[int, int]] = []
    records: list[BracketRecord] = []
    while len(bracket) > 1 or index < len(groups):
        if special:
            lower = [p for g in groups[index:] for p in g]
            next_index = len(groups)
        else:
            lower = groups[index]
            next_index = index + 1
        b = Bracket(bracket + lower, n_mdp, len(bracket), special, next_index == len(groups), state)
        record = pair_bracket(b, rules, settings)
        record.collapsed = collapsed
        floaters = [b.vertices[v] for v in range(b.n_bracket)
                    if all(v not in pair for pair in record.pairs)]
        if not special:
            rest = floaters + [p for g in groups[index:] for p in g]
            if not completable(rest, state):
                special = True  # this bracket is the PPB (A.9)
                collapsed = True
                abandoned = record
                abandoned.pairs = [(b.vertices[i].id, b.vertices[j].id) for i, j in record.pairs]
                abandoned.downfloaters = [p.id for p in floaters]
                continue
        if collapsed and abandoned is not None:
            record.abandoned_pairs = abandoned.pairs
            record.abandoned_downfloaters = abandoned.downfloaters
        collapsed = False
        record.pairs = [(b.vertices[i].id, b.vertices[j].id) for i, j in record.pairs]
        record.downfloaters = [p.id for p in floaters]
        records.append(record)
        pairs.extend(record.pairs)
        bracket = floaters + lower
        n_mdp = len(floaters)
        index = next_index
        special = index == len(groups)
    bye = bracket[0].id if bracket else None
    return RoundPairing(pairs, bye, records)


def pair_bracket(b: Bracket, rules: RuleSet, settings: SolverSettings | None = None) -> BracketRecord:
    """Pair one bracket: lexicographic optimum of C.4-C.19, then the B.8 tie-break."""
    levels = [lv for _, lvs in bracket_levels(b, rules.criteria) for lv in lvs]
    chosen = perfect_first_candidate(b, levels)
    solves = 0
    if chosen is None:
        chosen, solves = optimise_and_break_ties(b, levels, settings)
    pairs = [b.edges[e] for e in chosen if b.edges[e][1] < b.n_bracket]
    pairs.sort()
    record = BracketRecord(
        score=b.vertices[b.n_mdp].score if b.n_mdp < b.n_bracket else b.vertices[0].score,
        mdps=[p.id for p in b.vertices[:b.n_mdp]],
        residents=[p.id for p in b.vertices[b.n_mdp:b.n_bracket]],
        special=b.special, collapsed=False, pairs=pairs, downfloaters=[],
        solves=solves, bracket=b, chosen=list(chosen))
    return record


def optimum_given(b: Bracket, rules: RuleSet, settings: SolverSettings | None = None, *,
                  inside: list[int] | None = None, paired_inside: int | None = None,
                  ) -> tuple[dict[str, tuple[int, ...]], list[int]] | None:
    """The best criteria values of the step under a condition, and the edges reaching them.

    ``inside``: the pairs inside the bracket are exactly these edges (the rest of
    the step, the look-ahead of C.7, is still optimised).  ``paired_inside``: this
    vertex must be paired inside the bracket.  None when no pairing meets the
    condition.  Used to value a proposed pairing and to say why a player floats.
    """
    m = MatchingModel(len(b.vertices), b.edges, settings)
    if inside is not None:
        wanted = set(inside)
        for e in b.inside:
            m.fix(e, int(e in wanted))
    if paired_inside is not None:
        m.model.Add(sum(m.x[e] for e in b.incident_in_bracket[paired_inside]) == 1)
    if not m.feasible_with([]):
        return None
    named = bracket_levels(b, rules.criteria)
    flat = iter(m.minimise([lv for _, levels in named for lv in levels]))
    return {cid: tuple(next(flat) for _ in levels) for cid, levels in named}, m.chosen()


def readable_values(b: Bracket, rules: RuleSet, values: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
    """Criteria values as a reader counts them (pairs as a positive count, see Level.sense)."""
    return {cid: tuple(level.shown(v) for level, v in zip(levels, values[cid]))
            for cid, levels in bracket_levels(b, rules.criteria)}


def perfect_first_candidate(b: Bracket, levels: list[Level]) -> list[int] | None:
    """B.4: the first candidate of B.3 (S1[i] against S2[i]), if it is provably perfect.

    Tried where it is cheap to prove: a homogeneous last bracket (or the single
    bracket of a round where everybody has the same score).  The candidate is
    accepted when every pair is allowed (C.1-C.3) and every criterion is at a
    proven lower bound, or is fixed by the number of pairs (the same weight on
    every pair of the bracket, as the PSD of a homogeneous bracket).  Being the
    first candidate generated, it is then the B.8 choice.
    """
    n = b.n_bracket
    if not b.special or b.n_mdp or n != len(b.vertices) or n < 2:
        return None
    if b.vertices[0].score != b.vertices[-1].score:
        return None
    half = n // 2
    index = {edge: e for e, edge in enumerate(b.edges)}
    chosen = []
    for i in range(half):
        e = index.get((i, i + half))
        if e is None:
            return None
        chosen.append(e)
    for level in levels:
        if level.trivial:
            continue
        value = level.value(chosen)
        bound = level.constant + matching_lower_bound(level.coef, b.incident, b.edges)
        if level.floor is not None:
            bound = max(bound, level.floor)
        if value <= bound:
            continue
        weights = set(level.coef.values())
        if len(weights) == 1 and len(level.coef) == len(b.inside):
            continue  # a function of the number of pairs, which C.5 fixes
        return None
    return chosen


def optimise_and_break_ties(b: Bracket, levels: list[Level],
                            settings: SolverSettings | None) -> tuple[list[int], int]:
    """Lexicographic optimum of the levels, then the B.8 tie-break; the chosen edges.

    When every bracket player is paired inside the bracket in every optimal
    solution, the players below do not take part in the choice: no edge to them is
    chosen, every criterion splits into a bracket part and a part below chosen
    independently, and the lexicographic optimum of such a sum is the sum of the
    optima.  The bracket is then solved on a model of its own, much smaller.  This
    is known in advance outside the PPB when the bracket has a perfect matching
    (C.5 comes first), and otherwise from the frozen pairs count.
    """
    n = b.n_bracket
    inside = b.inside
    local = {e: k for k, e in enumerate(inside)}
    sub_bracket = Bracket(b.vertices[:n], b.n_mdp, n, b.special, b.final, b.round,
                          edges=[b.edges[e] for e in inside])

    def restricted(level: Level) -> Level:
        return Level(level.name, {local[e]: c for e, c in level.coef.items() if e in local},
                     level.constant, level.floor if n == len(b.vertices) else None, level.sense)

    if n < len(b.vertices) and not b.special and n % 2 == 0:
        sub = MatchingModel(n, sub_bracket.edges, settings)
        sub_levels = [restricted(level) for level in levels]
        sub.minimise(sub_levels)
        if 2 * len(sub.chosen()) == n:
            TieBreak(sub_bracket, sub, sub_levels).run()
            return [inside[k] for k in sub.chosen()], sub.solves
    m = MatchingModel(len(b.vertices), b.edges, settings)
    m.minimise(levels)
    if n == len(b.vertices) or 2 * sum(m.solution[e] for e in inside) != n:
        TieBreak(b, m, levels).run()
        return m.chosen(), m.solves
    sub = MatchingModel(n, sub_bracket.edges, settings)
    sub.solution = [m.solution[e] for e in inside]
    sub_levels = [restricted(level) for level in levels]
    for level in sub_levels:
        if not level.trivial:
            value = sum(c * sub.solution[k] for k, c in level.coef.items())
            sub.model.Add(sum(c * sub.x[k] for k, c in level.coef.items() if c) == value)
    TieBreak(sub_bracket, sub, sub_levels).run()
    return [inside[k] for k in sub.chosen()], m.solves + sub.solves
