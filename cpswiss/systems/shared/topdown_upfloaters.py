"""The set of upfloaters of a bracket in the top-down procedure (C.04.6 Art. 3.5, C.04.5 Art. 3.5):
the first set in the order of 3.5.3/3.5.4 among those that comply with [C4]-[C7], in the order
the rule file lists them (readings TS-1, TS-2, TS-3 in ``docs/team-2026.md``), found as
least-cost matchings (:mod:`.topdown_matching`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cpswiss.systems.shared.topdown_matching import Graph, MatchingSearch
from cpswiss.systems.shared.topdown_types import (
    FOLLOWING_SCOREGROUP, REPEATED_FLOATERS, UPFLOATER_SCORES, Entrant, Measure, Refusal, Rules,
)


def choose_upfloaters(graph: Graph, residents: list[int],
                      rules: Rules) -> tuple[list[int], dict[str, int], list[Refusal], bool]:
    """Art. 3.5: the first set of upfloaters (3.5.3/3.5.4 order) among those that comply with
    the set criteria of ``rules`` in their order (C.04.6: [C4] and [C5] (TS-1) over the sets
    whose bracket and rest are legal ([C1], [C3]), then [C6] (TS-2) and [C7] (TS-3)).  Returns
    the set (indexes, 3.5.3 order), the values of the criteria by label ([C4]; [C6] 0 = met;
    [C7]), the refused values, and whether the set empties the following scoregroup.

    In a perfect matching of all the competitors left, the residents' partners outside the
    top-scoregroup are the upfloaters; with the fewest of them ([C4], always first) no two
    upfloaters need meet each other (two that did could stay below, one set smaller), so every
    set is such a matching's residents' partners, and each criterion is a digit of the
    matching's cost, added in the rule file's order."""
    entrants = graph.entrants
    resident_set = set(residents)
    n = graph.n
    fewest = rules.set_criteria[0].label
    lower_scores = sorted({e.score for i, e in enumerate(entrants) if i not in resident_set})
    if not lower_scores:
        return [], {fewest: 0}, [], False
    level_of = [lower_scores.index(e.score) if i not in resident_set else -1 for i, e in enumerate(entrants)]
    cover = None
    if rules.robust_rest and _rest_is_robust(graph, resident_set, level_of, len(lower_scores) - 1):
        graph = _residents_pairs(graph, resident_set)
        cover = resident_set
    up_edges = {e: (j if i in resident_set else i) for e, (i, j) in enumerate(graph.edges)
                if (i in resident_set) != (j in resident_set)}  # edge -> its upfloater

    def upfloaters_of(chosen: Sequence[int]) -> list[int]:
        return [up_edges[e] for e in chosen if e in up_edges]

    search = MatchingSearch(graph, [{e: 1 for e in up_edges}], cover)  # [C4]
    k = search.best[0][0]
    if k == 0:  # the empty set is the only one: the other criteria choose nothing
        return [], {fewest: 0}, [], False
    following = len(lower_scores) - 1
    in_following = [level_of[i] == following for i in range(graph.n)]
    below = [i not in resident_set and 0 <= level_of[i] < following for i in range(graph.n)]
    # the digits of [C6] and [C7] wait (``pending``) to be fixed by one matching with the next
    pending: list[tuple[Measure, dict[int, int], int]] = []
    values_of: dict[str, int] = {fewest: k}
    counts: dict[int, int] = {}

    def fix(extra: Sequence[tuple[dict[int, int], int]] = ()) -> tuple[int, ...]:
        """Add the pending digits (and ``extra``: the order digit) and fix their least values;
        [C6] pass/fail when it cannot be met does not choose (its digit taken out again)."""
        at = len(search.digits)
        values = search.add_all([d for _, d, _ in pending] + [d for d, _ in extra],
                                [b for _, _, b in pending] + [b for _, b in extra])
        for offset in reversed(range(len(pending))):
            measure = pending[offset][0]
            if measure.kind == FOLLOWING_SCOREGROUP:
                met = values[offset] <= 1
                values_of[measure.label] = 0 if met else 1
                if not met and rules.c6 == "pass-fail":
                    search.remove(at + offset)
        for measure, digit, _ in pending:
            if measure.kind == REPEATED_FLOATERS:
                values_of[measure.label] = sum(digit.get(e, 0) for e in search.best[1])
        pending.clear()
        return values

    for measure in rules.set_criteria[1:]:
        if measure.kind == UPFLOATER_SCORES:
            if pending:
                fix()
            counts = _highest_scores(search, up_edges, level_of, k, len(lower_scores))
        elif measure.kind == FOLLOWING_SCOREGROUP:  # TS-2: the following scoregroup's teams paired below it
            digit = {e: 1 for e, (i, j) in enumerate(graph.edges)
                     if (in_following[i] and below[j]) or (in_following[j] and below[i])}
            # its least value: the parity of the teams the set leaves in it (0 before [C5] fixes the set's scores)
            pending.append((measure, digit, (sum(in_following) - counts.get(following, 0)) % 2 if counts else 0))
        else:  # [C7]: upfloaters that floated in the previous round
            pending.append((measure, {e: 1 for e, v in up_edges.items() if entrants[v].floated}, 0))
    # 3.5.3/3.5.4: the candidates of the set's scores, in the order of the lists
    candidates = sorted((i for i in range(n) if level_of[i] in counts), key=lambda i: (-level_of[i], entrants[i].tpn))
    rank = {v: r for r, v in enumerate(candidates)}
    # the first list has the most weight in binary place values by rank (the smallest TPN at
    # the first position where two lists differ belongs to the first)
    order_digit = {e: (1 << len(candidates)) - (1 << (len(candidates) - 1 - rank[v]))
                   for e, v in up_edges.items() if level_of[v] in counts}
    by_digit = not rules.record_refusals and search.fits([*(d for _, d, _ in pending), order_digit])
    # the least the order digit can be: each level's first candidates (a witness that has them
    # needs no matching to be proved first)
    firsts = [v for level, count in counts.items() for v in [c for c in candidates if level_of[c] == level][:count]]
    least_order = sum((1 << len(candidates)) - (1 << (len(candidates) - 1 - rank[v])) for v in firsts)
    fix([(order_digit, least_order)] if by_digit else [])
    refusals: list[Refusal] = []
    if by_digit:
        chosen = sorted(upfloaters_of(search.best[1]), key=lambda i: rank[i])
    else:
        chosen = _first_set_by_positions(search, counts, candidates, level_of, up_edges, refusals)
    emptied = counts.get(following, 0) == sum(in_following)
    return chosen, values_of, refusals, emptied


def _highest_scores(search: MatchingSearch, up_edges: Mapping[int, int], level_of: list[int], k: int,
                    levels: int) -> dict[int, int]:
    """[C5] (TS-1): the upfloaters' scores in ascending order as high as possible - from the
    lowest level up, the highest level the lowest upfloater can have, then as few there; the
    search keeps each level's count as a digit.  Returns level -> upfloaters of that score."""
    fixed: list[int] = []
    remaining = k

    def closed_below(level: int) -> set[int]:
        return {e for e, v in up_edges.items() if level_of[v] < level and level_of[v] not in fixed}

    while remaining > 0:
        in_hand = min(level_of[up_edges[e]] for e in search.best[1]
                      if e in up_edges and level_of[up_edges[e]] not in fixed)
        lo, hi = in_hand, levels - 1  # the highest threshold that reaches the optimum
        probe: int | None = lo + 1  # the usual answer: the level above is out of reach
        while lo < hi:
            mid = probe if probe is not None else (lo + hi + 1) // 2
            probe = None
            found = search.reaches(closed_below(mid))
            if found is not None:
                lo = mid
                search.best = found
            else:
                hi = mid - 1
        search.forbid(closed_below(lo))
        fixed.append(lo)
        remaining -= search.add({e: 1 for e, v in up_edges.items() if level_of[v] == lo}, lower_bound=1)
    counts: dict[int, int] = {}
    for e in search.best[1]:
        if e in up_edges:
            counts[level_of[up_edges[e]]] = counts.get(level_of[up_edges[e]], 0) + 1
    return counts


