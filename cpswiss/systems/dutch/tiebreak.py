"""The B.8 tie-break: among candidates equal on every criterion, the one generated first.

C.04.3 B.8 picks, among the candidates of a bracket that are equal on C.4-C.19,
the one B.6/B.7 generate first: D.3 decides which MDPs are paired, D.1 their
opponents, D.2 the exchanges of the remainder (fewest, smallest BSN
difference, then the highest BSNs out of S1 and the lowest in, RN-28), D.1 its
transpositions.  :class:`TieBreak` rebuilds that candidate decision by
decision on the bracket's CP-SAT model, keeping each decision only if the
frozen optimum survives; :class:`RemainderAssignment` does the last D.1 step
as exact assignment problems, one criterion at a time (:mod:`.remainder`);
:func:`~cpswiss.systems.dutch.generation.generation_order`
states the same order as comparable keys (for explanations and tests).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from cpswiss.systems.dutch.bracket import DutchBracket
from cpswiss.errors import InternalCheckError
from cpswiss.solver.answers import OBSERVERS, answered
from cpswiss.solver.assignment import on_columns
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.solver.exchange import Exchanges
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel

from cpswiss.systems.dutch.remainder import RemainderAssignment, lowest_partners

# the first assignment of a remainder with u left out: (its partners of S1, in order; its edges), None without one
FirstAssignment = Callable[[int], tuple[tuple[int, ...], list[int]] | None]


class TieBreak:
    """B.8: among optimal candidates, the one generated first by B.6/B.7 with D.1-D.3."""

    def __init__(self, b: DutchBracket, m: MatchingModel, levels: list[Level]):
        self.b = b
        self.m = m
        # the frozen optima, to recognise a candidate that keeps them without a solve
        self.levels = [lv for lv in levels if not lv.trivial]
        chosen = m.chosen()
        self.optima = [lv.total(chosen) for lv in self.levels]  # the sums the model froze
        self.relaxation: LexicographicMatching | None = None  # built on first use
        self.edge_of = dict(zip(map(b.edges.__getitem__, b.inside), b.inside))
        # edges inside the bracket, per vertex, split by the partner's position
        self.later: list[list[int]] = [[] for _ in b.vertices]  # (v, j > v) inside the bracket
        self.earlier: list[list[int]] = [[] for _ in b.vertices]  # (i < v, v) inside the bracket
        later, earlier = self.later, self.earlier
        for pair, e in self.edge_of.items():
            later[pair[0]].append(e)
            earlier[pair[1]].append(e)
        self._assignments: dict[tuple[tuple[int, ...], tuple[int, ...]], RemainderAssignment] = {}

    # -- small helpers -----------------------------------------------------------

    def assignment(self, s1: list[int], s2: list[int]) -> RemainderAssignment:
        """The remainder S1 x S2 as assignment problems (:class:`RemainderAssignment`), made once
        per S1 and S2: it reads only the levels and the bracket's edges, which the decisions
        taken since do not change."""
        key = (tuple(s1), tuple(s2))
        if key not in self._assignments:
            self._assignments[key] = RemainderAssignment(self.edge_of, self.levels, s1, s2)
        return self._assignments[key]

    def bracket_partner(self, v: int) -> int | None:
        p = self.m.partner(v)
        return p if p is not None and p < self.b.n_bracket else None

    def given_partner(self, v: int) -> int:
        """v's partner in the bracket, where the solution in hand has just been made to pair him."""
        p = self.bracket_partner(v)
        if p is None:
            raise InternalCheckError(f"internal error: bracket vertex {v} lost the partner just given to him")
        return p

    def choose_lowest_partner(self, v: int, candidates: set[int]) -> None:
        """Fix v's partner to the highest-ranked candidate that keeps the optimum (D.1).

        The candidates below the partner in hand are searched by :func:`first_reachable`
        (exchanges of pairs, then a solve for anything lower), where minimising the
        partner's rank took seconds on large brackets.
        """
        current = self.bracket_partner(v)
        assert current is not None
        other = self.b.other
        edges = sorted((e for e in self.later[v] + self.earlier[v] if other(e, v) in candidates),
                       key=lambda e: other(e, v))
        lower = [other(e, v) for e in edges if other(e, v) < current]

        def better_exists(ahead: list[int]) -> bool:
            return self.pairs_by_one_of(v, [e for e in edges if other(e, v) in ahead])

        best = first_reachable(lower, lambda ahead: Exchanges(self.m).give_partner(v, ahead),
                               better_exists, lambda: self.given_partner(v))
        if best is not None:
            current = lower[best]
        e = next(e for e in edges if other(e, v) == current)
        self.m.fix(e, 1)

    def pairs_by_one_of(self, v: int, allowed: list[int]) -> bool:
        """Is there a solution keeping the frozen optima that pairs v by one of ``allowed``?
        Kept if so.  The blossom relaxation first (:meth:`relaxed_partner`), else a solve."""
        found = self.relaxed_partner(v, allowed) if allowed else False
        return self.m.maximise_any(allowed) if found is None else found

    def feasible_without(self, edges: list[int]) -> bool:
        """Is there a solution keeping the frozen optima that uses none of ``edges``?  Kept if
        so.  The blossom relaxation on the frozen levels first (as :meth:`relaxed_partner`:
        the least cost over the matchings without them that pair the players required
        paired), then the one on every sum on record, the D.2 sums frozen since included
        (:meth:`~cpswiss.solver.model.MatchingModel.feasible_without_by_blossom`), else a solve."""
        relaxation = self.relaxation_of_levels()
        if relaxation.exact:
            banned = self.m.unusable_edges() | set(edges)
            found = relaxation.verdict(self.m, relaxation.least([e for e in range(len(self.b.edges))
                                                                 if e not in banned], self.m.required_pairings()))
            if found is not None:
                return found
        found = self.m.feasible_without_by_blossom(set(edges))
        return self.m.feasible_with([(e, 0) for e in edges]) if found is None else found

    def relaxation_of_levels(self) -> LexicographicMatching:
        """The blossom relaxation on the frozen levels (built on first use, over the edges
        usable then)."""
        if self.relaxation is None:
            self.relaxation = LexicographicMatching.of_model(self.m, self.levels, self.m.unusable_edges())
        return self.relaxation

    def relaxed_partner(self, v: int, allowed: list[int]) -> bool | None:
        """Is there a solution keeping the frozen optima that pairs v by one of ``allowed``?
        Answered without a solve where the blossom relaxation settles it
        (:class:`~cpswiss.solver.blossom.LexicographicMatching`, on the frozen levels, the
        edges the decisions so far exclude and the players they require paired): no, when the least cost of a matching
        pairing v so is worse than the solution in hand's; yes, when it is the same and
        that matching meets every constraint on record (it becomes the solution in hand).
        None when the relaxation does not tell (the solver decides then)."""
        relaxation = self.relaxation_of_levels()
        if not relaxation.exact:
            return None
        answer = relaxation.verdict(self.m, relaxation.least_pairing(v, set(allowed), self.m.unusable_edges(),
                                                                     self.m.required_pairings()))
        if answer is not None and OBSERVERS:
            answered("relaxed partner", (self, v, allowed), answer)
        return answer

    def remainder_pairs(self, s1: list[int]) -> list[int]:
        """The edges of the solution in hand that pair the S1 players with later players of
        the bracket, in edge order."""
        in_s1, edges, n_bracket = set(s1), self.b.edges, self.b.n_bracket
        return [e for e in self.m.chosen() if edges[e][0] in in_s1 and edges[e][1] < n_bracket]

    def floater(self, s1: list[int], s2: list[int]) -> int:
        """The S2 player the solution in hand leaves without an S1 partner."""
        in_s1 = set(s1)
        return next(u for u in s2 if self.bracket_partner(u) not in in_s1)

    def smaller_member(self, v: int) -> bool:
        p = self.bracket_partner(v)
        return p is not None and p > v

    def partners_in_hand(self) -> list[int]:
        """Each vertex's partner in the bracket in the solution in hand, -1 for none (all at
        once, where :meth:`bracket_partner` searches one player's edges)."""
        partner = [-1] * len(self.b.vertices)
        edges, n_bracket = self.b.edges, self.b.n_bracket
        for e in self.m.chosen():
            i, j = edges[e]
            if j < n_bracket:
                partner[i] = j
                partner[j] = i
        return partner

    def smaller_members(self, players: list[int]) -> list[int]:
        """The players paired in the bracket with a later player in the solution in hand."""
        partner = self.partners_in_hand()
        return [v for v in players if partner[v] > v]

    # -- the steps of B.7 / B.6 ----------------------------------------------------

    def run(self) -> None:
        matched_mdps = self.choose_paired_mdps()
        taken: set[int] = set()
        residents = set(range(self.b.n_mdp, self.b.n_bracket))
        for v in matched_mdps:
            self.choose_lowest_partner(v, residents - taken)
            taken.add(self.given_partner(v))
        remainder = [r for r in range(self.b.n_mdp, self.b.n_bracket) if r not in taken]
        self.pair_remainder(remainder)

    def choose_paired_mdps(self) -> list[int]:
        """D.3: MDPs of the highest scores are paired (fixed by C.6); among equal scores,
        the lowest BSNs."""
        b = self.b
        matched: list[int] = []
        v = 0
        while v < b.n_mdp:
            score = b.vertices[v].score
            group = [u for u in range(v, b.n_mdp) if b.vertices[u].score == score]
            v += len(group)
            to_match = sum(self.bracket_partner(u) is not None for u in group)
            remaining = len(group)
            for u in group:
                edges = self.later[u]
                if to_match == 0:
                    self.m.require(edges, 0)
                    continue
                if remaining <= to_match:
                    self.m.require(edges, 1)
                    matched.append(u)
                    continue
                remaining -= 1
                if self.bracket_partner(u) is not None or self.m.maximise_any(edges):
                    self.m.require(edges, 1)
                    matched.append(u)
                    to_match -= 1
                else:
                    self.m.require(edges, 0)
        return matched

    def pair_remainder(self, remainder: list[int]) -> None:
        """B.6 on the remainder (or homogeneous bracket): D.2 exchanges, then D.1."""
        if not remainder:
            return
        b, m = self.b, self.m
        in_rem = set(remainder)
        rem_pairs = len(self.smaller_members(remainder))
        s1 = remainder[:rem_pairs]
        s2 = remainder[rem_pairs:]
        # D.2 rules 1-2: fewest exchanges, then smallest sum of S1 BSNs (floors: no exchange
        # at all, the original S1).  A solution in hand without an exchange meets both floors:
        # the S1 set is then the original one, fixed below by constraints that imply both.
        if self.try_original_s1(s1, s2, in_rem):
            exchanges = 0
        else:
            position = {v: k for k, v in enumerate(remainder)}
            inner = {v: [e for e in self.later[v] if b.edges[e][1] in in_rem] for v in remainder}
            fewest = Level("D.2 exchanges", {e: -1 for v in s1 for e in inner[v]}, floor=-len(s1))
            smallest = Level("D.2 BSN sum", {e: position[v] for v in remainder if position[v] for e in inner[v]},
                             floor=sum(range(len(s1))))
            m.minimise([fewest, smallest])
            exchanges = len(s1) - len(self.smaller_members(s1))
        # D.2 rule 3 (RN-28): move the highest BSNs of S1 out first (decided by, e.g.,
        # n031-r04of05-t005, n034-r04of07-t039, n042-r08of10-t028, n056-r05of06-t049 and
        # n057-r09of10-t030: moving the lowest out first changes their pairings)
        left = exchanges
        for v in reversed(s1):
            if left == 0:
                break
            if self.smaller_member(v) and not self.feasible_without(self.later[v]):
                self.m.require(self.later[v], 1)
                continue
            self.m.require(self.later[v], 0)
            left -= 1
        # D.2 rule 4: move the lowest BSNs of S2 in first
        left = exchanges
        for v in s2:
            if left <= 1:
                break
            if self.smaller_member(v) or self.pairs_by_one_of(v, self.later[v]):
                self.m.require(self.later[v], 1)
                left -= 1
            else:
                self.m.require(self.later[v], 0)
        # the S1 set is now determined: fix it
        s1_final = self.smaller_members(remainder)
        in_s1 = set(s1_final)
        for v in remainder:
            if v in in_s1:
                self.m.require(self.later[v], 1)
            else:
                self.m.require([e for e in self.later[v] if b.edges[e][1] in in_rem], 0)
        # D.1: each S1 player takes the lowest S2 player that keeps the optimum
        taken: set[int] = set()
        s2_final = [u for u in remainder if u not in in_s1]
        if len(s2_final) == len(s1_final) + 1:
            if self.first_transposition_with_a_floater(s1_final, s2_final):
                return
        elif len(s2_final) > len(s1_final):
            # players of the remainder float: if no other choice of them keeps the optimum,
            # the rest is a complete S1-S2 assignment again
            partner = self.partners_in_hand()
            floating = [u for u in s2_final if partner[u] < 0]
            edges = [e for u in floating for e in self.earlier[u] + self.later[u]]
            if not m.maximise_any(edges):
                paired = [u for u in s2_final if u not in floating]
                if self.first_transposition_by_assignment(s1_final, paired):
                    return
        elif self.first_transposition_by_assignment(s1_final, s2_final):
            return
        for k, v in enumerate(s1_final):
            if self.first_transposition_keeps_optimum(s1_final[k:], [u for u in s2_final if u not in taken]):
                return
            candidates = {u for u in s2_final if u > v and u not in taken}
            self.choose_lowest_partner(v, candidates)
            taken.add(self.given_partner(v))

    def try_original_s1(self, s1: list[int], s2: list[int], in_rem: set[int]) -> bool:
        """D.2 rules 1-2 without a solve when no exchange is needed: does the solution in hand
        (made so here, if it can be) pair the remainder without an exchange?

        With everything outside the remainder kept, the criteria differ only by the
        remainder's pairs (each level is a sum over the pairs chosen).  The original S1
        is assigned to S2 at least cost: where S2 has one player more, letting any S2
        player float (:meth:`RemainderAssignment.optimal_with_a_floater`, whose solve
        :meth:`RemainderAssignment.floaters_at_cost` reuses later), then, if that does
        not do, without the S2 players who float in hand.  If such a solution meets
        every constraint on record (the frozen optima among them), it is an optimal
        solution with no exchange: it becomes the solution in hand, and the D.2 levels
        meet their floors without a solve.
        """
        m, edges = self.m, self.b.edges
        chosen = m.chosen()
        current = [e for e in chosen if edges[e][0] in in_rem and edges[e][1] in in_rem]
        if len(current) != len(s1):
            return False  # the remainder in hand has not as many pairs as S1 players
        in_s1 = set(s1)
        if all(edges[e][0] in in_s1 for e in current):
            return True  # already without exchanges
        rest = sorted(set(chosen) - set(current))
        assignment = self.assignment(s1, s2)

        def adopted(found: tuple[tuple[int, ...], dict[int, int]] | None) -> bool:
            return found is not None and m.adopt_if_solution(rest + [self.edge_of[(v, u)] for v, u in found[1].items()])

        paired = {v for e in current for v in edges[e]}
        if len(s2) == len(s1) + 1 and adopted(assignment.optimal_with_a_floater(s1, s2)):
            return True
        return all(v in paired for v in s1) and adopted(assignment.optimal(s1, [u for u in s2 if u in paired]))

    def first_transposition_by_assignment(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 on a remainder that pairs completely: the first optimal S1 -> S2 assignment.

        False (nothing fixed) when the separable case does not hold; the solver decides then.
        """
        assignment = self.assignment(s1, s2)
        current = self.remainder_pairs(s1)
        chosen = assignment.first(s1, s2, cost=assignment.value(current))
        if chosen is None:
            return False
        self.m.exchange_in_solution(current, chosen)
        return True

    def first_transposition_with_a_floater(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 on a remainder where one S2 player floats.

        For each possible floater u the remainder is a complete assignment, and its
        first optimal assignment A(u) comes from :class:`RemainderAssignment`.  Given
        u, the remainder and the rest of the step (the look-ahead below, the float
        criteria) are independent, and the lexicographic optimum of a sum of
        independent parts is the sum of their optima: u keeps the frozen optimum
        (is *admissible*) exactly when some optimal solution floats u, and then A(u)
        with that solution's rest is optimal too.  The answer is the admissible u
        with the smallest A(u) in D.1 order; the current solution's floater is
        admissible and bounds it.  A greedy sequence that ignores the criteria bounds
        A(u) from below, so few A(u) are computed.  Where the step is the bracket
        alone, admissibility is proven without a solve
        (:meth:`first_admissible_floater`); otherwise by :meth:`first_admissible_contender`.
        """
        assignment = self.assignment(s1, s2)

        def first_assignment(u: int) -> tuple[tuple[int, ...], list[int]] | None:
            edges = assignment.first(s1, [w for w in s2 if w != u])
            if edges is None:
                return None
            return tuple(self.b.other(e, v) for e, v in zip(edges, s1)), edges

        held = self.floater(s1, s2)

        def bounds() -> list[tuple[tuple[int, ...], int]]:
            return [(assignment.greedy_key(s1, [w for w in s2 if w != u]), u) for u in s2 if u != held]

        if self.b.n_bracket == len(self.b.vertices):
            best_edges = self.first_admissible_floater(s1, s2, assignment, first_assignment, held, bounds)
        else:
            found = first_assignment(held)
            assert found is not None, "the current solution's remainder has an assignment"
            best_edges = self.first_admissible_contender(s1, s2, first_assignment, (*found, held), bounds())
        # the solution in hand floats the chosen player: give its remainder his first assignment
        self.m.exchange_in_solution(self.remainder_pairs(s1), best_edges)
        for e in best_edges:
            self.m.fix(e, 1)
        return True

    def first_admissible_floater(self, s1: list[int], s2: list[int], assignment: RemainderAssignment,
                                 first_assignment: FirstAssignment, held_u: int,
                                 bounds: Callable[[], list[tuple[tuple[int, ...], int]]]) -> list[int]:
        """The first assignment A(u) of the admissible floater u first in D.1 order, where the
        step is the bracket alone; the solution in hand is left floating u.

        Everything outside the remainder is decided by then (the MDPs' partners fixed,
        the other MDPs unpaired), so a solution floating u differs from the solution in
        hand only by its remainder, and if any keeps the optima, A(u) does (the levels
        are sums over pairs).  So u is admissible exactly when A(u) costs what the
        remainder in hand costs (the same value on every level, the costs being exact)
        and the solution with it meets every constraint on record: a proof without a
        solve (a minimisation of the floater's rank is slow on brackets of hundreds of
        players).  The floaters at that cost come
        from one dual solution (:meth:`RemainderAssignment.floaters_at_cost`), which
        also gives the first A(u) of all in one walk (:meth:`RemainderAssignment.first_floating`);
        only if that one breaks a constraint on record are the others taken best first
        from their greedy bounds (``bounds``: each other floater's), computing A(u) only
        when a bound comes first.  The floater in hand ``held_u`` is at that cost, so his
        A(u) comes from the same tight arcs, without a solve of its own.
        """
        in_hand = self.remainder_pairs(s1)
        mates = dict(self.b.edges[e] for e in in_hand)  # S1 player -> his partner
        rest = sorted(set(self.m.chosen()) - set(in_hand))
        at_cost = assignment.floaters_at_cost(s1, s2, mates)
        refused: set[int] = set()
        if at_cost is None:
            cost = assignment.value(in_hand)

            def same_cost_first(u: int) -> tuple[tuple[int, ...], list[int]] | None:
                found = first_assignment(u)
                return found if found is not None and assignment.value(found[1]) == cost else None
        else:
            first_u, first_edges = assignment.first_floating(s1, s2, at_cost)
            if first_u == held_u or self.m.adopt_if_solution(rest + first_edges):
                return first_edges
            refused.add(first_u)  # the first of all breaks a constraint on record: the next ones
            tight = at_cost.tight[:len(s1)]
            column = {u: k for k, u in enumerate(s2)}

            def same_cost_first(u: int) -> tuple[tuple[int, ...], list[int]] | None:
                if u not in at_cost.floaters or u in refused:
                    return None
                others = [w for w in s2 if w != u]
                edges = assignment.first_on_tight(s1, others, at_cost.floaters[u],
                                                  on_columns(tight, [column[w] for w in others]))
                return tuple(self.b.other(e, v) for e, v in zip(edges, s1)), edges

        held = (first_assignment if at_cost is None else same_cost_first)(held_u)
        assert held is not None, "the current solution's remainder has an assignment"
        held_key, held_edges = held
        edges_of = {held_u: held_edges}
        # (key, exact?, floater): a bound sorts before an A(u) equal to it
        queue = [(key, False, u) for key, u in bounds() if key < held_key] + [(held_key, True, held_u)]
        heapq.heapify(queue)
        while True:
            _, exact, u = heapq.heappop(queue)
            if not exact:
                found = same_cost_first(u)
                if found is not None and found[0] < held_key:
                    edges_of[u] = found[1]
                    heapq.heappush(queue, (found[0], True, u))
                continue
            if u == held_u or self.m.adopt_if_solution(rest + edges_of[u]):
                return edges_of[u]

    def first_admissible_contender(self, s1: list[int], s2: list[int], first_assignment: FirstAssignment,
                                   held: tuple[tuple[int, ...], list[int], int],
                                   bounds: list[tuple[tuple[int, ...], int]]) -> list[int]:
        """The first assignment A(u) of the admissible floater u first in D.1 order, where the
        step holds players below the bracket; the solution in hand is left floating u.

        The contenders are the floaters whose A(u) comes before the held floater's.  The
        best contender that an exchange of pairs floats (keeping every frozen optimum)
        is admissible; then one minimisation of the floater's rank (the contenders
        ahead of it ranked 0, 1, ..., the floater in hand next, any other floater last),
        under every frozen optimum, gives the admissible contender ranked first, if any.
        (One minimisation instead of a feasibility solve per better contender.  Confirming
        the first contender with A(u) assumed is not tried: on the corpus it almost never
        holds.)
        """
        held_key, held_edges, _ = held
        contenders: list[tuple[tuple[int, ...], int, list[int]]] = []
        for bound, u in sorted(bounds):
            if bound >= held_key:
                break
            found = first_assignment(u)
            if found is not None and found[0] < held_key:
                contenders.append((found[0], u, found[1]))
        contenders.sort()  # in D.1 order of their first assignments
        order = [u for _, u, _ in contenders]
        if not order:
            return held_edges
        # the admissible contender ranked first (the floater in hand if none is): the
        # solution in hand floats the in-hand (or exchange-found) floater, so the rank's
        # optimum is at most its rank, and a lower one is an admissible contender ahead
        found_u = Exchanges(self.m).give_unpaired(order)
        ahead = order if found_u is None else order[:order.index(found_u)]
        best = None if found_u is None else order.index(found_u)
        if ahead:
            rank = {u: k for k, u in enumerate(ahead)}
            worst = len(ahead)
            floating = self.floater(s1, s2)
            coef: dict[int, int] = {}
            for u in s2:
                cost = rank.get(u, worst if u == floating else worst + 1)
                for e in self.b.incident_in_bracket[u]:
                    coef[e] = coef.get(e, 0) - cost
            self.m.minimise([Level("D.1: the floater first in order", coef)])
            floating = self.floater(s1, s2)
            if floating in rank:
                best = order.index(floating)
        return held_edges if best is None else contenders[best][2]

    def first_transposition_keeps_optimum(self, s1: list[int], s2: list[int]) -> bool:
        """D.1 without a solver: give each S1 player in turn the lowest S2 player he may meet.

        If that completes the remainder, floats the same players as the current solution
        and keeps every frozen optimum, it is
        the first transposition in D.1 order (each player got the lowest partner he could
        have at all, so a fortiori the lowest among optimal completions): fix it.
        """
        b, m = self.b, self.m
        edge_of = self.edge_of
        partners = lowest_partners(s1, s2, lambda v, u: (v, u) in edge_of)
        if len(partners) < len(s1):
            return False
        pairs = [self.edge_of[(v, u)] for v, u in zip(s1, partners)]
        free = [u for u in s2 if u not in partners]
        movable = set(s1)
        if any(self.bracket_partner(u) is None for u in s2 if u not in free):
            return False  # other players would float: their pairs below are not known here
        in_hand = m.chosen()
        moved = [e for e in in_hand if b.edges[e][0] in movable and b.edges[e][1] < b.n_bracket]
        chosen = sorted(set(in_hand) - set(moved)) + pairs
        if any(lv.total(chosen) != opt for lv, opt in zip(self.levels, self.optima)):
            return False
        m.exchange_in_solution(moved, pairs)
        for e in pairs:
            m.fix(e, 1)
        return True


def first_reachable(order: list[int], by_exchange: Callable[[list[int]], int | None],
                    better_exists: Callable[[list[int]], bool], in_hand: Callable[[], int]) -> int | None:
    """The place in ``order`` of the first option some solution keeping the frozen optima
    has (a partner, a floater), or None when none of them is possible.

    ``by_exchange(ahead)`` makes the best option of ``ahead`` that one exchange of pairs
    reaches, returning it (or None); ``better_exists(ahead)`` is a solve for any solution
    with an option of ``ahead``, kept if found; ``in_hand()`` is the option of the
    solution in hand.  Exchanges first, then a solve for anything better than the best
    known, again and again: measured on large brackets, that solve mostly proves there
    is nothing better, which is fast.
    """
    best: int | None = None
    while order and best != 0:
        ahead = order if best is None else order[:best]
        found = by_exchange(ahead)
        if found is not None:
            best = order.index(found)
            continue
        if not better_exists(ahead):
            break
        best = order.index(in_hand())
    return best
