"""The shared top-down procedure (C.04.6 Art. 3.3-3.6) on competitors: the text's examples
and small brackets whose answers follow from the articles."""

from __future__ import annotations

import itertools
from typing import Literal

import pytest

from cpswiss.errors import NoPairingError
from cpswiss.systems.shared.topdown import (
    Entrant, Rules, Wish, allowed_pairs, choose_bye, first_pairing, identifier_of, pair_round, upfloater_set_order,
)
from cpswiss.systems.shared.topdown_types import (
    C04_6_PAIRING_CRITERIA, C04_6_SET_CRITERIA, FLOATER_OPPONENTS, FOLLOWING_SCOREGROUP, REPEATED_FLOATERS,
    SAME_COLOUR, SAME_STRONG_COLOUR, UPFLOATER_SCORES, UPFLOATERS,
)


def rules_of(float_criteria: bool = True, c6: Literal["pass-fail", "graded"] = "pass-fail", record_refusals: bool = False,
             robust_rest: bool = True) -> Rules:
    """C.04.6's criteria, [C7] and [C10] left out when they lapse (the last two rounds)."""
    keep = (lambda m: True) if float_criteria else (lambda m: m.label not in ("[C7]", "[C10]"))
    return Rules(tuple(filter(keep, C04_6_SET_CRITERIA)), tuple(filter(keep, C04_6_PAIRING_CRITERIA)),
                 c6=c6, record_refusals=record_refusals, robust_rest=robust_rest)


def everyone(a: int, b: int) -> bool:
    return True


def except_pairs(*pairs: tuple[int, int]):
    barred = {frozenset(p) for p in pairs}
    return lambda a, b: frozenset((a, b)) not in barred


def test_identifier_of_the_text_example_3_6_2():
    assert identifier_of([(11, 24), (16, 6), (10, 9), (8, 4)]) == [4, 6, 9, 11, 8, 16, 10, 24]


def test_set_order_of_the_text_example_3_5_4():
    three = [Entrant(t, 3.0) for t in (2, 6, 8)]
    two_and_half = [Entrant(t, 2.5) for t in (1, 3, 5)]
    sets = [list(pair) + [single] for pair in itertools.combinations(three, 2) for single in two_and_half]
    order = upfloater_set_order(sets)
    assert order[:4] == [[2, 6, 1], [2, 6, 3], [2, 6, 5], [2, 8, 1]]
    assert order[-1] == [6, 8, 5] and len(order) == 9


def test_the_procedure_takes_the_first_set_of_3_5_4():
    # 10, 11, 12 (4 points) have met each other: three upfloaters.  20 may meet only the
    # 3-pointers, so one of 2, 6, 8 must stay below: two 3-pointers and one 2.5-pointer
    # float ([C4], [C5]), and the first such set in the order of 3.5.4 is {2, 6, 1}
    field = [Entrant(t, 4.0) for t in (10, 11, 12)] + [Entrant(t, 3.0) for t in (2, 6, 8)]
    field += [Entrant(t, 2.5) for t in (1, 3, 5)] + [Entrant(20, 1.0)]
    barred = [(10, 11), (10, 12), (11, 12)] + [(20, t) for t in (10, 11, 12, 1, 3, 5)]
    plan = pair_round(field, except_pairs(*barred))
    first = plan.brackets[0]
    assert first.residents == [10, 11, 12]
    assert first.upfloaters == [2, 6, 1]
    assert first.set_values == {"[C4]": 3, "[C6]": 0, "[C7]": 0}
    assert (8, 20) in plan.pairs


def test_round_one_pairs_top_half_against_bottom_half():
    plan = pair_round([Entrant(t, 0.0) for t in range(1, 9)], everyone)
    assert plan.bye is None
    assert plan.brackets[0].pairs == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert plan.brackets[0].identifier == [1, 2, 3, 4, 5, 6, 7, 8]