def _rest_is_robust(graph: Graph, resident_set: set[int], level_of: list[int], following: int) -> bool:
    """Whether every set of at most |residents| upfloaters leaves the rest pairable ([C3]) with
    [C6] met, by Dirac's theorem (a graph on m >= 3 vertices whose every degree is at least m/2
    has a Hamiltonian cycle, so a perfect matching when m is even): with L the teams below the
    residents, N the following scoregroup and D the teams below it, k the residents' number,
    every degree in L at least (|L| + k + 2)/2, in N at least (|N| + k + 2)/2 with k + 2
    neighbours in D, in D at least (|D| + k + 2)/2.  Then after any k upfloaters N' (with one
    team of D when odd) and the rest of D pair among themselves: [C3] holds and [C6] is met
    (at its parity minimum) whatever the set, and the set can be chosen on the residents'
    pairs alone (:func:`_residents_pairs`)."""
    k = len(resident_set)
    lower = [v for v in range(graph.n) if v not in resident_set]
    in_n = [v not in resident_set and level_of[v] == following for v in range(graph.n)]
    size_n = sum(in_n)
    size_d = len(lower) - size_n
    deg_l, deg_n, deg_d, to_d = [0] * graph.n, [0] * graph.n, [0] * graph.n, [0] * graph.n
    for i, j in graph.edges:
        if i in resident_set or j in resident_set:
            continue
        deg_l[i] += 1
        deg_l[j] += 1
        if in_n[i] and in_n[j]:
            deg_n[i] += 1
            deg_n[j] += 1
        elif not in_n[i] and not in_n[j]:
            deg_d[i] += 1
            deg_d[j] += 1
        else:
            to_d[i if in_n[i] else j] += 1
    if any(2 * deg_l[v] < len(lower) + k + 2 for v in lower):
        return False
    if size_d == 0:
        return True  # the following scoregroup is the last: nothing below to pair with
    return (all(2 * deg_n[v] >= size_n + k + 2 and to_d[v] >= k + 2 for v in lower if in_n[v])
            and all(2 * deg_d[v] >= size_d + k + 2 for v in lower if not in_n[v]))


