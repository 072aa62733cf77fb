"""The FIDE (Dutch) System: brackets paired top-down, each on a CP-SAT model.

One procedure serves every edition; the rule set's switches say where the
texts differ.  Order of work for one round (2017 A.9, B; 2026 Art. 1.9, 3):

1. Check that a complete round-pairing exists at all (2017 A.9, 2026 Art. 1.9.3;
   otherwise the arbiter decides: exit code 1).  Under a rule set with the
   round criterion ``pab-score`` (2026 [C5]) first fix the lowest score the
   pairing-allocated bye can go to; from then on only such players may take it.
2. Pair the brackets from the highest scoregroup down.  Each bracket's model
   holds the bracket (MDPs, residents) and the next scoregroup, so that the
   look-ahead criterion (2017 C.7, 2026 [C8]) can look ahead.  Its quality
   criteria are minimised lexicographically in the order of the rule set.
3. Completion (``procedure.completion``):

   * ``ppb`` (2017 A.9): after a bracket, test whether its downfloaters and all
     players below can still be completed; if not, the bracket is the PPB: pair it
     again with every remaining player below it and C.4 on top, then pair the
     collapsed last bracket.
   * ``every-bracket`` (2026 [C4]): every bracket must leave the rest of the round
     completable, with the look-ahead values it was chosen for.  When the pairing
     found without the rest passes that test (:func:`completion_witnessed`) it is
     also the answer with it; otherwise the bracket is paired again on a model that
     holds every remaining player, with [C4] on top.

4. Among the candidates equal on every criterion, reproduce the one generated
   first by B.6/B.7 (2017 B.8, 2026 Art. 3.8 and 4): :mod:`cpswiss.systems.dutch.tiebreak`.  Each
   step fixes one decision, keeping it only if the frozen optimum survives, so the
   result is unique by construction whatever the solver's path.

The round loop is here; one bracket step is solved by :mod:`cpswiss.systems.dutch.solve`; the
2013 edition's landing bracket and joins (C.1, C.12-C.14, A.3) are in
:mod:`cpswiss.systems.dutch.rules2013`.
"""

from __future__ import annotations

from dataclasses import replace

from cpswiss.errors import EngineLimitError, NoPairingError
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.solver.bounds import MatchingBound
from cpswiss.solver.completion import ShrinkingCompletion, completable
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import RoundPairing
from cpswiss.systems.dutch.rules2013 import (c12_at_its_least, c13_join, landing_bracket, last_bracket_partners,
                                             treated_as_homogeneous)
from cpswiss.systems.dutch.rulings import with_round_rulings
from cpswiss.systems.dutch.solve import BracketRecord, pair_bracket, pair_interchangeable, sees_identity
from cpswiss.systems.dutch.switches import round_switches
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.shared.bracket import interchangeable
from cpswiss.tournament.state import PlayerState, RoundState, scoregroups