def test_a_barred_pair_moves_the_identifier_to_the_next():
    plan = pair_round([Entrant(t, 0.0) for t in range(1, 7)], except_pairs((1, 4)), Rules(record_refusals=True))
    # 1-4 barred: the tops stay 1, 2, 3; 1 takes 5, then 2-4, 3-6
    assert plan.brackets[0].pairs == [(1, 5), (2, 4), (3, 6)]
    refusal = plan.brackets[0].pairing_refusals
    assert [(r.position, r.tpn, r.why) for r in refusal] == []  # 4 is not 1's option at all


def test_colour_preferences_choose_among_pairings_c8():
    wishes = {1: "W", 2: "B", 3: "W", 4: "B"}
    field = [Entrant(t, 1.0, matches=1, wish=Wish(wishes[t])) for t in range(1, 5)]
    plan = pair_round(field, everyone, rules_of(float_criteria=False, record_refusals=True))
    # 1-3 (both W) would leave one preference unmet: 1-4? identifier 1 2 | 3 4 is 1-3, 2-4: both clash;
    # 1 2 | 4 3 (1-4, 2-3) meets all, and comes before 1 3 | 2 4 (1-2, 3-4)
    assert plan.brackets[0].pairs == [(1, 4), (2, 3)]
    assert plan.brackets[0].pairing_values["[C8]"] == 0
    assert [(r.position, r.tpn, r.why) for r in plan.brackets[0].pairing_refusals] == [(3, 3, "criteria")]


def test_upfloater_with_highest_score_then_smallest_tpn():
    field = [Entrant(1, 3.0), Entrant(2, 3.0), Entrant(3, 3.0), Entrant(4, 2.0), Entrant(5, 2.0),
             Entrant(6, 1.0), Entrant(7, 1.0), Entrant(8, 1.0)]
    plan = pair_round(field, except_pairs((1, 4), (2, 4), (3, 4)), Rules(record_refusals=True))
    top = plan.brackets[0]
    assert top.residents == [1, 2, 3]
    assert top.upfloaters == [5]
    assert [(r.tpn, r.why) for r in top.set_refusals] == [(4, "illegal")]


def test_c3_can_make_a_lower_upfloater():
    # 5 may meet only 4: 4 must stay below to pair 5, so the 3-pointers take 6 (1 point)
    field = [Entrant(1, 3.0), Entrant(2, 3.0), Entrant(3, 3.0), Entrant(4, 2.0), Entrant(5, 2.0),
             Entrant(6, 1.0)]
    plan = pair_round(field, except_pairs((5, 1), (5, 2), (5, 3), (5, 6)))
    assert plan.brackets[0].upfloaters == [6]
    assert [b.pairs for b in plan.brackets][1] == [(4, 5)]


def test_bye_goes_to_lowest_score_then_most_matches_then_largest_tpn():
    field = [Entrant(1, 2.0, 2), Entrant(2, 1.0, 1), Entrant(3, 1.0, 2), Entrant(4, 1.0, 2), Entrant(5, 3.0, 2)]
    assert choose_bye(field, allowed_pairs(field, everyone)).tpn == 4
    barred = [Entrant(1, 2.0, 2), Entrant(2, 1.0, 1), Entrant(3, 1.0, 2), Entrant(4, 1.0, 2, may_take_bye=False),
              Entrant(5, 3.0, 2)]
    bye = choose_bye(barred, allowed_pairs(barred, everyone))
    assert (bye.tpn, bye.barred) == (3, [4])


def test_bye_passes_over_a_team_whose_removal_leaves_no_pairing():
    field = [Entrant(t, 1.0) for t in range(1, 4)]
    bye = choose_bye(field, allowed_pairs(field, except_pairs((1, 2))))
    assert (bye.tpn, bye.passed_over) == (2, [3])
    bye = choose_bye(field, allowed_pairs(field, except_pairs((1, 2), (1, 3))))
    assert (bye.tpn, bye.passed_over) == (1, [3, 2])


