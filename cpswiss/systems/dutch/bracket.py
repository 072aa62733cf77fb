"""A bracket step of the FIDE (Dutch) System: the shared bracket graph
(:class:`~cpswiss.systems.shared.bracket.Bracket`) with what only the Dutch procedure asks of
a step - the last bracket (2017 A.9), the rest of the round (2026 [C4]), the bracket of the
pairing-allocated bye (2026 [C9]), the landing bracket treated as homogeneous (2013 A.3) - and
the score differences of A.8."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from operator import itemgetter

from cpswiss.errors import InternalCheckError
from cpswiss.systems.shared.bracket import ONE_POINT_TENTHS, Bracket


@dataclass
class DutchBracket(Bracket):
    """One step of the Dutch procedure on the graph of :class:`Bracket`."""

    # the step pairs the last bracket: the lowest one, or the PPB with every player below it
    # (the collapsed last bracket, 2017 A.9); completion (C.4) governs
    last_step: bool = False
    final: bool = False  # the players below are the last scoregroup (C.7 counts the bye)
    # the following bracket's scoregroup ends here; vertices after it are the rest of the
    # round (2026 [C4]); None: the step ends with the next scoregroup
    n_next: int | None = None
    # the step holds every remaining player and must leave them completable (2026 [C4])
    holds_rest: bool = False
    # 2026 [C9]: this bracket holds the pairing-allocated bye and pairs all its other players
    pab_in_bracket: bool = False
    # 2013 A.3: the bracket the downfloaters land in is treated as homogeneous when they are
    # at least half of its players (procedure ``half_moved_down = "homogeneous"``)
    landing_homogeneous_at_half: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.n_next is None:
            self.n_next = len(self.vertices)
        self.min_score = min(p.score for p in self.vertices)

    def rebuilder(self) -> Callable[[], DutchBracket]:
        """What builds this step's graph again, where it was built here (:attr:`by_second_end`):
        the same players and flags, hence the same edges in the same order."""
        if not self.by_second_end:
            raise InternalCheckError("internal error: a bracket graph given its edges cannot be rebuilt")
        kept = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "edges"}
        return lambda: DutchBracket(**kept)

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
        if self.by_second_end:
            second = itemgetter(1)
            return range(bisect_left(self.edges, self.n_bracket, key=second),
                         bisect_left(self.edges, n_next, key=second))
        n_bracket = self.n_bracket
        return [e for e, (_, j) in enumerate(self.edges) if n_bracket <= j < n_next]

    def edges_below(self) -> list[int] | range:
        """The edges whose second player is below the bracket, in edge order (a range of edge
        numbers where the edges are built here)."""
        if self.by_second_end:
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
