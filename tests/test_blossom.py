"""The blossom relaxation (cpswiss.solver.blossom): its least costs against every matching of
small random graphs, and its answers in the tie-break against the solver's on the samples."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_model import all_matchings, random_graph

from cpswiss.api import pair_tournament
from cpswiss.solver.answers import observing
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.solver.levels import Level
from cpswiss.solver.model import MatchingModel
from cpswiss.solver.settings import SolverSettings

SAMPLES = sorted(Path(__file__).parent.glob("data/dutch-20*-sample/*.trf"))
# the model's proofs on every bracket, the small ones too (cpswiss.systems.dutch.small pairs
# them without it otherwise)
ON_MODEL = SolverSettings(small_brackets_on_model=True)


@pytest.mark.parametrize("seed", range(60))
def test_least_pairing_is_the_lexicographic_minimum(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    edges = random_graph(rng, n, rng.choice([0.3, 0.6, 0.9]))
    if not edges:
        return
    levels = [{e: rng.choice([-2, -1, 0, 0, 1, 3]) for e in range(len(edges))} for _ in range(rng.randint(1, 3))]
    relax = LexicographicMatching(n, edges, levels)
    v = rng.randrange(n)
    allowed = {e for e, (i, j) in enumerate(edges) if v in (i, j) and rng.random() < 0.7}
    excluded = {e for e in range(len(edges)) if e not in allowed and rng.random() < 0.2}
    candidates = [m for m in all_matchings(n, edges)
                  if any(e in allowed for e in m) and not any(e in excluded for e in m)
                  and not any(v in edges[e] and e not in allowed for e in m)]
    found = relax.least_pairing(v, allowed, excluded)
    if not candidates:
        assert found is None
        return
    best = min(tuple(sum(level.get(e, 0) for e in m) for level in levels) for m in candidates)
    cost, chosen = found
    assert tuple(sum(level.get(e, 0) for e in chosen) for level in levels) == best
    assert cost == relax.value(chosen)


def test_the_relaxation_agrees_with_the_solver():
    """Wherever the tie-break takes the relaxation's answer (TieBreak.relaxed_partner), the
    solver gives the same."""
    decided = []

    def check(question, asked, answer):
        if question == "relaxed partner":
            tie, v, allowed = asked
            decided.append(answer)
            assert tie.m.maximise_any(allowed) == answer

    with observing(check):
        for path in SAMPLES:
            pair_tournament(path, None, settings=ON_MODEL)
    assert decided.count(False) >= 5 and decided.count(True) >= 1


def test_the_tie_breaks_questions_settled_on_every_sum_on_record_agree_with_the_solver():
    """Wherever the tie-break's D.2 question (is there a solution without this player's
    edges?) is settled by the relaxation on every sum on record
    (MatchingModel.feasible_without_by_blossom), the solver gives the same answer; on the
    samples it settles some that the frozen levels alone leave to the solver."""
    decided = []

    def check(question, asked, answer):
        if question == "feasible without":
            m, banned = asked
            decided.append(answer)
            assert m.feasible_with([(e, 0) for e in banned]) == answer

    with observing(check):
        for rules in ("dutch-2017", "dutch-2026"):
            for path in SAMPLES:
                pair_tournament(path, rules, settings=ON_MODEL)
    assert decided.count(False) >= 2


def test_the_floater_class_answers_agree_with_the_solver():
    """Wherever a look-ahead class test (can one of these players be the floater?) is
    answered, the solver's answer is the same; the relaxation answers most of them."""
    answers = []

    def check(question, asked, answer):
        if question == "some member floats":
            m, others, by_relaxation = asked
            answers.append(by_relaxation)  # decided without the solver
            assert m.feasible_with_all_chosen(others) == answer

    with observing(check):
        for rules in ("dutch-2017", "dutch-2026"):
            for path in SAMPLES:
                pair_tournament(path, rules, settings=ON_MODEL)
    assert len(answers) >= 3 and sum(answers) >= len(answers) // 2


def _model_optimum(b, rules, inside=None, paired_inside=None):
    """optimum_given's question answered by the CP-SAT model alone (every level minimised)."""
    from cpswiss.systems.dutch.units import BRACKET_UNITS
    from cpswiss.systems.shared.units import bracket_levels, evaluate
    from cpswiss.solver.model import MatchingModel

    m = MatchingModel(len(b.vertices), b.edges, None)
    if inside is not None:
        for e in b.inside:
            m.fix(e, int(e in set(inside)))
    if paired_inside is not None:
        m.require(b.incident_in_bracket[paired_inside], 1)
    if not m.feasible_with([]):
        return None
    m.minimise([lv for _, group in bracket_levels(b, rules.criteria, BRACKET_UNITS) for lv in group])
    return evaluate(b, rules.criteria, BRACKET_UNITS, m.chosen())


