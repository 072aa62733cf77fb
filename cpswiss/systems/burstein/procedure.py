"""The FIDE Burstein System (C.04.4.2, 2026): seeding rounds by another rule set, then the
Index rounds.

Order of work for one round:

1. A seeding round (Art. 1.6; how many and by which rule set: the file's ``[switches]``
   table, :mod:`cpswiss.systems.burstein.switches`) is the seeding rule set's pairing:
   the Dutch procedure, on the Dutch state.
2. Otherwise every available player gets his Index (Art. 1.7, :mod:`.index`), and the
   order of Art. 1.8 (Buchholz, Sonneborn-Berger, TPN) is left in
   ``RoundState.system_order`` for the colour rules (Art. 5.2.5).
3. The pairing-allocated bye first (Art. 3.1): among the players [C2] allows, the one whose
   absence leaves a complete pairing ([C4]), of the lowest score, then the most games
   played, then the lowest Index rank.
4. Brackets from the top (Art. 1.2, 3.2): the incoming floaters and the next scoregroup,
   ranked by Index (BSN 1, 2, ...; Art. 4.1).  Of the pairings that comply best with
   [C5]-[C8] (levels of :mod:`.units`, maximised in the rule file's order over the complete
   pairings of every remaining player, so that [C4] always holds: :class:`StepMatcher`),
   the first in the fold order of Art. 4.2-4.3 (:mod:`.fold`): BSN by BSN, each takes the
   highest-BSN opponent still possible, floating (a virtual player of BSN 0) last.
5. [C3] without the topscorer exception of the Dutch System (this system has none).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cpswiss.tournament.compatibility import barred_later
from cpswiss.errors import EngineLimitError, InternalCheckError, NoPairingError
from cpswiss.registry import system_of
from cpswiss.rulesets.model import Criterion
from cpswiss.rulesets.ruleset import RuleSet, load_rule_set
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.solver.completion import AllBut, ShrinkingCompletion, completable
from cpswiss.solver.matchings import maximum_matching, maximum_weight_matching, pairs_in_order
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import RoundPairing, pair_round_by
from cpswiss.systems.burstein.first import FIRST_CANDIDATE_FROM_PAIRS, FoldStep, WholeStepNeeded, first_candidate_pairing
from cpswiss.systems.burstein.floater import all_reach_the_best
from cpswiss.systems.burstein.index import IndexValue, index_order_key, index_values
from cpswiss.systems.burstein.switches import switches_of
from cpswiss.systems.burstein.units import Level, PreferenceCount, StepGraph, quality_levels
from cpswiss.systems.shared.bracket import refuse_too_large
from cpswiss.tournament.state import PlayerState, RoundState, build_state, scoregroups

WEIGHT_LIMIT = 1 << 126  # rustworkx's weights are 128-bit integers
PAIRS = "burstein-pairs"  # [C5]
COLOURS = "burstein-colour-preferences"  # [C8], counted by colour (units.PreferenceCount)
# the quality criteria in the order floater.py reasons about ([C5]-[C8])
STANDARD_ORDER = (PAIRS, "burstein-floater-scores", "burstein-next-bracket", COLOURS)
# the criteria whose value is the same for every pairing of a bracket in which nobody floats
# ([C6]: the outgoing floaters' scores; [C7]: the next bracket, then the next scoregroup alone)
SAME_WITHOUT_FLOATERS = frozenset({"burstein-floater-scores", "burstein-next-bracket"})


STEP, ALONE, WITH_FLOATER = "step", "bracket", "bracket and a virtual floater"
FIRST = "bracket's first candidate"  # proven by bounds, with no graph (first.py)
NamedLevels = list[tuple[str, list[Level]]]  # (criterion id, its levels), in the rule file's order


@dataclass
class StepSource:
    """What a bracket step's graph (:func:`step_graph`) and criteria levels are built from, and
    them once built: the pairing builds them only when somebody may float, the explanations
    whenever they ask."""

    bracket: list[PlayerState]
    nxt: list[PlayerState]
    rest: list[PlayerState]
    barred: dict[int, frozenset[int]]
    quality: tuple[Criterion, ...]
    built: tuple[StepGraph, NamedLevels] | None = None

    def graph_and_levels(self) -> tuple[StepGraph, NamedLevels]:
        if self.built is None:
            g = step_graph(self.bracket, self.nxt, self.rest, self.barred)
            self.built = g, quality_levels(g, self.quality)
        return self.built


@dataclass
class BursteinBracket:
    """One bracket step: its players by BSN with their Index, its pairs and floaters, the
    criteria values (criterion id -> counts, as maximised) and the fold-order steps."""

    score: int
    players: list[int]  # by BSN
    incoming: list[int]  # incoming floaters
    index: dict[int, IndexValue]
    pairs: list[tuple[int, int]]
    floaters: list[int]
    source: StepSource = field(repr=False, compare=False)
    steps: list[FoldStep] = field(default_factory=list)
    solves: int = 0
    whole_solves: int = 0  # of them, solves of the whole step (StepMatcher)
    solved_on: str = STEP  # the players its fold order was solved on (STEP, ALONE, WITH_FLOATER)
    found: dict[str, tuple[int, ...]] | None = field(default=None, repr=False, compare=False)

    @property
    def graph(self) -> StepGraph:
        """The step's graph, for the explanations."""
        return self.source.graph_and_levels()[0]

    @property
    def levels(self) -> NamedLevels:
        """The step's criteria levels (criterion id, levels), for the explanations."""
        return self.source.graph_and_levels()[1]

    @property
    def values(self) -> dict[str, tuple[int, ...]]:
        """The criteria values of the step's best pairings (every one has the same): of the one
        the pairing found, or of one with the bracket's pairs and floaters (:func:`best_step`)."""
        if self.found is None:
            self.found = self.values_of(best_step(self))
        return self.found

    def values_of(self, chosen: list[int]) -> dict[str, tuple[int, ...]]:
        """The criteria values (counts, maximised) of a complete pairing of the step's graph."""
        return {cid: tuple(sum(lv.get(e, 0) for e in chosen) for lv in group) for cid, group in self.levels}


