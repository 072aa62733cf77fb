"""The graph of one bracket step: its players (MDPs, residents, then the players below)
and the pairs allowed between them (C.04.3 A.3, A.9, B.1-B.3; 2026 Art. 1.3, 3)."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import itemgetter
from typing import Iterable

from cpswiss.tournament.compatibility import barred_later, every_pair_compatible
from cpswiss.errors import InternalCheckError, TooLargeError
from cpswiss.tournament.state import PlayerState, RoundState

ONE_POINT_TENTHS = 10  # A.8 / RN-17: "one point" of the downfloater SD, in tenths (see RN-15)
# the most pairs a bracket step may weigh: each allowed pair costs about 2.5 KB in the model
# (measured: a 503-player step, 123,000 pairs, 340 MB), so about 11 GB; beyond it exit 4
# (TooLargeError) before memory runs out.  Round 1 needs no graph (:func:`interchangeable`).
MAX_STEP_PAIRS = 4_500_000


@dataclass
class Bracket:
    """The graph of one bracket step (C.04.3 A.3, A.9, B.1-B.3)."""

    vertices: list[PlayerState]  # bracket (MDPs, residents) then the players below
    n_mdp: int  # M0: moved-down players at the front
    n_bracket: int  # MDPs + residents
    # the step pairs the last bracket: the lowest one, or the PPB with every player below it
    # (the collapsed last bracket, 2017 A.9); completion (C.4) governs
    last_step: bool
    final: bool  # the players below are the last scoregroup (C.7 counts the bye)
    round: RoundState
    edges: list[tuple[int, int]] = field(default_factory=list)  # (i, j), i < j, vertex indices
    # the following bracket's scoregroup ends here; vertices after it are the rest of the
    # round (2026 [C4]); None: the step ends with the next scoregroup
    n_next: int | None = None
    # the step holds every remaining player and must leave them completable (2026 [C4])
    holds_rest: bool = False
    # 2026 [C9]: this bracket holds the pairing-allocated bye and pairs all its other players
    pab_in_bracket: bool = False
    # 2013 C.1/C.12/C.13: the players this bracket's downfloaters will be paired among (the
    # next scoregroup, with the scoregroups below it that C.13 merges into it); None: not used
    landing: list[PlayerState] | None = None
    # 2013 A.3: the bracket the downfloaters land in is treated as homogeneous when they are
    # at least half of its players (procedure ``half_moved_down = "homogeneous"``)
    landing_homogeneous_at_half: bool = False

    def __post_init__(self) -> None:
        self._same_preference_inside: list[int] | None = None  # see same_preference_inside
        by_second_end = not self.edges  # built here: sorted by the second end, then the first
        self._by_second_end = by_second_end
        if by_second_end:
            n = len(self.vertices)
            if n * (n - 1) // 2 > MAX_STEP_PAIRS:
                raise TooLargeError(f"a bracket step of {n} players ({n * (n - 1) // 2:,} possible pairs): "
                                    f"more than this build weighs at once ({MAX_STEP_PAIRS:,} pairs)")
            self.edges = _edges_by_second_end(barred_later(self.vertices, self.round), self.n_mdp)
        if self.n_next is None:
            self.n_next = len(self.vertices)
        self.min_score = min(p.score for p in self.vertices)
        self.vertex_of = {p.id: v for v, p in enumerate(self.vertices)}  # player id -> vertex
        n_bracket = self.n_bracket
        self.incident: list[list[int]] = [[] for _ in self.vertices]  # all edges of a vertex
        incident = self.incident
        for e, (i, j) in enumerate(self.edges):
            incident[i].append(e)
            incident[j].append(e)
        if by_second_end:  # both players in the bracket: the edges up to the first with j >= n_bracket
            self.inside = list(range(bisect_left(self.edges, n_bracket, key=itemgetter(1))))
        else:
            self.inside = [e for e, (_, j) in enumerate(self.edges) if j < n_bracket]
        n_inside = len(self.inside)
        # the edges inside come first (always where built here): each keeps its number on the
        # bracket's own graph, and each vertex's list starts with them
        self.inside_first = not n_inside or self.inside[-1] == n_inside - 1
        if self.inside_first:
            self.incident_in_bracket = [edges[:bisect_left(edges, n_inside)] if v < n_bracket else []
                                        for v, edges in enumerate(incident)]
        else:
            self.incident_in_bracket = [[] for _ in self.vertices]
            for e in self.inside:
                i, j = self.edges[e]
                self.incident_in_bracket[i].append(e)
                self.incident_in_bracket[j].append(e)

    @property
    def same_preference_inside(self) -> list[int]:
        """The edges inside the bracket whose players have the same colour preference (a
        player without one included), in edge order: the only pairs a colour criterion can
        count (C.04.3 C.8-C.11).  Made once, kept by hand: compiled code (mypyc) recomputes a
        cached_property."""
        if self._same_preference_inside is None:
            preference = [p.preference for p in self.vertices]
            edges = self.edges
            self._same_preference_inside = [e for e in self.inside
                                            if preference[edges[e][0]] == preference[edges[e][1]]]
        return self._same_preference_inside

    @property
    def completing(self) -> bool:
        """The step holds every remaining player and must leave them completable: the PPB
        and last bracket (2017 A.9), or any bracket whose rest is in the model (2026 [C4])."""
        return self.last_step or self.holds_rest

    def in_next(self, v: int) -> bool:
        """Vertex v belongs to the following bracket's scoregroup."""
        if self.n_next is None:  # __post_init__ gives it a value
            raise InternalCheckError("internal error: a bracket step without the end of its next scoregroup")
        return self.n_bracket <= v < self.n_next

    def edges_into_next(self) -> list[int] | range:
        """The edges whose second player belongs to the following bracket's scoregroup
        (:meth:`in_next`), in edge order: a range of edge numbers where the edges are built
        here (sorted by the second end)."""
        n_next = self.n_next if self.n_next is not None else len(self.vertices)
        if self._by_second_end:
            second = itemgetter(1)
            return range(bisect_left(self.edges, self.n_bracket, key=second),
                         bisect_left(self.edges, n_next, key=second))
        n_bracket = self.n_bracket
        return [e for e, (_, j) in enumerate(self.edges) if n_bracket <= j < n_next]

    def edges_below(self) -> list[int] | range:
        """The edges whose second player is below the bracket, in edge order (a range of edge
        numbers where the edges are built here)."""
        if self._by_second_end:
            return range(len(self.inside), len(self.edges))
        n_bracket = self.n_bracket
        return [e for e, (_, j) in enumerate(self.edges) if j >= n_bracket]

    def bracket_edges(self) -> Iterable[tuple[int, int, int]]:
        """Edges with both players in the bracket: (edge index, higher, lower)."""
        for e in self.inside:
            i, j = self.edges[e]
            yield e, i, j

    def other(self, e: int, v: int) -> int:
        """The other player of edge e."""
        i, j = self.edges[e]
        return j if i == v else i

    def downfloat_sd(self, v: int) -> int:
        """A.8 / RN-15: SD of a downfloater = score - (lowest score - 1 point) (decided
        by the corpus: without the point, 11 cases differ, among them
        ``n005-r02of03-t031`` and ``n014-r03of08-t009``, where the bye goes elsewhere).

        RN-16: "lowest" is taken over all vertices of the step (the bracket and
        the players below it), as the reference engine does.  (No case of the 2017
        corpus tells this apart from the bracket's own lowest score: a sweep with
        that reading also agrees on 404/404.)
        """
        return self.vertices[v].score - self.min_score + ONE_POINT_TENTHS

    def pair_sd(self, i: int, j: int) -> int:
        return self.vertices[i].score - self.vertices[j].score


