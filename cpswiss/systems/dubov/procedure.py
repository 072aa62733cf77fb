"""The FIDE Dubov System (C.04.4.1, 2026): one round, as Art. 3 orders the work.

1. The pairing-allocated bye first (Art. 3.1): among the players [C2] allows, the first
   whose removal leaves a complete pairing ([C4]) in the order lowest score, most games
   played, largest TPN.
2. The brackets from the highest score down (Art. 3.2).  For each:

   * upfloaters (3.2.1-3.2.2, 4.2): the quality criteria [C5]-[C10] are minimised
     lexicographically over every pairing of the remaining players that pairs all
     residents and completes the rest; among the optimal sets of upfloaters the first in
     the order of 4.2 (score descending, TPN ascending; sets compared at their first
     differing sequence number) is taken, one player at a time;
   * G1 = the white seekers, G2 = the others (3.2.3; when nobody in the bracket has played
     yet, G1 is the first half by TPN);
   * shifters (3.2.4, 4.3): as many as the best pairing ([C7]) needs, first from the
     smaller subgroup (players it must pair among themselves), then from the larger one to
     equal sizes; each time the first set in the order of 4.3 (sequence numbers from the
     middle of the sorted subgroup outwards);
   * S1 = G1 by ascending ARO, then TPN; T2 = the first transposition of G2 (TPN order,
     4.4) that yields a legal pairing S1[i]-T2[i] (3.2.5).

Every "first set that is best" is found without enumerating sets: a player is tried in
the set's order and kept when an optimal pairing with him (and the choices before) still
exists - a weighted matching (Edmonds' blossom algorithm) with the criteria packed as
digits and one more digit that asks for him; T2 is fixed position by position with a
bipartite perfect-matching test.  Each step proves its choice, so the result does not
depend on the solver's path.

A step of at least ``dense.BOUNDS_FROM_PAIRS`` possible pairs (every step;
``SolverSettings.without_graph_from_pairs`` overrides it) is first paired without its graph (:mod:`~cpswiss.systems.dubov.dense`): the same choices, proven by lower bounds that
hold for every pairing; where a bound is not reached, on the graph as above.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Collection, Iterable

from cpswiss.tournament.compatibility import compatible_later
from cpswiss.errors import EngineLimitError, InternalCheckError, NoPairingError
from cpswiss.systems.shared.bracket import refuse_too_large
from cpswiss.rulesets.ruleset import Criterion, RuleSet
from cpswiss.solver.blossom import LIMIT, LexicographicMatching
from cpswiss.solver.completion import completable
from cpswiss.solver.matchings import maximum_weight_matching
from cpswiss.solver.settings import SolverSettings
from cpswiss.systems import RoundPairing
from cpswiss.systems.dubov.facts import DubovFacts, dubov_facts
from cpswiss.systems.dubov.dense import (BOUNDS_FROM_PAIRS, BracketPairing, attains_colour_bound, dense_bracket_pairing,
                                         dense_upfloaters)
from cpswiss.systems.dubov.transposition import first_transposition, sequence_from_middle
from cpswiss.systems.dubov.units import BracketEdges, Level, pair_values, quality_levels
from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.state import PlayerState, RoundState

@dataclass
class ByeRecord:
    """Art. 3.1: who got the pairing-allocated bye, and the players before him in the order
    of 3.1.3-3.1.5 with why each was passed over."""

    player: int
    passed_over: list[tuple[int, str]] = field(default_factory=list)
    ineligible: list[int] = field(default_factory=list)  # barred by [C2]


@dataclass
class BracketRecord:
    """One bracket as Art. 3.2 pairs it (player ids throughout)."""

    score: int
    residents: list[int]
    upfloaters: list[int]
    passed_upfloaters: list[int]  # candidates before the last upfloater (4.2) left out
    g1: list[int]  # 3.2.3, before shifting
    g2: list[int]
    shifted_to_g2: list[int]  # 3.2.4
    shifted_to_g1: list[int]
    s1: list[int]  # 3.2.5: final G1 by ascending ARO, TPN
    g2_order: list[int]  # final G2 by TPN (4.4)
    t2: list[int]  # the chosen transposition
    pairs: list[tuple[int, int]]
    values: dict[str, int] = field(default_factory=dict)  # criterion label -> value
    # S1 position -> the G2 players before T2[i] in TPN order that no legal pairing allowed
    t2_skipped: dict[int, list[int]] = field(default_factory=dict)
    # paired without the graph of the whole step (the bracket and every player below it): its
    # upfloaters, or its shifters and T2, proven by bounds (dense.py)
    by_bounds: bool = False


def pair_round(state: RoundState, rules: RuleSet, settings: SolverSettings | None = None) -> RoundPairing:
    """The round's pairing (C.04.4.1 Art. 3): the bye, then the brackets from the top."""
    facts = dubov_facts(state, rules)
    players = state.to_pair
    if not players:
        raise NoPairingError("no player is available for this round")
    records: list[ByeRecord | BracketRecord] = []
    bye = None
    if len(players) % 2:
        bye_record = choose_bye(players, state)
        records.append(bye_record)
        bye = bye_record.player
        players = [p for p in players if p.id != bye]
    elif not completable(players, state):
        raise NoPairingError("no round-pairing satisfies [C1]-[C3] (C.04.4.1 Art. 2.1): the arbiter decides")
    pairs: list[tuple[int, int]] = []
    pool = players
    while pool:
        record = pair_bracket(pool, state, rules, facts, settings)
        records.append(record)
        pairs += record.pairs
        paired = {pid for pair in record.pairs for pid in pair}
        pool = [p for p in pool if p.id not in paired]
    return RoundPairing(pairs=pairs, bye=bye, records=records)


