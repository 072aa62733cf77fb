"""The completion test asked of fewer and fewer players of a round (ShrinkingCompletion) gives
completable's answers, whether its kept pairing settles the question or not."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cpswiss.api import pair_tournament
from cpswiss.solver.completion import (AllBut, ShrinkingCompletion, bye_candidate, complete_matching, completable,
                                      exchanged_in)
from cpswiss.solver.matchings import pairs_in_order
from cpswiss.tournament.compatibility import barred_later

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



def test_exchanges_after_the_greedy_pairing_give_the_matchings_answers():
    """complete_pairing: where the pairing in order leaves players unpaired, the exchanges that
    complete it (exchanged_in) agree with the maximum matching on every pair, and what they
    return is a complete pairing of allowed pairs; completable gives the matching's answer."""
    tried = exchanged = 0
    for path in sorted(Path(__file__).parent.glob("data/dutch-2017-sample/*.trf")):
        state = pair_tournament(path, "dutch-2017").state
        players = list(state.to_pair)
        rng = random.Random(path.stem)
        for _ in range(40):
            some = rng.sample(players, rng.randint(2, len(players)))
            n, barred, left_out = len(some), barred_later(some, state), bye_candidate(some, state)
            in_order = pairs_in_order(n, [AllBut(few) for few in barred], left_out)
            if (n % 2 and not left_out) or 2 * len(in_order) >= n - 1:
                continue  # no bye to give, or the pairing in order settles it
            tried += 1
            found = exchanged_in(n, in_order, barred, left_out)
            takers = [i for i in range(n) if state.may_take_pab(some[i])]
            exact = complete_matching(n, [(i, j) for i in range(n) for j in range(i + 1, n) if j not in barred[i]],
                                      takers)
            if found is not None:
                exchanged += 1
                assert exact is not None and len(found) == n // 2
                assert all(j not in barred[i] for i, j in found)
                assert len({v for pair in found for v in pair} | left_out) == n
            assert completable(some, state) == (exact is not None)
    assert tried > exchanged > 0