def test_no_legal_pairing_is_reported():
    with pytest.raises(NoPairingError):
        pair_round([Entrant(t, 0.0) for t in range(1, 5)], except_pairs((1, 2), (1, 3), (1, 4)))


# --- the procedure against its definition, by enumeration on small fields -------------------


def _matchings(items: list[int], ok) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    found = []
    for k, other in enumerate(rest):
        if ok(first, other):
            for tail in _matchings(rest[:k] + rest[k + 1:], ok):
                found.append([(first, other)] + tail)
    return found


def _by_definition(field: list[Entrant], ok, rules: Rules) -> list[list[int]]:
    """Every bracket's (upfloaters, identifier) by enumerating sets and pairings (Art. 3.5,
    3.6 with the readings TS-1..TS-4), the criteria of ``rules`` applied in their order."""
    by_tpn = {e.tpn: e for e in field}
    left = sorted(field, key=lambda e: (-e.score, e.tpn))
    answer = []
    while left:
        top = left[0].score
        residents = [e.tpn for e in left if e.score == top]
        lower = [e.tpn for e in left if e.score != top]
        following = max((by_tpn[t].score for t in lower), default=None)
        candidates = []
        for size in range(len(lower) + 1):
            for ups in itertools.combinations(lower, size):
                bracket = sorted(residents + list(ups))
                rest = sorted(set(lower) - set(ups))
                if not _matchings(bracket, ok) or not _matchings(rest, ok):
                    continue
                profile = tuple(sorted(by_tpn[t].score for t in ups))
                n_rest = [t for t in rest if by_tpn[t].score == following]
                c6 = min(sum(1 for a, b in m if (a in n_rest) != (b in n_rest)) for m in _matchings(rest, ok))
                c7 = sum(by_tpn[t].floated for t in ups)
                listed = [t for t in sorted(ups, key=lambda t: (-by_tpn[t].score, t))]
                values = {UPFLOATERS: size, UPFLOATER_SCORES: tuple(-s for s in profile),
                          FOLLOWING_SCOREGROUP: c6, REPEATED_FLOATERS: c7}
                candidates.append((values, listed, bracket))
        for m in rules.set_criteria:
            least = min(c[0][m.kind] for c in candidates)
            if m.kind != FOLLOWING_SCOREGROUP or least <= 1 or rules.c6 == "graded":
                candidates = [c for c in candidates if c[0][m.kind] == least]
        chosen = min(candidates, key=lambda c: c[1])
        ups, bracket = set(chosen[1]), chosen[2]
        scored = []
        for pairing in _matchings(bracket, ok):
            counts = dict.fromkeys((SAME_COLOUR, SAME_STRONG_COLOUR, FLOATER_OPPONENTS), 0)
            for a, b in pairing:
                wa, wb = by_tpn[a].wish, by_tpn[b].wish
                same = wa.colour is not None and wa.colour == wb.colour
                counts[SAME_COLOUR] += same
                counts[SAME_STRONG_COLOUR] += same and wa.strong and wb.strong
                counts[FLOATER_OPPONENTS] += (a in ups and by_tpn[b].floated) + (b in ups and by_tpn[a].floated)
            scored.append((tuple(counts[m.kind] for m in rules.pairing_criteria), identifier_of(pairing)))
        answer.append([*chosen[1], 0, *min(scored)[1]])
        left = [e for e in left if e.tpn not in set(bracket)]
    return answer


def _random_field(rng, floated_rate: float, density: float):
    """A small random field (6-10 entrants, scores, wishes, floats) and a [C1] predicate barring
    about ``density`` of the pairs."""
    n = rng.choice([6, 8, 8, 10])
    scores = [rng.choice([0.0, 1.0, 1.5, 2.0, 3.0]) for _ in range(n)]
    wishes = [Wish(rng.choice([None, "W", "B"]), rng.random() < 0.3) for _ in range(n)]
    field = [Entrant(t + 1, scores[t], floated=rng.random() < floated_rate, wish=wishes[t]) for t in range(n)]
    barred = {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2) if rng.random() < density}
    return field, (lambda a, b: frozenset((a, b)) not in barred)


