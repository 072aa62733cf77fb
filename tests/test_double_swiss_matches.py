"""C.04.5 Preface and Art. 1.4, 1.6, 2.1: two-game matches, their results, forfeits, colours and
byes (readings DS-1..DS-4, DS-14 of scenarios/double-swiss-2026/README.md)."""

from __future__ import annotations

import pytest

from cpswiss.systems.double_swiss.matches import (Game, Match, Outcome, full_bye_points,
                                                  half_bye_points, pab_points)
from cpswiss.tournament.model import Scoring
from tests.double_swiss_cases import game

STANDARD = Scoring()


# Every match result the Preface lists, from two games (game-1 White's side first).
@pytest.mark.parametrize("games, result", [
    (("1-0", "1-0"), "2-0"), (("1-0", "½-½"), "1½-½"), (("1-0", "0-1"), "1-1"),
    (("½-½", "0-1"), "½-1½"), (("0-1", "0-1"), "0-2"),
    (("1-0", "½-0"), "1½-0"), (("1-0", "0-½"), "1-½"), (("½-0", "0-1"), "½-1"),
    (("0-½", "0-1"), "0-1½"), (("1-0", "0-0"), "1-0"), (("½-0", "0-½"), "½-½"),
    (("0-0", "0-1"), "0-1"), (("½-0", "0-0"), "½-0"), (("0-0", "0-½"), "0-½"),
    (("0-0", "0-0"), "0-0"),
])
def test_preface_match_results(games, result):
    match = Match(1, 2, (game(games[0]), game(games[1])))
    assert match.result_text(STANDARD) == result
    assert match.is_meeting and match.colour_of(1) == "W" and match.colour_of(2) == "B"


@pytest.mark.parametrize("first, second", [
    (Outcome.WIN, Outcome.WIN), (Outcome.WIN, Outcome.DRAW), (Outcome.DRAW, Outcome.WIN),
    (Outcome.FORFEIT_WIN, Outcome.LOSS), (Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN),
])
def test_preface_no_other_game_results(first, second):
    with pytest.raises(ValueError, match="Preface"):
        Game(first, second)


def test_preface_a_match_has_two_games():
    with pytest.raises(ValueError, match="two games"):
        Match(1, 2, (game("1-0"),))


def test_preface_single_game_forfeit_is_a_regular_match_with_the_game_1_colour():
    # 1 wins game 1 by forfeit, 2 wins game 2 over the board
    match = Match(1, 2, (game("+-"), game("0-1")))
    assert not match.ended_by_forfeit and match.is_meeting  # DS-1
    assert (match.colour_of(1), match.colour_of(2)) == ("W", "B")  # DS-2, 1.6
    assert match.points_of(1, STANDARD) == 10 and match.points_of(2, STANDARD) == 10  # counts as played
    assert not match.won_by_forfeit(1) and not match.won_by_forfeit(2)  # DS-4


def test_preface_game_1_forfeited_game_2_played_colour_is_still_game_1s():
    match = Match(3, 4, (game("-+"), game("½-½")))
    assert match.is_meeting and match.colour_of(3) == "W" and match.colour_of(4) == "B"
    assert match.result_text(STANDARD) == "½-1½"


def test_preface_double_forfeit_is_no_meeting_no_colour_and_a_match_won_by_forfeit():
    match = Match(1, 3, (game("+-"), game("+-")))  # 3 forfeits both games
    assert match.ended_by_forfeit and not match.is_meeting
    assert match.colour_of(1) is None and match.colour_of(3) is None
    assert match.won_by_forfeit(1) and not match.won_by_forfeit(3)  # [C2]
    assert match.result_text(STANDARD) == "2-0"


def test_preface_each_forfeits_one_game_a_meeting_without_colour():
    match = Match(1, 2, (game("+-"), game("-+")))
    assert match.is_meeting  # nobody forfeited both games
    assert match.colour_of(1) is None and match.colour_of(2) is None  # 1.6: no game played
    assert not match.won_by_forfeit(1) and not match.won_by_forfeit(2)


def test_preface_both_forfeit_both_games_nobody_won_by_forfeit():
    match = Match(4, 2, (game("--"), game("--")))
    assert not match.is_meeting
    assert not match.won_by_forfeit(4) and not match.won_by_forfeit(2)
    assert match.result_text(STANDARD) == "0-0"


def test_art_1_4_pab_is_a_won_and_a_drawn_game():
    assert pab_points(STANDARD) == 15
    assert pab_points(Scoring(win=30, draw=10, loss=0)) == 40  # 3/1/0 per game
    assert pab_points(Scoring(pab=20)) == 20  # 162 P states it


def test_preface_byes_cover_whole_matches():
    assert half_bye_points(STANDARD) == 10 and full_bye_points(STANDARD) == 20
    assert half_bye_points(Scoring(half_bye=5)) == 5


def test_preface_forfeit_win_points_follow_the_scoring():
    match = Match(1, 2, (game("+-"), game("1-0")))
    assert match.points_of(1, Scoring(forfeit_win=5)) == 15
