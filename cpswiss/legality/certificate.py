"""Why no legal pairing exists: a Tutte barrier of the round's compatibility graph.

When no round-pairing satisfies the absolute criteria (2017 C.1-C.3, 2026 [C1]-[C3]), the
rules hand the round to the arbiter (2017 A.9, 2026 Art. 1.9.3).  This module says why, with
a certificate the arbiter can check by hand (Tutte's theorem): a set S of players whose
removal leaves more groups with an odd number of players than S has members, where no group
can be paired with anybody outside itself and S.  Every odd group needs one partner from S,
and S is too small.

The graph: one vertex per player to be paired, one edge per pair that may meet (C.1 no
rematch and no forbidden pair, C.3 no two same absolute preferences); with an odd number of
players a vertex *the bye* is added, joined to every player who may take the
pairing-allocated bye (C.2).  S is the Gallai-Edmonds set A(G): the neighbours of the
players some maximum matching leaves out; the odd groups are then the components of those
players, and the deficiency is exactly the number of players no pairing can place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import networkx as nx

from cpswiss.tournament.colour import name_of
from cpswiss.tournament.compatibility import compatible
from cpswiss.tournament.state import PlayerState, RoundState

BYE = 0  # the bye's vertex (pairing numbers start at 1)


@dataclass(frozen=True)
class Barrier:
    """A Tutte barrier: ``barrier`` (S) and the odd groups of the graph without it.
    Player ids; ``BYE`` (0) stands for the pairing-allocated bye."""

    barrier: tuple[int, ...]
    odd_groups: tuple[tuple[int, ...], ...]
    even_groups: tuple[tuple[int, ...], ...]

    @property
    def deficiency(self) -> int:
        """How many more odd groups than barrier members: the players no pairing can place."""
        return len(self.odd_groups) - len(self.barrier)


def compatibility_graph(state: RoundState) -> nx.Graph:
    """The players to be paired and the pairs that may meet (C.1, C.3), plus the bye (C.2)."""
    players = state.to_pair
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in players)
    for k, p in enumerate(players):
        for q in players[k + 1:]:
            if compatible(p, q, state):
                graph.add_edge(p.id, q.id)
    if len(players) % 2:
        graph.add_node(BYE)
        graph.add_edges_from((BYE, p.id) for p in players if state.may_take_pab(p))
    return graph


def _matching_size(graph: nx.Graph) -> int:
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def find_barrier(state: RoundState) -> Barrier | None:
    """The Gallai-Edmonds barrier of the round, or None when a legal pairing exists."""
    graph = compatibility_graph(state)
    size = _matching_size(graph)
    if 2 * size == graph.number_of_nodes():
        return None
    exposable = {v for v in graph if _matching_size(graph.subgraph(set(graph) - {v})) == size}
    barrier = {u for v in exposable for u in graph[v]} - exposable
    rest = graph.subgraph(set(graph) - barrier)
    groups = [tuple(sorted(c)) for c in nx.connected_components(rest)]
    groups.sort(key=lambda g: (len(g) % 2 == 0, g))
    odd = tuple(g for g in groups if len(g) % 2)
    even = tuple(g for g in groups if len(g) % 2 == 0)
    return Barrier(tuple(sorted(barrier)), odd, even)


def _name(v: int) -> str:
    return "the bye" if v == BYE else str(v)


def _names(vs: Iterable[int]) -> str:
    return "{" + ", ".join(_name(v) for v in vs) + "}"


def blocked_reasons(p: PlayerState, others: list[PlayerState], state: RoundState) -> list[str]:
    """Why p may meet none of ``others``: the rule that bars each pair, grouped."""
    others = sorted(others, key=lambda q: q.id)
    met = [q.id for q in others if q.id in p.opponents]
    forbidden = [q.id for q in others if q.id in p.forbidden and q.id not in p.opponents]
    colour = [q.id for q in others if q.id not in p.opponents and q.id not in p.forbidden
              and not compatible(p, q, state)]
    reasons = []
    if met:
        reasons.append(f"has met {', '.join(map(str, met))} (C.1)")
    if forbidden:
        reasons.append(f"may not meet {', '.join(map(str, forbidden))} (forbidden pair)")
    if colour and p.preference is not None:  # the same absolute preference (C.3)
        side = name_of(p.preference)
        reasons.append(f"must have {side}, as {', '.join(map(str, colour))} must (same absolute "
                       "colour preference, C.3)")
    return reasons


def barrier_text(barrier: Barrier, state: RoundState) -> list[str]:
    """The certificate as lines an arbiter can check against the crosstable."""
    players = state.players
    s = len(barrier.barrier)
    lines = [(f"why: every pairing leaves at least {barrier.deficiency} players over (the bye counted as "
              "one), by Tutte's theorem:")]
    if s:
        lines.append(f"  set aside {_names(barrier.barrier)} ({s} player{'s' if s > 1 else ''}); the others "
                     f"fall into {len(barrier.odd_groups)} groups of odd size, each of which can be "
                     f"paired only inside itself or with {_names(barrier.barrier)}:")
    else:
        lines.append(f"  the players fall into {len(barrier.odd_groups)} groups of odd size that cannot "
                     "be paired with each other:")
    in_play = sorted(state.to_pair, key=lambda q: q.id)
    for group in barrier.odd_groups:
        lines.append(f"  - {_names(group)}")
        outside = [q for q in in_play if q.id not in group and q.id not in barrier.barrier]
        for v in group:
            if v == BYE:
                barred = [q.id for q in outside if not state.may_take_pab(q)]
                if barred:
                    lines.append(f"      the bye: {', '.join(map(str, barred))} may not take it (C.2)")
                continue
            reasons = blocked_reasons(players[v], outside, state)
            if BYE not in group and BYE not in barrier.barrier and len(in_play) % 2 \
                    and not state.may_take_pab(players[v]):
                reasons.append("may not take the bye (C.2)")
            if reasons:
                lines.append(f"      {v}: " + "; ".join(reasons))
    if s:
        lines.append(f"  {len(barrier.odd_groups)} odd groups need a partner each from "
                     f"{_names(barrier.barrier)}, and there {'is' if s == 1 else 'are'} only {s}.")
    else:
        lines.append(f"  each of the {len(barrier.odd_groups)} odd groups leaves one player over.")
    return lines


__all__ = ["BYE", "Barrier", "barrier_text", "blocked_reasons", "compatibility_graph", "find_barrier"]
