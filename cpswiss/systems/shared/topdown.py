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
predicate ([C1] and forbidden pairs, by TPN), :class:`Rules` (the quality criteria in the rule
file's order, as :mod:`.topdown_criteria` reads them); :func:`pair_round` returns a
:class:`RoundPlan` (the bye chosen, then each :class:`Bracket`) or raises NoPairingError
(3.3.3).  Colours are the system's own.  This module is the round loop and the interface; the
parts are :mod:`.topdown_types` (the types), :mod:`.topdown_matching` (the graph and the
least-cost matchings), :mod:`.topdown_bye` (Art. 3.4), :mod:`.topdown_upfloaters` (Art. 3.5) and
:mod:`.topdown_pairing` (Art. 3.6).

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

from collections.abc import Sequence

from cpswiss.errors import NoPairingError
from cpswiss.systems.shared.topdown_bye import choose_bye
from cpswiss.systems.shared.topdown_matching import Graph, allowed_pairs, perfectly_pairable
from cpswiss.systems.shared.topdown_pairing import first_pairing, identifier_of
from cpswiss.systems.shared.topdown_types import (
    NO_WISH, Bracket, ByeChoice, Compatible, Entrant, Measure, Refusal, RoundPlan, Rules, Wish,
)
from cpswiss.systems.shared.topdown_upfloaters import choose_upfloaters, upfloater_set_order


def pair_round(entrants: Sequence[Entrant], compatible: Compatible, rules: Rules = Rules()) -> RoundPlan:
    """Art. 3.3.2 steps 1-3 on ``entrants`` (those to be paired this round); ``compatible(a,
    b)``: competitors with these TPNs may meet ([C1], forbidden pairs).  NoPairingError when
    no legal round-pairing exists (3.3.3: the Chief Arbiter decides)."""
    order = sorted(entrants, key=lambda e: (-e.score, e.tpn))
    allowed = allowed_pairs(order, compatible)
    graph = Graph.of(order, allowed)
    bye = choose_bye(order, allowed, graph) if len(order) % 2 else None
    if bye is None and not perfectly_pairable(graph):
        raise NoPairingError("no legal pairing exists ([C1], [C2]): C.04.6 Art. 3.3.3 leaves the round "
                             "to the Chief Arbiter")
    left = [i for i, e in enumerate(order) if bye is None or e.tpn != bye.tpn]
    brackets = []
    while left:
        bracket = pair_top_bracket(graph.induced(left), rules)
        brackets.append(bracket)
        done = set(bracket.residents) | set(bracket.upfloaters)
        left = [i for i in left if order[i].tpn not in done]
    return RoundPlan(bye, brackets, rules)


def pair_top_bracket(graph: Graph, rules: Rules) -> Bracket:
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


__all__ = ["NO_WISH", "Bracket", "ByeChoice", "Compatible", "Entrant", "Measure", "Refusal", "RoundPlan",
           "Rules", "Wish", "allowed_pairs", "choose_bye", "first_pairing", "identifier_of", "pair_round",
           "pair_top_bracket", "upfloater_set_order"]
