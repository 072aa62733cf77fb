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


def descend_by_passes(m: MatchingModel, cost: dict[int, int], target: int) -> bool:
    """The descent by its definition: a pass over every single exchange that keeps the
    constraints (:meth:`Exchanges.candidates`, in their order) at each step, making the first
    of those that gain most."""
    value = sum(cost.get(e, 0) for e in m.chosen())
    for _ in range(m.n):
        if value <= target:
            return True
        exchanges = Exchanges(m)
        null = exchanges.null
        removed, added = exchanges.candidates()
        gains = [sum(cost.get(e, 0) for e in into if e != null) - sum(cost.get(e, 0) for e in out if e != null)
                 for out, into in zip(removed, added)]
        if not gains or min(gains) >= 0:
            return False
        row = gains.index(min(gains))
        m.exchange_in_solution([e for e in removed[row] if e != null], [e for e in added[row] if e != null])
        value += gains[row]
    return value <= target


@pytest.mark.parametrize("seed", range(40))
def test_descend_makes_the_exchanges_a_pass_at_each_step_would_make(seed):
    """Many steps on graphs of up to 31 players, from a random maximal matching (so often with
    unpaired players) whose number of pairs is kept, and sometimes a 0/1 level kept at its value:
    the solution reached is the one a full pass at each step reaches, exchange for exchange."""
    rng = random.Random(700 + seed)
    n = rng.randint(12, 31)
    edges = random_graph(rng, n, rng.choice([0.2, 0.5, 0.9]))
    m = MatchingModel(n, edges)
    taken: set[int] = set()
    matching = []
    for e in rng.sample(range(len(edges)), len(edges)):
        if not taken & set(edges[e]):
            taken.update(edges[e])
            matching.append(e)
    m.start_from(matching)
    m.constrain(dict.fromkeys(range(len(edges)), 1), len(matching))
    if rng.random() < 0.5:
        level = {e: 1 for e in range(len(edges)) if rng.random() < 0.3}
        m.constrain(level, sum(1 for e in matching if e in level))
    cost = {e: rng.choice([0, 0, 1, 2, 5]) for e in range(len(edges))}
    target = rng.choice([0, 1, 3])
    start = m.solution[:]
    expected = descend_by_passes(m, cost, target)
    expected_solution = m.solution[:]
    m.solution = start
    assert Exchanges(m).descend(cost, target) == expected
    assert m.solution == expected_solution


def fresh_packing(m: MatchingModel) -> list[int]:
    """The signatures of every constraint on record packed afresh (the base from all of them)."""
    largest = max((max(map(abs, coef.values()), default=0) for coef, _ in m.constraints), default=0)
    base, weight, signature = 8 * largest + 2, 1, [0] * (len(m.edges) + 1)
    for coef, _ in m.constraints:
        for e, c in coef.items():
            signature[e] += c * weight
        weight *= base
    return signature


@pytest.mark.parametrize("seed", range(6))
def test_signatures_kept_on_the_model_are_those_packed_afresh(seed):
    rng = random.Random(seed)
    edges = random_graph(rng, 10, 0.6)
    m = MatchingModel(10, edges)
    seen = []
    for step in range(5):
        # a constraint of small coefficients, then (step 3) one that needs a larger base
        spread = 9 if step == 3 else 2
        coef = {e: rng.randint(-spread, spread) for e in range(len(edges)) if rng.random() < 0.5}
        m.constrain(coef, 0)
        exchanges = Exchanges(m)
        assert exchanges.signature == fresh_packing(m)
        assert Exchanges(m).signature is exchanges.signature  # no constraint since: the same list
        seen.append((exchanges.signature, list(exchanges.signature)))
    # a list handed out is never changed by a later constraint
    assert all(handed == copy for handed, copy in seen)
    assert m.signature_packing is not None and m.signature_packing.packed == 5