@dataclass
class ByeRecord:
    """Art. 3.1: who took the pairing-allocated bye and who was passed over before him,
    with why (``"[C4]"``: no complete pairing without him)."""

    player: int | None
    passed_over: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class BursteinRecords:
    """The round's account: seeding round or not, the bye, the brackets."""

    seeding: bool
    bye: ByeRecord | None = None
    brackets: list[BursteinBracket] = field(default_factory=list)
    dutch: RoundPairing | None = None  # a seeding round: the seeding rule set's own pairing

    def seeding_pairing(self) -> RoundPairing:
        """A seeding round's pairing by the seeding rule set (Art. 1.6)."""
        if self.dutch is None:  # pair_round records it with every seeding round
            raise InternalCheckError("internal error: a seeding round's record without its pairing")
        return self.dutch


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing (C.04.4.2 2026): a seeding round by the seeding rule set, else
    by the Index (module docstring)."""
    switches = switches_of(rules)
    if state.round_no <= switches.seeding_round_count(state.total_rounds, state.tournament.path):
        return pair_seeding_round(state, load_rule_set(switches.seeding_rule_set), settings)
    return pair_index_round(state, rules, settings, switches.zero_bye_runs == "trailing-as-draws")


def pair_seeding_round(state: RoundState, seeding: RuleSet, settings: SolverSettings | None) -> RoundPairing:
    """Art. 1.6.1: the seeding rule set's pairing of the round, on its own state rules - with
    this tournament's pairing numbers (``[state] pairing_numbers`` of the Burstein file: the
    TPNs of C.04.2 Art. 2 that the seeding rule set's colour rules read) - by the system that
    pairs it (the registry's: the FIDE (Dutch) System for the rule sets the switch allows)."""
    seeding_rules = replace(seeding.state, pairing_numbers=state.rules.pairing_numbers)
    if seeding_rules != state.rules:
        fresh = build_state(state.tournament, seeding_rules, state.round_no)
        fresh.allowed_pairs = state.allowed_pairs
        fresh.players = {pid: replace(fresh.players[pid], available=p.available, forbidden=p.forbidden,
                                      bye_eligible=p.bye_eligible) for pid, p in state.players.items()}
        seeding_state = fresh
    else:
        seeding_state = state
    result = pair_round_by(system_of(seeding))(seeding_state, seeding, settings)
    return RoundPairing(result.pairs, result.bye, [BursteinRecords(seeding=True, dutch=result)],
                        state=result.state or seeding_state)


def pair_index_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None,
                     runs_as_draws: bool = True, relaxed: bool = True, proofs: bool = True) -> RoundPairing:
    """Art. 3-4: the bye first, then the brackets from the top, each by the fold order
    (``runs_as_draws``: Art. 1.7.2's zero-point-bye exception, :mod:`.index`; ``relaxed``:
    how each step is solved, :class:`StepMatcher`; ``proofs``: fold choices proven without a
    solve where they can be, :func:`fold_choice` - the same pairing either way)."""
    state = replace(state, players={pid: replace(p, topscorer=False) for pid, p in state.players.items()})
    players = state.to_pair
    if not players:
        raise NoPairingError("no player is available for this round")
    values = index_values(state.tournament, state.round_no, runs_as_draws)
    key = {p.id: index_order_key(values[p.id], p.rank) for p in players}
    state.system_order = {pid: k for k, pid in enumerate(sorted(key, key=key.__getitem__))}
    if not completable(players, state):
        raise NoPairingError("no round-pairing satisfies [C1]-[C3] with at most one bye to an eligible "
                             "player (C.04.4.2 Art. 1.9: the arbiter decides)")
    records = BursteinRecords(seeding=False)
    bye = None
    if len(players) % 2:
        records.bye = choose_bye(players, state, key)
        bye = records.bye.player
        players = [p for p in players if p.id != bye]
    groups = scoregroups(players)
    barred = barred_pairs(players, state)
    below = ShrinkingCompletion(state)  # [C4] of the players below each bracket, one pairing kept
    without_graph = (settings or SolverSettings()).pairs_without_graph
    pairs: list[tuple[int, int]] = []
    floaters: list[PlayerState] = []
    for g, group in enumerate(groups):
        bracket = sorted(floaters + group, key=lambda p: key[p.id])
        nxt = groups[g + 1] if g + 1 < len(groups) else []
        rest = [p for later in groups[g + 2:] for p in later]
        by_first = relaxed and without_graph(len(bracket), FIRST_CANDIDATE_FROM_PAIRS)
        record = pair_bracket(bracket, nxt, rest, state, rules, values, barred, relaxed, proofs, below, by_first)
        record.score = group[0].score
        record.incoming = [p.id for p in floaters]
        records.brackets.append(record)
        pairs.extend(record.pairs)
        floaters = [p for p in bracket if p.id in set(record.floaters)]
    if floaters:
        raise EngineLimitError("the last bracket left players unpaired: "
                               + ", ".join(str(p.id) for p in floaters))
    return RoundPairing(pairs, bye, [records], state=state)


