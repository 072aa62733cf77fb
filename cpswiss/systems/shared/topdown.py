"""The top-down procedure of C.04.6 Art. 3.3-3.6 (C.04.5 Art. 3.3-3.6 are the same on players),
on competitors: pure functions, no tournament file, no system.

1. The pairing-allocated bye first (Art. 3.4): among the competitors [C2] allows, ordered by
   lowest score, most matches played, largest TPN, the first whose removal leaves a legal
   pairing of all the others.
2. Then, until everybody is paired (Art. 3.3.2), the top-scoregroup (the highest score among
   those not yet paired, Art. 3.2) joined with the first set of upfloaters (Art. 3.5) into a
   bracket, paired by the first pairing in the order of its identifier (Art. 3.6).

"The first set / pairing that complies" is found without enumerating sets or pairings: every
choice is a perfect matching of least cost (:mod:`cpswiss.solver.lexmin`, exact), the criteria
packed as digits of one weight.  The order of the sets (3.5.4) and of the identifiers (3.6.2)
is one more digit when it fits in the weight: the first sorted list of TPNs is the one of most
weight in binary place values by rank, and the partners of the tops, in turn, a base-B number.
Otherwise - and always with ``Rules.record_refusals``, for the explanation - each position is
fixed to the smallest value for which a matching still reaches the optimum, a smaller value
tried only when the matching in hand (the witness) does not already have it, and each value
refused is recorded with why.  Both ways give the same answer (tests/test_topdown.py checks
them against enumeration of every set and pairing).

Interface (for C.04.6 and C.04.5 alike): :class:`Entrant` per competitor, a ``compatible(a, b)``
predicate ([C1] and forbidden pairs, by TPN), :class:`Rules`; :func:`pair_round` returns a
:class:`RoundPlan` (the bye chosen, then each :class:`Bracket`) or raises NoPairingError
(3.3.3).  Colours are the system's own.

Readings (``docs/team-2026.md``):

* TS-1 [C4]/[C5] are optimised over the sets that give a legal pairing ([C1], [C3]): the fewest
  upfloaters, then their scores taken in ascending order as high as possible (a lower profile
  only when no set of a higher one is legal: the 3.5.4 example takes two of three 3-pointers).
* TS-2 [C6] is pass/fail by default: the following scoregroup (the next score among those not
  yet paired), unless the set empties it, can be paired with the parity minimum of upfloaters
  (0 or 1) while the rest stays pairable.  ``c6="graded"``: the fewest of its teams paired
  below it.
* TS-3 "complies with" a minimising criterion (3.5.5, 3.6.4) = reaches its least value given the
  criteria before it; ties go to the first set / identifier.
* TS-4 [C8] counts the pairs whose competitors prefer the same colour (Art. 4 grants every
  other pair's preferences), [C9] the pairs where both preferences are strong for the same
  colour, [C10] each upfloater's opponent that floated in the previous round.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cpswiss.errors import NoPairingError
from cpswiss.solver.lexmin import DigitCosts, least_covering_matching, least_perfect_matching
from cpswiss.solver.matchings import maximum_matching
from cpswiss.tournament.state import BLACK, WHITE


@dataclass(frozen=True)
class Wish:
    """A colour preference (Art. 1.7): the colour (``W``/``B``) and whether it is strong
    (Type B); ``colour`` None = no preference."""

    colour: str | None = None
    strong: bool = False


NO_WISH = Wish()


@dataclass(frozen=True)
class Entrant:
    """A competitor as the procedure sees it.  ``tpn``: its pairing number (Art. 1.1: the
    order of 3.4.4, 3.5.3 and 3.6); ``score``: the score scoregroups are made of (Art. 1.2,
    1.3); ``matches``: matches played (3.4.3); ``may_take_bye``: [C2] allows it the PAB;
    ``floated``: it was a floater in the previous round ([C7], [C10]); ``wish``: its colour
    preference ([C8], [C9])."""

    tpn: int
    score: float
    matches: int = 0
    may_take_bye: bool = True
    floated: bool = False
    wish: Wish = NO_WISH


@dataclass(frozen=True)
class Rules:
    """What changes the procedure: ``float_criteria`` ([C7], [C10] apply: not in the last two
    rounds); ``c6``: TS-2; ``record_refusals``: fix the set and the identifier position by
    position, recording every value refused before the one chosen (for explanations: the
    same answer, more matchings); ``robust_rest``: when Dirac's theorem shows that the rest
    pairs, with [C6] met, whatever the set (:func:`_rest_is_robust`), choose the set on the
    residents' pairs alone (the same answer, a smaller graph)."""

    float_criteria: bool = True
    c6: Literal["pass-fail", "graded"] = "pass-fail"
    record_refusals: bool = False
    robust_rest: bool = True  # choose upfloaters on the residents' pairs when the rest is robust


