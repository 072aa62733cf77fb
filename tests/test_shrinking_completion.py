"""The completion test asked of fewer and fewer players of a round (ShrinkingCompletion) gives
completable's answers, whether its kept pairing settles the question or not."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cpswiss.api import pair_tournament
from cpswiss.solver.completion import ShrinkingCompletion, completable

SAMPLES = sorted(Path(__file__).parent.glob("data/dutch-2017-sample/*.trf"))[::4]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_shrinking_sets_get_completables_answers(path):
    state = pair_tournament(path, "dutch-2017").state
    players = list(state.to_pair)
    rng = random.Random(path.stem)
    answers = []
    for _ in range(6):
        ask = ShrinkingCompletion(state)
        left = list(players)
        while left:
            answers.append(ask(left))
            assert answers[-1] == completable(left, state)
            # a bracket's worth leaves (most of the top), and now and then one player comes back
            left = left[rng.randint(1, 4):]
            if rng.random() < 0.3:
                left.append(rng.choice(players))
                left = sorted(set(left), key=players.index)
    assert True in answers


def test_a_kept_pairing_that_cannot_be_mended_asks_again():
    state = next(s for s in (pair_tournament(path, "dutch-2017").state for path in SAMPLES)
                 if any(p.opponents for p in s.to_pair))
    players = list(state.to_pair)
    ask = ShrinkingCompletion(state)
    assert ask(players) == completable(players, state)
    # two players whose pairing is barred (a rematch) cannot be completed on their own
    a = next(p for p in players if p.opponents & {q.id for q in players})
    b = next(p for p in players if p.id in a.opponents)
    assert ask([a, b]) is False and completable([a, b], state) is False