def _meets_the_definition(field, ok, rules, proving) -> None:
    """The procedure's choice is the enumeration's (:func:`_by_definition`), and the same when it
    records what it rules out (``proving``: the rules with ``record_refusals``); no pairing only
    where no matching exists."""
    try:
        plan = pair_round(field, ok, rules)
    except NoPairingError:
        assert not _matchings([e.tpn for e in field], ok)
        return
    got = [[*b.upfloaters, 0, *b.identifier] for b in plan.brackets]
    assert got == _by_definition(field, ok, rules)
    proved = pair_round(field, ok, proving)
    assert [[*b.upfloaters, 0, *b.identifier] for b in proved.brackets] == got


@pytest.mark.parametrize("seed", range(60))
def test_the_procedure_meets_its_definition_on_random_small_fields(seed):
    import random

    rng = random.Random(seed)
    # sparse and nearly complete graphs (the robust rest)
    field, ok = _random_field(rng, floated_rate=0.3, density=0.3 if seed % 2 else 0.02)
    float_criteria = rng.random() < 0.6
    rules = rules_of(float_criteria, c6=rng.choice(["pass-fail", "graded"]))
    _meets_the_definition(field, ok, rules, rules_of(float_criteria, rules.c6, record_refusals=True))


@pytest.mark.parametrize("seed", range(60))
def test_criteria_dropped_and_reordered_meet_the_definition_in_their_order(seed):
    """A rule file's list (TS-11): [C4] first, then [C5], [C6], [C7] in any order ([C6], [C7]
    maybe dropped), and any subset of [C8]-[C10] in any order - the procedure's choice is the
    enumeration's, by digits and position by position."""
    import random

    rng = random.Random(1000 + seed)
    field, ok = _random_field(rng, floated_rate=0.5, density=0.2)
    later = [m for m in C04_6_SET_CRITERIA[1:] if m.kind == UPFLOATER_SCORES or rng.random() < 0.7]
    pairing = [m for m in C04_6_PAIRING_CRITERIA if rng.random() < 0.7]
    rng.shuffle(later)
    rng.shuffle(pairing)
    c6: Literal["pass-fail", "graded"] = rng.choice(["pass-fail", "graded"])
    rules = Rules((C04_6_SET_CRITERIA[0], *later), tuple(pairing), c6=c6)
    _meets_the_definition(field, ok, rules, Rules(rules.set_criteria, rules.pairing_criteria, c6=c6,
                                                  record_refusals=True))


@pytest.mark.parametrize("seed", range(40))
def test_the_upfloaters_chosen_on_the_residents_pairs_when_the_rest_is_robust(seed):
    """Dense fields (few barred pairs): Dirac's theorem lets the set be chosen on the
    residents' pairs alone; the answer is the one of the whole graph."""
    import random

    rng = random.Random(seed)
    n = rng.choice([16, 24, 40])
    field = [Entrant(t + 1, float(rng.randrange(rng.choice([2, 4]))), floated=rng.random() < 0.3,
                     wish=Wish(rng.choice([None, "W", "B"]), rng.random() < 0.3)) for t in range(n)]
    barred = {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2) if rng.random() < 0.03}
    ok = lambda a, b: frozenset((a, b)) not in barred  # noqa: E731
    float_criteria = rng.random() < 0.6
    fast = pair_round(field, ok, rules_of(float_criteria, "pass-fail", seed % 3 == 0))
    whole = pair_round(field, ok, rules_of(float_criteria, "pass-fail", seed % 3 == 0, robust_rest=False))
    assert [(b.upfloaters, b.identifier, b.set_values) for b in fast.brackets] == \
        [(b.upfloaters, b.identifier, b.set_values) for b in whole.brackets]
