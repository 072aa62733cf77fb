"""Team files (TRF-2026 310 / 320 / 330 / 300 / 352 / 362 / 240) read into competitors and
matches, the state of every team before a round, and the records written back."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.api import competition_state_of
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.competition_state import GAME_POINTS, MATCH_POINTS, rules_for_code
from cpswiss.tournament.competitors import EntryKind, competitors
from cpswiss.tournament.state import Float

SAMPLE = Path(__file__).parent / "data" / "team-sample"
SAMPLES = sorted(SAMPLE.glob("*.trf"))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_team_scores_computed_from_the_boards_equal_the_310_columns(path: Path) -> None:
    t = read_trf(path)
    assert t.is_team_tournament
    teams = competitors(t)
    assert set(teams) == set(t.teams)
    for number, team in teams.items():
        entries = [e for e in team.entries if e is not None]
        assert sum(e.match_points for e in entries) == t.teams[number].match_points
        assert sum(e.game_points for e in entries) == t.teams[number].game_points


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_a_team_file_is_written_back_as_read(path: Path) -> None:
    text = path.read_text()
    assert write_trf(read_trf(path)) == text


def test_the_state_of_every_team_before_the_round() -> None:
    state = competition_state_of(SAMPLE / "n006-r03of05-t097.trf")
    assert (state.round_no, state.total_rounds, state.initial_colour) == (3, 5, "B")
    assert (state.rules.primary, state.rules.secondary_used, state.rules.colour_preferences) == (MATCH_POINTS, True, "A")
    teams = state.competitors
    # 240 Z 3 names teams 2 and 5: not to be paired
    assert [c.id for c in state.to_pair] == [3, 1, 6, 4]
    # team 3 beat 5 with White, then 4 with Black (board-1 colours); it floated down in round 2
    assert (teams[3].score, teams[3].secondary, teams[3].colours) == (40, 110, ("W", "B"))
    assert teams[3].colour_difference == 0 and teams[3].floats == (Float.DOWN, Float.NONE)
    assert teams[4].colours == ("W", "W") and teams[4].colour_difference == 2 and teams[4].floated_last_round
    assert teams[3].opponents == frozenset({4, 5}) and teams[3].matches_played == 2
    # team 1: half-point bye (1 MP, boards/2 GP) then a win: the bye bars nothing
    assert teams[1].entries[0].kind is EntryKind.HALF_BYE and teams[1].bye_eligible
    assert (teams[1].match_points, teams[1].game_points) == (30, 90)
    # teams 6 and 5 had the pairing-allocated bye (320: 1 MP, 3 GP): barred from another ([C2])
    assert teams[6].entries[0].kind is EntryKind.PAB and (teams[6].entries[0].match_points,
                                                          teams[6].entries[0].game_points) == (10, 30)
    assert not teams[6].bye_eligible and not teams[5].bye_eligible
    assert all(c.entered for c in teams.values())


def test_a_match_forfeited_as_a_whole_is_no_meeting_and_bars_the_winner_from_the_bye() -> None:
    teams = competition_state_of(SAMPLE / "n008-r03of06-t049.trf").competitors  # 330 +- 2 2 3
    winner, loser = teams[2], teams[3]
    assert winner.entries[1].kind is EntryKind.FORFEIT_WIN and loser.entries[1].kind is EntryKind.FORFEIT_LOSS
    assert 3 not in winner.opponents and 2 not in loser.opponents
    assert winner.colours == ("B",) and winner.matches_played == 1  # no colour from the forfeited match
    assert (winner.entries[1].match_points, winner.entries[1].game_points) == (20, 50)  # all five boards
    assert not winner.bye_eligible and loser.bye_eligible


def test_a_double_forfeit_gives_both_teams_nothing() -> None:
    state = competition_state_of(SAMPLE / "n010-r04of05-t094.trf")  # 330 -- 3 5 7
    assert state.rules.primary == GAME_POINTS
    for team, other in ((5, 7), (7, 5)):
        entry = state.competitors[team].entries[2]
        assert entry.kind is EntryKind.DOUBLE_FORFEIT and entry.opponent == other
        assert (entry.match_points, entry.game_points, entry.played) == (0, 0, False)
        assert other not in state.competitors[team].opponents
        assert state.competitors[team].bye_eligible


def test_a_full_point_bye_bars_the_pab_and_scores_a_win() -> None:
    state = competition_state_of(SAMPLE / "n011-r03of05-t069.trf")  # 240 F 2 1; FIDE_TEAM_TYPEA_MP
    assert not state.rules.secondary_used
    team = state.competitors[1]
    assert team.entries[1].kind is EntryKind.FULL_BYE
    assert (team.entries[1].match_points, team.entries[1].game_points) == (20, 40)
    assert not team.bye_eligible


def test_an_already_paired_round_is_seen_as_before_it() -> None:
    state = competition_state_of(SAMPLE / "n006-r03of05-t097.trf", round_no=2)
    assert state.round_no == 2
    assert {c.id for c in state.to_pair} == {1, 3, 4, 5, 6}  # team 2 was absent (240 Z 2 2)
    assert state.competitors[3].colours == ("W",)


@pytest.mark.parametrize("code, expected", [
    ("FIDE_TEAM", ("team", MATCH_POINTS, True, "A", False)),
    ("FIDE_TEAM_BAKU", ("team", MATCH_POINTS, True, "A", True)),
    ("FIDE_TEAM_TYPEB_GP_MP", ("team", GAME_POINTS, True, "B", False)),
    ("FIDE_TEAM_TYPEA_MP", ("team", MATCH_POINTS, False, "A", False)),
    ("FIDE_TEAM_GP", ("team", GAME_POINTS, False, "none", False)),
    ("FIDE_TEAM_MP_GP_BAKU", ("team", MATCH_POINTS, True, "none", True)),
    ("FIDE_DOUBLESWISS", ("double-swiss", GAME_POINTS, False, "none", False)),
])
def test_record_192_names_the_scores_and_preferences(code: str, expected: tuple[object, ...]) -> None:
    rules = rules_for_code(code)
    assert rules is not None
    assert (rules.system, rules.primary, rules.secondary_used, rules.colour_preferences, rules.baku) == expected


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2026", "FIDE_TEAM_MP_MP", "FIDE_TEAM_TYPEC_MP", "FIDE_TEAMS"])
def test_other_codes_name_no_team_rules(code: str) -> None:
    assert rules_for_code(code) is None


def _team_file(*lines: str) -> str:
    """Two teams of two boards, one round played (team 1 won 1.5-0.5 with White on board 1)."""
    players = [
        "001    1 m    Alpha                             2000 FID                         1.0    1     3 w 1",
        "001    2 m    Beta                              1900 FID                         0.5    2     4 b =",
        "001    3 m    Gamma                             1950 FID                         0.0    3     1 b 0",
        "001    4 m    Delta                             1850 FID                         0.5    4     2 w =",
    ]
    teams = ["310   1 One                              ONE            2.0    1.5   1     1    2",
             "310   2 Two                              TWO            0.0    0.5   2     3    4"]
    return "\n".join(["012 Test", "142 3", "192 FIDE_TEAM_TYPEA_MP_GP", *players, *teams, *lines]) + "\n"


def test_the_small_team_file_reads() -> None:
    t = parse_trf(_team_file(), "t.trf")
    match = competitors(t)[1].entries[0]
    assert (match.kind, match.opponent, match.colour, match.match_points, match.game_points) == \
        (EntryKind.MATCH, 2, "w", 20, 15)
    assert [g.player for g in match.games] == [1, 2]


@pytest.mark.parametrize("line, where", [
    ("310   x Three                            THR            0.0    0.0   3     1", "310 columns 5-7"),
    ("310   3 Three                            THR            0.0    0.0   3     9", "player 9"),
    ("310   3 Three                            THR            0.0    0.0   3     1", "player 1 is in team 1 and in team 3"),
    ("310   3 Three                            THR            x.0    0.0   3     5", "310 columns 55-60"),
    ("310   1 Again                            AGN            0.0    0.0   3     5", "team 1 is repeated"),
    ("320 1.0  x.5", "320 columns 10-13"),
    ("320  1.0  1.0   7", "PAB team of round 1 (7)"),
    ("330 ++   1   1   2", "330 columns 5-6"),
    ("330 +-   1   1   9", "team 9 is not a team"),
    ("330 +-   1   1   1", "forfeits against itself"),
    ("300   1   1   2    2    1  x", "300 columns 27-30"),
    ("300   1   1   2    3    1", "player 3 is not a member of team 1"),
    ("362 TW 2.0   TX 1.0", "362 columns 14-15"),
    ("352 WBWX", "352 column 5"),
    ("240 H   2    5", "240 team 5 is not a team"),
])
def test_a_team_record_that_does_not_read_names_its_line_and_columns(line: str, where: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_trf(_team_file(line), "t.trf")
    assert caught.value.line == 10  # the line after the two 310 records
    assert where in str(caught.value)