def _edges_by_second_end(barred: list[set[int]], first: int) -> list[tuple[int, int]]:
    """The pairs (i, j), i < j, with j not in ``barred[i]`` and j >= ``first``, sorted by j
    then i.  Most pairs are allowed: each j's pairs are all i < j but the few barred."""
    n = len(barred)
    barred_before: list[set[int]] = [set() for _ in range(n)]
    for i, later in enumerate(barred):
        for j in later:
            barred_before[j].add(i)
    edges: list[tuple[int, int]] = []
    for j in range(first, n):
        if barred_before[j]:
            edges.extend([(i, j) for i in range(j) if i not in barred_before[j]])
        else:
            edges.extend(zip(range(j), repeat(j)))
    return edges


def interchangeable(players: list[PlayerState], state: RoundState) -> bool:
    """Are these players the same to every criterion, and may each meet each?

    The criteria see a player only through his state (score, colours and their
    preference, floats, bye eligibility, topscorer, games played, opponents), never
    through his number or name; so when those states are equal and every pair is
    allowed, any permutation of the players maps pairings to pairings with the same
    value on every criterion, and all pairings with the most pairs tie.  Round 1 of an
    open without acceleration is such a bracket.
    """
    if len(players) < 2 or not every_pair_compatible(players, state):
        return False
    first = replace(players[0], id=0, rank=0, name="")
    return all(replace(p, id=0, rank=0, name="") == first for p in players[1:])