@dataclass
class ByeChoice:
    """Art. 3.4: the competitor given the PAB, those before it in the order of 3.4.2-3.4.4
    (passed over as they leave no legal pairing of the others, 3.4.1), and those [C2] bars."""

    tpn: int
    passed_over: list[int] = field(default_factory=list)
    barred: list[int] = field(default_factory=list)


@dataclass
class Refusal:
    """A value tried at a position of a TPN list or identifier before the one chosen, and why
    it was refused: ``"illegal"`` (no legal pairing has it: [C1] in the bracket or [C3] for
    the rest) or ``"criteria"`` (legal, but not with the criteria's least values)."""

    position: int
    tpn: int
    why: str


@dataclass
class Bracket:
    """One bracket as Art. 3.5-3.6 make it."""

    score: float
    residents: list[int]  # TPNs of the top-scoregroup
    upfloaters: list[int]  # in the order of 3.5.3 (score descending, TPN ascending)
    upfloater_scores: list[float]
    set_values: dict[str, int]  # [C4], [C6] (0 met), [C7]
    set_refusals: list[Refusal]
    identifier: list[int]  # 3.6.2
    pairs: list[tuple[int, int]]  # (top member, bottom member), tops ascending
    pairing_values: dict[str, int]  # [C8], [C9], [C10]
    pairing_refusals: list[Refusal]
    next_scoregroup_emptied: bool = False


@dataclass
class RoundPlan:
    """The round: the PAB (or None) and the brackets in the order they were paired."""

    bye: ByeChoice | None
    brackets: list[Bracket]

    @property
    def pairs(self) -> list[tuple[int, int]]:
        return [pair for bracket in self.brackets for pair in bracket.pairs]


Compatible = Callable[[int, int], bool]


def pair_round(entrants: Sequence[Entrant], compatible: Compatible, rules: Rules = Rules()) -> RoundPlan:
    """Art. 3.3.2 steps 1-3 on ``entrants`` (those to be paired this round); ``compatible(a,
    b)``: competitors with these TPNs may meet ([C1], forbidden pairs).  NoPairingError when
    no legal round-pairing exists (3.3.3: the Chief Arbiter decides)."""
    order = sorted(entrants, key=lambda e: (-e.score, e.tpn))
    allowed = allowed_pairs(order, compatible)
    graph = _Graph.of(order, allowed)
    bye = choose_bye(order, allowed, graph) if len(order) % 2 else None
    if bye is None and not _perfectly_pairable(graph):
        raise NoPairingError("no legal pairing exists ([C1], [C2]): C.04.6 Art. 3.3.3 leaves the round "
                             "to the Chief Arbiter")
    left = [i for i, e in enumerate(order) if bye is None or e.tpn != bye.tpn]
    brackets = []
    while left:
        bracket = pair_top_bracket(graph.induced(left), rules)
        brackets.append(bracket)
        done = set(bracket.residents) | set(bracket.upfloaters)
        left = [i for i in left if order[i].tpn not in done]
    return RoundPlan(bye, brackets)


def allowed_pairs(entrants: Sequence[Entrant], compatible: Compatible) -> dict[int, set[int]]:
    """TPN -> the TPNs of the others it may meet."""
    tpns = [e.tpn for e in entrants]
    return {t: {u for u in tpns if u != t and compatible(t, u)} for t in tpns}


