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
   first by B.6/B.7 (B.8): D.3 (which MDPs are paired), D.1 on the
   MDP-pairing, D.2 exchanges in the remainder (fewest exchanges, smallest
   BSN sum difference, then highest BSNs moved out of S1 and lowest moved
   in, RN-28), D.1 transpositions in the remainder.  Each step fixes one
   decision, keeping it only if the frozen optimum survives, so the result is
   unique by construction whatever the solver's path.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from ortools.graph.python import linear_sum_assignment

from .completion import completable
from .criteria import Bracket, Level, bracket_levels
from .errors import NoPairingError
from .model import MatchingModel, SolverSettings, matching_lower_bound
from .rules import RuleSet
from .state import PlayerState, RoundState


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


class TieBreak:
    """B.8: among optimal candidates, the one generated first by B.6/B.7 with D.1-D.3."""

    def __init__(self, b: Bracket, m: MatchingModel, levels: list[Level]):
        self.b = b
        self.m = m
        # the frozen optima, to recognise a candidate that keeps them without a solve
        self.levels = [lv for lv in levels if not lv.trivial]
        chosen = m.chosen()
        self.optima = [lv.value(chosen) for lv in self.levels]
        self.edge_of = {b.edges[e]: e for e in b.inside}
        # edges inside the bracket, per vertex, split by the partner's position
        self.later: list[list[int]] = [[] for _ in b.vertices]  # (v, j > v) inside the bracket
        self.earlier: list[list[int]] = [[] for _ in b.vertices]  # (i < v, v) inside the bracket
        for e, i, j in b.bracket_edges():
            self.later[i].append(e)
            self.earlier[j].append(e)

    # -- small helpers -----------------------------------------------------------

    def bracket_partner(self, v: int) -> int | None:
        p = self.m.partner(v)
        return p if p is not None and p < self.b.n_bracket else None

    def require(self, edges: list[int], count: int) -> None:
        self.m.model.Add(sum(self.m.x[e] for e in edges) == count)

    def choose_lowest_partner(self, v: int, candidates: set[int]) -> None:
        """Fix v's partner to the highest-ranked candidate that keeps the optimum (D.1)."""
        current = self.bracket_partner(v)
        assert current is not None
        other = self.b.other
        edges = [e for e in self.later[v] + self.earlier[v] if other(e, v) in candidates]
        if any(other(e, v) < current for e in edges):
            self.m.minimise_now({e: other(e, v) for e in edges})
            current = self.bracket_partner(v)
        e = next(e for e in edges if other(e, v) == current)
        self.m.fix(e, 1)

    def smaller_member(self, v: int) -> bool:
        p = self.bracket_partner(v)
        return p is not None and p > v

    # -- the steps of B.7 / B.6 ----------------------------------------------------

    def run(self) -> None:
        matched_mdps = self.choose_paired_mdps()
        taken: set[int] = set()
        residents = set(range(self.b.n_mdp, self.b.n_bracket))
        for v in matched_mdps:
            self.choose_lowest_partner(v, residents - taken)
            taken.add(self.bracket_partner(v))
        remainder = [r for r in range(self.b.n_mdp, self.b.n_bracket) if r not in taken]
        self.pair_remainder(remainder)

    def choose_paired_mdps(self) -> list[int]:
        """D.3: MDPs of the highest scores are paired (fixed by C.6); among equal scores,
        the lowest BSNs."""
        b = self.b
        matched: list[int] = []
        v = 0
        while v < b.n_mdp:
            score = b.vertices[v].score
            group = [u for u in range(v, b.n_mdp) if b.vertices[u].score == score]
            v += len(group)
            to_match = sum(self.bracket_partner(u) is not None for u in group)
            remaining = len(group)
            for u in group:
                edges = self.later[u]
                if to_match == 0:
                    self.require(edges, 0)
                    continue
                if remaining <= to_match:
                    self.require(edges, 1)
                    matched.append(u)
                    continue
                remaining -= 1
                if self.bracket_partner(u) is not None or self.m.maximise_any(edges):
                    self.require(edges, 1)
                    matched.append(u)
                    to_match -= 1
                else:
                    self.require(edges, 0)
        return matched

    def pair_remainder(self, remainder: list[int]) -> None:
        """B.6 on the remainder (or homogeneous bracket): D.2 exchanges, then D.1."""
        if not remainder:
            return
        b, m = self.b, self.m
        position = {v: k for k, v in enumerate(remainder)}
        in_rem = set(remainder)
        rem_pairs = sum(1 for v in remainder if self.smaller_member(v))
        s1 = remainder[:rem_pairs]
        s2 = remainder[rem_pairs:]
        # D.2 rules 1-2: fewest exchanges, then smallest sum of S1 BSNs
        # (floors: no exchange at all, the original S1 - known optima once a solution has them)
        fewest = Level("D.2 exchanges", floor=-len(s1))
        smallest = Level("D.2 BSN sum", floor=sum(range(len(s1))))
        for v in remainder:
            for e in self.later[v]:
                if b.edges[e][1] in in_rem:
                    if v in s1:
                        fewest.add(e, -1)
                    smallest.add(e, position[v])
        m.minimise([fewest, smallest])
        exchanges = sum(1 for v in s1 if not self.smaller_member(v))
        # D.2 rule 3 (RN-28): move the highest BSNs of S1 out first
        left = exchanges
        for v in reversed(s1):
            if left == 0:
                break
            if self.smaller_member(v) and not m.feasible_with([(e, 0) for e in self.later[v]]):
                self.require(self.later[v], 1)
                continue
            self.require(self.later[v], 0)
            left -= 1
        # D.2 rule 4: move the lowest BSNs of S2 in first
        left = exchanges
        for v in s2:
            if left <= 1:
                break
            if self.smaller_member(v) or m.maximise_any(self.later[v]):
                self.require(self.later[v], 1)
                left -= 1
            else:
                self.require(self.later[v], 0)
        # the S1 set is now determined: fix it
        s1_final = [v for v in remainder if self.smaller_member(v)]
        for v in remainder:
            if v in s1_final:
                self.require(self.later[v], 1)
            else:
                self.require([e for e in self.later[v] if b.edges[e][1] in in_rem], 0)
        # D.1: each S1 player takes the lowest S2 player that keeps the optimum
        taken: set[int] = set()
        s2_final = [u for u in remainder if u not in s1_final]
        if len(s2_final) == len(s1_final) + 1:
            if self.first_transposition_with_a_floater(s1_final, s2_final):
                return
        elif len(s2_final) > len(s1_final):
            # players of the remainder float: if no other choice of them keeps the optimum,
            # the rest is a complete S1-S2 assignment again
            floating = [u for u in s2_final if self.bracket_partner(u) is None]
            edges = [e for u in floating for e in self.earlier[u] + self.later[u]]
            if not m.maximise_any(edges):
                paired = [u for u in s2_final if u not in floating]
                if self.first_transposition_by_assignment(s1_final, paired):
                    return
        elif self.first_transposition_by_assignment(s1_final, s2_final):
            return
        for k, v in enumerate(s1_final):
            if self.first_transposition_keeps_optimum(s1_final[k:], [u for u in s2_final if u not in taken]):
                return
            candidates = {u for u in s2_final if u > v and u not in taken}
            self.choose_lowest_partner(v, candidates)
            taken.add(self.bracket_partner(v))

    def first_transposition_by_assignment(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 on a remainder that pairs completely: the first optimal S1 -> S2 assignment.

        False (nothing fixed) when the separable case does not hold; the solver decides then.
        """
        assignment = RemainderAssignment(self, s1, s2)
        current = [e for v in s1 for e in self.later[v] if self.m.solution[e]]
        target = sum(assignment.cost_of(e) for e in current)
        if not assignment.exact or assignment.best(s1, s2) != target:
            return False
        chosen = assignment.first(s1, s2, target)
        for e in current:
            self.m.solution[e] = 0
        for e in chosen:
            self.m.solution[e] = 1
        return True

    def first_transposition_with_a_floater(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 on a remainder where one S2 player floats.

        For each possible floater u the remainder is a complete assignment, and its
        first optimal assignment A(u) comes from :class:`RemainderAssignment`; the
        rest of the step (the look-ahead below) depends on u only.  The answer is the
        smallest A(u), in D.1 order, whose u keeps the frozen optimum, which one solve
        with A(u) assumed confirms.  Candidates are taken best-first: a greedy
        sequence that ignores the criteria bounds A(u) from below, so a candidate is
        expanded only while it could still come first.
        """
        assignment = RemainderAssignment(self, s1, s2)
        if not assignment.exact:
            return False
        bounds = []
        for u in s2:
            rest = [w for w in s2 if w != u]
            bounds.append((assignment.greedy_key(s1, rest), u, rest))
        bounds.sort()
        expanded: list[tuple[tuple[int, ...], int, list[int]]] = []
        index = 0
        while index < len(bounds) or expanded:
            if index < len(bounds) and (not expanded or bounds[index][0] < expanded[0][0]):
                _, u, rest = bounds[index]
                index += 1
                target = assignment.best(s1, rest)
                if target is not None:
                    edges = assignment.first(s1, rest, target)
                    key = tuple(self.b.other(e, v) for e, v in zip(edges, s1))
                    expanded.append((key, u, edges))
                    expanded.sort()
                continue
            key, u, edges = expanded.pop(0)
            if self.m.feasible_with([(e, 1) for e in edges]):
                return True
        return False

    def first_transposition_keeps_optimum(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 without a solver: give each S1 player in turn the lowest S2 player he may meet.

        If that completes the remainder, floats the same players as the current solution
        and keeps every frozen optimum, it is
        the first transposition in D.1 order (each player got the lowest partner he could
        have at all, so a fortiori the lowest among optimal completions): fix it.
        """
        b, m = self.b, self.m
        free = list(s2)
        pairs = []
        for v in s1:
            u = next((u for u in free if u > v and (v, u) in self.edge_of), None)
            if u is None:
                return False
            free.remove(u)
            pairs.append(self.edge_of[(v, u)])
        movable = set(s1)
        if any(self.bracket_partner(u) is None for u in s2 if u not in free):
            return False  # other players would float: their pairs below are not known here
        chosen = [e for e in m.chosen() if not (b.edges[e][0] in movable and b.edges[e][1] < b.n_bracket)]
        chosen += pairs
        if any(lv.value(chosen) != opt for lv, opt in zip(self.levels, self.optima)):
            return False
        solution = [0] * len(m.solution)
        for e in chosen:
            solution[e] = 1
        m.solution = solution
        for e in pairs:
            m.fix(e, 1)
        return True


@dataclass(frozen=True)
class GenerationStep:
    """One decision of the B.8 generation order and a candidate's key for it (smaller first)."""

    article: str
    what: str
    key: tuple[int, ...]
    shown: str  # the candidate's choice in this step, by pairing number


def generation_order(b: Bracket, pairs: list[tuple[int, int]]) -> list[GenerationStep]:
    """Where a candidate of the bracket stands in the order of B.6/B.7 (C.04.3 B.8).

    ``pairs`` are the candidate's pairs inside the bracket, as vertex indices.
    Two candidates equal on every criterion are compared step by step; the
    first step whose keys differ decides, the smaller key being generated first.
    The steps are those :class:`TieBreak` takes, in its order: D.3 (which MDPs
    are paired), D.1 on the MDP-pairing, D.2 rules 1-4 on the remainder, and
    D.1 in the remainder.
    """
    ids = [p.id for p in b.vertices]
    partner: dict[int, int] = {}
    for i, j in pairs:
        partner[i], partner[j] = j, i
    mdps = range(b.n_mdp)
    matched = [v for v in mdps if v in partner]
    remainder = [r for r in range(b.n_mdp, b.n_bracket) if partner.get(r, b.n_bracket) >= b.n_mdp]
    position = {v: k for k, v in enumerate(remainder)}
    s1_new = [v for v in remainder if partner.get(v, -1) > v]
    s1, s2 = remainder[:len(s1_new)], remainder[len(s1_new):]
    new = set(s1_new)
    moved_out = [v for v in reversed(s1) if v not in new]
    moved_in = [v for v in s2 if v in new]

    def names(vs) -> str:
        return "[" + " ".join(str(ids[v]) for v in vs) + "]"

    def pairs_of(vs) -> str:
        return " ".join(f"{ids[v]}-{ids[partner[v]]}" for v in vs) or "(none)"

    return [
        GenerationStep("D.3", "the MDPs paired (lowest BSNs first among equal scores)",
                       tuple(0 if v in partner else 1 for v in mdps), names(matched)),
        GenerationStep("D.1", "the opponents of the MDPs (transpositions of S2)",
                       tuple(partner[v] for v in matched), pairs_of(matched)),
        GenerationStep("D.2", "the number of exchanges between S1 and S2",
                       (len(moved_out),), str(len(moved_out))),
        GenerationStep("D.2", "the difference of the BSN sums exchanged",
                       (sum(position[v] for v in s1_new),), f"S1 {names(s1_new)}"),
        GenerationStep("D.2", "the S1 players moved to S2 (highest BSNs first)",
                       tuple(0 if v not in new else 1 for v in reversed(s1)), names(moved_out)),
        GenerationStep("D.2", "the S2 players moved to S1 (lowest BSNs first)",
                       tuple(0 if v in new else 1 for v in s2), names(moved_in)),
        GenerationStep("D.1", "the opponents of the S1 players (transpositions of S2)",
                       tuple(partner[v] for v in s1_new), pairs_of(s1_new)),
    ]


class RemainderAssignment:
    """The D.1 step on a remainder, as assignment problems S1 -> S2 (C.04.3 B.8, D.1).

    Once the S1 set is fixed (after D.2) and the remainder's floaters are known,
    every criterion restricted to the remainder is a sum over the pairs chosen,
    independent of the rest of the step; the lexicographic optimum of the
    remainder is then a minimum-cost assignment with integer costs, one digit
    per criterion in a base wider than the criterion's range, so comparisons stay
    exact (``exact`` is False when the costs would not fit in 62 bits).  The first
    candidate in D.1 order gives each S1 player in turn the lowest S2 player with
    which the rest can still be assigned at the optimal cost.
    """

    LIMIT = 1 << 62

    def __init__(self, tie: "TieBreak", s1: list[int], s2: list[int]):
        self.edge_of = tie.edge_of
        self.row = {v: k for k, v in enumerate(s1)}
        self.col = {u: k for k, u in enumerate(s2)}
        arcs = {(v, u): self.edge_of[(v, u)] for v in s1 for u in s2 if u > v and (v, u) in self.edge_of}
        self.arcs = arcs
        digits: list[tuple[dict[int, int], int]] = []  # (shifted coefficient per edge, base)
        for level in tie.levels:
            values = {e: level.coef.get(e, 0) for e in arcs.values()}
            low, high = min(values.values(), default=0), max(values.values(), default=0)
            if low != high:
                digits.append(({e: c - low for e, c in values.items()}, (high - low) * len(s1) + 1))
        self.cost = {e: 0 for e in arcs.values()}
        weight = 1
        for shifted, base in reversed(digits):
            for e in self.cost:
                self.cost[e] += weight * shifted[e]
            weight *= base
        self.exact = weight * (len(s1) + 1) < self.LIMIT
        if not self.exact:
            return
        self.matrix = np.zeros((len(s1), len(s2)), dtype=np.int64)
        self.allowed = np.zeros((len(s1), len(s2)), dtype=bool)
        for (v, u), e in arcs.items():
            self.matrix[self.row[v], self.col[u]] = self.cost[e]
            self.allowed[self.row[v], self.col[u]] = True

    def cost_of(self, e: int) -> int:
        return self.cost[e]

    def best(self, left: list[int], right: list[int]) -> int | None:
        """The minimum cost of a perfect assignment of ``left`` to ``right`` (None: none)."""
        if not left:
            return 0
        assert len(left) == len(right)
        index = np.ix_([self.row[v] for v in left], [self.col[u] for u in right])
        allowed = self.allowed[index]
        # (the solver silently drops a row or column without arcs: rule those out first)
        if not allowed.any(axis=1).all() or not allowed.any(axis=0).all():
            return None
        rows, cols = np.nonzero(allowed)
        solver = linear_sum_assignment.SimpleLinearSumAssignment()
        solver.add_arcs_with_cost(rows, cols, self.matrix[index][rows, cols])
        if solver.solve() != solver.OPTIMAL:
            return None
        return solver.optimal_cost()

    def first(self, s1: list[int], s2: list[int], target: int) -> list[int]:
        """The edges of the first assignment in D.1 order among those of cost ``target``."""
        free = list(s2)
        chosen = []
        for k, v in enumerate(s1):
            for u in free:
                e = self.arcs.get((v, u))
                if e is None:
                    continue
                rest = self.best(s1[k + 1:], [w for w in free if w != u])
                if rest is not None and self.cost[e] + rest == target:
                    chosen.append(e)
                    target -= self.cost[e]
                    free.remove(u)
                    break
            else:
                raise AssertionError("the optimal assignment could not be rebuilt")
        return chosen

    def greedy_key(self, s1: list[int], s2: list[int]) -> tuple[int, ...]:
        """Each S1 player in turn with the lowest free S2 player he may meet, criteria aside:
        no assignment of S1 to S2 comes earlier in D.1 order.  Where the greedy run gets
        stuck, the sequence so far (a prefix, smaller than any of its extensions) is the
        bound."""
        free = list(s2)
        key = []
        for v in s1:
            u = next((u for u in free if (v, u) in self.arcs), None)
            if u is None:
                break
            free.remove(u)
            key.append(u)
        return tuple(key)
