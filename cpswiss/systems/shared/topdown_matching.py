"""The competitors' graph of the top-down procedure and the least-cost matchings it is chosen by
(C.04.6 Art. 3.3-3.6): :class:`Graph` (the pairs [C1] allows, by position), whether a graph pairs
everybody ([C3]), and :class:`MatchingSearch` (criteria added one at a time as digits of one
weight, each fixed at its least value; decisions forbid edges)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from cpswiss.errors import NoPairingError
from cpswiss.solver.lexmin import DigitCosts, least_covering_matching, least_perfect_matching
from cpswiss.solver.matchings import maximum_matching
from cpswiss.systems.shared.topdown_types import Compatible, Entrant


def allowed_pairs(entrants: Sequence[Entrant], compatible: Compatible) -> dict[int, set[int]]:
    """TPN -> the TPNs of the others it may meet."""
    tpns = [e.tpn for e in entrants]
    return {t: {u for u in tpns if u != t and compatible(t, u)} for t in tpns}


def perfectly_pairable(graph: Graph) -> bool:
    return graph.n % 2 == 0 and 2 * len(maximum_matching(graph.n, graph.edges)) == graph.n


class Graph:
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
    def of(cls, entrants: Sequence[Entrant], allowed: Mapping[int, set[int]]) -> Graph:
        position = {e.tpn: i for i, e in enumerate(entrants)}
        edges = sorted((i, j) for i, e in enumerate(entrants) for t in allowed[e.tpn]
                       for j in (position.get(t, -1),) if j > i)
        return cls(entrants, edges)

    def induced(self, keep: Sequence[int]) -> Graph:
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
        return Graph([self.entrants[i] for i in keep], edges)


def fits(graph: Graph, digits: Sequence[dict[int, int]]) -> bool:
    return DigitCosts.of(graph.n, graph.edges, digits).fits()


class MatchingSearch:
    """Least-cost perfect matchings of a graph as criteria (digits) are added one at a time,
    with the edges that decisions forbid.  ``best``: the matching in hand (a witness) and
    its cost, which is the optimum of the digits so far; each digit added is fixed at its
    least value, by a matching unless a lower bound shows the witness already reaches it."""

    def __init__(self, graph: Graph, first: Sequence[dict[int, int]], cover: set[int] | None = None):
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
