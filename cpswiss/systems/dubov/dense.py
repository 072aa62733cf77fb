"""A large Dubov bracket step without its graph (C.04.4.1 Art. 3.2): the procedure's own first
candidate, proven against lower bounds that hold for every pairing.

The graph of a step holds the bracket and every player below it: at thousands of players,
millions of pairs.  Yet in most large brackets the criteria tell few pairs apart.  Here the
step is paired as :mod:`~cpswiss.systems.dubov.procedure` pairs it, each choice proven without
the pairs:

* **upfloaters** (3.2.1-3.2.2, 4.2), when the residents are odd in number (one upfloater is the
  least [C5] allows; none, when they are even and they and the rest pair completely, is told
  without the graph by the procedure itself): the quality
  criteria [C5]-[C10] of one upfloater ``u`` are bounded below by his own facts ([C6] his score
  difference, [C8]-[C10] his upfloat record) and, for [C7], by the fewest pairs of one colour
  preference that any pairing of the residents with him can have, compatibility ignored
  (:func:`fewest_same_preference`).  The first player in the order of 4.2 with the least
  bound is the upfloater the graph would choose once a pairing attains that bound: the bracket
  step below finds it or gives up, and the rest below must be complete ([C4], a pairing found);
* **shifters and T2** (3.2.4-3.2.5, 4.3-4.4): within the bracket, [C7] and the pairs inside a
  subgroup are bounded below by counts alone (:func:`fewest_same_preference`; half the
  difference of G1's and G2's sizes).  The first shifters in the order of 4.3 are moved and a
  perfect matching of G1 against G2 is sought among the allowed pairs; when it exists and meets
  both bounds, every choice of the graph's procedure is proven the same (each shifter is paired
  inside his subgroup by it, so each is kept), and T2 is the first legal transposition from it.

When a bound is not attained the step returns None and the caller weighs it on its graph:
the answer is the same either way (tests force both ways on small brackets through
``SolverSettings.without_graph_from_pairs``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Hashable, Iterable

from cpswiss.rulesets.ruleset import Criterion
from cpswiss.solver.matchings import perfect_bipartite_matching
from cpswiss.solver.completion import complete_pairing
from cpswiss.systems.dubov.facts import DubovFacts
from cpswiss.systems.dubov.transposition import first_transposition, sequence_from_middle
from cpswiss.systems.dubov.units import skipped_in_last_round
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.colour import Colour
from cpswiss.tournament.state import PlayerState, RoundState

# the quality units whose value for one upfloater :func:`upfloater_bound` knows
KNOWN_UNITS = frozenset({"dubov-upfloaters", "dubov-score-differences", "dubov-colour-preference",
                         "dubov-maximum-upfloaters", "dubov-upfloat-counts", "dubov-repeated-upfloaters"})


def fewest_same_preference(preferences: Iterable[Hashable]) -> int:
    """The fewest pairs of two players with the same colour preference ([C7], Art. 2.3.3) in
    any pairing of an even number of players, every pair allowed: the players of the largest
    preference beyond half of them must meet each other."""
    counts = Counter(preferences)
    n = sum(counts.values())
    largest = max(counts.values(), default=0)
    return max(0, 2 * largest - n) // 2


def attains_colour_bound(players: list[PlayerState], pairs: list[tuple[int, int]],
                         criteria: tuple[Criterion, ...]) -> bool:
    """Does this pairing of the bracket's ``players`` (pairs of positions) have the fewest pairs
    of one colour preference any pairing can have ([C7], :func:`fewest_same_preference`)?  Yes
    when the rule set has no [C7]."""
    if not any(c.unit == "dubov-colour-preference" for c in criteria if c.kind == "quality"):
        return True
    same = sum(players[a].preference == players[b].preference for a, b in pairs)
    return same == fewest_same_preference(p.preference for p in players)


@dataclass(frozen=True)
class Compatible:
    """The pairs of positions of ``players`` that [C1] and [C3] allow (Art. 2.1), told pair by
    pair (:func:`~cpswiss.tournament.compatibility.compatible`) instead of held."""

    players: list[PlayerState]
    state: RoundState

    def __contains__(self, pair: object) -> bool:
        if not isinstance(pair, tuple):
            return False
        a, b = pair
        players = self.players
        return compatible(players[a], players[b], self.state)


def dense_upfloaters(pool: list[PlayerState], residents: frozenset[int], state: RoundState,
                     facts: dict[int, DubovFacts], criteria: tuple[Criterion, ...]) -> tuple[list[int], list[int]] | None:
    """Art. 3.2.1-3.2.2, 4.2 without the graph: the upfloaters and the candidates passed over
    (positions in ``pool``), or None when the bound cannot be told here (an even number of
    residents: none when they and the rest pair completely, else as many as the graph says).
    With an odd number of residents, the first player in 4.2's order whose own bound on [C5]-[C10] is the
    least - the bracket's pairing (:func:`dense_bracket_pairing`) must then attain his [C7]
    bound, and the players below without him must pair completely (a pairing found)."""
    if any(c.kind == "quality" and c.unit not in KNOWN_UNITS for c in criteria):
        return None
    if len(residents) % 2 == 0:
        return None  # none, or as many as the graph tells
    lower = [i for i in range(len(pool)) if i not in residents]
    top = pool[min(residents)].score
    resident_preferences = [pool[i].preference for i in residents]
    order = sorted(lower, key=lambda i: (-pool[i].score, pool[i].rank))

    def bound(i: int) -> tuple[int, ...]:
        return upfloater_bound(pool[i], facts[pool[i].id], top, resident_preferences, state, criteria)

    bounds = [bound(i) for i in order]
    best = min(bounds)
    first = bounds.index(best)
    chosen = order[first]
    if complete_pairing([pool[i] for i in lower if i != chosen], state) is None:
        return None
    return [chosen], order[:first]


def upfloater_bound(u: PlayerState, facts: DubovFacts, top: int, resident_preferences: list[Colour | None],
                    state: RoundState, criteria: tuple[Criterion, ...]) -> tuple[int, ...]:
    """The least value, level after level in the rule set's order, of [C5]-[C10] over the
    pairings of the residents with ``u`` as their one upfloater (compared as the levels of
    :mod:`~cpswiss.systems.dubov.units` compare: [C6]'s largest difference first, [C9]'s
    highest count first)."""
    values: list[int] = []
    for c in criteria:
        if c.kind != "quality":
            continue
        skipped = skipped_in_last_round(state, c)
        if c.unit == "dubov-score-differences":
            values.append(top - u.score)
        elif c.unit == "dubov-colour-preference":
            values.append(fewest_same_preference(resident_preferences + [u.preference]))
        elif c.unit == "dubov-maximum-upfloaters":
            values.append(0 if skipped else int(facts.maximum_upfloater))
        elif c.unit == "dubov-upfloat-counts":
            values.append(-1 if skipped or not facts.maximum_upfloater else facts.upfloats)
        elif c.unit == "dubov-repeated-upfloaters":
            values.append(0 if skipped else int(facts.upfloated_last_round))
    return tuple(values)


@dataclass(frozen=True)
class BracketPairing:
    """Art. 3.2.4-3.2.5 for one bracket (positions in the bracket's list): the shifters, S1,
    G2 in TPN order, the transposition chosen and the players skipped at each position."""

    to_g2: list[int]  # shifted from G1 to G2, in the order chosen
    to_g1: list[int]
    s1: list[int]
    g2_order: list[int]
    t2: list[int]
    skipped: dict[int, list[int]]


def dense_bracket_pairing(players: list[PlayerState], g1: list[int], g2: list[int], state: RoundState,
                          criteria: tuple[Criterion, ...], g1_key: Callable[[int], tuple[int, int]],
                          g2_key: Callable[[int], int]) -> BracketPairing | None:
    """Art. 3.2.4-3.2.5 on the bracket's ``players`` (positions; ``g1``/``g2`` by TPN) without
    its graph, or None when the bounds are not attained: the (|G1| - |G2|) / 2 shifters of the
    larger subgroup, the first in the order of 4.3, then a perfect matching of S1 against G2
    with the fewest pairs of one preference ([C7]) and inside a subgroup that any pairing
    can have; T2 the first legal transposition (:func:`first_transposition`, 4.4)."""
    g1, g2 = list(g1), list(g2)
    shifted_to_g2 = len(g1) > len(g2)
    big, small = (g1, g2) if shifted_to_g2 else (g2, g1)
    count = (len(big) - len(small)) // 2
    ordered = sorted(big, key=g1_key) if shifted_to_g2 else sorted(big, key=g2_key)
    shifted = sequence_from_middle(ordered)[:count]
    for k in shifted:
        big.remove(k)
        small.append(k)
    s1 = sorted(g1, key=g1_key)
    g2_order = sorted(g2, key=g2_key)
    allowed = Compatible(players, state)
    witness = perfect_bipartite_matching(s1, g2_order, allowed)
    if witness is None:
        return None
    if not attains_colour_bound(players, list(witness.items()), criteria):
        return None
    # the pairs inside an original subgroup are the shifters' own: ``count``, the fewest possible
    t2, skipped = first_transposition(s1, g2_order, allowed, witness)
    to_g2, to_g1 = (shifted, []) if shifted_to_g2 else ([], shifted)
    return BracketPairing(to_g2, to_g1, s1, g2_order, t2, skipped)


# the possible pairs from which a step is paired here first: every step (cheap where the bounds
# do not decide); SolverSettings.without_graph_from_pairs overrides it
BOUNDS_FROM_PAIRS = 0