def choose_bye(entrants: Sequence[Entrant], allowed: Mapping[int, set[int]], graph: _Graph | None = None) -> ByeChoice:
    """Art. 3.4: the PAB goes to the first competitor [C2] allows, by lowest score (3.4.2),
    most matches played (3.4.3), largest TPN (3.4.4), whose removal leaves a legal pairing
    of all the others (3.4.1).  NoPairingError when nobody's does."""
    barred = sorted(e.tpn for e in entrants if not e.may_take_bye)
    candidates = sorted((e for e in entrants if e.may_take_bye), key=lambda e: (e.score, -e.matches, -e.tpn))
    passed: list[int] = []
    whole = graph if graph is not None else _Graph.of(entrants, allowed)
    position = {e.tpn: i for i, e in enumerate(whole.entrants)}
    for e in candidates:
        if _perfectly_pairable(whole.induced([i for i in range(whole.n) if i != position[e.tpn]])):
            return ByeChoice(e.tpn, passed, barred)
        passed.append(e.tpn)
    raise NoPairingError("no legal pairing exists: no competitor [C2] allows the pairing-allocated bye "
                         "leaves a legal pairing of the others (C.04.6 Art. 3.4.1, 3.3.3)")


def _perfectly_pairable(graph: _Graph) -> bool:
    return graph.n % 2 == 0 and 2 * len(maximum_matching(graph.n, graph.edges)) == graph.n


class _Graph:
    """Competitors (by index: their position in ``entrants``) and the pairs [C1] allows
    (``edges``: (i, j), i < j, sorted)."""

    def __init__(self, entrants: Sequence[Entrant], edges: list[tuple[int, int]]):
        self.entrants = list(entrants)
        self.n = n = len(self.entrants)
        self.edges = edges
        self._index: dict[tuple[int, int], int] | None = None
        self._edges_of: list[list[int]] | None = None

    @property
    def index(self) -> dict[tuple[int, int], int]:
        """(i, j) -> edge number (made when first asked for)."""
        if self._index is None:
            self._index = {edge: k for k, edge in enumerate(self.edges)}
        return self._index

    @property
    def edges_of(self) -> list[list[int]]:
        """Vertex -> the numbers of its edges (made when first asked for)."""
        if self._edges_of is None:
            self._edges_of = [[] for _ in range(self.n)]
            for k, (i, j) in enumerate(self.edges):
                self._edges_of[i].append(k)
                self._edges_of[j].append(k)
        return self._edges_of

    @classmethod
    def of(cls, entrants: Sequence[Entrant], allowed: Mapping[int, set[int]]) -> _Graph:
        position = {e.tpn: i for i, e in enumerate(entrants)}
        edges = sorted((i, j) for i, e in enumerate(entrants) for t in allowed[e.tpn]
                       for j in (position.get(t, -1),) if j > i)
        return cls(entrants, edges)

    def induced(self, keep: Sequence[int]) -> _Graph:
        """The graph of the competitors at the positions ``keep``, renumbered in that order."""
        renumber = [-1] * self.n
        for new, old in enumerate(keep):
            renumber[old] = new
        edges = []
        for i, j in self.edges:
            a, b = renumber[i], renumber[j]
            if a >= 0 and b >= 0:
                edges.append((a, b) if a < b else (b, a))
        if any(keep[k] > keep[k + 1] for k in range(len(keep) - 1)):
            edges.sort()
        return _Graph([self.entrants[i] for i in keep], edges)


def _fits(graph: _Graph, digits: Sequence[dict[int, int]]) -> bool:
    return DigitCosts.of(graph.n, graph.edges, digits).fits()


