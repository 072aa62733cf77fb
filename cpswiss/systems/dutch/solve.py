"""One bracket step of the FIDE (Dutch) System: the lexicographic optimum of the rule set's
criteria on the step's graph (its levels split around the look-ahead, C.7 / [C8]), by proofs
without a solve where they suffice, else on the CP-SAT model, then the candidate generated
first among the optima (B.8 / Art. 3.8: :mod:`cpswiss.systems.dutch.tiebreak`); a criterion
weighed case by case (:mod:`cpswiss.solver.cases`) and the 2013 lowest bracket's floater are
handled here too.  The record of each step (:class:`BracketRecord`) is what the explanations
read."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable

from cpswiss.errors import InternalCheckError
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.answers import OBSERVERS, answered
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.solver.bounds import MatchingBound
from cpswiss.solver.cases import CaseSearch, Pin
from cpswiss.solver.completion import bye_candidate
from cpswiss.solver.levels import Level, as_counted
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems.dutch.fairness import IDENTITY_UNITS
from cpswiss.systems.dutch.lookahead import single_downfloater_classes, single_downfloater_value
from cpswiss.systems.dutch.generation import generation_order
from cpswiss.systems.dutch.small import alone_without_model, first_generated_optimum
from cpswiss.systems.dutch.tiebreak import TieBreak
from cpswiss.systems.dutch.units import BRACKET_UNITS, LOOKAHEAD_UNITS
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.shared.units import bracket_levels
from cpswiss.tournament.state import PlayerState, RoundState


@dataclass
class BracketRecord:
    """What happened in one bracket step (for explanations and tests)."""

    score: int
    mdps: list[int]
    residents: list[int]
    last_step: bool
    collapsed: bool  # re-paired as PPB
    pairs: list[tuple[int, int]]
    downfloaters: list[int]
    solves: int = 0
    # the step's levels, in order, while the round is being paired: the procedure lets them go
    # once the step is done (tens of thousands of coefficients each on a 1,000-player round;
    # :func:`step_levels` of :attr:`bracket` gives them again, as explanations do)
    levels: list[Level] = field(default_factory=list, repr=False, compare=False)
    # the graph the step was solved on and the edges chosen on it (for explanations; see
    # :attr:`bracket`)
    graph: DutchBracket | None = field(default=None, repr=False, compare=False)
    chosen: list[int] = field(default_factory=list, repr=False, compare=False)
    # A.9: when this is the PPB, the best pairing of the first attempt, whose
    # downfloaters could not be completed below (pairs and downfloaters, by id)
    abandoned_pairs: list[tuple[int, int]] = field(default_factory=list)
    # the criteria values of the pairing chosen and the edges reaching them, once asked for
    # (:meth:`values`), and under which rules
    optimum: tuple[RuleSet, dict[str, tuple[int, ...]], list[int]] | None = field(default=None, repr=False,
                                                                                 compare=False)
    abandoned_downfloaters: list[int] = field(default_factory=list)
    # 2013 C.13: the penultimate bracket joined with every bracket below (no pairs of its own;
    # its players are in the next record, the joined bracket)
    joined: bool = False
    # 2013 A.3: a heterogeneous bracket at least half of whose players moved down, paired as a
    # homogeneous one (:func:`treated_as_homogeneous`; ``mdps`` are still the players who moved down)
    treated_homogeneous: bool = False
    # a step paired without its graph (:func:`pair_interchangeable`): what builds the
    # graph, its levels and the chosen edges when first asked for
    build: Callable[[], tuple[DutchBracket, list[Level], list[int]]] | None = field(default=None, repr=False,
                                                                              compare=False)
    # paired by its players' classes, without its graph (:mod:`~cpswiss.systems.dutch.dense`)
    by_classes: bool = False

    def let_go_of_graph(self) -> None:
        """Let the step's graph go once the step is done, to be built again from the same
        players and flags when an explanation asks for it (:attr:`bracket`): the same edges in
        the same order, so :attr:`chosen` still names the pairs.  A 1,000-player round's
        graphs are hundreds of thousands of pairs, which the round would otherwise hold to its
        end and Python's cyclic collector walk once it resumes."""
        if self.graph is not None and self.graph.by_second_end:
            rebuild, chosen = self.graph.rebuilder(), self.chosen  # (not self: no reference cycle)
            self.graph, self.build = None, lambda: (rebuild(), [], chosen)

    @property
    def bracket(self) -> DutchBracket | None:
        """The graph of the step (built on first use where the step was paired without it)."""
        if self.graph is None and self.build is not None:
            self.graph, self.levels, self.chosen = self.build()
            self.build = None
        return self.graph

    @property
    def inside_edges(self) -> list[int]:
        """The chosen edges with both players in the bracket."""
        from cpswiss.systems.shared.explaining import graph_of  # explanations only: pairing does not load it

        b = graph_of(self)
        return [e for e in self.chosen if b.edges[e][1] < b.n_bracket]

    def values(self, rules: RuleSet, settings: SolverSettings | None = None) -> dict[str, tuple[int, ...]]:
        """C.4-C.19 values of the step's pairing, with the best look-ahead below (C.7), as the
        levels count them (minimised; see :func:`~cpswiss.systems.shared.valuation.readable_values`); computed once per rule set."""
        return self._valued(rules, settings)[1]

    def valued_edges(self, rules: RuleSet, settings: SolverSettings | None = None) -> list[int]:
        """The edges of the step (the pairing's pairs and the best look-ahead below) that
        :meth:`values` values."""
        return self._valued(rules, settings)[2]

    def _valued(self, rules: RuleSet, settings: SolverSettings | None
                ) -> tuple[RuleSet, dict[str, tuple[int, ...]], list[int]]:
        if self.optimum is None or self.optimum[0] is not rules:
            # explanations only: pairing does not load them
            from cpswiss.systems.shared.explaining import graph_of
            from cpswiss.systems.shared.valuation import optimum_given

            result = optimum_given(graph_of(self), rules, BRACKET_UNITS, settings, inside=self.inside_edges)
            if result is None:
                raise InternalCheckError("internal error: the bracket's own pairing cannot be valued")
            self.optimum = (rules, result[0], result[1])
        return self.optimum


