"""The general FIDE Swiss rules of 1987-99 (seed 001, part 1; today's Lim system C.04.4.3).

Order of work for one round (items 8, 9, 10, 11):

1. The bye (8.1, 8.2): with an odd number of players, the lowest player of the lowest
   score group who may take it (8.2: not twice, not after a point won without playing),
   provided the others can still all be paired.
2. The groups (9.2): from the top group down to the one above the median group (score =
   half the rounds played), then from the lowest group up to the one below it; the
   median group last, paired downward.  Each group is paired on a CP-SAT model of its
   players and the floaters transferred into it; the criteria of the rule file are
   minimised lexicographically (floaters paired first, 10.6; as many pairs as possible,
   9.3; floater types, 10.9; no repeated floater, 10.10; due colours, 12.2).  Whoever is
   left unpaired is transferred to the next group in the direction of pairing (10.2).
3. The generation order of the text among equal candidates (:func:`break_ties`):
   the floaters' opponents first (10.8: from above, the highest-placed player who can
   take him; from below, the lowest-placed), then which players float (10.3, 10.4: the
   lowest-placed when pairing downward, the highest-placed upward), then the predicted
   pairing top half against bottom half with the exchanges of 11.1 (the first player of
   the group, in the direction of pairing, takes the first suitable opponent from his
   predicted one onward: "change the lower player").
4. The median group (9.6): when its players (with every floater that reached it) cannot
   all be paired, the pairing of a neighbouring group nearest to the median is broken
   up and its two players join the median group as floaters - from the group below when
   more floaters came from above than from below, else from the group above - until it
   can.  This "crack" repeats as often as needed; each one is recorded.

Readings where the text is silent are named in ``models/fide-swiss-1999.toml`` and in the
docstrings below (Q-n of ``docs/readings.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cpswiss.tournament.compatibility import compatible
from cpswiss.systems.shared.bracket import Bracket, refuse_too_large
from cpswiss.systems.shared.units import bracket_levels
from cpswiss.errors import EngineLimitError, NoPairingError
from cpswiss.rulesets.ruleset import Criterion, RuleSet
from cpswiss.solver.completion import completable
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import greedy_matching
from cpswiss.solver.model import MatchingModel
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import RoundPairing
from cpswiss.systems.fide1999.switches import Fide1999Switches
from cpswiss.systems.fide1999.units import BRACKET_UNITS
from cpswiss.tournament.state import PlayerState, RoundState, order_key, scoregroups

DOWN, UP = "down", "up"


@dataclass
class GroupRecord:
    """How one score group was paired (for explanations and tests)."""

    score: int
    direction: str  # DOWN or UP: where its floaters go, and the order it is paired in
    median: bool
    incoming: list[int]  # floaters transferred into it, in the order they are paired
    residents: list[int]  # its own players, in the order of pairing
    pairs: list[tuple[int, int]] = field(default_factory=list)
    transferred: list[int] = field(default_factory=list)  # left unpaired: to the next group
    # 9.6: pairs of neighbouring groups broken up into the median group: (pair, side)
    cracks: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    broken: list[tuple[int, int]] = field(default_factory=list)  # its pairs 9.6 broke up later
    bracket: Bracket | None = field(default=None, repr=False, compare=False)
    chosen: list[int] = field(default_factory=list, repr=False, compare=False)
    floater_directions: list[str] = field(default_factory=list, repr=False)
    maxi_gap: int | None = None  # a Maxi-tournament's rating gap (10.2, 10.8, 12.7)
    # Maxi: players transferred for the others' due colours rather than the bottom player (10.2)
    colour_floaters: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class Maxi:
    """A Maxi-tournament's limits (preamble, 10.2, 10.8, 12.7): colour exchanges and the
    choice of a floater for colours stay within ``gap`` rating points."""

    gap: int
    colour: Level  # the due-colour criterion (12.2) of the group, applied by exchanges


def maxi_gap(state: RoundState, rules: RuleSet) -> int | None:
    """The rating gap when the tournament is a Maxi-tournament, else None.  Q-1: "more than
    2n players" is read as 2^n (the 1988 GA, as the archive copy quoted by the Lim digest
    has it) under ``maxi_threshold = "2^rounds"``, as 2 x n under ``"2*rounds"``."""
    switches = rules.switches or Fide1999Switches()
    rule, rounds = switches.maxi_threshold, state.total_rounds
    if not rule or rounds is None:
        return None
    limit = 2 ** rounds if rule == "2^rounds" else 2 * rounds
    return switches.maxi_rating_gap if len(state.players) > limit else None


def group_criteria(rules: RuleSet, gap: int | None) -> tuple[list[Criterion], list[Criterion]]:
    """The criteria a group is minimised on, and those a Maxi-tournament (``gap`` not None)
    applies by the text's exchanges instead (parameter ``maxi = "exchanges"``: 12.2, 12.7)."""
    by_exchanges = [c for c in rules.criteria if gap is not None and c.params.get("maxi") == "exchanges"]
    return [c for c in rules.criteria if c not in by_exchanges], by_exchanges