class _Search:
    """Least-cost perfect matchings of a graph as criteria (digits) are added one at a time,
    with the edges that decisions forbid.  ``best``: the matching in hand (a witness) and
    its cost, which is the optimum of the digits so far; each digit added is fixed at its
    least value, by a matching unless a lower bound shows the witness already reaches it."""

    def __init__(self, graph: _Graph, first: Sequence[dict[int, int]], cover: set[int] | None = None):
        self.graph = graph
        self.cover = cover  # pair these only (the others may stay unpaired); None: everybody
        self.digits: list[dict[int, int]] = []
        self.forbidden: set[int] = set()
        self._costs: DigitCosts | None = None
        self._packed: list[int] = []
        self.best: tuple[tuple[int, ...], list[int]] = ((), [])
        self.add_all(first, [None] * len(first))

    def _refresh(self) -> DigitCosts:
        if self._costs is None:
            self._costs = DigitCosts.of(self.graph.n, self.graph.edges, self.digits)
            self._packed = self._costs.packed()
        return self._costs

    def least(self, extra: set[int] | None = None,
              paired: Collection[int] = ()) -> tuple[tuple[int, ...], list[int]] | None:
        """The least-cost perfect matching (or, with ``cover``, one pairing those and the
        vertices ``paired``) with the forbidden edges and ``extra`` unused."""
        costs = self._refresh()
        forbidden = self.forbidden | extra if extra else self.forbidden
        usable = [e for e in range(len(self.graph.edges)) if e not in forbidden]
        if self.cover is not None:
            return least_covering_matching(self.graph.n, costs, self.cover | set(paired), usable, self._packed,
                                           self.graph.index)
        return least_perfect_matching(self.graph.n, costs, usable, self._packed, self.graph.index)

    def reaches(self, extra: set[int], paired: Collection[int] = ()) -> tuple[tuple[int, ...], list[int]] | None:
        """A matching reaching the optimum with ``extra`` unused too (and ``paired`` paired),
        or None."""
        found = self.least(extra, paired)
        return found if found is not None and found[0] == self.best[0] else None

    def add(self, digit: dict[int, int], lower_bound: int | None = None) -> int:
        """Add a digit and fix its least value (returned); when the witness reaches
        ``lower_bound`` no matching is needed."""
        return self.add_all([digit], [lower_bound])[0]

    def add_all(self, digits: Sequence[dict[int, int]], lower_bounds: Sequence[int | None]) -> tuple[int, ...]:
        """Add digits (least significant last) and fix their least values (returned) by one
        matching, or none when the witness reaches every ``lower_bounds``."""
        self.digits.extend(digits)
        self._costs = None
        if self.best[1] and all(b is not None for b in lower_bounds):
            values = tuple(sum(d.get(e, 0) for e in self.best[1]) for d in digits)
            if all(v <= b for v, b in zip(values, lower_bounds) if b is not None):
                self.best = (self.best[0] + values, self.best[1])
                return values
        found = self.least()
        if found is None:
            raise NoPairingError("no legal pairing of the competitors not yet paired ([C3])")
        self.best = found
        return found[0][len(found[0]) - len(digits):]

    def remove(self, position: int) -> None:
        """Take a digit out (it no longer chooses) and fix the least values of the others."""
        del self.digits[position]
        self._costs = None
        found = self.least()
        assert found is not None  # the witness in hand is a perfect matching
        self.best = found

    def fits(self, digits: Sequence[dict[int, int]]) -> bool:
        """Would these digits, added, still pack into one matching weight (with room for the
        covering bonus when only some are to be paired)?"""
        bits = DigitCosts.of(self.graph.n, self.graph.edges, [*self.digits, *digits]).bits()
        return bits + (self.graph.n.bit_length() + 3 if self.cover is not None else 0) <= 120

    def forbid(self, edges: set[int], witness: list[int] | None = None, paired: Collection[int] = ()) -> None:
        """Decide: ``edges`` unused from now on, ``paired`` paired (``witness``: a matching
        reaching the optimum so, when the one in hand does not)."""
        self.forbidden |= edges
        if self.cover is not None and paired:
            self.cover = self.cover | set(paired)
        if witness is not None:
            self.best = (self.best[0], witness)


def pair_top_bracket(graph: _Graph, rules: Rules) -> Bracket:
    """Art. 3.5 and 3.6 for the top-scoregroup of the competitors not yet paired (``graph``:
    score descending, TPN ascending; an even number, pairable: [C3] holds on entry)."""
    left = graph.entrants
    top = left[0].score
    residents = [i for i, e in enumerate(left) if e.score == top]
    upfloaters, set_values, set_refusals, emptied = choose_upfloaters(graph, residents, rules)
    members = sorted(residents + upfloaters, key=lambda i: left[i].tpn)
    identifier, pairs, values, refusals = first_pairing(graph.induced(members), rules,
                                                        {left[i].tpn for i in upfloaters})
    return Bracket(top, [left[i].tpn for i in residents], [left[i].tpn for i in upfloaters],
                   [left[i].score for i in upfloaters], set_values, set_refusals, identifier, pairs, values,
                   refusals, emptied)


