"""Dutch brackets of up to a few dozen players paired without a model: the B.8 choice (2017
B.8, 2026 Art. 3.8 and 4) as a few lexicographic matchings of the step's graph.

The choice is the candidate generated first by B.6/B.7 among those lexicographically least on
the criteria.  Each step of the generation order (:func:`~cpswiss.systems.dutch.generation.generation_key`:
D.3, D.1 on the MDP-pairing, D.2 rules 1-4 on the remainder, D.1 in the remainder) is a
lexicographic order too, and once the steps before it are settled each is a list of sums over
the edges; so the choice is the least matching on the criteria followed by the steps' levels.
Each such minimum over all matchings is one maximum-weight matching of the blossom algorithm
while the levels pack into its integer weights (:func:`~cpswiss.solver.blossom.packed_costs`);
the steps are settled a few at a time (:class:`_Settled`: as many as pack, the MDP-pairing
first, which the remainder's levels need, then the exchanges, then the transpositions), each
settled step then held by one small sum.  Where even the criteria do not pack, or the optima
differ in their number of pairs, :class:`~cpswiss.systems.dutch.tiebreak.TieBreak` builds the
same candidate decision by decision on the model.
"""

from __future__ import annotations

from typing import Callable, Sequence

from cpswiss.solver.blossom import LIMIT, level_width, packed_costs
from cpswiss.solver.levels import Level
from cpswiss.solver.matchings import maximum_weight_matching
from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.systems.dutch.lookahead import single_downfloater_classes, single_downfloater_value

__all__ = ["SMALL_BRACKET", "SMALL_STEP", "alone_without_model", "first_generated_optimum"]

# the most players of a bracket, and of its step (the bracket and the players below it), paired
# so: above them the model's proofs cost less (measured, docs/performance.md)
SMALL_BRACKET = 32
SMALL_STEP = 100


class _Least:
    """The lexicographic minimum over the matchings of one graph on its ``levels`` followed
    by levels given per call (those packed once, :func:`~cpswiss.solver.blossom.packed_costs`)."""

    def __init__(self, n: int, edges: list[tuple[int, int]], levels: list[Level], packed: _Least | None = None):
        """``packed``: the same graph's minimum on the first of these levels, whose packing
        is kept (the levels after them are packed below it)."""
        self.n, self.edges, self.levels = n, edges, levels
        if packed is None:
            self.edge_of = {edge: e for e, edge in enumerate(edges)}
            self.cost, self.width = packed_costs(n, edges, [level.coef for level in levels if not level.trivial])
        else:
            self.edge_of = packed.edge_of
            rest = [level.coef for level in levels[len(packed.levels):] if not level.trivial]
            cost, width = packed_costs(n, edges, rest)
            self.cost = [first * width + last for first, last in zip(packed.cost, cost)]
            self.width = packed.width * width

    def of(self, then: list[Level], widths: list[int] | None = None) -> list[int] | None:
        """A matching least on the levels and then on ``then`` (its edges, sorted; ``widths``:
        theirs, where known), None when they do not pack exactly."""
        if widths is None:
            cost, width = packed_costs(self.n, self.edges, [level.coef for level in then if not level.trivial])
        else:
            cost, width = packed_costs(self.n, self.edges, [level.coef for level in then], widths)
        if self.width * width >= LIMIT:
            return None
        arcs = [(i, j, -(first * width + last)) for (i, j), first, last in zip(self.edges, self.cost, cost)]
        return sorted(self.edge_of[pair] for pair in maximum_weight_matching(self.n, arcs))