def choose_bye(players: list[PlayerState], state: RoundState, key: dict[int, tuple[int, int, int]]) -> ByeRecord:
    """Art. 3.1: the pairing-allocated bye goes to the player who may take it ([C2], 3.1.1),
    leaves a complete pairing of the others ([C4], 3.1.2), has the lowest score (3.1.3),
    has played the most games (3.1.4) and is lowest in the Index order (3.1.5)."""
    eligible = [p for p in players if state.may_take_pab(p)]
    eligible.sort(key=lambda p: (p.score, -p.games_played, tuple(-x for x in key[p.id])))
    record = ByeRecord(None)
    for p in eligible:
        if completable([q for q in players if q.id != p.id], state):
            record.player = p.id
            return record
        record.passed_over.append((p.id, "[C4]"))
    raise NoPairingError("no player may take the pairing-allocated bye and leave a complete pairing "
                         "(C.04.4.2 Art. 3.1)")


class StepMatcher:
    """The weighted matching of one bracket step: the criteria levels packed into one
    weight per edge (:class:`~cpswiss.solver.blossom.LexicographicMatching`), digits below
    them for the fold order of as many BSNs as the 128-bit weights hold, and the choices
    fixed so far.

    Every weighed pair lies among the bracket and the next scoregroup (:mod:`.units`), so a
    solve first matches those players alone, for the most weight, and then completes that
    matching with pairs no criterion counts (an outgoing floater with a player below, the
    players below among themselves): a complete pairing of the step ([C4]) of the largest
    weight there can be, since every complete pairing holds a matching of those players of
    the same weight.  Only when no such completion exists is the whole step solved at once
    (``relaxed=False``: always).  Either way a solve's weight is the best over the complete
    pairings of the step."""

    def __init__(self, g: StepGraph, levels: list[dict[int, int]], relaxed: bool = True):
        self.g = g
        self.relaxed = relaxed
        lex = LexicographicMatching(g.n_next, g.edges, [{e: -c for e, c in lv.items()} for lv in levels])
        self.base = [-c for c in lex.cost]
        bound = (max(self.base, default=0) + 1) * (g.n_next // 2 + 1)
        self.radix = g.n_bracket + 1  # one BSN's fold digit: 0 (floats) .. n_bracket
        self.window = 0  # how many BSNs' fold digits fit below the criteria
        while bound * self.radix ** (self.window + 1) < WEIGHT_LIMIT and self.window < g.n_bracket:
            self.window += 1
        if not lex.exact or self.window == 0:
            raise EngineLimitError("a bracket's criteria do not fit the matching's 128-bit weights")
        self.edge_of = dict(zip(g.edges, range(len(g.edges))))
        self.fixed: dict[int, int] = {}  # the pairs fixed so far, both ways
        self.floated: set[int] = set()  # the bracket's players fixed to float
        self.solves = 0
        self.whole_solves = 0  # solves of the whole step (no completion of the relaxation)
        self.chosen: list[int] = []

    def solve(self, preferring: Sequence[int] = ()) -> dict[int, int]:
        """A complete pairing of the step's players ([C4]) best on the levels; then, for the
        BSNs ``preferring`` (in order, at most ``window``), the first in the fold order
        (Art. 4.3): each the highest-BSN opponent still possible, floating last.  A pair's
        fold digit belongs to its lower BSN.  Returns mates (vertex -> vertex)."""
        nb, edges, base = self.g.n_bracket, self.g.edges, self.base
        scale = self.radix ** len(preferring)
        fold: dict[int, int] = {}  # edge -> its fold digits
        for d, k in enumerate(preferring):
            digit = self.radix ** (len(preferring) - 1 - d)
            for j in range(k + 1, nb):
                e = self.edge_of.get((k, j))
                if e is not None and self.usable(k, j):
                    fold[e] = digit * (j + 1)
        if self.fixed or self.floated or preferring:
            arcs = [(i, j, base[e] * scale + fold.get(e, 0)) for e, (i, j) in enumerate(edges) if self.usable(i, j)]
        else:  # the criteria alone, every edge usable
            arcs = [(i, j, w) for (i, j), w in zip(edges, base)]
        self.solves += 1
        pairs = None
        if self.relaxed:
            pairs = self._completed(maximum_weight_matching(self.g.n_next, arcs))
        if pairs is None:
            pairs = self._whole(arcs)
        mates = dict(self.fixed)
        for i, j in pairs:
            mates[i], mates[j] = j, i
        self.chosen = sorted([self.edge_of[pair] for pair in pairs if pair in self.edge_of]
                             + [self.edge_of[(k, j)] for k, j in self.fixed.items() if k < j])
        return mates

    def _completed(self, pairs: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
        """``pairs`` with the players they leave (but the fixed ones) paired by pairs no
        criterion counts, none inside the bracket; None when they cannot be."""
        g = self.g
        taken = set(self.fixed) | {v for pair in pairs for v in pair}
        left = [v for v in range(g.size) if v not in taken]

        local = {v: i for i, v in enumerate(left)}
        inside = sum(v < g.n_bracket for v in left)  # they come first, and may not meet here
        barred = [{local[w] for w in g.barred[v] if w in local} | (set(range(inside)) if i < inside else set())
                  for i, v in enumerate(left)]
        rest = pairs_in_order(len(left), [AllBut(few) for few in barred])
        if 2 * len(rest) < len(left):
            rest = maximum_matching(len(left), [(i, k) for i in range(len(left))
                                                for k in range(max(i + 1, inside), len(left)) if k not in barred[i]])
            if 2 * len(rest) < len(left):
                return None
        return pairs + [(min(left[i], left[k]), max(left[i], left[k])) for i, k in rest]

    def _whole(self, arcs: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
        """The whole step at once: the weighed ``arcs`` and every other pair [C1] and [C3]
        allow with the players below, a complete pairing of the largest weight."""
        g = self.g
        n = g.size
        open_ = [v for v in range(n) if v not in self.fixed]
        zero = [(i, j, 0) for i in open_ for j in range(max(i + 1, g.n_next), n) if g.may_meet(i, j)]
        pairs = maximum_weight_matching(n, arcs + zero, max_cardinality=True)
        self.whole_solves += 1
        if 2 * len(pairs) < len(open_):
            raise NoPairingError("the remaining players cannot all be paired ([C4], C.04.4.2 Art. 2.2.1)")
        return pairs

    def _weight(self, u: int, v: int) -> int | None:
        """The criteria weight of the pair (u, v) in a complete pairing of the step as it now
        stands (None: it cannot be one of its pairs): a weighed edge still usable, or a pair
        with a player below that [C1] and [C3] allow."""
        if u > v:
            u, v = v, u
        if v < self.g.n_next:
            e = self.edge_of.get((u, v))
            return None if e is None or not self.usable(u, v) else self.base[e]
        return 0 if self.g.may_meet(u, v) else None

    def exchange(self, mates: dict[int, int], k: int, j: int) -> bool:
        """Is there a complete pairing as good on the criteria as ``mates`` (one the last solve
        found, with the choices fixed since) in which k meets j?  A proof by exchange: k's and
        j's partners a and b meet instead (a cycle of two pairs), or meet the two players of
        one other pair c-d (a cycle of three) at no loss of weight.  When found, ``mates`` and
        :attr:`chosen` become that pairing; False says only that no such exchange exists."""
        a, b = mates[k], mates[j]
        kj = self._weight(k, j)
        if kj is None:
            return False
        old = self._weight(k, a), self._weight(j, b)
        if old[0] is None or old[1] is None:
            return False
        loss = old[0] + old[1] - kj
        ab = self._weight(a, b)
        if ab is not None and ab >= loss:
            self._swap(mates, [(k, a), (j, b)], [(k, j), (a, b)])
            return True
        busy = {k, j, a, b}
        for c, d in mates.items():
            if c in busy or d in busy or c in self.fixed:
                continue
            ac, db = self._weight(a, c), self._weight(d, b)
            if ac is None or db is None:
                continue
            cd = self._weight(c, d)
            if cd is not None and ac + db >= loss + cd:
                self._swap(mates, [(k, a), (j, b), (c, d)], [(k, j), (a, c), (d, b)])
                return True
        return False

    def _swap(self, mates: dict[int, int], out: list[tuple[int, int]], into: list[tuple[int, int]]) -> None:
        chosen = set(self.chosen)
        for u, v in out:
            chosen.discard(self.edge_of.get((min(u, v), max(u, v)), -1))
        for u, v in into:
            mates[u], mates[v] = v, u
            e = self.edge_of.get((min(u, v), max(u, v)))
            if e is not None:
                chosen.add(e)
        self.chosen = sorted(chosen)

    def usable(self, i: int, j: int) -> bool:
        """May the edge i-j (i < j) still be one of the pairs: neither player fixed, and not a
        pair inside the bracket with a player fixed to float."""
        return i not in self.fixed and j not in self.fixed and \
            (j >= self.g.n_bracket or (i not in self.floated and j not in self.floated))

    def fix_pair(self, k: int, j: int) -> None:
        self.fixed[k], self.fixed[j] = j, k

    def fix_float(self, k: int) -> None:
        self.floated.add(k)

    def open_partners(self, k: int, undecided: list[int]) -> list[int]:
        """BSN k's possible opponents in the bracket, in the fold order (highest BSN first), of
        ``undecided``: the bracket's players neither paired nor floating yet, in that order."""
        barred = self.g.barred[k]
        return [j for j in undecided if j != k and j not in barred]


def floater_matcher(alone: StepGraph, candidates: list[int], criteria: tuple[Criterion, ...]) -> StepMatcher:
    """The matcher of a bracket of odd size (``alone``: its graph) whose floater is one of
    ``candidates`` (BSN positions): one virtual player (Art. 4.2) after the bracket whom each
    of them may meet, his pairs counted as pairs ([C5], so that every player is paired), on the
    ``criteria`` that vary with the bracket's own pairs ([C5] first)."""
    nb = alone.n_bracket
    floating = set(candidates)
    barred = [few | ({nb} if k not in floating else frozenset()) for k, few in enumerate(alone.barred)]
    g = StepGraph(alone.players, nb, nb + 1, alone.edges + [(k, nb) for k in candidates],
                  barred + [frozenset(k for k in range(nb) if k not in floating)], virtual=1)
    levels = [lv for _, group in quality_levels(g, criteria) for lv in group]
    levels[0] = {**levels[0], **dict.fromkeys(range(len(alone.edges), len(g.edges)), 1)}
    return StepMatcher(g, levels)


def best_step(b: BursteinBracket) -> list[int]:
    """The edges of a best pairing of the step with the bracket's pairs and floaters (the rules'
    pairing of the bracket, the rest of the step as good as the criteria make it)."""
    g = b.graph
    position = {p.id: v for v, p in enumerate(g.players)}
    matcher = StepMatcher(g, [lv for _, group in b.levels for lv in group])
    for x, y in b.pairs:
        matcher.fix_pair(position[x], position[y])
    for pid in b.floaters:
        matcher.fix_float(position[pid])
    matcher.solve()
    return matcher.chosen


def fold_choice(matcher: StepMatcher, mates: dict[int, int], k: int, options: list[int], current: int | None,
                colours: PreferenceCount | None, floating: int, clashes: int) -> tuple[int | None] | None:
    """BSN k's opponent in the fold order (Art. 4.3) proven without a solve, as a 1-tuple (None in
    it: he floats), or None when a solve must decide.  ``mates``: a best complete pairing with the
    choices fixed so far; ``options``: k's possible opponents, highest BSN first.  Each option in
    turn is ruled out when the pairs it leaves cannot keep [C8] at the value of ``mates`` (every
    best pairing has the same: ``clashes`` pairs of two players preferring the same colour,
    :class:`~.units.PreferenceCount`), or taken when it is k's partner
    in ``mates`` or an exchange gives him it at no loss (:meth:`StepMatcher.exchange`)."""
    players = matcher.g.players
    for j in options:
        if j == current:
            return (j,)
        if colours is not None and colours.least_clashes(floating, players[k], players[j]) > clashes:
            continue
        if matcher.exchange(mates, k, j):
            return (j,)
        return None
    return (current,) if current is None else None


def barred_pairs(players: list[PlayerState], state: RoundState) -> dict[int, frozenset[int]]:
    """For each player (by id), the players among ``players`` he may not meet ([C1], [C3]):
    the pairs :func:`~cpswiss.tournament.compatibility.barred_later` bars."""
    barred: dict[int, set[int]] = {p.id: set() for p in players}
    for i, later in enumerate(barred_later(players, state)):
        for j in later:
            barred[players[i].id].add(players[j].id)
            barred[players[j].id].add(players[i].id)
    return {pid: frozenset(ids) for pid, ids in barred.items()}


def step_graph(bracket: list[PlayerState], nxt: list[PlayerState], rest: list[PlayerState],
               barred: dict[int, frozenset[int]]) -> StepGraph:
    """The step's graph (:class:`~.units.StepGraph`): the bracket by BSN, the next
    scoregroup, everyone below; ``barred``: :func:`barred_pairs` of the round."""
    vertices = bracket + nxt + rest
    refuse_too_large(len(bracket) + len(nxt), "Burstein bracket step")  # a 9,999-player round 1: 50 million
    position = {p.id: v for v, p in enumerate(vertices)}
    barred_at = [frozenset(position[q] for q in barred[p.id] if q in position) for p in vertices]
    n_next = len(bracket) + len(nxt)
    edges = [(i, j) for i in range(n_next) for j in range(i + 1, n_next) if j not in barred_at[i]]
    return StepGraph(vertices, len(bracket), n_next, edges, barred_at)


def pair_bracket(bracket: list[PlayerState], nxt: list[PlayerState], rest: list[PlayerState],
                 state: RoundState, rules: RuleSet, values: dict[int, IndexValue],
                 barred: dict[int, frozenset[int]] | None = None, relaxed: bool = True,
                 proofs: bool = True, below: ShrinkingCompletion | None = None, by_first: bool = False,
                 whole_step: bool = True) -> BursteinBracket:
    """One bracket (players by BSN): the first pairing in the fold order (Art. 4.3) among
    those that comply best with [C5]-[C8], every remaining player completable ([C4]).
    ``barred``: :func:`barred_pairs` of the round's players (computed when not given);
    ``relaxed``: :class:`StepMatcher`'s way of solving; ``proofs``: each BSN's opponent proven
    without a solve where :func:`fold_choice` can; ``below``: [C4] of the players below, kept
    across the round's brackets; ``by_first``: the fold order's first candidate proven by bounds
    tried first (:mod:`.first`); ``whole_step`` False: :class:`~.first.WholeStepNeeded` where
    only the whole step's graph would tell.  The same pairing every way."""
    barred = barred if barred is not None else barred_pairs(bracket + nxt + rest, state)
    source = StepSource(bracket, nxt, rest, barred, rules.quality)
    completes = below or (lambda players: completable(players, state))
    if by_first and tuple(c.unit for c in rules.quality) == STANDARD_ORDER:
        found = first_candidate_pairing(bracket, nxt, rest, state, barred, completes, lambda part: pair_bracket(
            part, nxt, rest, state, rules, values, barred, relaxed, proofs, below, whole_step=False))
        if found is not None:
            return BursteinBracket(0, [p.id for p in bracket], [], {p.id: values[p.id] for p in bracket},
                                   found.pairs, found.floaters, source, found.steps, found.solves,
                                   found.whole_solves, FIRST)
    varying = tuple(c for c in rules.quality if c.unit not in SAME_WITHOUT_FLOATERS)
    step: StepMatcher | None = None
    matcher: StepMatcher | None = None
    if relaxed and rules.quality and rules.quality[0].unit == PAIRS and len(bracket) % 2 == 0 \
            and completable(bracket, state) and completes(nxt + rest):
        # The bracket can be paired whole and the players outside it among themselves ([C4]):
        # nobody floats in a best pairing ([C5] first), [C6] and [C7] are the same for every
        # pairing of the bracket, and the fold order chooses among the bracket's own best
        # pairings ([C5], [C8]): it is solved on the bracket alone.
        alone = step_graph(bracket, [], [], barred)
        matcher = StepMatcher(alone, [lv for _, group in quality_levels(alone, varying) for lv in group])
        mates = matcher.solve()
    elif relaxed and len(bracket) % 2 and tuple(c.unit for c in rules.quality) == STANDARD_ORDER:
        # One player floats ([C5] first, when the others can all be paired); if every player
        # of the bracket's lowest score reaches [C7]'s best as that floater, the best pairings
        # float one of them ([C6], [C7]) and pair the others as well as [C8] allows
        # (floater.py): the bracket is solved with one virtual player whom they may meet.
        lowest = min(p.score for p in bracket)
        candidates = [k for k, p in enumerate(bracket) if p.score == lowest]
        if all_reach_the_best([bracket[k] for k in candidates], nxt, rest, barred, state, completes):
            matcher = floater_matcher(step_graph(bracket, [], [], barred), candidates, varying)
            try:
                mates = matcher.solve()
            except NoPairingError:  # the others cannot all be paired: the whole step decides
                matcher = None
    rest_edges: list[int] = []  # the step's pairs outside the bracket, when the bracket is solved alone
    if matcher is None and not whole_step:
        raise WholeStepNeeded(f"a part of {len(bracket)} players")
    if matcher is None:
        g, named_levels = source.graph_and_levels()
        step = matcher = StepMatcher(g, [lv for _, group in named_levels for lv in group], relaxed)
        mates = matcher.solve()
        if relaxed and all(mates[k] < g.n_bracket for k in range(g.n_bracket)):
            # Nobody floats in a best pairing, so nobody does in any ([C5]); as above.
            rest_edges = [e for e in matcher.chosen if g.edges[e][0] >= g.n_bracket]
            alone = step_graph(bracket, [], [], barred)
            matcher = StepMatcher(alone, [lv for _, group in quality_levels(alone, varying) for lv in group])
            mates = matcher.solve()
    g = matcher.g
    decided: set[int] = set()
    settled: set[int] = set()  # BSNs whose opponent the last solve chose in the fold order
    floating = sum(mates[k] >= g.n_bracket for k in range(g.n_bracket))  # the same in every best pairing ([C5])
    colours = PreferenceCount(bracket) if any(c.unit == COLOURS for c in rules.quality) else None
    clashes = sum(PreferenceCount.clash(g.players[k], g.players[m]) for k, m in mates.items() if k < m < g.n_bracket)
    steps = []
    undecided = list(range(len(bracket) - 1, -1, -1))
    for k in range(len(bracket)):
        if k in decided:
            continue
        options = matcher.open_partners(k, undecided)
        first = options[0] if options else None
        current = mates[k] if mates[k] < g.n_bracket else None
        if k not in settled and current != first:
            proven = fold_choice(matcher, mates, k, options, current, colours, floating, clashes) \
                if proofs else None
            if proven is not None:
                current = proven[0]
            else:
                window = [v for v in range(k, len(bracket)) if v not in decided][:matcher.window]
                mates = matcher.solve(preferring=window)
                settled = set(window)
                current = mates[k] if mates[k] < g.n_bracket else None
        undecided.remove(k)
        if current is None:
            matcher.fix_float(k)
            decided.add(k)
            floating -= 1
            if colours is not None:
                colours.fix_float(g.players[k])
        else:
            matcher.fix_pair(k, current)
            decided |= {k, current}
            undecided.remove(current)
            if colours is not None:
                colours.fix_pair(g.players[k], g.players[current])
        steps.append(FoldStep(k + 1, g.players[k].id, None if current is None else g.players[current].id,
                              current == first))
    inside = [(g.players[k].id, g.players[m].id) for k, m in mates.items() if k < m < g.n_bracket]
    paired = {pid for pair in inside for pid in pair}
    record = BursteinBracket(score=0, players=[p.id for p in bracket], incoming=[],
                             index={p.id: values[p.id] for p in bracket}, pairs=sorted(inside),
                             floaters=[p.id for p in bracket if p.id not in paired], source=source,
                             steps=steps, solves=matcher.solves, whole_solves=matcher.whole_solves,
                             solved_on=STEP if matcher is step else WITH_FLOATER if g.virtual else ALONE)
    if step is not None:  # else the values when asked for (BursteinBracket.values)
        chosen = matcher.chosen if matcher is step else \
            sorted(rest_edges + [step.edge_of[matcher.g.edges[e]] for e in matcher.chosen])
        if matcher is not step:
            record.solves += step.solves
            record.whole_solves += step.whole_solves
        record.found = record.values_of(chosen)
    return record
