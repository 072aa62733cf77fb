"""C.04.5 Art. 4 (the colours of a match) and the Preface's matches as the match model reads
them (results, forfeits, meetings, the game-1 colour: readings DS-1, DS-2, DS-4)."""

from __future__ import annotations

import pytest

from cpswiss.systems.double_swiss.colours import ColourFacts, allocate
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competition_state import competition_state
from cpswiss.tournament.competitors import EntryKind, competitors
from double_swiss_cases import Case


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


def one_round(*matches, players=4, pab=()) -> Case:
    from pathlib import Path
    data = {"players": players, "rounds": 3, "articles": ["C.04.5 Preface"],
            "round": [{"matches": [list(m) for m in matches], "pab": list(pab)}], "expect": {}}
    return Case(Path("preface.toml"), data)


# Every match result the Preface lists, from two games (game-1 White's side first).
@pytest.mark.parametrize("games, points", [
    (("1-0", "1-0"), (20, 0)), (("1-0", "½-½"), (15, 5)), (("1-0", "0-1"), (10, 10)),
    (("½-½", "0-1"), (5, 15)), (("0-1", "0-1"), (0, 20)),
    (("1-0", "½-0"), (15, 0)), (("1-0", "0-½"), (10, 5)), (("½-0", "0-1"), (5, 10)),
    (("0-½", "0-1"), (0, 15)), (("1-0", "0-0"), (10, 0)), (("½-0", "0-½"), (5, 5)),
    (("0-0", "0-1"), (0, 10)), (("½-0", "0-0"), (5, 0)), (("0-0", "0-½"), (0, 5)),
    (("0-0", "0-0"), (0, 0)),
])
def test_preface_match_results_are_per_game(games, points):
    found = competitors(one_round((1, 2, *games), players=2).tournament())
    one, two = found[1].entry(1), found[2].entry(1)
    assert (one.game_points, two.game_points) == points
    assert one.played and one.colour_had == WHITE and two.colour_had == BLACK


def test_preface_single_game_forfeit_is_a_meeting_with_the_game_1_colour():
    state = competition_state(one_round((1, 2, "-+", "1-0"), (3, 4, "+-", "+-")).tournament())
    one, two = state.competitors[1], state.competitors[2]
    assert one.opponents == {2} and one.colours == ("W",) and two.colours == ("B",)  # DS-1, DS-2
    assert one.game_points == 10 and two.game_points == 10  # the forfeited game counts as played
    assert two.bye_eligible  # DS-4: a game won by forfeit is not a match won by forfeit
    three, four = state.competitors[3], state.competitors[4]
    assert three.opponents == frozenset() and three.colours == () and not three.bye_eligible  # [C2]
    assert four.matches_played == 0 and four.bye_eligible


def test_preface_each_forfeits_one_game_a_meeting_without_colour():
    found = competitors(one_round((1, 2, "+-", "-+"), players=2).tournament())
    entry = found[1].entry(1)
    assert entry.kind is EntryKind.MATCH and entry.played and entry.colour_had is None


def test_art_1_4_the_pab_is_worth_a_won_and_a_drawn_game():
    state = competition_state(one_round((1, 2, "1-0", "0-1"), players=3, pab=[3]).tournament())
    assert state.competitors[3].score == 15 and not state.competitors[3].bye_eligible