def _residents_pairs(graph: Graph, resident_set: set[int]) -> Graph:
    """The graph of the residents' pairs only (among themselves and with the teams below): its
    matchings that pair every resident are the residents' pairings with any upfloaters, which
    is all the choice of the set depends on when the rest is robust (:func:`_rest_is_robust`)."""
    return Graph(graph.entrants, [(i, j) for i, j in graph.edges if i in resident_set or j in resident_set])


def _first_set_by_positions(search: MatchingSearch, counts: Mapping[int, int], candidates: list[int], level_of: list[int],
                            up_edges: Mapping[int, int], refusals: list[Refusal]) -> list[int]:
    """3.5.4 position by position: at each, the smallest TPN of the position's score with
    which a matching still reaches the optimum; the values before it refused and recorded."""
    graph = search.graph
    entrants = graph.entrants
    chosen: list[int] = []
    for level in sorted(counts, reverse=True):
        at_level = [i for i in candidates if level_of[i] == level]
        start = 0
        for _ in range(counts[level]):
            in_hand = {up_edges[e] for e in search.best[1] if e in up_edges}
            want = next(pos for pos in range(start, len(at_level)) if at_level[pos] in in_hand)
            for pos in range(start, want + 1):
                v = at_level[pos]
                decision = {e for e in graph.edges_of[v] if e not in up_edges}
                decision |= {e for u in at_level[start:pos] for e in graph.edges_of[u] if e in up_edges}
                witness = None
                if pos != want:
                    found = search.reaches(decision, (v,))
                    if found is None:
                        legal = search.least(decision, (v,)) is not None
                        refusals.append(Refusal(len(chosen) + 1, entrants[v].tpn, "criteria" if legal else "illegal"))
                        continue
                    witness = found[1]
                search.forbid(decision, witness, (v,))
                chosen.append(v)
                start = pos + 1
                break
    return chosen


def upfloater_set_order(sets: Sequence[Sequence[Entrant]]) -> list[list[int]]:
    """Art. 3.5.3/3.5.4 on sets given whole: each listed by score descending then TPN
    ascending, the lists in lexicographic order of their TPNs (the order the procedure walks
    position by position without listing the sets)."""
    listed = [[e.tpn for e in sorted(s, key=lambda e: (-e.score, e.tpn))] for s in sets]
    return sorted(listed)
