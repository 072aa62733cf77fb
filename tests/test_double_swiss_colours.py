"""C.04.5 Art. 4 (the colours of a match) and the player facts of Art. 1-3 on the hand-worked
rounds of scenarios/double-swiss-2026/cases."""

from __future__ import annotations

import pytest

from cpswiss.systems.double_swiss.colours import ColourFacts, allocate
from cpswiss.systems.double_swiss.history import DoubleSwissRound, player_facts
from cpswiss.systems.double_swiss.matches import Match
from cpswiss.tournament.model import Scoring
from tests.double_swiss_cases import cases, game


def facts(tpn, score, colours):
    return ColourFacts(tpn, score, tuple(colours))


def test_art_4_3_1_neither_has_played_tpn_parity_of_the_higher_ranked():
    assert allocate(facts(1, 0, ""), facts(4, 0, "")).white == 1
    assert allocate(facts(2, 0, ""), facts(5, 0, "")).white == 5
    assert allocate(facts(1, 0, ""), facts(4, 0, ""), initial_colour="B").white == 4
    # the higher score ranks first (4.2): 6 is higher-ranked, even
    decided = allocate(facts(3, 0, ""), facts(6, 10, ""))
    assert (decided.white, decided.rule, decided.higher_ranked) == (3, "4.3.1", 6)


def test_art_4_3_2_fewer_whites_is_a_count():
    # 1: W W B (two Whites, CD +1); 2: W (one White, CD +1)
    decided = allocate(facts(1, 20, "WWB"), facts(2, 20, "W"))
    assert (decided.white, decided.rule) == (2, "4.3.2")
    # read as the colour difference (switch fewer_whites), the two are level and 4.3.3 decides
    other = allocate(facts(1, 20, "WWB"), facts(2, 20, "W"), fewer_whites="difference")
    assert (other.white, other.rule) == (1, "4.3.3")


def test_art_4_3_3_most_recent_difference_from_the_end():
    decided = allocate(facts(1, 20, "WBB"), facts(2, 20, "BW"))
    assert (decided.white, decided.rule) == (1, "4.3.3")  # 1 had Black where they differed
    # two Whites each; the same last two colours; they differ three back, where 1 had White
    decided = allocate(facts(1, 20, "WWB"), facts(2, 20, "WBWB"))
    assert (decided.white, decided.rule) == (2, "4.3.3")
    # the same colours from the end as far as the shorter goes: no difference, 4.3.4
    assert allocate(facts(1, 20, "BWB"), facts(2, 20, "WB")).rule == "4.3.4"


def test_art_4_3_4_the_higher_ranked_alternates():
    decided = allocate(facts(2, 10, "B"), facts(5, 0, ""))
    assert (decided.white, decided.rule) == (2, "4.3.4")


def test_art_4_3_5_the_opponent_alternates():
    decided = allocate(facts(5, 15, ""), facts(3, 10, "B"))
    assert (decided.white, decided.rule) == (3, "4.3.5")


def test_art_1_6_and_3_4_3_facts_from_forfeits():
    rounds = [DoubleSwissRound(matches=(Match(1, 3, (game("+-"), game("0-1"))),
                                        Match(4, 2, (game("+-"), game("+-")))), pab=frozenset({5}))]
    f = player_facts([1, 2, 3, 4, 5], rounds, Scoring())
    assert f[1].met == {3} and f[1].colours == ("W",) and not f[1].pab_barred
    assert f[4].met == frozenset() and f[4].colours == () and f[4].pab_barred and f[4].matches_played == 0
    assert f[2].matches_played == 0 and not f[2].pab_barred and f[2].score == 0
    assert f[5].score == 15 and f[5].pab_barred
    # DS-5: the match with one game forfeited each way counts as played, or not (switch)
    each = [DoubleSwissRound(matches=(Match(1, 2, (game("+-"), game("-+"))),))]
    assert player_facts([1, 2], each, Scoring())[1].matches_played == 1
    assert player_facts([1, 2], each, Scoring(), matches_played="with-a-game-played")[1].matches_played == 0


def test_art_1_5_floaters_of_the_previous_round():
    rounds = [DoubleSwissRound(matches=(Match(1, 2, (game("1-0"), game("1-0"))),
                                        Match(3, 4, (game("½-½"), game("½-½"))))),
              DoubleSwissRound(matches=(Match(1, 3, (game("1-0"), game("1-0"))),
                                        Match(2, 4, (game("½-½"), game("½-½")))))]
    f = player_facts([1, 2, 3, 4], rounds, Scoring())
    assert [f[p].floated_last_round for p in (1, 2, 3, 4)] == [True, True, True, True]
    last = [rounds[0], DoubleSwissRound(matches=(Match(1, 3, (game("+-"), game("+-"))),
                                                 Match(2, 4, (game("½-½"), game("½-½")))))]
    f = player_facts([1, 2, 3, 4], last, Scoring())
    assert not f[1].floated_last_round and not f[3].floated_last_round  # a forfeit is no float


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.test_id)
def test_hand_worked_colours(case):
    """Art. 4 on the expected pairing of every hand-worked round: the same White in game 1,
    decided by the same article of 4.3."""
    f = player_facts(case.players, case.rounds, Scoring())
    got = []
    for white, black in case.expect["matches"]:
        decided = allocate(ColourFacts(white, f[white].score, f[white].colours),
                           ColourFacts(black, f[black].score, f[black].colours),
                           initial_colour=case.initial_colour)
        got.append(([decided.white, decided.black], decided.rule))
    assert got == list(zip(case.expect["matches"], case.expect["rules"]))