def median_score(state: RoundState) -> int:
    """9.2: half the number of rounds played, in points (tenths)."""
    return (state.round_no - 1) * state.points_for_win // 2


def choose_bye(players: list[PlayerState], state: RoundState) -> PlayerState | None:
    """8.1, 8.2 (Lim 1.1): the lowest player of the lowest score group who may take the bye,
    as long as the other players can all be paired; otherwise the next one up."""
    if len(players) % 2 == 0:
        return None
    for p in reversed(players):
        if state.may_take_pab(p) and completable([q for q in players if q is not p], state):
            return p
    raise NoPairingError("no player may take the bye so that the others can all be paired (items 8.1, 8.2)")


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    players = state.to_pair
    if not players:
        raise NoPairingError("no player is available for this round")
    if not completable(players, state):
        raise NoPairingError("no pairing of the round gives every player a suitable opponent (items 2, 8, "
                             "9.1: the arbiter decides)")
    bye = choose_bye(players, state)
    if bye is not None:
        players = [p for p in players if p is not bye]
    median = median_score(state)
    groups = scoregroups(players)
    above = [g for g in groups if g[0].score > median]
    below = [g for g in groups if g[0].score < median]
    middle = next((g for g in groups if g[0].score == median), [])
    beyond = below[0] if below else []  # what the last group above faces next when the median is empty

    records_above = _pair_side(above, DOWN, middle or beyond, state, rules, settings)
    beyond = above[-1] if above else []
    records_below = _pair_side(list(reversed(below)), UP, middle or beyond, state, rules, settings)
    median_record = _pair_median(middle, records_above, records_below, median, state, rules, settings)
    records = records_above + records_below + [median_record]
    pairs = [pair for r in records for pair in r.pairs]
    return RoundPairing(pairs, bye.id if bye else None, records)


def _pair_side(groups: list[list[PlayerState]], direction: str, then: list[PlayerState], state: RoundState,
               rules: RuleSet, settings: SolverSettings | None) -> list[GroupRecord]:
    """9.2: the groups of one side of the median, in pairing order; each passes its
    floaters to the next (10.2), the last one to the median group."""
    records = []
    incoming: list[PlayerState] = []
    for k, group in enumerate(groups):
        following = groups[k + 1] if k + 1 < len(groups) else then
        record = pair_group(group, incoming, [direction] * len(incoming), direction, following, state, rules,
                            settings)
        records.append(record)
        incoming = [state.players[pid] for pid in record.transferred]
    return records


def _floater_order(floaters: list[PlayerState], direction: str) -> list[PlayerState]:
    """10.6 / 10.7: from above, the highest score first, then the higher-placed; from below,
    the lowest score first, then the lower-placed."""
    ordered = sorted(floaters, key=order_key)
    return ordered if direction == DOWN else list(reversed(ordered))


def _pair_median(middle: list[PlayerState], above: list[GroupRecord], below: list[GroupRecord], median: int,
                 state: RoundState, rules: RuleSet, settings: SolverSettings | None) -> GroupRecord:
    """9.2, 9.6: the median group with every floater that reached it, paired downward;
    cracked open (one neighbouring pairing at a time) until all its players can be paired."""
    from_above = [state.players[pid] for pid in (above[-1].transferred if above else [])]
    from_below = [state.players[pid] for pid in (below[-1].transferred if below else [])]
    cracks: list[tuple[tuple[int, int], str]] = []
    while not completable(middle + from_above + from_below, state):
        side = _crack_side(from_above, from_below, above, below)
        if side is None:
            raise EngineLimitError("the median group cannot be paired even with every other group broken up")
        records = above if side == "above" else below
        record = next(r for r in reversed(records) if r.pairs)
        pair = _pair_nearest_median(record, state, side)
        record.pairs.remove(pair)
        record.broken.append(pair)
        cracks.append((pair, side))
        joining = [state.players[pid] for pid in pair]
        if side == "above":
            from_above += joining
        else:
            from_below += joining
    down, up = _floater_order(from_above, DOWN), _floater_order(from_below, UP)
    record = pair_group(middle, down + up, [DOWN] * len(down) + [UP] * len(up), DOWN, [], state, rules,
                        settings, median=True)
    record.score = median
    record.cracks = cracks
    if record.transferred:
        raise EngineLimitError("the median group leaves players unpaired although it can be paired "
                               f"completely ({', '.join(map(str, record.transferred))})")
    return record