def bye_order_key(p: PlayerState) -> tuple[int, int, int]:
    """Art. 3.1.3-3.1.5: the lowest score, then the most games played, then the largest TPN."""
    return (p.score, -p.games_played, -p.rank)


def choose_bye(players: list[PlayerState], state: RoundState) -> ByeRecord:
    """Art. 3.1: the first player in :func:`bye_order_key` order whom [C2] allows and whose
    removal leaves the others completely pairable ([C4], Art. 3.1.2)."""
    ineligible = [p.id for p in players if not state.may_take_pab(p)]
    passed: list[tuple[int, str]] = []
    for p in sorted((p for p in players if state.may_take_pab(p)), key=bye_order_key):
        if completable([q for q in players if q.id != p.id], state):
            return ByeRecord(p.id, passed, ineligible)
        passed.append((p.id, "the others could not all be paired without him ([C4], Art. 3.1.2)"))
    raise NoPairingError("no player can take the pairing-allocated bye and leave the others pairable "
                         "([C2], [C4]; C.04.4.1 Art. 3.1): the arbiter decides")


# ---------------------------------------------------------------------------
# The matching that proves each choice
# ---------------------------------------------------------------------------

class PackedMatching:
    """Maximum-weight matchings of a graph whose edge costs are the criteria packed as
    digits (:class:`~cpswiss.solver.blossom.LexicographicMatching`) with one spare digit
    below them: a probe asks for one more thing without giving up any criterion."""

    def __init__(self, n: int, edges: list[tuple[int, int]], levels: list[Level], probe_bound: int):
        self.n, self.edges = n, edges
        packed = LexicographicMatching(n, edges, levels)
        # the spare digit: a matching's probe sum stays below one unit of the last criterion
        scale = n * probe_bound // 2 + 1
        self.cost = [c * scale for c in packed.cost]
        if not packed.exact or max(map(abs, self.cost), default=0) * (n + 1) >= LIMIT:
            raise EngineLimitError("the Dubov criteria do not fit the matching's 128-bit weights")
        self.index = {edge: e for e, edge in enumerate(edges)}
        self.removed: set[int] = set()
        self.at: list[list[int]] = [[] for _ in range(n)]
        for e, (i, j) in enumerate(edges):
            self.at[i].append(e)
            self.at[j].append(e)
        self.mate: dict[int, int] = {}
        self.solve()
        if len(self.mate) < n:
            raise NoPairingError("the remaining players cannot all be paired ([C4])")

    def solve(self, probe: Level | None = None) -> dict[int, int]:
        """An optimal matching, among those the one least on ``probe`` (each coefficient at
        most the bound given); it becomes the matching in hand."""
        probe = probe or {}
        arcs = [(i, j, -(self.cost[e] + probe.get(e, 0)))
                for e, (i, j) in enumerate(self.edges) if e not in self.removed]
        self.mate = {}
        for i, j in maximum_weight_matching(self.n, arcs):
            self.mate[i], self.mate[j] = j, i
        return self.mate

    def remove(self, edges: Iterable[int]) -> None:
        self.removed.update(edges)

    def edges_between(self, i: int, group: Collection[int]) -> list[int]:
        return [e for e in self.at[i] if self.other(e, i) in group]

    def other(self, e: int, i: int) -> int:
        a, b = self.edges[e]
        return b if a == i else a

    def try_partner_in(self, i: int, group: set[int]) -> bool:
        """Is there an optimal matching (on the edges left) that pairs ``i`` with one of
        ``group``?  When there is, it becomes the matching in hand."""
        if self.mate.get(i) in group:
            return True
        probe = {e: 1 for e in self.at[i] if self.other(e, i) not in group}
        previous = self.mate
        if self.solve(probe).get(i) in group:
            return True
        self.mate = previous
        return False

    def chosen(self) -> list[int]:
        """The edges of the matching in hand."""
        return [self.index[(i, j)] for i, j in self.mate.items() if i < j]


