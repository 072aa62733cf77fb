"""The blossom relaxation (cpswiss.solver.blossom): its least costs against every matching of
small random graphs, and its answers in the tie-break against the solver's on the samples."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_model import all_matchings, random_graph

from cpswiss.api import pair_tournament
from cpswiss.solver.blossom import LexicographicMatching
from cpswiss.systems.dutch import tiebreak

SAMPLES = sorted(Path(__file__).parent.glob("data/dutch-20*-sample/*.trf"))


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


def test_the_relaxation_agrees_with_the_solver(monkeypatch):
    """Wherever the tie-break takes the relaxation's answer, the solver gives the same."""
    decided = []
    original = tiebreak.TieBreak.relaxed_partner

    def checked(self, v, allowed):
        answer = original(self, v, allowed)
        if answer is not None:
            decided.append(answer)
            assert self.m.maximise_any(allowed) == answer
        return answer

    monkeypatch.setattr(tiebreak.TieBreak, "relaxed_partner", checked)
    for path in SAMPLES:
        pair_tournament(path, None)
    assert decided.count(False) >= 5 and decided.count(True) >= 1


def test_the_floater_class_answers_agree_with_the_solver(monkeypatch):
    """Wherever a look-ahead class test (can one of these players be the floater?) is
    answered, the solver's answer is the same; the relaxation answers most of them."""
    from cpswiss.systems.dutch import procedure

    answers = []
    original = procedure.some_member_floats

    def checked(m, levels, members, others):
        solves = m.solves
        answer = original(m, levels, members, others)
        answers.append(m.solves == solves)  # decided without the solver
        assert m.feasible_with_all_chosen(others) == answer
        return answer

    monkeypatch.setattr(procedure, "some_member_floats", checked)
    for rules in ("dutch-2017", "dutch-2026"):
        for path in SAMPLES:
            pair_tournament(path, rules)
    assert len(answers) >= 3 and sum(answers) >= len(answers) // 2


def _model_optimum(b, rules, inside=None, paired_inside=None):
    """optimum_given's question answered by the CP-SAT model alone (every level minimised)."""
    from cpswiss.criteria.units import bracket_levels, evaluate
    from cpswiss.solver.model import MatchingModel

    m = MatchingModel(len(b.vertices), b.edges, None)
    if inside is not None:
        for e in b.inside:
            m.fix(e, int(e in set(inside)))
    if paired_inside is not None:
        m.require(b.incident_in_bracket[paired_inside], 1)
    if not m.feasible_with([]):
        return None
    m.minimise([lv for _, group in bracket_levels(b, rules.criteria) for lv in group])
    return evaluate(b, rules.criteria, m.chosen())


@pytest.mark.parametrize("trf", SAMPLES[:6], ids=lambda p: p.stem)
def test_optimum_given_by_the_blossom_algorithm_is_the_models(trf):
    """An explanation's counterfactuals (the rules' pairs fixed; a floater paired inside) are
    answered without a solve; every value equals the CP-SAT model's lexicographic optimum."""
    from cpswiss.systems.dutch.procedure import optimum_given

    result = pair_tournament(trf, "dutch-2017" if "2017" in trf.parent.name else None)
    for record in result.records:
        b = record.bracket
        if len(b.vertices) > 40:
            continue
        assert optimum_given(b, result.rules, inside=record.inside_edges)[0] == \
            _model_optimum(b, result.rules, inside=record.inside_edges)
        for pid in record.downfloaters:
            v = b.vertex_of[pid]
            ours = optimum_given(b, result.rules, paired_inside=v)
            theirs = _model_optimum(b, result.rules, paired_inside=v)
            assert (ours and ours[0]) == theirs