__all__ = ["pair_round"]


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing under the FIDE (Dutch) System, in the edition and variant of the
    rule set: the order of work of the module docstring, bracket by bracket from the top
    (:func:`~cpswiss.systems.dutch.solve.pair_bracket`), each bracket's unpaired players moving
    down to the next.  A step pairs either a bracket with the next scoregroup below it, or -
    ``last_step`` - the last bracket: the lowest scoregroup, or the PPB with every player below
    it once the completion test has failed after it (2017 A.9; then ``collapsed``: the PPB is
    re-paired and the collapsed last bracket follows).  Returns the unordered pairs, the
    player given the pairing-allocated bye, one :class:`~cpswiss.systems.dutch.solve.BracketRecord`
    per step, and the state with the round's rulings (:func:`with_round_rulings`).

    Raises NoPairingError when no complete pairing exists (2017 A.9, 2026 Art. 1.9.3: the
    arbiter decides), EngineLimitError when the rule set's order of criteria leaves the last
    bracket with players only the bracket procedure cannot pair."""
    players = state.to_pair
    if not players:
        raise NoPairingError("no player is available for this round")
    groups = scoregroups(players)
    switches = round_switches(rules)
    state = with_round_rulings(state, groups, switches.waive, lowest_pab=switches.lowest_pab_score)
    completion = ShrinkingCompletion(state)  # the rest below each bracket (2017 A.9)
    if not completion(players):
        raise NoPairingError(rules.speak("no round-pairing satisfies C.1-C.3 with at most one bye to an "
                                         "eligible player (C.04.3 A.9: the arbiter decides)"))
    every_bracket, weighs_pab = switches.every_bracket, switches.pab_bracket
    strands, at_half = switches.landing, switches.homogeneous_at_half
    bracket: list[PlayerState] = groups[0]
    n_mdp = 0
    index = 1
    last_step = index == len(groups)
    collapsed = False
    abandoned: BracketRecord | None = None
    pairs: list[tuple[int, int]] = []
    records: list[BracketRecord] = []
    while len(bracket) > 1 or index < len(groups):
        if last_step:
            lower = [p for g in groups[index:] for p in g]
            next_index = len(groups)
        else:
            lower = groups[index]
            next_index = index + 1
        below = [p for g in groups[next_index:] for p in g]
        vertices = bracket + lower
        # A.3 (2013): at least half moved down, the bracket is paired as a homogeneous one
        paired_first = 0 if at_half and treated_as_homogeneous(bracket, n_mdp, state) else n_mdp
        if last_step and not lower and not sees_identity(rules) and interchangeable(bracket, state):
            record = pair_interchangeable(bracket, state, rules)
        else:
            holds_pab = weighs_pab and holds_the_pab(bracket, lower + below, state)
            landing = landing_bracket(groups, index, bracket, state) if strands and not last_step else None
            if landing is not None and len(landing) == len(lower) + len(below):
                landing = last_bracket_partners(landing, state)
            final = next_index == len(groups)
            flags = {"last_step": last_step, "final": final, "pab_in_bracket": holds_pab,
                     "landing_homogeneous_at_half": at_half}
            by_classes = None
            lands_next = landing is None or {p.id for p in landing} == {p.id for p in lower}
            if paired_first == n_mdp and lands_next and not (last_step and lower) and weighs_by_classes(
                    len(vertices), rules, settings):
                from cpswiss.systems.dutch.dense import dense_record, witnessed_below  # large steps only

                by_classes = dense_record(vertices, n_mdp, len(bracket), state, rules, flags, settings, landing)
                floater = None if by_classes is None else _floater(by_classes, len(bracket))
                if by_classes is not None and every_bracket and not last_step and not witnessed_below(
                        vertices, len(bracket), floater, below, state):
                    by_classes = None  # [C4] not shown without the graph: the graph decides
                if by_classes is not None and landing is not None and not c12_at_its_least(
                        None if floater is None else vertices[floater], lower, state):
                    by_classes = None  # 2013 C.12 not shown at its least without the graph: the graph decides
            if by_classes is not None:
                record = by_classes
            else:
                b = DutchBracket(vertices, paired_first, len(bracket), state, landing=landing, last_step=last_step,
                                 final=final, pab_in_bracket=holds_pab, landing_homogeneous_at_half=at_half)
                record = pair_bracket(b, rules, settings)
                if every_bracket and not last_step and not completion_witnessed(b, record, below, rules, settings):
                    vertices = bracket + lower + below
                    b = DutchBracket(vertices, paired_first, len(bracket), state, last_step=last_step, final=final,
                                     n_next=len(bracket) + len(lower), holds_rest=True, pab_in_bracket=holds_pab)
                    record = pair_bracket(b, rules, settings)
        record.collapsed = collapsed
        if paired_first != n_mdp:
            record.mdps, record.residents = [p.id for p in bracket[:n_mdp]], [p.id for p in bracket[n_mdp:]]
            record.score, record.treated_homogeneous = bracket[-1].score, True  # the residents'
        floaters = [vertices[v] for v in range(len(bracket)) if all(v not in pair for pair in record.pairs)]
        if not last_step and not every_bracket:
            rest = floaters + [p for g in groups[index:] for p in g]
            if not completion(rest):
                last_step = True  # this bracket is the PPB (A.9)
                collapsed = True
                abandoned = record
                abandoned.pairs = [(vertices[i].id, vertices[j].id) for i, j in record.pairs]
                abandoned.downfloaters = [p.id for p in floaters]
                below_all = [p for g in groups[index:] for p in g]
                join = c13_join(bracket, paired_first, below_all, state) if rules.procedure.join == "c13" else None
                if join is not None:
                    records.append(replace(record, pairs=[], downfloaters=[p.id for p in bracket], chosen=[],
                                           collapsed=True, joined=True, abandoned_pairs=abandoned.pairs,
                                           abandoned_downfloaters=abandoned.downfloaters))
                    collapsed, abandoned = False, None
                    n_mdp = len(bracket) if join == "moved-down" else 0
                    bracket = bracket + below_all
                    index = len(groups)
                continue
        if collapsed and abandoned is not None:
            record.abandoned_pairs = abandoned.pairs
            record.abandoned_downfloaters = abandoned.downfloaters
        collapsed = False
        record.pairs = [(vertices[i].id, vertices[j].id) for i, j in record.pairs]
        record.downfloaters = [p.id for p in floaters]
        records.append(record)
        record.levels = []  # done with: the round holds one step's levels at a time (see BracketRecord)
        record.let_go_of_graph()  # and one step's graph
        pairs.extend(record.pairs)
        if last_step and not record.pairs and len(floaters) > 1 and not lower:
            # the last bracket left several players it cannot pair: its graph has no pair of
            # two moved-down players (B.3 / Art. 3.3 pair MDPs with residents), though the
            # completion test allows one.  Seen only with criteria reordered far from an
            # edition (a colour criterion above the number of pairs).  An error, not a loop.
            raise EngineLimitError(
                "the last bracket leaves moved-down players "
                f"{', '.join(str(p.id) for p in floaters)} who could only meet each other, a pair "
                "the bracket procedure does not form (a limit of this engine under this rule set)")
        bracket = floaters + lower
        n_mdp = len(floaters)
        index = next_index
        last_step = index == len(groups)
    bye = bracket[0].id if bracket else None
    return RoundPairing(pairs, bye, records, state)


# the possible pairs from which a step is first paired by its players' classes (a 448-player step)
CLASSES_FROM_PAIRS = 100_000


def weighs_by_classes(n: int, rules: RuleSet, settings: SolverSettings | None) -> bool:
    """Is a step of n players first paired by its players' classes
    (:mod:`~cpswiss.systems.dutch.dense`): at least its ``CLASSES_FROM_PAIRS`` possible pairs (or the settings'),
    and no criterion that sees the players' identity?"""
    return (settings or SolverSettings()).pairs_without_graph(n, CLASSES_FROM_PAIRS) and not sees_identity(rules)


def _floater(record: BracketRecord, n_bracket: int) -> int | None:
    """The one bracket player a step's pairs leave, if any."""
    paired = {v for pair in record.pairs for v in pair}
    return next((v for v in range(n_bracket) if v not in paired), None)


def holds_the_pab(bracket: list[PlayerState], after: list[PlayerState], state: RoundState) -> bool:
    """2026 [C9]'s scope, as its note and the reference engine read it: this bracket holds
    the pairing-allocated bye (the round's lowest PAB score, [C5], is not below its
    residents' score) and can pair all its other players inside while the players after
    it pair among themselves.  Then the one it leaves unpaired is the PAB assignee."""
    limit = state.pab_score_limit
    if limit is None or limit < bracket[-1].score or len(bracket) % 2 == 0 or len(after) % 2:
        return False
    return completable(bracket, state) and completable(after, state)


def completion_witnessed(b: DutchBracket, record: BracketRecord, below: list[PlayerState], rules: RuleSet,
                         settings: SolverSettings | None) -> bool:
    """2026 [C4] for a bracket paired without the rest of the round in its model.

    The pairing chosen there is the first-generated optimum over a larger set of
    candidates (those that need not leave the rest completable).  It is also the
    answer under [C4] as soon as it leaves the rest completable *with* the look-ahead
    values it was valued by: then [C4] removes no better candidate and none that comes
    earlier.  The witness: the step's best completion of those pairs (the look-ahead
    pairs among the downfloaters and the next scoregroup), and a complete pairing of
    whoever it leaves with the players below.  False means: pair the bracket again on a
    model that holds the rest (exact, slower).
    """
    state = b.round
    n = len(b.vertices)
    paired = [False] * n
    for i, j in record.pairs:
        paired[i] = paired[j] = True
    # With the bracket's pairs fixed only the levels reaching below the bracket can move:
    # minimise them on the graph of the players the bracket leaves (its floaters and the
    # next scoregroup), each level restricted to that graph's edges.  (Lists indexed by edge
    # and by vertex, not dicts: a 1,000-player step has over 100,000 edges below.)
    all_edges = b.edges
    free = [e for e in b.edges_below() if not paired[all_edges[e][0]]]
    local = [-1] * len(all_edges)  # edge of the step -> its number on that graph, -1 if not on it
    index = [-1] * n  # vertex of the step -> its number on that graph
    for k, e in enumerate(free):
        local[e] = k
        i, j = all_edges[e]
        index[i] = index[j] = 0
    vertices = [v for v in range(n) if index[v] == 0]
    for k, v in enumerate(vertices):
        index[v] = k
    edges = [(index[all_edges[e][0]], index[all_edges[e][1]]) for e in free]
    below_levels: list[Level] = []
    n_inside = len(b.inside)
    for level in record.levels:
        if b.inside_first and max(level.coef, default=-1) < n_inside:
            continue  # every edge of the level inside the bracket (they come first): none below
        coef: dict[int, int] = {}
        for e, c in level.coef.items():
            k = local[e]
            if k >= 0:
                coef[k] = c
        if coef:
            below_levels.append(Level(level.name, coef))
    start = greedy_matching(len(vertices), edges)
    incident: list[list[int]] = [[] for _ in vertices]
    for k, (i, j) in enumerate(edges):
        incident[i].append(k)
        incident[j].append(k)
    if all(MatchingBound(level.coef, incident, edges).proves(level.value(start)) for level in below_levels):
        chosen = start  # every level at a lower bound over all matchings: optimal without a solve
    else:
        m = MatchingModel(len(vertices), edges, settings)
        m.start_from(start)
        m.minimise(below_levels)
        chosen = m.chosen()
    for k in chosen:
        i, j = edges[k]
        paired[vertices[i]] = paired[vertices[j]] = True
    left = [p for v, p in enumerate(b.vertices) if not paired[v]]
    return completable(left + below, state)