def choose_upfloaters(graph: _Graph, residents: list[int],
                      rules: Rules) -> tuple[list[int], dict[str, int], list[Refusal], bool]:
    """Art. 3.5: the first set of upfloaters (3.5.3/3.5.4 order) among those complying with
    [C4] and [C5] (TS-1) whose bracket and rest are legal ([C1], [C3]) and that complies with
    [C6] (TS-2) and [C7] (TS-3).  Returns the set (indexes, 3.5.3 order), the values of [C4],
    [C6] (0 = met), [C7], the refused values, and whether the set empties the following
    scoregroup.

    In a perfect matching of all the competitors left, the residents' partners outside the
    top-scoregroup are the upfloaters; with the fewest of them ([C4]) no two upfloaters need
    meet each other (two that did could stay below, one set smaller), so every set is such a
    matching's residents' partners, and each criterion is a digit of the matching's cost."""
    entrants = graph.entrants
    resident_set = set(residents)
    n = graph.n
    lower_scores = sorted({e.score for i, e in enumerate(entrants) if i not in resident_set})
    if not lower_scores:
        return [], {"[C4]": 0}, [], False
    level_of = [lower_scores.index(e.score) if i not in resident_set else -1 for i, e in enumerate(entrants)]
    cover = None
    if rules.robust_rest and _rest_is_robust(graph, resident_set, level_of, len(lower_scores) - 1):
        graph = _residents_pairs(graph, resident_set)
        cover = resident_set
    up_edges = {e: (j if i in resident_set else i) for e, (i, j) in enumerate(graph.edges)
                if (i in resident_set) != (j in resident_set)}  # edge -> its upfloater

    def upfloaters_of(chosen: Sequence[int]) -> list[int]:
        return [up_edges[e] for e in chosen if e in up_edges]

    search = _Search(graph, [{e: 1 for e in up_edges}], cover)  # [C4]
    k = search.best[0][0]
    if k == 0:  # the empty set is the only one: [C5]-[C7] choose nothing
        return [], {"[C4]": 0}, [], False
    # [C5] (TS-1): the upfloaters' scores in ascending order as high as possible: from the
    # lowest level up, the highest level the lowest upfloater can have, then as few there
    fixed: list[int] = []
    remaining, floor = k, 0

    def closed_below(level: int) -> set[int]:
        return {e for e, v in up_edges.items() if level_of[v] < level and level_of[v] not in fixed}

    while remaining > 0:
        in_hand = min(level_of[v] for v in upfloaters_of(search.best[1]) if level_of[v] not in fixed)
        lo, hi = in_hand, len(lower_scores) - 1  # the highest threshold that reaches the optimum
        probe: int | None = lo + 1  # the usual answer: the level above is out of reach
        while lo < hi:
            mid = probe if probe is not None else (lo + hi + 1) // 2
            probe = None
            found = search.reaches(closed_below(mid))
            if found is not None:
                lo = mid
                search.best = found
            else:
                hi = mid - 1
        search.forbid(closed_below(lo))
        fixed.append(lo)
        remaining -= search.add({e: 1 for e, v in up_edges.items() if level_of[v] == lo}, lower_bound=1)
        floor = lo + 1
    del floor
    # 3.5.3/3.5.4: the candidates of the set's scores, in the order of the lists
    counts: dict[int, int] = {}
    for v in upfloaters_of(search.best[1]):
        counts[level_of[v]] = counts.get(level_of[v], 0) + 1
    candidates = sorted((i for i in range(n) if level_of[i] in counts), key=lambda i: (-level_of[i], entrants[i].tpn))
    rank = {v: r for r, v in enumerate(candidates)}
    # the first list has the most weight in binary place values by rank (the smallest TPN at
    # the first position where two lists differ belongs to the first)
    order_digit = {e: (1 << len(candidates)) - (1 << (len(candidates) - 1 - rank[v]))
                   for e, v in up_edges.items() if level_of[v] in counts}
    # [C6] (TS-2): the following scoregroup's teams paired below it; [C7]
    following = len(lower_scores) - 1
    in_following = [level_of[i] == following for i in range(graph.n)]
    below = [i not in resident_set and 0 <= level_of[i] < following for i in range(graph.n)]
    left_in_following = sum(in_following) - counts.get(following, 0)
    tail = [{e: 1 for e, (i, j) in enumerate(graph.edges)
             if (in_following[i] and below[j]) or (in_following[j] and below[i])}]
    bounds: list[int | None] = [left_in_following % 2]
    if rules.float_criteria:
        tail.append({e: 1 for e, v in up_edges.items() if entrants[v].floated})
        bounds.append(0)
    by_digit = not rules.record_refusals and search.fits([*tail, order_digit])
    # the least the order digit can be: each level's first candidates (a witness that has them
    # needs no matching to be proved first)
    firsts = [v for level, count in counts.items() for v in [c for c in candidates if level_of[c] == level][:count]]
    least_order = sum((1 << len(candidates)) - (1 << (len(candidates) - 1 - rank[v])) for v in firsts)
    c6_at = len(search.digits)
    values = search.add_all([*tail, order_digit] if by_digit else tail,
                            [*bounds, least_order] if by_digit else bounds)
    c6_met = values[0] <= 1
    if not c6_met and rules.c6 == "pass-fail":
        search.remove(c6_at)  # [C6] cannot be met: it does not choose among the sets
    c7 = sum(tail[1].get(e, 0) for e in search.best[1]) if rules.float_criteria else 0
    refusals: list[Refusal] = []
    if by_digit:
        chosen = sorted(upfloaters_of(search.best[1]), key=lambda i: rank[i])
    else:
        chosen = _first_set_by_positions(search, counts, candidates, level_of, up_edges, refusals)
    values_of = {"[C4]": k, "[C6]": 0 if c6_met else 1, "[C7]": c7}
    emptied = counts.get(following, 0) == sum(in_following)
    return chosen, values_of, refusals, emptied