def _crack_side(from_above: list[PlayerState], from_below: list[PlayerState], above: list[GroupRecord],
                below: list[GroupRecord]) -> str | None:
    """9.6: break up a pairing of the group below when more floaters came from above than
    from below, otherwise of the group above; the other side when one has nothing left."""
    has_above = any(r.pairs for r in above)
    has_below = any(r.pairs for r in below)
    if len(from_above) > len(from_below) and has_below:
        return "below"
    if has_above:
        return "above"
    return "below" if has_below else None


def _pair_nearest_median(record: GroupRecord, state: RoundState, side: str) -> tuple[int, int]:
    """9.6 (Q-2): "the nearest pairing of the upper group" is its lowest pairing, "the first
    pairing of the lower group" its highest: in both cases the pairing nearest the median."""
    def key(pair: tuple[int, int]) -> tuple[int, int]:
        a, b = (state.players[pid] for pid in pair)
        return min(order_key(a), order_key(b))

    return max(record.pairs, key=key) if side == "above" else min(record.pairs, key=key)


def pair_group(group: list[PlayerState], incoming: list[PlayerState], floater_directions: list[str],
               direction: str, following: list[PlayerState], state: RoundState, rules: RuleSet,
               settings: SolverSettings | None, median: bool = False) -> GroupRecord:
    """One score group with the floaters transferred into it: the lexicographic optimum of
    the rule file's criteria, then the text's generation order (:func:`break_ties`)."""
    residents = sorted(group, key=order_key)
    if direction == UP:
        residents.reverse()  # pairing upward starts from the bottom (11.1.b)
    vertices = incoming + residents
    if not vertices:  # an empty median group that no floater reached
        return GroupRecord(median_score(state), direction, median, [], [])
    refuse_too_large(len(vertices), "score group")
    edges = [(i, j) for j in range(len(vertices)) for i in range(j)
             if compatible(vertices[i], vertices[j], state)]
    b = Bracket(vertices, len(incoming), len(vertices), state, edges=edges, landing=list(following))
    gap = maxi_gap(state, rules)
    criteria, by_exchanges = group_criteria(rules, gap)
    levels = [level for _, group_levels in bracket_levels(b, criteria, BRACKET_UNITS) for level in group_levels]
    m = MatchingModel(len(vertices), b.edges, settings)
    m.start_from(greedy_matching(len(vertices), b.edges))
    m.minimise(levels)
    maxi = None
    if by_exchanges and gap is not None:  # a Maxi group's colours come by exchanges
        colour = [level for _, group_levels in bracket_levels(b, by_exchanges, BRACKET_UNITS) for level in group_levels]
        maxi = Maxi(gap, colour[0])
    colour_floaters = break_ties(b, m, floater_directions, maxi)
    chosen = m.chosen()
    pairs = [(vertices[i].id, vertices[j].id) for i, j in (b.edges[e] for e in chosen)]
    paired = {pid for pair in pairs for pid in pair}
    score = residents[0].score if residents else (incoming[0].score if incoming else 0)
    return GroupRecord(score, direction, median, [p.id for p in incoming], [p.id for p in residents], pairs,
                       [p.id for p in vertices if p.id not in paired], bracket=b,
                       chosen=chosen, floater_directions=list(floater_directions), maxi_gap=gap,
                       colour_floaters=[vertices[v].id for v in colour_floaters])


