"""Exchanges of pairs around the solution in hand (cpswiss.exchange): exactly the single
exchanges that keep every recorded constraint, checked by enumeration on small graphs."""

import itertools
import random

import pytest

from cpswiss.criteria import Level
from cpswiss.exchange import Exchanges
from cpswiss.model import MatchingModel
from test_model import random_graph


def keeps(m: MatchingModel, chosen: set[int]) -> bool:
    return all(sum(c for e, c in coef.items() if e in chosen) == value for coef, value in m.constraints)


def single_exchanges(m: MatchingModel) -> set[tuple[frozenset, frozenset]]:
    """By enumeration: two pairs swapped, or an unpaired player taking one end of a pair."""
    edge_of = {edge: e for e, edge in enumerate(m.edges)}
    chosen = m.chosen()
    paired = {v for e in chosen for v in m.edges[e]}
    out = set()

    def edge(i, j):
        return edge_of.get((min(i, j), max(i, j)))

    for e, f in itertools.combinations(chosen, 2):
        (a, b), (c, d) = m.edges[e], m.edges[f]
        for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
            g, h = edge(*x), edge(*y)
            if g is not None and h is not None:
                out.add((frozenset([e, f]), frozenset([g, h])))
    for v in range(m.n):
        if v not in paired:
            for e in chosen:
                for end in m.edges[e]:
                    g = edge(v, end)
                    if g is not None:
                        out.add((frozenset([e]), frozenset([g])))
    return {(rem, add) for rem, add in out if keeps(m, (set(chosen) - rem) | add)}


@pytest.mark.parametrize("seed", range(40))
def test_candidates_are_the_single_exchanges_that_keep_the_constraints(seed):
    rng = random.Random(300 + seed)
    n = rng.randint(3, 9)
    edges = random_graph(rng, n, 0.6)
    m = MatchingModel(n, edges)
    m.minimise([Level("pairs", {e: -1 for e in range(len(edges))}),
                Level("colour", {e: rng.choice([0, 0, 1]) for e in range(len(edges))})])
    if rng.random() < 0.5 and m.chosen():
        m.fix(m.chosen()[0], 1)
    removed, added = Exchanges(m).candidates()
    null = len(edges)
    found = {(frozenset(int(e) for e in r if e != null), frozenset(int(e) for e in a if e != null))
             for r, a in zip(removed, added)}
    assert found == single_exchanges(m)


@pytest.mark.parametrize("seed", range(20))
def test_descend_stops_at_the_target_keeping_the_constraints(seed):
    rng = random.Random(400 + seed)
    n = rng.randint(4, 9)
    edges = random_graph(rng, n, 0.7)
    m = MatchingModel(n, edges)
    m.minimise([Level("pairs", {e: -1 for e in range(len(edges))})])
    cost = {e: rng.randint(0, 3) for e in range(len(edges))}
    before = sum(cost[e] for e in m.chosen())
    reached = Exchanges(m).descend(cost, 0)
    after = sum(cost[e] for e in m.chosen())
    assert keeps(m, set(m.chosen())) and after <= before
    assert reached == (after <= 0)