def _rest_is_robust(graph: _Graph, resident_set: set[int], level_of: list[int], following: int) -> bool:
    """Whether every set of at most |residents| upfloaters leaves the rest pairable ([C3]) with
    [C6] met, by Dirac's theorem (a graph on m >= 3 vertices whose every degree is at least m/2
    has a Hamiltonian cycle, so a perfect matching when m is even): with L the teams below the
    residents, N the following scoregroup and D the teams below it, k the residents' number,
    every degree in L at least (|L| + k + 2)/2, in N at least (|N| + k + 2)/2 with k + 2
    neighbours in D, in D at least (|D| + k + 2)/2.  Then after any k upfloaters N' (with one
    team of D when odd) and the rest of D pair among themselves: [C3] holds and [C6] is met
    (at its parity minimum) whatever the set, and the set can be chosen on the residents'
    pairs alone (:func:`_residents_pairs`)."""
    k = len(resident_set)
    lower = [v for v in range(graph.n) if v not in resident_set]
    in_n = [v not in resident_set and level_of[v] == following for v in range(graph.n)]
    size_n = sum(in_n)
    size_d = len(lower) - size_n
    deg_l, deg_n, deg_d, to_d = [0] * graph.n, [0] * graph.n, [0] * graph.n, [0] * graph.n
    for i, j in graph.edges:
        if i in resident_set or j in resident_set:
            continue
        deg_l[i] += 1
        deg_l[j] += 1
        if in_n[i] and in_n[j]:
            deg_n[i] += 1
            deg_n[j] += 1
        elif not in_n[i] and not in_n[j]:
            deg_d[i] += 1
            deg_d[j] += 1
        else:
            to_d[i if in_n[i] else j] += 1
    if any(2 * deg_l[v] < len(lower) + k + 2 for v in lower):
        return False
    if size_d == 0:
        return True  # the following scoregroup is the last: nothing below to pair with
    return (all(2 * deg_n[v] >= size_n + k + 2 and to_d[v] >= k + 2 for v in lower if in_n[v])
            and all(2 * deg_d[v] >= size_d + k + 2 for v in lower if not in_n[v]))


def _residents_pairs(graph: _Graph, resident_set: set[int]) -> _Graph:
    """The graph of the residents' pairs only (among themselves and with the teams below): its
    matchings that pair every resident are the residents' pairings with any upfloaters, which
    is all the choice of the set depends on when the rest is robust (:func:`_rest_is_robust`)."""
    return _Graph(graph.entrants, [(i, j) for i, j in graph.edges if i in resident_set or j in resident_set])