def break_ties(b: Bracket, m: MatchingModel, floater_directions: list[str],
               maxi: Maxi | None = None) -> list[int]:
    """The text's order of work among pairings equal on every criterion, each decision kept
    only if the frozen optima survive it (so the answer is unique, whatever the solver did).

    1. 10.6-10.8: each floater in turn (vertex order) takes, from above, the highest-placed
       player of the group "with a suitable colour" (both can have their due colours) who
       can still take him, from below the lowest-placed; failing that, the highest-placed
       (lowest-placed) of the others; other floaters only after the group's own players.
    2. 10.3 / 10.4: the group's own players in the order of pairing stay paired as long as
       they can - so the floaters are the lowest-placed players pairing downward and the
       highest-placed pairing upward (the residents are in that order already).
    3. 9.4, 11.1: the others, sorted in the order of pairing, top half against bottom
       half; the first unpaired player takes the first suitable opponent from his predicted
       one onward, then those above it nearest first ("change the lower player").

    In a Maxi-tournament the due colours (12.2) are not a criterion of the whole group but
    the text's exchanges, each within ``maxi.gap`` rating points: a floater's opponent with
    a suitable colour only that close to the first who can take him (10.8); the floater that
    makes the group even chosen for colours only that close to the group's last player,
    else the bottom player (10.2); and an opponent exchanged for colours only that close to
    the one he replaces (12.7).  Returns the vertices a Maxi group floats for colours
    instead of its bottom player.
    """
    n_in, n = b.n_mdp, len(b.vertices)
    edge_of = {pair: e for e, pair in enumerate(b.edges)}

    def edge(u: int, v: int) -> int | None:
        return edge_of.get((min(u, v), max(u, v)))

    def feasible(u: int, v: int) -> bool:
        e = edge(u, v)
        return e is not None and bool(m.solution[e] or _swapped_in(m, u, v, e, edge) or m.feasible_with([(e, 1)]))

    def take(u: int, candidates: list[int]) -> int | None:
        for v in candidates:
            e = edge(u, v)
            if e is not None and feasible(u, v):
                m.fix(e, 1)
                return v
        return None

    def suits(u: int, v: int) -> bool:  # both can have their due colours (12.2)
        p, q = b.vertices[u].preference, b.vertices[v].preference
        return p is None or q is None or p != q

    def maxi_order(u: int, candidates: list[int]) -> list[int]:
        """Maxi: the first who can take ``u``, unless one with a suitable colour is within
        the gap of him (10.8, 12.7)."""
        first = next((v for v in candidates if feasible(u, v)), None)
        if first is None or maxi is None or suits(u, first):
            return [first] if first is not None else []
        close = [v for v in candidates if suits(u, v) and abs(_rating(b, v) - _rating(b, first)) <= maxi.gap]
        return close + [first]

    taken: set[int] = set()
    for f in range(n_in):
        if f in taken or m.partner(f) is None:
            continue  # paired already, or left unpaired by every best pairing (he moves on)
        residents = list(range(n_in, n))
        order = residents if floater_directions[f] == DOWN else residents[::-1]
        order = [v for v in order if v not in taken]
        others = [v for v in range(n_in) if v != f and v not in taken]
        if maxi is not None:
            candidates = maxi_order(f, order + others)
        else:
            candidates = [v for v in order if suits(f, v)] + [v for v in order if not suits(f, v)] + others
        v = take(f, candidates)
        if v is not None:
            taken |= {f, v}
    colour_floaters = _choose_maxi_floaters(b, m, maxi, taken) if maxi is not None else []
    for v in range(n_in, n):
        if v in taken:
            continue
        if m.partner(v) is not None or m.feasible_with_all_chosen([b.incident[v]]):
            m.require(b.incident[v], 1)
        else:
            m.require(b.incident[v], 0)
    rest = [v for v in range(n_in, n) if v not in taken and m.partner(v) is not None]
    half = len(rest) // 2

    def exchange_order(i: int, done: set[int]) -> list[int]:
        """11.1: the candidates for rest[i], from his predicted opponent onward, then those
        above it nearest first."""
        target = i + half if i < half else i + 1
        later = [j for j in range(i + 1, len(rest)) if rest[j] not in done]
        return [rest[j] for j in [j for j in later if j >= target] + [j for j in reversed(later) if j < target]]

    def choose(v: int, candidates: list[int]) -> tuple[int, int] | None:
        """The plan's pick for v among candidates he may meet, and the first of them."""
        meetable = [w for w in candidates if edge(v, w) is not None]
        if not meetable:
            return None
        first = meetable[0]
        if maxi is None or suits(v, first):
            return first, first
        close = [w for w in meetable if suits(v, w) and abs(_rating(b, w) - _rating(b, first)) <= maxi.gap]
        return (close[0] if close else first), first

    plan = _plan(m, rest, taken, exchange_order, choose, edge)
    witness = list(m.solution)
    for i, v in enumerate(rest):
        if v in taken:
            continue
        if plan is not None:
            pick, first = plan[v]
            if pick == first or feasible(v, first):  # the plan's first candidate is the real one
                m.solution = witness
                m.fix(edge_of[(min(v, pick), max(v, pick))], 1)
                taken |= {v, pick}
                continue
            plan = None  # from here on, step by step
            m.solution = witness
        order = exchange_order(i, taken)
        w = take(v, maxi_order(v, order) if maxi is not None else order)
        if w is None:
            raise EngineLimitError(f"player {b.vertices[v].id} lost his opponent in the tie-break (internal error)")
        taken |= {v, w}
    return colour_floaters


