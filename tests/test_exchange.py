"""Exchanges of pairs around the solution in hand (cpswiss.solver.exchange): exactly the single
exchanges that keep every recorded constraint, checked by enumeration on small graphs."""

import itertools
import random

import pytest
from test_model import random_graph

from cpswiss.solver.exchange import Exchanges
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel


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


def frozen_model(rng: random.Random, low: int, density: float) -> MatchingModel:
    """A random graph's model with the pairs and a 0/1 level frozen, sometimes a pair fixed."""
    n = rng.randint(low, 9)
    edges = random_graph(rng, n, density)
    m = MatchingModel(n, edges)
    m.minimise([Level("pairs", {e: -1 for e in range(len(edges))}),
                Level("colour", {e: rng.choice([0, 0, 1]) for e in range(len(edges))})])
    if rng.random() < 0.5 and m.chosen():
        m.fix(m.chosen()[0], 1)
    return m


@pytest.mark.parametrize("seed", range(40))
def test_candidates_are_the_single_exchanges_that_keep_the_constraints(seed):
    m = frozen_model(random.Random(300 + seed), 3, 0.6)
    edges = m.edges
    removed, added = Exchanges(m).candidates()
    null = len(edges)
    found = {(frozenset(int(e) for e in r if e != null), frozenset(int(e) for e in a if e != null))
             for r, a in zip(removed, added)}
    assert found == single_exchanges(m)


@pytest.mark.parametrize("seed", range(20))
def test_descend_stops_at_the_target_keeping_the_constraints(seed):
    rng = random.Random(400 + seed)
    m = frozen_model(rng, 4, 0.7)
    cost = {e: rng.randint(0, 3) for e in range(len(m.edges))}
    before = sum(cost[e] for e in m.chosen())
    reached = Exchanges(m).descend(cost, 0)
    after = sum(cost[e] for e in m.chosen())
    assert keeps(m, set(m.chosen())) and after <= before
    assert reached == (after <= 0)


@pytest.mark.parametrize("seed", range(30))
def test_give_partner_and_give_unpaired_make_the_best_ranked_single_exchange(seed):
    rng = random.Random(500 + seed)
    m = frozen_model(rng, 3, 0.6)
    exchanges = single_exchanges(m)
    chosen = set(m.chosen())

    def result(rem, add):
        return (chosen - rem) | add

    v = rng.randrange(m.n)
    order = rng.sample(range(m.n), m.n)
    partners = {m.other(e, v) for rem, add in exchanges for e in add if v in m.edges[e]}  # new partners
    expected = min(partners, key=order.index, default=None)
    before = m.solution[:]
    assert Exchanges(m).give_partner(v, order) == expected
    if expected is not None:
        assert m.partner(v) == expected and keeps(m, set(m.chosen()))
    m.solution = before
    paired_before = {w for e in chosen for w in m.edges[e]}
    freed = {w for rem, add in exchanges if len(rem) == 1
             for w in paired_before - {x for e in result(rem, add) for x in m.edges[e]}}
    expected = min(freed, key=order.index, default=None)
    assert Exchanges(m).give_unpaired(order) == expected
    if expected is not None:
        assert m.partner(expected) is None and keeps(m, set(m.chosen()))