def _first_set_by_positions(search: _Search, counts: Mapping[int, int], candidates: list[int], level_of: list[int],
                            up_edges: Mapping[int, int], refusals: list[Refusal]) -> list[int]:
    """3.5.4 position by position: at each, the smallest TPN of the position's score with
    which a matching still reaches the optimum; the values before it refused and recorded."""
    graph = search.graph
    entrants = graph.entrants
    chosen: list[int] = []
    for level in sorted(counts, reverse=True):
        at_level = [i for i in candidates if level_of[i] == level]
        start = 0
        for _ in range(counts[level]):
            in_hand = {up_edges[e] for e in search.best[1] if e in up_edges}
            want = next(pos for pos in range(start, len(at_level)) if at_level[pos] in in_hand)
            for pos in range(start, want + 1):
                v = at_level[pos]
                decision = {e for e in graph.edges_of[v] if e not in up_edges}
                decision |= {e for u in at_level[start:pos] for e in graph.edges_of[u] if e in up_edges}
                witness = None
                if pos != want:
                    found = search.reaches(decision, (v,))
                    if found is None:
                        legal = search.least(decision, (v,)) is not None
                        refusals.append(Refusal(len(chosen) + 1, entrants[v].tpn, "criteria" if legal else "illegal"))
                        continue
                    witness = found[1]
                search.forbid(decision, witness, (v,))
                chosen.append(v)
                start = pos + 1
                break
    return chosen


# --- Art. 3.6: the bracket's pairing --------------------------------------------------------