def first_candidate(n: int) -> list[tuple[int, int]]:
    """B.3/B.4 (2026 Art. 3.4): the first candidate of a homogeneous bracket of n players,
    S1[i] against S2[i] (with n odd, the last of S2 is left unpaired)."""
    half = n // 2
    return [(i, i + half) for i in range(half)]


def sees_identity(rules: RuleSet) -> bool:
    """Does a criterion of the rule set see the players' ratings or places (seed 003's
    fairness units), so that players equal in state are not interchangeable?"""
    return any(c.unit in IDENTITY_UNITS for c in rules.criteria)


def pair_interchangeable(bracket: list[PlayerState], state: RoundState, rules: RuleSet) -> BracketRecord:
    """The last bracket when its players are interchangeable (:func:`interchangeable`), paired
    without its graph.

    Every pairing with the most pairs has the same value on every criterion, so the
    B.8 choice is the first candidate generated (:func:`first_candidate`); the
    completion test before (C.4, A.9) has shown that, with an odd number, its
    unpaired player may take the bye (the players being alike).  Round 1 of 10,000
    players is 50 million allowed pairs: the graph, its levels and the chosen edges
    are built only when an explanation asks for them.
    """
    pairs = first_candidate(len(bracket))

    def build() -> tuple[DutchBracket, list[Level], list[int]]:
        b = DutchBracket(bracket, 0, len(bracket), state, last_step=True, final=True)
        edge_of = {edge: e for e, edge in enumerate(b.edges)}
        return b, step_levels(b, rules).all, [edge_of[pair] for pair in pairs]

    return BracketRecord(score=bracket[0].score, mdps=[], residents=[p.id for p in bracket], last_step=True,
                         collapsed=False, pairs=pairs, downfloaters=[], build=build)