def first_generated_optimum(b: DutchBracket, levels: list[Level], pairs_fixed: bool = False,
                            packed: _Least | None = None) -> list[int] | None:
    """The edges of a matching of the step's graph (the bracket and any players below it)
    lexicographically least on ``levels`` whose pairs inside the bracket are the candidate
    generated first (C.04.3 B.8) among those of all such matchings; None where this does not
    apply: a bracket above :data:`SMALL_BRACKET` players or a step above
    :data:`SMALL_STEP`, a level that is not a sum, levels that do not pack into the
    blossom's weights, or (unless ``pairs_fixed`` says the caller knows it) optima that
    differ in their number of pairs inside the bracket, for which the generation order's S1
    is not one.  Then the model decides.  ``packed``: the graph's minimum on the first of the
    levels, packed already."""
    if b.n_bracket > SMALL_BRACKET or len(b.vertices) > SMALL_STEP \
            or any(level.nonlinear is not None for level in levels):
        return None
    least = _Least(len(b.vertices), b.edges, levels, packed)
    if least.width >= LIMIT:
        return None
    settled = _Settled(least)
    if not pairs_fixed:
        fewest_most = pair_range(least, b.inside)
        if fewest_most is None or fewest_most[0] != fewest_most[1]:
            return None
        settled.found = fewest_most[2]
    elif not settled.settle([], []):
        return None  # a least matching, to count the remainder's pairs by
    other = b.other
    incident = b.incident_in_bracket
    # D.3 (which MDPs are paired: the first ones) and D.1 on the MDP-pairing (their partners,
    # the lowest first), one level per MDP in order
    mdps = range(b.n_mdp)
    mdp_steps = [(Level(f"D.3: MDP {v} unpaired", {e: -1 for e in incident[v]}), _paired_or_not(incident[v]))
                 for v in mdps]
    mdp_steps += [(Level(f"D.1: the partner of MDP {v}", {e: other(e, v) for e in incident[v]}),
                   _partner_of(incident[v])) for v in mdps]
    partner = _partners(b, settled.found)
    if all(v in partner for v in mdps) and _lowest_partners(list(mdps), partner, incident, other):
        settled.keep(mdp_steps)  # every MDP paired, each with the lowest partner he could have at all
    elif not settled.settle([], mdp_steps):
        return None
    partner = _partners(b, settled.found)
    remainder = [r for r in range(b.n_mdp, b.n_bracket) if partner.get(r, b.n_bracket) >= b.n_mdp]
    in_remainder = set(remainder)
    # each remainder player's edges to a later remainder player: chosen, he is in the new S1
    later = {v: [e for e in incident[v] if other(e, v) > v and other(e, v) in in_remainder] for v in remainder}
    n_s1 = sum(1 for v in remainder if partner.get(v, -1) > v)
    s1, s2 = remainder[:n_s1], remainder[n_s1:]
    # D.2: fewest exchanges, the smallest BSN sum of the new S1, then the highest of S1 out
    # and the lowest of S2 in first (RN-28)
    sums = [Level("D.2: exchanges", {e: -1 for v in s1 for e in later[v]}),
            Level("D.2: BSN sum", {e: k for k, v in enumerate(remainder) if k for e in later[v]})]
    moves = [(Level(f"D.2: {v} stays in S1", dict.fromkeys(later[v], 1)), _paired_or_not(later[v])) for v in reversed(s1)]
    moves += [(Level(f"D.2: {v} stays in S2", dict.fromkeys(later[v], -1)), _paired_or_not(later[v])) for v in s2]
    if all(partner.get(v, -1) > v for v in s1):
        settled.keep(moves)  # no exchange in hand: every D.2 level at its least already
    elif not settled.settle(sums, moves):
        return None
    partner = _partners(b, settled.found)
    # D.1 in the remainder: each player of the new S1 in turn takes the lowest partner
    new_s1 = [v for v in remainder if partner.get(v, -1) > v]
    if _lowest_partners(new_s1, partner, later, other):
        return settled.found  # each has the lowest partner he could have at all: the first
    if not settled.settle([], [(Level(f"D.1: the partner of {v}", {e: other(e, v) for e in later[v]}),
                                _partner_of(later[v])) for v in new_s1]):
        return None
    return settled.found


def _lowest_partners(s1: list[int], partner: dict[int, int], later: Sequence[list[int]] | dict[int, list[int]],
                     other: Callable[[int, int], int]) -> bool:
    """Has each player of S1 (or each MDP) in turn the lowest partner, by one of his edges
    ``later``, not taken before him (so that no candidate comes before this one in D.1's
    order)?"""
    in_s1 = set(s1)
    taken: set[int] = set()
    for v in s1:
        free = [u for u in (other(e, v) for e in later[v]) if u not in in_s1 and u not in taken]
        if not free or partner[v] != min(free):
            return False
        taken.add(partner[v])
    return True


# what a settled step fixes, from the matching that settled it: coefficients of a sum that
# matching makes least (Pin)
Pin = Callable[[set[int]], dict[int, int]]


def _paired_or_not(edges: list[int]) -> Pin:
    """Whether one of ``edges`` is chosen, as settled."""
    def pin(found: set[int]) -> dict[int, int]:
        sign = -1 if found.intersection(edges) else 1
        return dict.fromkeys(edges, sign)
    return pin


def _partner_of(edges: list[int]) -> Pin:
    """Which of ``edges`` is chosen, if one, as settled."""
    def pin(found: set[int]) -> dict[int, int]:
        return {e: -1 for e in found.intersection(edges)}
    return pin


class _Settled:
    """Steps of the generation order settled one after another on the levels of a graph
    (:class:`_Least`), as many in one matching as pack into the blossom's weights.

    A settled step is held by its pin: a sum that the matching settling it makes least (the
    partner or the pairing it gave), all pins adding up to one level after the graph's
    levels.  Every pin being least at once in the matching in hand, the matchings least on
    the graph's levels and then on the pins are exactly those that keep every decision."""

    def __init__(self, least: _Least):
        self.least = least
        self.pins: dict[int, int] = {}
        self.found: list[int] = []

    def keep(self, steps: list[tuple[Level, Pin]]) -> None:
        """Settle ``steps`` that the matching in hand makes least already (no matching)."""
        chosen = set(self.found)
        for _, pin in steps:
            for e, c in pin(chosen).items():
                self.pins[e] = self.pins.get(e, 0) + c

    def settle(self, sums: list[Level], steps: list[tuple[Level, Pin]]) -> bool:
        """Settle ``steps`` in order, after the ``sums`` (levels kept until the steps are
        settled); False when a step does not pack."""
        least = self.least
        n, edges = least.n, least.edges
        k = 0
        if not steps:
            found = least.of([Level("the steps settled", dict(self.pins))] + sums)
            if found is None:
                return False
            self.found = found
        step_widths = [level_width(n, edges, level.coef) for level, _ in steps]
        sum_widths = [level_width(n, edges, level.coef) for level in sums]
        while k < len(steps):
            pinned = Level("the steps settled", dict(self.pins))
            widths = [level_width(n, edges, pinned.coef)] + sum_widths
            width = least.width
            for w in widths:
                width *= w
            end = k
            while end < len(steps):
                width *= step_widths[end]
                if width >= LIMIT:
                    break
                end += 1
            if end == k:
                return False
            found = least.of([pinned] + sums + [level for level, _ in steps[k:end]], widths + step_widths[k:end])
            if found is None:
                return False
            self.found = found
            self.keep(steps[k:end])
            k = end
        return True


