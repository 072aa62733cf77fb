"""The outgoing floater of a bracket with an odd number of players, told apart from its pairs.

With [C5] first, such a bracket floats exactly one player when the others can all be paired,
and [C6] and [C7] (Art. 2.3.2, 2.3.3) then depend on the floater alone: [C6] on his score, the
lowest of the bracket at best; [C7] on the following bracket (him and the next scoregroup of
n players), at best floor((n + 1) / 2) pairs there, one of them his.  A player *reaches* that
best when some complete pairing of him, the next scoregroup and the players below it has it:
he meets a player of the next scoregroup, the others of it meet each other but at most one,
who meets a player below, and the players below all meet somebody ([C4]).

:func:`all_reach_the_best` proves that every player of the bracket's lowest score reaches it:
one such pairing (:func:`best_below`) for the first of them, and for each of the others an
exchange into it.  Then the best pairings of the step are those that float one of them and
pair the bracket's other players as well as [C8] allows, and the bracket is solved on its own
players and one virtual player (Art. 4.2) whom any of them may meet
(:func:`cpswiss.systems.burstein.procedure.pair_bracket`).
"""

from __future__ import annotations

from collections.abc import Callable

from cpswiss.solver.completion import AllBut, completable
from cpswiss.solver.matchings import maximum_matching, pairs_in_order
from cpswiss.tournament.state import PlayerState, RoundState


Completes = Callable[[list[PlayerState]], bool]  # can these players all be paired ([C4])?


def best_below(floater: PlayerState, nxt: list[PlayerState], rest: list[PlayerState],
               barred: dict[int, frozenset[int]], state: RoundState,
               completes: Completes | None = None) -> tuple[PlayerState, list[tuple[int, int]]] | None:
    """A pairing below the bracket at [C7]'s best with ``floater`` in it: his opponent in the
    next scoregroup (the first he may meet) and the pairs of the next scoregroup's others among
    themselves (player ids); None when this construction finds none (the players left over, at
    most one of the next scoregroup and all those below, must all meet somebody, [C4]; told by
    ``completes``, :func:`~cpswiss.solver.completion.completable` when not given)."""
    partner = next((x for x in nxt if x.id not in barred[floater.id]), None)
    if partner is None:
        return None
    others = [x for x in nxt if x is not partner]
    position = {x.id: k for k, x in enumerate(others)}
    few = [{position[q] for q in barred[x.id] if q in position} for x in others]
    inside = pairs_in_order(len(others), [AllBut(f) for f in few])
    if len(others) - 2 * len(inside) > 1:
        inside = maximum_matching(len(others), [(i, k) for i in range(len(others))
                                                for k in range(i + 1, len(others)) if k not in few[i]])
        if len(others) - 2 * len(inside) > 1:
            return None
    met = {v for pair in inside for v in pair}
    left = [x for k, x in enumerate(others) if k not in met] + rest
    if not (completes(left) if completes is not None else completable(left, state)):
        return None
    return partner, [(others[i].id, others[k].id) for i, k in inside]


def all_reach_the_best(candidates: list[PlayerState], nxt: list[PlayerState], rest: list[PlayerState],
                       barred: dict[int, frozenset[int]], state: RoundState,
                       completes: Completes | None = None) -> bool:
    """Does every one of ``candidates`` reach [C7]'s best as the bracket's floater (module
    docstring)?  True only when proven: :func:`best_below` for the first, and each other one
    meets that pairing's opponent of the first in his place, or takes one player of a pair of
    the next scoregroup whose other player meets that opponent.  False: not proven."""
    if not candidates:
        return False
    found = best_below(candidates[0], nxt, rest, barred, state, completes)
    if found is None:
        return False
    partner, pairs = found
    for p in candidates[1:]:
        may = barred[p.id]
        if partner.id in may and not any(
                (x not in may and y not in barred[partner.id]) or (y not in may and x not in barred[partner.id])
                for x, y in pairs):
            return False
    return True