def pair_bracket(b: DutchBracket, rules: RuleSet, settings: SolverSettings | None = None, *,
                 pairing_inside: int | None = None) -> BracketRecord:
    """Pair one bracket: lexicographic optimum of C.4-C.19, then the B.8 tie-break.

    ``pairing_inside`` (explanations: a floater's counterfactual): vertex that the candidates
    must pair inside the bracket when they can, as a level ranked before every criterion, so
    the answer is the first-generated optimal candidate among those that pair it."""
    def fresh_step() -> StepLevels:
        step = step_levels(b, rules)
        if pairing_inside is not None:
            step.before.insert(0, Level("the player paired inside the bracket",
                                        {e: -1 for e in b.incident_in_bracket[pairing_inside]}, sense=-1))
        return step

    step = fresh_step()
    chosen = perfect_first_candidate(b, step.all) if pairing_inside is None else None
    solves = 0
    if chosen is None:
        chosen, solves = optimise_and_break_ties(b, step, settings)
        if any(level.weighed_by_cases for level in step.all):
            chosen, solves = by_cases(b, fresh_step, chosen, solves, settings)
        if (b.last_step and b.n_mdp and rules.procedure.lowest_bracket_pairs_a_floater
                and not pairs_a_floater_below(b, chosen)):
            chosen, solves = pairing_a_floater_below(b, rules, fresh_step, chosen, solves, settings)
    pairs = [b.edges[e] for e in chosen if b.edges[e][1] < b.n_bracket]
    pairs.sort()
    record = BracketRecord(
        score=b.vertices[b.n_mdp].score if b.n_mdp < b.n_bracket else b.vertices[0].score,
        mdps=[p.id for p in b.vertices[:b.n_mdp]],
        residents=[p.id for p in b.vertices[b.n_mdp:b.n_bracket]],
        last_step=b.last_step, collapsed=False, pairs=pairs, downfloaters=[],
        solves=solves, levels=step.all, graph=b, chosen=list(chosen))
    return record


def pairs_a_floater_below(b: DutchBracket, chosen: list[int]) -> bool:
    """2013 A.3 with C.13/C.14 (C.04.3.1), for a heterogeneous penultimate bracket re-paired
    above the lowest one: when its re-pairing moves on one of its own moved-down players (one
    that A.3 pairs first there), the players it floats are the lowest bracket's moved-down
    players, paired first, and p (their pairs there) may not become zero - that is C.13
    again, not a pairing.  So the step's pairing is acceptable when it pairs every one of the
    bracket's moved-down players, when at least one of those it floats is paired below, or
    when they are at least half of the lowest bracket (A.3: then it is treated as
    homogeneous).  (JaVaFo 1.4: s85-r07 and s3492-r08 float an MDP alone to the bye, which
    it does not accept; s8504-r08 floats a resident alone to the bye beside a pair below,
    which it does, and so does s3162-r07 from a homogeneous bracket.)"""
    below = len(b.vertices) - b.n_bracket
    paired_inside = {v for e in chosen for v in b.edges[e] if b.edges[e][1] < b.n_bracket}
    left = b.n_bracket - len(paired_inside)
    moved_on = any(v not in paired_inside for v in range(b.n_mdp))
    return (not moved_on or below == 0 or left >= below
            or any(b.edges[e][0] < b.n_bracket <= b.edges[e][1] for e in chosen))