def pair_range(least: _Least, counted: list[int]) -> tuple[int, int, list[int]] | None:
    """The fewest and the most of the ``counted`` edges (the pairs inside the bracket) in
    the matchings least on its levels (one matching each), and one of those matchings; None
    when the levels do not pack.  Where a level counts them (the same weight on each, as
    C.5's number of pairs), the fewest are the most: one matching."""
    if any(_counts(level, counted) for level in least.levels):
        found = least.of([])
        if found is None:
            return None
        pairs = len(set(counted).intersection(found))
        return pairs, pairs, found
    fewest = least.of([Level("pairs", dict.fromkeys(counted, 1))])
    most = least.of([Level("pairs", dict.fromkeys(counted, -1))])
    if fewest is None or most is None:
        return None
    inside = set(counted)
    return len(inside.intersection(fewest)), len(inside.intersection(most)), fewest


def _counts(level: Level, edges: list[int]) -> bool:
    """Is the level a multiple of the number of these edges chosen?"""
    coef = level.coef
    if len(coef) != len(edges) or not edges:
        return False
    weight = coef.get(edges[0], 0)
    return weight != 0 and all(coef.get(e) == weight for e in edges)


def _partners(b: DutchBracket, chosen: list[int]) -> dict[int, int]:
    """Each bracket player's partner inside the bracket in these edges."""
    partner: dict[int, int] = {}
    for e in chosen:
        i, j = b.edges[e]
        if j < b.n_bracket:
            partner[i], partner[j] = j, i
    return partner


def alone_without_model(b: DutchBracket, sub_bracket: DutchBracket, before: list[Level], lookahead: list[Level],
                         lookahead_unit: str | None, after: list[Level]) -> tuple[bool, list[int] | None]:
    """A bracket paired on its own graph (``sub_bracket``; the levels ``before`` and ``after``
    the look-ahead restricted to it) without a model, as
    :func:`~cpswiss.systems.dutch.solve.pair_on_bracket_alone` pairs it on a model.

    Where the look-ahead (2017 C.7, 2026 [C8]) weighs, the number of downfloaters must be
    the same in every optimum of the levels before it (the fewest and the most pairs among
    those optima); with one downfloater the look-ahead keeps the optima whose floater is of
    the best class some optimum floats
    (:func:`~cpswiss.systems.dutch.lookahead.single_downfloater_classes`): one more level
    between those before and after it, the class's rank of the player left unpaired.  Then
    :func:`first_generated_optimum`.  Returns (False, None) where the bracket alone does not
    decide (the number of downfloaters not fixed, or several of them with the look-ahead
    weighing), (True, edges of ``sub_bracket``) when it does, and (True, None) when
    :func:`first_generated_optimum` does not apply."""
    levels = before + after
    n = b.n_bracket
    if n > SMALL_BRACKET or any(level.nonlinear is not None for level in levels):
        return True, None
    if not any(not level.trivial for level in lookahead):
        return True, first_generated_optimum(sub_bracket, levels)
    on_before = _Least(n, sub_bracket.edges, before)
    if on_before.width >= LIMIT:
        return True, None
    fewest_most = pair_range(on_before, sub_bracket.inside)
    if fewest_most is None:
        return True, None
    if fewest_most[0] != fewest_most[1]:
        return False, None  # the number of downfloaters is not fixed
    floaters = n - 2 * fewest_most[1]
    value = single_downfloater_value(lookahead_unit, b) if floaters == 1 and lookahead_unit is not None else None
    if value is not None:
        rank = {v: k for k, group in enumerate(single_downfloater_classes(b, value)) for v in group}
        # the rank of the one player left unpaired: the sum of all ranks less the paired ones'
        floater_rank = Level("the look-ahead class of the downfloater",
                             {e: -(rank[i] + rank[j]) for e, (i, j) in enumerate(sub_bracket.edges)},
                             constant=sum(rank.values()))
        levels = before + [floater_rank] + after
    elif floaters:
        return False, None
    return True, first_generated_optimum(sub_bracket, levels, pairs_fixed=True, packed=on_before)
