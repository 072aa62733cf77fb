"""The pairing of a bracket in the top-down procedure (C.04.6 Art. 3.6, C.04.5 Art. 3.6): the
identifier of a pairing (3.6.2), the quality criteria [C8]-[C10] as digits of a pair (reading
TS-4 in ``docs/team-2026.md``), and the first pairing in the order of the identifiers that
reaches their least values, found as least-cost matchings (:mod:`.topdown_matching`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cpswiss.errors import NoPairingError
from cpswiss.systems.shared.topdown_matching import Graph, MatchingSearch, fits
from cpswiss.systems.shared.topdown_types import SAME_COLOUR, SAME_STRONG_COLOUR, Entrant, Refusal, Rules


def identifier_of(pairs: Sequence[tuple[int, int]]) -> list[int]:
    """Art. 3.6.2: the top members' TPNs (the smaller of each pair) in ascending order, then
    the bottom member of each of those pairs in the same order."""
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    return [t for t, _ in ordered] + [b for _, b in ordered]


def pair_digits(members: Sequence[Entrant], rules: Rules,
                upfloaters: set[int]) -> tuple[list[str], Callable[[Entrant, Entrant], list[int]]]:
    """The pairing criteria of 3.6.4 that apply (``rules.pairing_criteria``, in their order) as
    digits of a pair (TS-4): pairs whose competitors prefer the same colour ([C8]), both
    strongly ([C9]: only when a member's preference is strong), an upfloater's opponent that
    floated in the previous round ([C10]).  Returns their labels and the pair's digits."""
    strong = any(m.wish.strong for m in members)
    applied = [m for m in rules.pairing_criteria if m.kind != SAME_STRONG_COLOUR or strong]

    def digit(kind: str, a: Entrant, b: Entrant) -> int:
        same = a.wish.colour is not None and a.wish.colour == b.wish.colour
        if kind == SAME_COLOUR:
            return 1 if same else 0
        if kind == SAME_STRONG_COLOUR:
            return 1 if same and a.wish.strong and b.wish.strong else 0
        return (a.tpn in upfloaters and b.floated) + (b.tpn in upfloaters and a.floated)

    def cost(a: Entrant, b: Entrant) -> list[int]:
        return [digit(m.kind, a, b) for m in applied]

    return [m.label for m in applied], cost


def first_pairing(graph: Graph, rules: Rules, upfloaters: set[int]
                  ) -> tuple[list[int], list[tuple[int, int]], dict[str, int], list[Refusal]]:
    """Art. 3.6: the first pairing of the bracket (``graph``: its members, TPN ascending) in the order of
    its identifier that complies with [C1] and reaches the least values of the pairing criteria
    (C.04.6: [C8], [C9], [C10]; TS-3).
    Returns the identifier, the pairs (top, bottom) by ascending top, the criteria values and
    the refused values (``rules.record_refusals``).

    The top members first: the first set of tops (sorted lists compared lexicographically)
    is the one of most weight in binary place values by TPN rank, one more digit of the
    matching's cost when it fits, else fixed position by position (a member taken as top
    meets a larger TPN, one skipped a smaller).  Then each top's partner in turn: the
    smallest with which a least-cost pairing remains."""
    members = graph.entrants
    n = graph.n
    edges = graph.edges
    labels, cost = pair_digits(members, rules, upfloaters)
    per_edge = [cost(members[i], members[j]) for i, j in edges]
    natural = _natural_pairing(n, graph, per_edge)
    if natural is not None and not rules.record_refusals:
        pairs = sorted((members[i].tpn, members[j].tpn) for i, j in (edges[e] for e in natural))
        return identifier_of(pairs), pairs, dict.fromkeys(labels, 0), []
    criteria = [{e: c[d] for e, c in enumerate(per_edge) if c[d]} for d in range(len(labels))]
    # the top members (the first sorted list) by one more digit: binary place values by rank
    tops_digit = {e: (1 << n) - (1 << (n - 1 - i)) for e, (i, j) in enumerate(edges)}
    by_digit = not rules.record_refusals and fits(graph, [*criteria, tops_digit])
    try:
        search = MatchingSearch(graph, [*criteria, tops_digit] if by_digit else criteria)
    except NoPairingError:
        raise NoPairingError(f"the bracket {', '.join(str(m.tpn) for m in members)} has no legal pairing ([C1])")
    values = dict(zip(labels, search.best[0]))
    refusals: list[Refusal] = []

    def unless_top(v: int) -> set[int]:
        """The edges to forbid to make v a top member (members are in TPN order)."""
        return {e for e in graph.edges_of[v] if edges[e][0] != v}

    def unless_bottom(v: int) -> set[int]:
        return {e for e in graph.edges_of[v] if edges[e][0] == v}

    if by_digit:
        tops = sorted(edges[e][0] for e in search.best[1])
        search.forbid(set().union(*(unless_top(v) for v in tops),
                                  *(unless_bottom(v) for v in range(n) if v not in set(tops))))
    else:
        last = -1
        for position in range(n // 2):
            want = sorted(edges[e][0] for e in search.best[1])[position]
            for v in range(last + 1, want + 1):
                decision = unless_top(v).union(*(unless_bottom(u) for u in range(last + 1, v)))
                witness = None
                if v != want:
                    found = search.reaches(decision, (v,))
                    if found is None:
                        refusals.append(Refusal(position + 1, members[v].tpn, _why(search, decision)))
                        continue
                    witness = found[1]
                search.forbid(decision, witness)
                last = v
                break
        tops = sorted(edges[e][0] for e in search.best[1])
    # the partners, top by top: a base-B number of the bottoms' ranks (B bottoms), the first
    # top's partner the most significant digit - one more digit of the cost when it fits
    bottoms = [v for v in range(n) if v not in set(tops)]
    place = {t: len(bottoms) ** (len(tops) - 1 - k) for k, t in enumerate(tops)}
    bottom_rank = {b: r for r, b in enumerate(bottoms)}
    partner_digit = {e: bottom_rank[j] * place[i] for e, (i, j) in enumerate(edges) if i in place and j in bottom_rank}
    if not rules.record_refusals and search.fits([partner_digit]):
        search.add(partner_digit)
        tops = []  # every partner is the first: nothing to try
    for position, t in enumerate(tops):
        want = next(edges[e][1] for e in search.best[1] if edges[e][0] == t)
        for e in sorted((e for e in graph.edges_of[t] if edges[e][0] == t and e not in search.forbidden),
                        key=lambda e: edges[e][1]):
            b = edges[e][1]
            if b > want:
                break
            decision = {f for f in graph.edges_of[t] if f != e} | {f for f in graph.edges_of[b] if f != e}
            witness = None
            if b != want:
                found = search.reaches(decision)
                if found is None:
                    if rules.record_refusals:
                        refusals.append(Refusal(n // 2 + position + 1, members[b].tpn, _why(search, decision)))
                    continue
                witness = found[1]
            search.forbid(decision, witness)
            break
    pairs = sorted((members[edges[e][0]].tpn, members[edges[e][1]].tpn) for e in search.best[1])
    return identifier_of(pairs), pairs, values, refusals


def _why(search: MatchingSearch, decision: set[int]) -> str:
    """Why a value was refused: no legal pairing has it, or none with the least criteria."""
    return "illegal" if search.least(decision) is None else "criteria"


def _natural_pairing(n: int, graph: Graph, per_edge: list[list[int]]) -> list[int] | None:
    """The pairing 1 v n/2+1, 2 v n/2+2, ... (by position in TPN order) when it is legal and
    every criterion is 0 on it: the first identifier of all, and optimal."""
    half = n // 2
    chosen = [graph.index.get((i, i + half), -1) for i in range(half)]
    if -1 in chosen or any(any(per_edge[e]) for e in chosen):
        return None
    return chosen