def _plan(m: MatchingModel, rest: list[int], taken: set[int], exchange_order: Callable[[int, set[int]], list[int]],
          choose: Callable[[int, list[int]], tuple[int, int] | None],
          edge: Callable[[int, int], int | None]) -> dict[int, tuple[int, int]] | None:
    """Step 3 planned without a solve: each player takes his pick among the players he may
    meet (the first one; in a Maxi-tournament one with a suitable colour close to it).  When
    that pairing, with the decisions already fixed, meets every frozen optimum it is the
    solution in hand, and a pick is what the step gives as soon as the first candidate it was
    measured from is feasible - always when the pick is that candidate (this pairing shows
    it); the caller checks the others.  None when the plan is not a solution."""
    done = set(taken)
    plan: dict[int, tuple[int, int]] = {}
    for i, v in enumerate(rest):
        if v in done:
            continue
        picked = choose(v, exchange_order(i, done))
        if picked is None:
            return None
        plan[v] = picked
        done |= {v, picked[0]}
    fixed = [e for e in m.chosen() if all(u in taken for u in m.edges[e])]
    planned = [edge(v, w) for v, (w, _) in plan.items()]
    if not m.adopt_if_solution(fixed + [e for e in planned if e is not None]):
        return None
    return plan


def _swapped_in(m: MatchingModel, u: int, v: int, e: int, edge: Callable[[int, int], int | None]) -> bool:
    """Is there a solution (under the frozen optima and the decisions so far) with ``u``-``v``
    (edge ``e``), shown by one exchange of the solution in hand: u and v meet, their partners
    meet each other?  When the exchanged pairing meets every constraint on record it becomes
    the solution in hand (a proof without a solve); else nothing changes and the caller asks
    the model."""
    pu, pv = m.partner(u), m.partner(v)
    if pu is None or pv is None:
        return False
    f = edge(pu, pv)
    if f is None:
        return False
    old = {edge(u, pu), edge(v, pv)}
    return m.adopt_if_solution([c for c in m.chosen() if c not in old] + [e, f])


def _rating(b: Bracket, v: int) -> int:
    """The rating of vertex v's player (the Maxi limits; unrated counts as 0)."""
    return b.round.tournament.players[b.vertices[v].id].rating or 0


def _choose_maxi_floaters(b: Bracket, m: MatchingModel, maxi: Maxi, taken: set[int]) -> list[int]:
    """10.2 (Maxi): each player the group floats is chosen for the others' due colours only
    among those within the gap of the group's last player; otherwise (and on equal colours)
    the bottom player floats.  The choice is fixed as "unpaired"; returns the players chosen
    for colours over the bottom one."""
    residents = [v for v in range(b.n_mdp, len(b.vertices)) if v not in taken]
    chosen: list[int] = []
    if not residents:
        return chosen
    last = _rating(b, residents[-1])
    floating = sum(1 for v in residents if m.partner(v) is None)
    for _ in range(floating):
        options: list[tuple[int, int]] = []
        for v in reversed(residents):  # the bottom player first
            if abs(_rating(b, v) - last) > maxi.gap and options:
                continue
            value = m.least_with_unpaired(maxi.colour.coef, v)
            if value is not None:
                options.append((value, v))
        if not options:
            return chosen
        best = min(options, key=lambda o: o[0])  # min keeps the first (lowest-placed) of equals
        if best is not options[0]:
            chosen.append(best[1])
        m.require(b.incident[best[1]], 0)
        residents.remove(best[1])
        m.feasible_with([])
    return chosen


__all__ = ["DOWN", "UP", "GroupRecord", "break_ties", "choose_bye", "group_criteria", "maxi_gap", "median_score",
           "pair_group", "pair_round"]
