"""The last D.1 step of the B.8 tie-break on a remainder (C.04.3 B.8, D.1): S1 -> S2 as exact
assignment problems, one criterion at a time (:class:`RemainderAssignment`), for
:class:`~cpswiss.systems.dutch.tiebreak.TieBreak`."""

from __future__ import annotations

from collections import deque
from collections.abc import Container
from dataclasses import dataclass
from itertools import repeat

from cpswiss.errors import InternalCheckError
from cpswiss.solver.assignment import (
    Arcs,
    assignment_potentials,
    column_holders,
    first_perfect_assignment,
    least_cost_assignment,
)
from cpswiss.solver.levels import Level


class RemainderAssignment:
    """The D.1 step on a remainder, as assignment problems S1 -> S2 (C.04.3 B.8, D.1).

    Once the S1 set is fixed (after D.2) and the remainder's floaters are known,
    every criterion restricted to the remainder is a sum over the pairs chosen,
    independent of the rest of the step; the lexicographic optimum of the remainder
    is found one criterion at a time: a minimum-cost assignment on that criterion's
    costs, its dual potentials (:func:`assignment_potentials`), and the next criterion
    only on the arcs of reduced cost 0 - the arcs of the assignments optimal so far
    (complementary slackness).  Each criterion's costs are small integers, so nothing
    can overflow, however many criteria and players.  The arcs left at the end are
    those of the lexicographically optimal assignments; the first candidate in D.1
    order gives each S1 player in turn the lowest S2 player with which the rest can
    still be assigned on them.  A candidate's value is the tuple of its criteria
    (:meth:`value`), each row shifted by a constant that every assignment pays alike.
    """

    def __init__(self, edge_of: dict[tuple[int, int], int], levels: list[Level],
                 s1: list[int], s2: list[int]):
        self.row = {v: k for k, v in enumerate(s1)}
        self.col = {u: k for k, u in enumerate(s2)}
        edge = edge_of.get
        arcs = {(v, u): e for v in s1 for u in s2 if (e := edge((v, u))) is not None}
        self.arcs = arcs
        self.place = {e: (self.row[v], self.col[u]) for (v, u), e in arcs.items()}  # edge -> (row, column)
        places = list(self.place.values())
        arc_edges = list(arcs.values())
        criteria: list[list[int]] = []  # per criterion kept, the cost of each arc (in ``places`` order)
        rows = [k for k, (r, _) in enumerate(places) if k == 0 or places[k - 1][0] != r] + [len(places)]
        for level in levels:
            if level.coef.keys().isdisjoint(self.place):
                continue  # 0 on every arc
            values = list(map(level.coef.get, arc_edges, repeat(0)))
            # every assignment takes one arc in each row: a constant per row changes all
            # of them alike, so a criterion that is one in each row drops out (the arcs
            # come row by row, each from its place in ``rows``)
            shifted: list[int] = []
            for start, end in zip(rows, rows[1:]):
                row = values[start:end]
                least = min(row)
                shifted.extend([x - least for x in row] if least else row)
            if any(shifted):
                criteria.append(shifted)
        self.n_criteria = len(criteria)
        # the lexicographic optima already solved for (left, right, with a floater row?)
        self._solved: dict[tuple[tuple[int, ...], tuple[int, ...], bool], tuple[list[int], Arcs] | None] = {}
        # (row, column) -> the arc's cost on each criterion kept, most important first
        self.cost: dict[tuple[int, int], tuple[int, ...]] = dict(zip(places, zip(*criteria))) if criteria \
            else dict.fromkeys(places, ())

    def value(self, edges: list[int]) -> tuple[int, ...]:
        """The criteria of the remainder's arcs ``edges``, most important first."""
        costs = [self.cost[self.place[e]] for e in edges]
        return tuple(sum(c[k] for c in costs) for k in range(self.n_criteria))

    def _value_of(self, mates: dict[int, int]) -> tuple[int, ...]:
        return self.value([self.arcs[(v, u)] for v, u in mates.items()])

    def _lexicographic(self, n: int, arcs: dict[tuple[int, int], tuple[int, ...]],
                       mate_col: list[int] | None = None) -> tuple[list[int], Arcs] | None:
        """A lexicographically optimal perfect assignment of a square problem of ``n`` rows
        (``arcs``: the allowed ones, with their costs; row r takes column ``mate_col[r]``)
        and the arcs of all such assignments, or None when there is no perfect assignment.
        Given ``mate_col``, that assignment is tested instead of one solved for: None when
        another one is lexicographically better."""
        if len({r for r, _ in arcs}) < n or len({c for _, c in arcs}) < n:
            return None
        tested = mate_col
        places = list(arcs)
        by_criterion = list(zip(*arcs.values())) if self.n_criteria else [(0,) * len(places)]
        allowed = list(range(len(places)))  # the arcs still allowed, by their place in ``places``
        for costs in by_criterion:
            weighted = [(*places[a], costs[a]) for a in allowed]
            if mate_col is not None and not any(w for _, _, w in weighted):
                continue  # every assignment on these arcs costs 0: all stay optimal
            mate_col = least_cost_assignment(n, weighted) if tested is None else tested
            if mate_col is None:
                return None
            duals = assignment_potentials(weighted, mate_col, n)
            if duals is None:
                return None  # the assignment tested is not optimal on this criterion
            p_row, p_col = duals
            allowed = [a for a, (r, c, w) in zip(allowed, weighted) if w + p_row[r] == p_col[c]]
        if mate_col is None:  # the loop runs at least once: the assignment is given or solved for
            raise InternalCheckError("internal error: a lexicographic assignment without its assignment")
        tight: Arcs = [set() for _ in range(n)]
        for a in allowed:
            r, c = places[a]
            tight[r].add(c)
        return mate_col, tight

    def _lexicographic_of(self, left: list[int], right: list[int], mates: dict[int, int] | None = None,
                          floater_row: bool = False) -> tuple[list[int], Arcs] | None:
        """:meth:`_lexicographic` on ``left`` x ``right``; with ``floater_row``, one more row
        that may take any player at cost 0 (the floater).  Solved once for the same players
        when no assignment is given (the answer is read, never changed, by the callers).
        An assignment given for players already solved for is tested on the arcs that
        solve left: the lexicographically optimal assignments are exactly the perfect ones
        on them (complementary slackness, criterion by criterion)."""
        key = (tuple(left), tuple(right), floater_row)
        if mates is None:
            if key not in self._solved:
                self._solved[key] = self._lexicographic_on(left, right, None, floater_row)
            return self._solved[key]
        if key in self._solved:
            solved = self._solved[key]
            if solved is None:
                return None
            tight = solved[1]
            mate_col = self._mate_columns(left, right, mates, floater_row)
            return (mate_col, tight) if all(c in tight[r] for r, c in enumerate(mate_col)) else None
        return self._lexicographic_on(left, right, mates, floater_row)

    @staticmethod
    def _mate_columns(left: list[int], right: list[int], mates: dict[int, int], floater_row: bool) -> list[int]:
        """Each left player's mate as a column of ``right``, the floater row (if any) on the
        first column left free."""
        col_of = {u: k for k, u in enumerate(right)}
        mate_col = [col_of[mates[v]] for v in left]
        if floater_row:
            taken = set(mate_col)
            mate_col.append(next(k for k in range(len(right)) if k not in taken))
        return mate_col

    def _lexicographic_on(self, left: list[int], right: list[int], mates: dict[int, int] | None,
                          floater_row: bool) -> tuple[list[int], Arcs] | None:
        cols = [self.col[u] for u in right]
        arcs: dict[tuple[int, int], tuple[int, ...]] = {}
        for i, v in enumerate(left):
            r = self.row[v]
            for j, c in enumerate(cols):
                costs = self.cost.get((r, c))
                if costs is not None:
                    arcs[(i, j)] = costs
        if floater_row:
            nothing = (0,) * self.n_criteria
            arcs.update({(len(left), j): nothing for j in range(len(right))})
        mate_col = None if mates is None else self._mate_columns(left, right, mates, floater_row)
        return self._lexicographic(len(right), arcs, mate_col)

    def optimal(self, left: list[int], right: list[int]) -> tuple[tuple[int, ...], dict[int, int]] | None:
        """A lexicographically optimal perfect assignment: its value and each left player's mate."""
        if not left:
            return (), {}
        assert len(left) == len(right)
        found = self._lexicographic_of(left, right)
        if found is None:
            return None
        mates = {v: right[c] for v, c in zip(left, found[0])}
        return self._value_of(mates), mates

    def optimal_with_a_floater(self, left: list[int], right: list[int]) -> tuple[tuple[int, ...], dict[int, int]] | None:
        """A lexicographically optimal assignment of ``left`` into ``right``, which has one
        player more (he floats): its value and each left player's mate."""
        assert len(right) == len(left) + 1
        found = self._lexicographic_of(left, right, floater_row=True)
        if found is None:
            return None
        mates = {v: right[c] for v, c in zip(left, found[0][:len(left)])}
        return self._value_of(mates), mates

    def first(self, s1: list[int], s2: list[int], cost: tuple[int, ...] | None = None) -> list[int] | None:
        """The edges of the first optimal assignment of S1 to S2 in D.1 order; None when
        there is no perfect assignment, or when its optimum is not ``cost`` (if given).

        The optimal assignments are exactly the perfect assignments on the arcs
        :meth:`_lexicographic` leaves, so each S1 player in turn takes the lowest free S2
        player on such an arc with which the players after him can still be assigned on
        such arcs (:meth:`first_on_tight`).
        """
        if not s1:
            return [] if cost in (None, ()) else None
        found = self._lexicographic_of(s1, s2)
        if found is None:
            return None
        mate_col, tight = found
        mates = {v: s2[c] for v, c in zip(s1, mate_col)}
        if cost is not None and self._value_of(mates) != cost:
            return None
        return self.first_on_tight(s1, s2, mates, tight)

    def first_on_tight(self, s1: list[int], s2: list[int], mates: dict[int, int], tight: Arcs) -> list[int]:
        """The walk of :meth:`first` given an optimal assignment ``mates`` and the arcs of
        reduced cost 0 (``tight``, rows ``s1``, columns ``s2``) of its optimal duals."""
        column = {u: k for k, u in enumerate(s2)}
        mate_col = first_perfect_assignment(tight, [column[mates[v]] for v in s1], len(s1))
        return self._arcs_taken(s1, s2, mate_col)

    def first_floating(self, s1: list[int], s2: list[int], floating: FloatingRemainder) -> tuple[int, list[int]]:
        """The floater u whose first assignment A(u) comes first in D.1 order among those
        at the cost in hand (:meth:`floaters_at_cost`), and A(u).

        The perfect assignments on the tight arcs of the problem with the floater row are
        exactly, over every u at cost, the optimal assignments of S1 to S2 - u with that
        row on u; walking the S1 rows in order with the floater row last gives each S1
        player the lowest partner any of them allows, so the walk ends on the A(u) that is
        first of all, with its u on the floater row: one walk instead of one per floater.
        """
        mate_col = first_perfect_assignment(floating.tight, floating.mate_col, len(s1))
        return s2[mate_col[len(s1)]], self._arcs_taken(s1, s2, mate_col)

    def _arcs_taken(self, s1: list[int], s2: list[int], mate_col: list[int]) -> list[int]:
        """The edges of an assignment in which S1 player k takes S2 column ``mate_col[k]``."""
        return [self.arcs[(v, s2[c])] for v, c in zip(s1, mate_col)]

    def floaters_at_cost(self, s1: list[int], s2: list[int], mates: dict[int, int],
                         ) -> FloatingRemainder | None:
        """With one S2 player more than S1 and ``mates`` an assignment of S1 into S2: every u
        of S2 for which S1 -> S2 - u has an assignment of the same value, with one such
        assignment; None when another floater would make a better one (then the values
        alone do not tell).  Also the arcs of the optimal assignments (rows S1 and the
        floater row, columns S2): restricted to the S1 rows and the columns of S2 - u,
        they are those of that problem, for every such u.

        A row that takes the floater (cost 0 to every S2 player) makes it a square
        problem.  If the assignment with that row on the floater in hand is optimal
        (:meth:`_lexicographic` tests it), the same-value assignments are the perfect
        ones on the arcs it leaves: u may float when the extra row may take u and a
        chain of such arcs moves u's mate, and the mate of the column it takes, and so
        on, to the floater in hand.
        """
        found = self._lexicographic_of(s1, s2, mates, floater_row=True)
        if found is None:
            return None
        mate_col, tight = found
        held = mate_col[len(s1)]
        holder = {c: r for r, c in enumerate(mate_col[:len(s1)])}
        holders = column_holders(tight[:len(s1)], len(s2))  # column -> the S1 rows on tight arcs to it
        moves_to: dict[int, int | None] = {held: None}  # column -> where its holder moves
        queue = deque(moves_to)
        while queue:
            c = queue.popleft()
            for r in holders[c]:
                u = mate_col[r]
                if u not in moves_to:
                    moves_to[u] = c
                    queue.append(u)
        floaters: dict[int, dict[int, int]] = {}
        for u, target in moves_to.items():
            if u not in tight[len(s1)]:
                continue
            shifted = dict(mates)
            c = u
            while target is not None:  # c's holder moves to target, whose holder moves on
                shifted[s1[holder[c]]] = s2[target]
                c, target = target, moves_to[target]
            floaters[s2[u]] = shifted
        return FloatingRemainder(floaters, tight, mate_col)

    def greedy_key(self, s1: list[int], s2: list[int]) -> tuple[int, ...]:
        """A lower bound, in D.1 order, of every assignment of S1 to S2: the lowest partners
        criteria aside (where they run out, the prefix is smaller than its extensions)."""
        return tuple(lowest_partners(s1, s2, self.arcs))


@dataclass(frozen=True)
class FloatingRemainder:
    """A remainder with one S2 player more than S1 (one floats), solved as a square problem
    with a floater row last (:meth:`RemainderAssignment.floaters_at_cost`): each u that
    may float at the cost in hand with one such assignment (S1 player -> partner), the
    tight arcs (rows S1 and the floater row, columns S2) and an optimal assignment on them
    (row -> column)."""

    floaters: dict[int, dict[int, int]]
    tight: Arcs
    mate_col: list[int]


def lowest_partners(s1: list[int], s2: list[int], may_meet: Container[tuple[int, int]]) -> list[int]:
    """Each S1 player in turn with the lowest free S2 player he may meet ((v, u) in
    ``may_meet``), criteria aside; stops at the first player left without one."""
    free = list(s2)
    partners = []
    for v in s1:
        u = next((u for u in free if (v, u) in may_meet), None)
        if u is None:
            break
        free.remove(u)
        partners.append(u)
    return partners
