"""The graph of one bracket step: its players (MDPs, residents, then the players below)
and the pairs allowed between them (C.04.3 A.3, A.9, B.1-B.3; 2026 Art. 1.3, 3)."""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field, replace
from itertools import repeat
from operator import itemgetter

from cpswiss.tournament.compatibility import barred_later, every_pair_compatible
from cpswiss.errors import TooLargeError
from cpswiss.solver.matchings import MAX_GRAPH_PAIRS as MAX_GRAPH_PAIRS, refuse_too_large as refuse_too_large
from cpswiss.tournament.state import PlayerState, RoundState

ONE_POINT_TENTHS = 10  # A.8 / RN-17: "one point" of the downfloater SD, in tenths (see RN-15)
# the most pairs a bracket step may weigh: each allowed pair costs about 2.5 KB in the model
# (measured: a 503-player step, 123,000 pairs, 340 MB), so about 11 GB; beyond it exit 4
# (TooLargeError) before memory runs out.  Round 1 needs no graph (:func:`interchangeable`).
MAX_STEP_PAIRS = 4_500_000


@dataclass
class Bracket:
    """The graph of one bracket step (C.04.3 A.3, A.9, B.1-B.3), as the units of every system
    on it read it; what only one system's procedure asks of a step is in that system's
    subclass (:class:`~cpswiss.systems.dutch.bracket.DutchBracket`)."""

    vertices: list[PlayerState]  # bracket (MDPs, residents) then the players below
    n_mdp: int  # M0: moved-down players at the front
    n_bracket: int  # MDPs + residents
    round: RoundState
    edges: list[tuple[int, int]] = field(default_factory=list)  # (i, j), i < j, vertex indices
    # the players this bracket's downfloaters will be paired among (Dutch 2013 C.1/C.12/C.13:
    # the next scoregroup, with the scoregroups below it that C.13 merges into it; FIDE 1999:
    # the following score group); None: not used
    landing: list[PlayerState] | None = None

    def __post_init__(self) -> None:
        self._same_preference_inside: list[int] | None = None  # see same_preference_inside
        by_second_end = not self.edges  # built here: sorted by the second end, then the first
        self.by_second_end = by_second_end  # so edges whose second end is in a range are a range
        if by_second_end:
            n = len(self.vertices)
            if n * (n - 1) // 2 > MAX_STEP_PAIRS:
                raise TooLargeError(f"a bracket step of {n} players ({n * (n - 1) // 2:,} possible pairs): "
                                    f"more than this build weighs at once ({MAX_STEP_PAIRS:,} pairs), and not "
                                    "one it pairs by its players' classes (docs/performance.md, 'Large "
                                    "brackets by classes'); please report the file")
            self.edges = _edges_by_second_end(barred_later(self.vertices, self.round), self.n_mdp)
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