# ---------------------------------------------------------------------------
# One bracket
# ---------------------------------------------------------------------------

def pair_bracket(pool: list[PlayerState], state: RoundState, rules: RuleSet,
                 facts: dict[int, DubovFacts], settings: SolverSettings | None = None) -> BracketRecord:
    """Art. 3.2 for the bracket of the highest score in ``pool`` (players in A.2 order).  A step
    of at least ``BOUNDS_FROM_PAIRS`` possible pairs (or the settings') is first paired without its graph
    (:mod:`~cpswiss.systems.dubov.dense`: the same choices, proven by bounds), else on it."""
    top = pool[0].score
    n = len(pool)
    residents = frozenset(i for i, p in enumerate(pool) if p.score == top)
    criteria = tuple(rules.criteria)
    large = (settings or SolverSettings()).pairs_without_graph(n, BOUNDS_FROM_PAIRS)
    picked = dense_upfloaters(pool, residents, state, facts, criteria) if large else None
    if picked is not None:
        done = _pair_chosen(pool, residents, picked, state, facts, criteria, dense=True, proven=False)
        if done is not None:
            return _record(pool, residents, picked, done, state, facts, rules)
    if _pair_alone(pool, residents, state):
        picked = ([], [])
    else:
        refuse_too_large(n, "Dubov bracket step")  # its graph: the bracket and every player below
        later = compatible_later(pool, state)
        edges = [(i, j) for i in range(n) for j in sorted(later[i])]
        picked = choose_upfloaters(pool, edges, residents, facts, state, list(criteria))
    done = _pair_chosen(pool, residents, picked, state, facts, criteria, dense=large, proven=True)
    if done is None:
        raise InternalCheckError("internal error: a bracket paired on its graph gave no pairing")
    return _record(pool, residents, picked, done, state, facts, rules)


@dataclass(frozen=True)
class _Split:
    """The bracket of 3.2.3 (positions in the pool), its players and G1 / G2 by TPN (positions
    in ``bracket``), with the pairing of 3.2.4-3.2.5 found for it."""

    bracket: list[int]
    g1: list[int]
    g2: list[int]
    pairing: BracketPairing
    by_bounds: bool


