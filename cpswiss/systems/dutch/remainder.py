"""The last D.1 step of the B.8 tie-break on a remainder (C.04.3 B.8, D.1): S1 -> S2 as exact
assignment problems, one criterion at a time (:class:`RemainderAssignment`), for
:class:`~cpswiss.systems.dutch.tiebreak.TieBreak`."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
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
    (:meth:`value`), each row shifted by a constant that every assignment pays alike, a
    criterion equal to one before it left out: values compare within one instance only.
    """

    def __init__(self, edge_of: dict[tuple[int, int], int], levels: list[Level],
                 s1: list[int], s2: list[int]):
        self.row = {v: k for k, v in enumerate(s1)}
        self.col = {u: k for k, u in enumerate(s2)}
        n_cols = len(s2)
        self.n_cols = n_cols
        # the arcs, row by row and in column order: arc a joins row arc_row[a] to column
        # arc_col[a] by the edge arc_edge[a]; arc_at[row * n_cols + column] is that arc, -1 for none
        self.arc_at = arc_at = [-1] * (len(s1) * n_cols)
        self.arc_row: list[int] = []
        self.arc_col: list[int] = []
        self.arc_edge: list[int] = []
        arc_row, arc_col, arc_edge = self.arc_row, self.arc_col, self.arc_edge
        row_start: list[int] = []  # where each row's arcs begin, then the end
        edge = edge_of.get
        for r, v in enumerate(s1):
            row_start.append(len(arc_edge))
            base = r * n_cols
            for c, u in enumerate(s2):
                e = edge((v, u))
                if e is not None:
                    arc_at[base + c] = len(arc_edge)
                    arc_row.append(r)
                    arc_col.append(c)
                    arc_edge.append(e)
        row_start.append(len(arc_edge))
        self.arc_of_edge = {e: a for a, e in enumerate(arc_edge)}
        # per criterion kept, most important first, the cost of each arc
        self.criteria: list[list[int]] = []
        arc_of_edge = self.arc_of_edge
        for level in levels:
            coef = level.coef
            if len(coef) < len(arc_edge):  # placed coefficient by coefficient
                values = [0] * len(arc_edge)
                for e, w in coef.items():
                    a = arc_of_edge.get(e)
                    if a is not None:
                        values[a] = w
            elif coef.keys().isdisjoint(arc_of_edge):
                continue  # 0 on every arc
            else:
                values = list(map(coef.get, arc_edge, repeat(0)))
            # every assignment takes one arc in each row: a constant per row changes all
            # of them alike, so a criterion that is one in each row drops out; so does one
            # equal to a criterion before it (the assignments optimal on that one tie on it)
            for r in range(len(s1)):
                start, end = row_start[r], row_start[r + 1]
                least = min(values[start:end], default=0)
                if least:
                    values[start:end] = [x - least for x in values[start:end]]
            if any(values) and values not in self.criteria:
                self.criteria.append(values)
        # the lexicographic optima already solved for (left, right, with a floater row?)
        self._solved: dict[tuple[tuple[int, ...], tuple[int, ...], bool], tuple[list[int], Arcs] | None] = {}

    def edge(self, v: int, u: int) -> int | None:
        """The edge of the arc from S1 player v to S2 player u; None without one."""
        a = self.arc_at[self.row[v] * self.n_cols + self.col[u]]
        return self.arc_edge[a] if a >= 0 else None

    def _edge_of_pair(self, v: int, u: int) -> int:
        e = self.edge(v, u)
        if e is None:
            raise InternalCheckError(f"internal error: no arc from {v} to {u} in the remainder")
        return e

    def value(self, edges: list[int]) -> tuple[int, ...]:
        """The criteria of the remainder's arcs ``edges``, most important first."""
        arcs = [self.arc_of_edge[e] for e in edges]
        return tuple(sum([costs[a] for a in arcs]) for costs in self.criteria)

    def _value_of(self, mates: dict[int, int]) -> tuple[int, ...]:
        return self.value([self._edge_of_pair(v, u) for v, u in mates.items()])

    def _lexicographic(self, n: int, rows: list[int], cols: list[int], by_criterion: list[list[int]],
                       mate_col: list[int] | None = None) -> tuple[list[int], Arcs] | None:
        """A lexicographically optimal perfect assignment of a square problem of ``n`` rows
        (allowed: row ``rows[k]`` to column ``cols[k]``, at ``costs[k]`` for each criterion's
        ``costs`` in ``by_criterion``, most important first; row r takes column
        ``mate_col[r]``) and the arcs of all such assignments, or None when there is no
        perfect assignment.
        Given ``mate_col``, that assignment is tested instead of one solved for: None when
        another one is lexicographically better.  Otherwise each criterion after the first
        tests the assignment optimal so far by its potentials before solving for one (it
        is a perfect assignment on the arcs left, and often optimal on the next criterion)."""
        if len(set(rows)) < n or len(set(cols)) < n:
            return None
        tested = mate_col
        allowed = list(range(len(rows)))  # the arcs still allowed, by their place k
        for criterion in by_criterion or [[0] * len(rows)]:
            if len(allowed) == len(rows):
                rows_now, cols_now, costs = rows, cols, criterion
            else:
                rows_now = [rows[k] for k in allowed]
                cols_now = [cols[k] for k in allowed]
                costs = [criterion[k] for k in allowed]
            if mate_col is not None and not any(costs):
                continue  # every assignment on these arcs costs 0: all stay optimal
            duals = None
            if tested is None and mate_col is not None:
                # optimal on the criteria before (so on the arcs left): optimal on this one too?
                duals = assignment_potentials(rows_now, cols_now, costs, mate_col, n)
            if duals is None:
                mate_col = least_cost_assignment(n, rows_now, cols_now, costs) if tested is None else tested
                if mate_col is None:
                    return None
                duals = assignment_potentials(rows_now, cols_now, costs, mate_col, n)
            if duals is None:
                return None  # the assignment tested is not optimal on this criterion
            p_row, p_col = duals
            allowed = [k for k, r, c, w in zip(allowed, rows_now, cols_now, costs) if w + p_row[r] == p_col[c]]
        if mate_col is None:  # the loop runs at least once: the assignment is given or solved for
            raise InternalCheckError("internal error: a lexicographic assignment without its assignment")
        tight: Arcs = [set() for _ in range(n)]
        for k in allowed:
            tight[rows[k]].add(cols[k])
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
        left_rows = [self.row[v] for v in left]
        right_cols = [self.col[u] for u in right]
        extra = [0] * len(right) if floater_row else []  # the floater row's arcs cost nothing
        if left_rows == list(range(len(left_rows))) and right_cols == list(range(self.n_cols)):
            rows, cols = list(self.arc_row), list(self.arc_col)
            by_criterion = [costs + extra for costs in self.criteria]
        else:
            rows, cols, arcs = [], [], []
            n_cols, arc_at = self.n_cols, self.arc_at
            for i, r in enumerate(left_rows):
                base = r * n_cols
                for j, c in enumerate(right_cols):
                    a = arc_at[base + c]
                    if a >= 0:
                        rows.append(i)
                        cols.append(j)
                        arcs.append(a)
            by_criterion = [[costs[a] for a in arcs] + extra for costs in self.criteria]
        if floater_row:
            rows.extend([len(left)] * len(right))
            cols.extend(range(len(right)))
        mate_col = None if mates is None else self._mate_columns(left, right, mates, floater_row)
        return self._lexicographic(len(right), rows, cols, by_criterion, mate_col)

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
        return [self._edge_of_pair(v, s2[c]) for v, c in zip(s1, mate_col)]

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
        return tuple(lowest_partners(s1, s2, lambda v, u: self.edge(v, u) is not None))


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


def lowest_partners(s1: list[int], s2: list[int], may_meet: Callable[[int, int], bool]) -> list[int]:
    """Each S1 player in turn with the lowest free S2 player he may meet (``may_meet(v, u)``),
    criteria aside; stops at the first player left without one."""
    free = list(s2)
    partners = []
    for v in s1:
        u = next((u for u in free if may_meet(v, u)), None)
        if u is None:
            break
        free.remove(u)
        partners.append(u)
    return partners