def pairing_a_floater_below(b: DutchBracket, rules: RuleSet, fresh_step: Callable[[], StepLevels], chosen: list[int],
                            solves: int, settings: SolverSettings | None) -> tuple[list[int], int]:
    """The step's best pairing among those :func:`pairs_a_floater_below` accepts, when its
    optimum is not one of them: each way of being acceptable held as a pinned sum (an
    equality, as :mod:`cpswiss.solver.cases` pins) - k of the bracket's floaters paired below
    (k >= 1), every moved-down player paired inside, or k pairs inside the bracket where that
    leaves at least as many as there are players below - the step paired under each, and the best on every
    criterion, then the first in the generation order of B.6/B.7, is the answer (JaVaFo 1.4,
    tests/data/dutch-2013-endorse: s85-r07, the 3.0 bracket's 2-5, 7-9 would leave MDP 6, the
    only player below who may take the bye, unpaired in the lowest bracket, so 2-5 alone
    floats 6, 7 and 9).  Only a pairing as complete as ``chosen`` (the completion criteria: a
    bye to a player who may take it) is one; with none, ``chosen``, the step's optimum, stands."""
    below = len(b.vertices) - b.n_bracket
    across = {e: 1 for e, (i, j) in enumerate(b.edges) if i < b.n_bracket <= j}
    inside = {e: 1 for e in b.inside}
    mdps_inside = {e: 1 for e in b.inside if b.edges[e][0] < b.n_mdp}  # B.3's graph: no MDP meets an MDP
    pins: list[list[Pin]] = [[(across, k)] for k in range(1, min(b.n_bracket, below) + 1)]
    pins += [[(mdps_inside, b.n_mdp)]]
    pins += [[(inside, k)] for k in range(b.n_bracket // 2 + 1) if b.n_bracket - 2 * k >= below]
    completion = [level for _, levels in bracket_levels(b, [c for c in rules.criteria if c.kind == "completion"], BRACKET_UNITS)
                  for level in levels]
    complete = [level.value(chosen) for level in completion]
    best: tuple[tuple[Any, ...], list[int]] | None = None
    for case in pins:
        solved = pinned_optimum(b, fresh_step(), case, settings)
        if solved is None:
            continue
        found, count = solved
        solves += count
        if [level.value(found) for level in completion] != complete:
            continue
        rank = step_rank(b, fresh_step, found)
        if best is None or rank < best[0]:
            best = (rank, found)
    return (chosen if best is None else best[1]), solves


def pinned_optimum(b: DutchBracket, step: StepLevels, pins: list[Pin],
                   settings: SolverSettings | None) -> tuple[list[int], int] | None:
    """:func:`optimise_and_break_ties` among the pairings that hold the pinned sums (its edges
    and solves), or None when none does (:func:`reachable`)."""
    if not reachable(b, pins, settings):
        return None
    return optimise_and_break_ties(b, step, settings, pins=pins)


def step_rank(b: DutchBracket, fresh_step: Callable[[], StepLevels],
              edges: list[int]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Where a pairing of the step ranks (smaller first): every criterion as it counts
    (:func:`~cpswiss.solver.levels.as_counted`), then its place in the generation order of
    B.6/B.7 (:func:`generation_order`)."""
    values = tuple(as_counted(fresh_step().all, edges))
    pairs = [b.edges[e] for e in edges if b.edges[e][1] < b.n_bracket]
    return values, tuple(s.key for s in generation_order(b, pairs))


def reachable(b: DutchBracket, pins: list[Pin], settings: SolverSettings | None) -> bool:
    """Does some pairing of the step hold every pinned sum at its value?  (A model of its own:
    only equalities are ever frozen, see
    :meth:`~cpswiss.solver.model.MatchingModel.feasible_without_by_blossom`.)"""
    return MatchingModel(len(b.vertices), b.edges, settings).hold(pins)


def by_cases(b: DutchBracket, fresh_step: Callable[[], StepLevels], chosen: list[int], solves: int,
             settings: SolverSettings | None) -> tuple[list[int], int]:
    """The step's pairing when a criterion counts only what exceeds an allowance or differs
    from its sum in some cases (:mod:`cpswiss.solver.cases`; 2013 C.1/C.12 with A.6,
    :func:`~cpswiss.systems.dutch.units.stranded_downfloaters` and
    :func:`~cpswiss.systems.dutch.units.landing_unpaired`): ``chosen`` is the pairing with each
    such level minimised as its sum; every case is paired under its pins and the best on
    every criterion as it counts, then the first in the generation order of B.6/B.7
    (:func:`generation_order`), is the answer.  Returns the edges and the solves spent."""
    spent = [solves]

    def solve(step: StepLevels, pins: list[Pin]) -> list[int] | None:
        solved = pinned_optimum(b, step, pins, settings)
        if solved is None:
            return None
        spent[0] += solved[1]
        return solved[0]

    best = CaseSearch(fresh_step, lambda step: step.all, solve, partial(step_rank, b, fresh_step)).best(chosen)
    return best, spent[0]


@dataclass
class StepLevels:
    """The levels of one bracket step in rule-set order, split around the look-ahead
    criterion (C.04.3 C.7), the only one that looks at the players below the bracket."""

    before: list[Level]
    lookahead: list[Level]
    after: list[Level]
    lookahead_unit: str | None = None

    @property
    def all(self) -> list[Level]:
        return self.before + self.lookahead + self.after


def step_levels(b: DutchBracket, rules: RuleSet) -> StepLevels:
    units = {c.id: c.unit for c in rules.criteria}
    step = StepLevels([], [], [])
    part = step.before
    for cid, levels in bracket_levels(b, rules.criteria, BRACKET_UNITS):
        if units[cid] in LOOKAHEAD_UNITS:
            step.lookahead.extend(levels)
            step.lookahead_unit = units[cid]
            part = step.after
        else:
            part.extend(levels)
    return step


def perfect_first_candidate(b: DutchBracket, levels: list[Level]) -> list[int] | None:
    """B.4: the first candidate of B.3 (S1[i] against S2[i]), if it is provably perfect.

    Tried where it is cheap to prove: a homogeneous last bracket (or the single
    bracket of a round where everybody has the same score).  The candidate is
    accepted when every pair is allowed (C.1-C.3) and every criterion is at a
    proven lower bound, or is fixed by the number of pairs (the same weight on
    every pair of the bracket, as the PSD of a homogeneous bracket).  Being the
    first candidate generated, it is then the B.8 choice.
    """
    n = b.n_bracket
    if not b.last_step or b.n_mdp or n != len(b.vertices) or n < 2:
        return None
    if b.vertices[0].score != b.vertices[-1].score:
        return None
    index = {edge: e for e, edge in enumerate(b.edges)}
    chosen = []
    for pair in first_candidate(n):
        e = index.get(pair)
        if e is None:
            return None
        chosen.append(e)
    for level in levels:
        if level.trivial:
            continue
        if level.nonlinear is not None:
            return None  # its optimum is not proven by a bound over sums
        value = level.value(chosen)
        if level.floor is not None and value <= level.floor:
            continue
        if MatchingBound(level.coef, b.incident, b.edges).proves(value - level.constant):
            continue
        weights = set(level.coef.values())
        if len(weights) == 1 and len(level.coef) == len(b.inside):
            continue  # a function of the number of pairs, which C.5 fixes
        return None
    return chosen


def optimise_and_break_ties(b: DutchBracket, step: StepLevels, settings: SolverSettings | None,
                            pins: list[Pin] | None = None) -> tuple[list[int], int]:
    """Lexicographic optimum of the levels, then the B.8 tie-break; the chosen edges and
    the number of solves.  With ``pins``, among the pairings that hold those sums at their
    values (some must: :func:`reachable`).

    Outside the PPB and the last bracket, :func:`pair_on_bracket_alone` first; where
    it does not apply, the whole step (bracket and players below) is one model
    (:func:`pair_on_step_model`).
    """
    if not b.last_step and b.n_bracket < len(b.vertices):
        found = pair_on_bracket_alone(b, step, settings, pins)
        if found is not None:
            return found
    return pair_on_step_model(b, step, settings, pins)


def on_model(settings: SolverSettings | None) -> bool:
    """Are small brackets to be paired on the model too (:mod:`cpswiss.systems.dutch.small`
    pairs them without it otherwise)?"""
    return settings is not None and settings.small_brackets_on_model


def _hold(m: MatchingModel, pins: list[Pin] | None) -> None:
    """Hold the pinned sums at their values in ``m``, with a solution in hand that does (the
    model's proofs start from the solution in hand)."""
    if pins and not m.hold(pins):
        raise InternalCheckError("internal error: no pairing holds a sum within its allowance")


def pair_on_step_model(b: DutchBracket, step: StepLevels, settings: SolverSettings | None,
                       pins: list[Pin] | None = None) -> tuple[list[int], int]:
    """The step as one model (bracket and players below), then the tie-break.

    When every bracket player turns out paired inside the bracket, the players below
    take no part in the choice: every criterion splits into a bracket part and a part
    below chosen independently, and the lexicographic optimum of such a sum is the
    sum of the optima; the tie-break then runs on the bracket alone with its part of
    every level frozen.
    """
    n = b.n_bracket
    inside = b.inside
    if not pins and not on_model(settings):
        first = first_generated_optimum(b, step.all)
        if first is not None:
            return first, 0
    m = MatchingModel(len(b.vertices), b.edges, settings, b.incident)
    if b.completing:
        # the lowest player eligible for the bye out, so that the start may meet C.4's bound
        m.start_from(greedy_matching(len(b.vertices), b.edges, bye_candidate(b.vertices, b.round)))
    else:
        # a maximal matching to start from: the look-ahead's pairs below the bracket (C.7)
        # then often meet their bound without a solve
        m.start_from(greedy_matching(len(b.vertices), b.edges))
    _hold(m, pins)
    m.minimise(step.all)
    if n == len(b.vertices) or 2 * sum(m.solution[e] for e in inside) != n:
        TieBreak(b, m, step.all).run()
        return m.chosen(), m.solves
    sub_bracket, restricted = _bracket_alone(b)
    sub = MatchingModel(n, sub_bracket.edges, settings, sub_bracket.incident)
    sub.solution = [m.solution[e] for e in inside]
    sub_levels = [restricted(level, floor=False) for level in step.all]
    for level in sub_levels:
        if not level.trivial:
            value = sum(c * sub.solution[k] for k, c in level.coef.items())
            sub.constrain(level.coef, value)
    TieBreak(sub_bracket, sub, sub_levels).run()
    return [inside[k] for k in sub.chosen()], m.solves + sub.solves


def _bracket_alone(b: DutchBracket) -> tuple[DutchBracket, Callable[..., Level]]:
    """The bracket's own graph (edges inside it, renumbered) and the restriction of a
    level to it (a floor is kept only where the level has no edge outside)."""
    inside = b.inside
    n_inside = len(inside)
    sub_bracket = DutchBracket(b.vertices[:b.n_bracket], b.n_mdp, b.n_bracket, b.round,
                               edges=[b.edges[e] for e in inside], last_step=b.last_step, final=b.final)
    if b.inside_first:  # each inside edge keeps its number
        def on_bracket(coef: dict[int, int]) -> dict[int, int]:
            if max(coef, default=-1) < n_inside:
                return dict(coef)
            return {e: c for e, c in coef.items() if e < n_inside}
    else:
        local = {e: k for k, e in enumerate(inside)}

        def on_bracket(coef: dict[int, int]) -> dict[int, int]:
            return {local[e]: c for e, c in coef.items() if e in local}

    def restricted(level: Level, floor: bool = True) -> Level:
        return level.with_coef(on_bracket(level.coef), level.floor if floor else None)

    return sub_bracket, restricted


def some_member_floats(m: MatchingModel, levels: list[Level], members: set[int],
                       others: list[list[int]]) -> bool:
    """Is there a solution keeping the frozen optima (of ``levels``) whose one unpaired
    player is among ``members`` (``others``: the edge sets of everybody else)?  Kept if so.

    First the blossom relaxation (:class:`~cpswiss.solver.blossom.LexicographicMatching`):
    the least cost of a matching leaving only a member unpaired, worse than the solution
    in hand's, proves no; the same, with every constraint on record met, proves yes.
    Otherwise the solver decides (the relaxation comes first because such solves are
    slow on brackets of hundreds of players).
    """
    unusable = m.unusable_edges()
    relax = LexicographicMatching.of_model(m, levels, unusable)
    answer = relax.verdict(m, relax.least_leaving_one_of(members, unusable)) if relax.exact else None
    by_relaxation = answer is not None
    if answer is None:
        answer = m.feasible_with_all_chosen(others)
    if OBSERVERS:
        answered("some member floats", (m, others, by_relaxation), answer)
    return answer


def pair_on_bracket_alone(b: DutchBracket, step: StepLevels, settings: SolverSettings | None,
                          pins: list[Pin] | None = None) -> tuple[list[int], int] | None:
    """Pair a bracket on a model of the bracket alone, when the players below only matter
    through C.7 and at most one player floats; None when that does not hold.

    Every criterion other than the look-ahead counts pairs inside the bracket, so
    the criteria ranked above it are minimised on the bracket's own graph (the same
    optima: a pairing of the bracket extends to the step by leaving the players
    below out).  When they fix the number of pairs, they fix the downfloaters'
    number k.  With k = 0 the following bracket is the same for every candidate
    and C.7 decides nothing.  With k = 1 C.7 (2026 [C8]) ranks the candidates by
    their downfloater alone (:func:`~cpswiss.systems.dutch.lookahead.single_downfloater_classes`;
    2017: when the following bracket is not the last scoregroup, whose bye C.7 weighs):
    the best class that can float is kept, as a constraint that every other player
    is paired.  The criteria after the look-ahead and the B.8 tie-break then run on
    the bracket's model, much smaller than the step's.
    """
    inside = set(b.inside)
    if any(not inside.issuperset(level.coef) for level in step.before + step.after):
        return None
    if any(not inside.issuperset(coef) for coef, _ in pins or ()):
        return None
    n = b.n_bracket
    sub_bracket, restricted = _bracket_alone(b)
    before = [restricted(level) for level in step.before]
    after = [restricted(level) for level in step.after]
    if not pins and not on_model(settings):
        applies, first = alone_without_model(b, sub_bracket, before, step.lookahead, step.lookahead_unit, after)
        if not applies:
            return None
        if first is not None:
            return [b.inside[k] for k in first], 0
    sub = MatchingModel(n, sub_bracket.edges, settings, sub_bracket.incident)
    sub.start_from(greedy_matching(n, sub_bracket.edges))
    _hold(sub, [(restricted(Level("", coef)).coef, value) for coef, value in pins or ()])
    sub.minimise(before)
    if any(not level.trivial for level in step.lookahead):
        if not sub.pairs_determined():
            return None  # the number of downfloaters is not fixed yet
        floaters = n - 2 * len(sub.chosen())
        # without a named unit there is no split (single_downfloater_value would say None)
        value = single_downfloater_value(step.lookahead_unit, b) \
            if floaters == 1 and step.lookahead_unit is not None else None
        if value is not None:
            classes = single_downfloater_classes(b, value)
            in_hand = next(v for v in range(n) if sub.partner(v) is None)
            for group in classes:
                members = set(group)
                others = [sub.incident[v] for v in range(n) if v not in members]
                if in_hand in members or some_member_floats(sub, before, members, others):
                    for edges in others:
                        sub.require(edges, 1)
                    break
        elif floaters:
            return None
    sub.minimise(after)
    TieBreak(sub_bracket, sub, before + after).run()
    return [b.inside[k] for k in sub.chosen()], sub.solves