def _pair_chosen(pool: list[PlayerState], residents: frozenset[int], picked: tuple[list[int], list[int]],
                 state: RoundState, facts: dict[int, DubovFacts], criteria: tuple[Criterion, ...],
                 dense: bool, proven: bool) -> _Split | None:
    """3.2.3-3.2.5 for the residents and the upfloaters ``picked``: G1 and G2, the shifters, S1
    and T2 - without the graph first when ``dense``, else (or when its bounds are not attained)
    on the bracket's own graph.  Upfloaters not ``proven`` (chosen by their bound, without the
    step's graph) stand only with a pairing of the bracket that attains the bound: else None."""
    chosen = picked[0]
    bracket = sorted(residents) + chosen
    # 3.2.3: G1 the white seekers (the first half by TPN when nobody has played yet)
    by_tpn = sorted(bracket, key=lambda i: pool[i].rank)
    if all(not pool[i].colours for i in bracket):
        g1 = by_tpn[:len(by_tpn) // 2]
    else:
        g1 = [i for i in by_tpn if pool[i].preference == WHITE]
    in_g1 = set(g1)
    g2 = [i for i in by_tpn if i not in in_g1]
    index = {v: k for k, v in enumerate(bracket)}
    players = [pool[i] for i in bracket]

    def g1_key(k: int) -> tuple[int, int]:
        return _s1_key(players[k], facts)  # 4.3.2: ARO, then TPN

    def g2_key(k: int) -> int:
        return players[k].rank  # 4.3.2: TPN

    G1 = [index[i] for i in g1]
    G2 = [index[i] for i in g2]
    if dense and len(chosen) <= 1:
        found = dense_bracket_pairing(players, G1, G2, state, criteria, g1_key, g2_key)
        if found is not None:
            return _Split(bracket, g1, g2, found, True)
    refuse_too_large(len(bracket), "Dubov bracket")  # the bracket's own graph
    if proven:
        found = _bracket_on_graph(pool, bracket, residents, G1, G2, state, facts, criteria, g1_key, g2_key)
        return _Split(bracket, g1, g2, found, False)
    try:
        found = _bracket_on_graph(pool, bracket, residents, G1, G2, state, facts, criteria, g1_key, g2_key)
    except NoPairingError:  # the bracket cannot pair with him
        return None
    # an upfloater chosen by his bound stands when the bracket's own pairing attains it ([C7])
    if attains_colour_bound(players, list(zip(found.s1, found.t2)), criteria):
        return _Split(bracket, g1, g2, found, True)
    return None


def _record(pool: list[PlayerState], residents: frozenset[int], picked: tuple[list[int], list[int]],
            split: _Split, state: RoundState, facts: dict[int, DubovFacts], rules: RuleSet) -> BracketRecord:
    """The bracket's record, in player ids."""
    chosen, passed = picked
    done = split.pairing
    players = [pool[i] for i in split.bracket]
    pairs = [(players[a].id, players[b].id) for a, b in zip(done.s1, done.t2)]
    ids = [pool[i].id for i in sorted(residents)]

    def named(positions: list[int]) -> list[int]:
        return [players[k].id for k in positions]

    return BracketRecord(score=pool[0].score, residents=ids, upfloaters=[pool[i].id for i in chosen],
                         passed_upfloaters=[pool[i].id for i in passed], g1=[pool[i].id for i in split.g1],
                         g2=[pool[i].id for i in split.g2], shifted_to_g2=named(done.to_g2),
                         shifted_to_g1=named(done.to_g1), s1=named(done.s1), g2_order=named(done.g2_order),
                         t2=named(done.t2), pairs=pairs,
                         values=pair_values(pairs, ids, state, facts, rules.criteria),
                         t2_skipped={pos: named(ks) for pos, ks in done.skipped.items()},
                         by_bounds=split.by_bounds)


def _bracket_on_graph(pool: list[PlayerState], bracket: list[int], residents: frozenset[int],
                      G1: list[int], G2: list[int], state: RoundState, facts: dict[int, DubovFacts],
                      criteria: tuple[Criterion, ...], g1_key: Callable[[int], tuple[int, int]],
                      g2_key: Callable[[int], int]) -> BracketPairing:
    """Art. 3.2.4-3.2.5 on the bracket's graph (positions in ``bracket``; ``G1``/``G2`` by TPN,
    changed in place by the shifts): the shifters as the best pairing ([C4], [C7], then the
    fewest pairs inside a subgroup) needs them, S1 and the first legal transposition of G2.
    The rest's completion no longer depends on the bracket: only its own pairs with a resident."""
    inside = sorted(bracket)  # in pool order: the pool's edges among them, in the pool's order
    later = compatible_later([pool[i] for i in inside], state)
    sub_edges = [(inside[a], inside[b]) for a in range(len(inside)) for b in sorted(later[a])
                 if inside[a] in residents or inside[b] in residents]
    sub = BracketEdges(pool, sub_edges, residents, facts, state)
    colour_levels = [lv for c, lv in quality_levels(sub, criteria)
                     if c.unit in ("dubov-completion", "dubov-colour-preference")]
    index = {v: k for k, v in enumerate(bracket)}
    local_edges = [(index[i], index[j]) for i, j in sub_edges]
    group_of = {k: 1 for k in G1} | {k: 2 for k in G2}
    within = {e: 1 for e, (a, b) in enumerate(local_edges) if group_of[a] == group_of[b]}
    local_levels = [{e: c for e, c in lv.items()} for lv in colour_levels] + [within]
    bm = PackedMatching(len(bracket), local_edges, local_levels, probe_bound=1)

    first_is_smaller = len(G1) <= len(G2)
    # step 1: players of the smaller subgroup it must pair among themselves
    smaller, larger = (G1, G2) if first_is_smaller else (G2, G1)
    count = sum(1 for k in smaller if bm.mate[k] in smaller) // 2
    moved = _shift(bm, smaller, larger, count, g1_key if smaller is G1 else g2_key)
    to_g2, to_g1 = (moved, []) if first_is_smaller else ([], moved)
    # step 2: equal sizes
    if len(G1) != len(G2):
        big, small = (G1, G2) if len(G1) > len(G2) else (G2, G1)
        moved = _shift(bm, big, small, (len(big) - len(small)) // 2, g1_key if big is G1 else g2_key)
        (to_g2 if big is G1 else to_g1).extend(moved)

    # 3.2.5, 4.4: S1 and the first legal transposition of G2
    s1 = sorted(G1, key=g1_key)
    t2_pool = sorted(G2, key=g2_key)
    usable = [local_edges[e] for e in range(len(local_edges)) if e not in bm.removed]
    allowed = {(a, b) for a, b in usable} | {(b, a) for a, b in usable}
    witness = {k: bm.mate[k] for k in s1}
    if set(witness.values()) != set(t2_pool):
        raise EngineLimitError("the best pairing after the shifts is not one of G1 against G2 (Art. 3.2.4)")
    t2, skipped = first_transposition(s1, t2_pool, allowed, witness)
    return BracketPairing(to_g2, to_g1, s1, t2_pool, t2, skipped)


def _pair_alone(pool: list[PlayerState], residents: frozenset[int], state: RoundState) -> bool:
    """No upfloater is needed ([C5] at 0) when the residents pair among themselves and the
    players below can be paired completely on their own ([C4])."""
    if len(residents) % 2:
        return False
    return completable([pool[i] for i in sorted(residents)], state) and \
        completable([p for i, p in enumerate(pool) if i not in residents], state)


def choose_upfloaters(pool: list[PlayerState], edges: list[tuple[int, int]], residents: frozenset[int],
                      facts: dict[int, DubovFacts], state: RoundState,
                      criteria: list[Criterion]) -> tuple[list[int], list[int]]:
    """Art. 3.2.1-3.2.2, 4.2: as many upfloaters as the optimum ([C4], then [C5]-[C10] over
    every pairing of the residents with the players below them) has; the set, the first in the
    order of 4.2 (score descending, TPN ascending) among the optimal ones, one candidate at a
    time.  Returns the upfloaters and the candidates passed over before the last one."""
    graph = BracketEdges(pool, edges, residents, facts, state)
    m = PackedMatching(len(pool), edges, [lv for _, lv in quality_levels(graph, tuple(criteria))], probe_bound=1)
    lower = [i for i in range(len(pool)) if i not in residents]
    needed = sum(1 for i in lower if m.mate.get(i) in residents)
    chosen: list[int] = []
    passed: list[int] = []
    for i in sorted(lower, key=lambda i: (-pool[i].score, pool[i].rank)):
        if len(chosen) == needed:
            break
        if m.try_partner_in(i, set(residents)):
            chosen.append(i)
            m.remove(m.edges_between(i, set(lower)))
        else:
            passed.append(i)
            m.remove(m.edges_between(i, set(residents)))
    return chosen, passed


def _s1_key(p: PlayerState, facts: dict[int, DubovFacts]) -> tuple[int, int]:
    """Art. 3.2.5 / 4.3.2: ascending ARO, then ascending TPN."""
    return (facts[p.id].aro, p.rank)


def _shift(bm: PackedMatching, source: list[int], target: list[int], count: int,
           order: Callable[[int], int | tuple[int, int]]) -> list[int]:
    """Art. 3.2.4 / 4.3: move ``count`` players from ``source`` to ``target``, the first set in
    the order of 4.3 (source sorted as 4.3.2 says, numbered from the middle) that keeps the
    best pairing: a shifted player is one the pairing pairs inside ``source``."""
    if count <= 0:
        return []
    ordered = sorted(source, key=order)
    moved: list[int] = []
    for k in sequence_from_middle(ordered):
        if len(moved) == count:
            break
        if bm.try_partner_in(k, set(source) - {k}):
            bm.remove(bm.edges_between(k, set(target)))
            source.remove(k)
            target.append(k)
            moved.append(k)
    if len(moved) < count:
        raise EngineLimitError("fewer shifters than the bracket's best pairing needs (Art. 3.2.4)")
    return moved