def identifier_of(pairs: Sequence[tuple[int, int]]) -> list[int]:
    """Art. 3.6.2: the top members' TPNs (the smaller of each pair) in ascending order, then
    the bottom member of each of those pairs in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return [t for t, _ in ordered] + [b for _, b in ordered]


def pair_digits(members: Sequence[Entrant], rules: Rules,
                upfloaters: set[int]) -> tuple[list[str], Callable[[Entrant, Entrant], list[int]]]:
    """The quality criteria of 3.6.4 as digits of a pair (TS-4): [C8], [C9] (when a
    preference is strong), [C10] (when the float criteria apply)."""
    labels = ["[C8]"]
    strong = any(m.wish.strong for m in members)
    if strong:
        labels.append("[C9]")
    if rules.float_criteria:
        labels.append("[C10]")

    def cost(a: Entrant, b: Entrant) -> list[int]:
        same = a.wish.colour is not None and a.wish.colour == b.wish.colour
        digits = [1 if same else 0]
        if strong:
            digits.append(1 if same and a.wish.strong and b.wish.strong else 0)
        if rules.float_criteria:
            digits.append((a.tpn in upfloaters and b.floated) + (b.tpn in upfloaters and a.floated))
        return digits

    return labels, cost


def first_pairing(graph: _Graph, rules: Rules, upfloaters: set[int]
                  ) -> tuple[list[int], list[tuple[int, int]], dict[str, int], list[Refusal]]:
    """Art. 3.6: the first pairing of the bracket (``graph``: its members, TPN ascending) in the order of
    its identifier that complies with [C1] and reaches the least [C8], [C9], [C10] (TS-3).
    Returns the identifier, the pairs (top, bottom) by ascending top, the criteria values and
    the refused values (``rules.record_refusals``).

    The top members first: the first set of tops (sorted lists compared lexicographically)
    is the one of most weight in binary place values by TPN rank, one more digit of the
    matching's cost when it fits, else fixed position by position (a member taken as top
    meets a larger TPN, one skipped a smaller).  Then each top's partner in turn: the
    smallest with which a least-cost pairing remains."""
    members = graph.entrants
    n = graph.n
    edges = graph.edges
    labels, cost = pair_digits(members, rules, upfloaters)
    per_edge = [cost(members[i], members[j]) for i, j in edges]
    natural = _natural_pairing(n, graph, per_edge)
    if natural is not None and not rules.record_refusals:
        pairs = sorted((members[i].tpn, members[j].tpn) for i, j in (edges[e] for e in natural))
        return identifier_of(pairs), pairs, dict.fromkeys(labels, 0), []
    criteria = [{e: c[d] for e, c in enumerate(per_edge) if c[d]} for d in range(len(labels))]
    # the top members (the first sorted list) by one more digit: binary place values by rank
    tops_digit = {e: (1 << n) - (1 << (n - 1 - i)) for e, (i, j) in enumerate(edges)}
    by_digit = not rules.record_refusals and _fits(graph, [*criteria, tops_digit])
    try:
        search = _Search(graph, [*criteria, tops_digit] if by_digit else criteria)
    except NoPairingError:
        raise NoPairingError(f"the bracket {', '.join(str(m.tpn) for m in members)} has no legal pairing ([C1])")
    values = dict(zip(labels, search.best[0]))
    refusals: list[Refusal] = []

    def unless_top(v: int) -> set[int]:
        """The edges to forbid to make v a top member (members are in TPN order)."""
        return {e for e in graph.edges_of[v] if edges[e][0] != v}

    def unless_bottom(v: int) -> set[int]:
        return {e for e in graph.edges_of[v] if edges[e][0] == v}

    if by_digit:
        tops = sorted(edges[e][0] for e in search.best[1])
        search.forbid(set().union(*(unless_top(v) for v in tops),
                                  *(unless_bottom(v) for v in range(n) if v not in set(tops))))
    else:
        last = -1
        for position in range(n // 2):
            want = sorted(edges[e][0] for e in search.best[1])[position]
            for v in range(last + 1, want + 1):
                decision = unless_top(v).union(*(unless_bottom(u) for u in range(last + 1, v)))
                witness = None
                if v != want:
                    found = search.reaches(decision, (v,))
                    if found is None:
                        refusals.append(Refusal(position + 1, members[v].tpn, _why(search, decision)))
                        continue
                    witness = found[1]
                search.forbid(decision, witness)
                last = v
                break
        tops = sorted(edges[e][0] for e in search.best[1])
    # the partners, top by top: a base-B number of the bottoms' ranks (B bottoms), the first
    # top's partner the most significant digit - one more digit of the cost when it fits
    bottoms = [v for v in range(n) if v not in set(tops)]
    place = {t: len(bottoms) ** (len(tops) - 1 - k) for k, t in enumerate(tops)}
    bottom_rank = {b: r for r, b in enumerate(bottoms)}
    partner_digit = {e: bottom_rank[j] * place[i] for e, (i, j) in enumerate(edges) if i in place and j in bottom_rank}
    if not rules.record_refusals and search.fits([partner_digit]):
        search.add(partner_digit)
        tops = []  # every partner is the first: nothing to try
    for position, t in enumerate(tops):
        want = next(edges[e][1] for e in search.best[1] if edges[e][0] == t)
        for e in sorted((e for e in graph.edges_of[t] if edges[e][0] == t and e not in search.forbidden),
                        key=lambda e: edges[e][1]):
            b = edges[e][1]
            if b > want:
                break
            decision = {f for f in graph.edges_of[t] if f != e} | {f for f in graph.edges_of[b] if f != e}
            witness = None
            if b != want:
                found = search.reaches(decision)
                if found is None:
                    if rules.record_refusals:
                        refusals.append(Refusal(n // 2 + position + 1, members[b].tpn, _why(search, decision)))
                    continue
                witness = found[1]
            search.forbid(decision, witness)
            break
    pairs = sorted((members[edges[e][0]].tpn, members[edges[e][1]].tpn) for e in search.best[1])
    return identifier_of(pairs), pairs, values, refusals


def _why(search: _Search, decision: set[int]) -> str:
    """Why a value was refused: no legal pairing has it, or none with the least criteria."""
    return "illegal" if search.least(decision) is None else "criteria"


def _natural_pairing(n: int, graph: _Graph, per_edge: list[list[int]]) -> list[int] | None:
    """The pairing 1 v n/2+1, 2 v n/2+2, ... (by position in TPN order) when it is legal and
    every criterion is 0 on it: the first identifier of all, and optimal."""
    half = n // 2
    chosen = [graph.index.get((i, i + half), -1) for i in range(half)]
    if -1 in chosen or any(any(per_edge[e]) for e in chosen):
        return None
    return chosen


def upfloater_set_order(sets: Sequence[Sequence[Entrant]]) -> list[list[int]]:
    """Art. 3.5.3/3.5.4 on sets given whole: each listed by score descending then TPN
    ascending, the lists in lexicographic order of their TPNs (the order the procedure walks
    position by position without listing the sets)."""
    listed = [[e.tpn for e in sorted(s, key=lambda e: (-e.score, e.tpn))] for s in sets]
    return sorted(listed)


__all__ = ["BLACK", "WHITE", "Bracket", "ByeChoice", "Entrant", "Refusal", "RoundPlan", "Rules", "Wish",
           "allowed_pairs", "choose_bye", "first_pairing", "identifier_of", "pair_round", "pair_top_bracket",
           "upfloater_set_order"]