@pytest.mark.parametrize("trf", SAMPLES[:6], ids=lambda p: p.stem)
def test_optimum_given_by_the_blossom_algorithm_is_the_models(trf):
    """An explanation's counterfactuals (the rules' pairs fixed; a floater paired inside) are
    answered without a solve; every value equals the CP-SAT model's lexicographic optimum."""
    from cpswiss.systems.dutch.units import BRACKET_UNITS
    from cpswiss.systems.shared.valuation import optimum_given

    result = pair_tournament(trf, "dutch-2017" if "2017" in trf.parent.name else None)
    for record in result.records:
        b = record.bracket
        if len(b.vertices) > 40:
            continue
        assert optimum_given(b, result.rules, BRACKET_UNITS, inside=record.inside_edges)[0] == \
            _model_optimum(b, result.rules, inside=record.inside_edges)
        for pid in record.downfloaters:
            v = b.vertex_of[pid]
            ours = optimum_given(b, result.rules, BRACKET_UNITS, paired_inside=v)
            theirs = _model_optimum(b, result.rules, paired_inside=v)
            assert (ours and ours[0]) == theirs


def _four_players(level_of_1_2: int) -> MatchingModel:
    """Four players, every pair an edge; two pairs frozen (weights -1, value -2) and a sum
    frozen at the value of the solution in hand 0-1, 2-3 (2; 0-3 with 1-2 costs 3 +
    ``level_of_1_2``, 0-2 with 1-3 costs 4)."""
    edges = [(0, 1), (2, 3), (0, 2), (1, 3), (0, 3), (1, 2)]
    m = MatchingModel(4, edges)
    m.start_from([0, 1])
    m.constrain(dict.fromkeys(range(6), -1), -2)
    m.constrain({0: 1, 1: 1, 2: 2, 3: 2, 4: 3, 5: level_of_1_2}, 2)
    return m


def test_a_solution_without_edges_is_proven_absent_or_found_without_a_solve():
    """MatchingModel.feasible_without_by_blossom: without 0-1 the least of the relaxation
    costs more than the solution in hand (no), or the same and is a solution (yes, kept); the
    CP-SAT model, asked after, gives the same answers."""
    m = _four_players(level_of_1_2=1)
    assert m.feasible_without_by_blossom({0}) is False
    assert m.solves == 0 and sorted(m.chosen()) == [0, 1]
    assert m.feasible_with([(0, 0)]) is False
    m = _four_players(level_of_1_2=-1)
    assert m.feasible_without_by_blossom({0}) is True
    assert m.solves == 0 and sorted(m.chosen()) == [4, 5]
    assert m.feasible_with([(0, 0)]) is True


@st.composite
def small_models(draw):
    """A small matching model with a solution in hand (random graph; levels minimised and
    frozen; then equalities on record that the solution in hand meets: a random sum at its
    value, players required paired or not, edges fixed) and a set of edges to ban."""
    n = draw(st.integers(3, 7))
    edges = [(i, j) for j in range(n) for i in range(j) if draw(st.booleans())]
    assume(edges)
    weights = st.integers(-2, 3)
    levels = [Level(f"level {k}", {e: draw(weights) for e in range(len(edges))})
              for k in range(draw(st.integers(1, 3)))]
    m = MatchingModel(n, edges)
    m.minimise(levels)
    chosen = set(m.chosen())
    if draw(st.booleans()):
        coef = {e: draw(weights) for e in range(len(edges))}
        m.constrain(coef, sum(c for e, c in coef.items() if e in chosen))
    for v in draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True)):
        m.require(m.incident[v], int(any(e in chosen for e in m.incident[v])))
    for e in draw(st.lists(st.integers(0, len(edges) - 1), max_size=2, unique=True)):
        m.fix(e, int(e in chosen))
    banned = set(draw(st.lists(st.integers(0, len(edges) - 1), min_size=1, max_size=3, unique=True)))
    return m, banned


@given(small_models())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_feasible_without_by_blossom_answers_as_the_solver(case):
    """Wherever the blossom relaxation answers "is there a solution without these edges?",
    the answer is every matching's and the CP-SAT model's; a yes keeps a solution without them."""
    m, banned = case
    truth = any(not banned & set(mt) and all(sum(c for e, c in coef.items() if e in mt) == value
                                             for coef, value in m.constraints)
                for mt in all_matchings(m.n, m.edges))
    answer = m.feasible_without_by_blossom(banned)
    if answer is not None:
        assert answer == truth
    if answer:
        assert not banned & set(m.chosen()) and m.adopt_if_solution(m.chosen())
    assert m.feasible_with([(e, 0) for e in banned]) == truth
