"""Team files (TRF-2026 310 / 320 / 330 / 300 / 352 / 362 / 240) read into competitors and
matches, the state of every team before a round, and the records written back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cpswiss.api import competition_state_of
from system_results import pair_team_tournament
from cpswiss.errors import InputError
from cpswiss.formats import trf_teams
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competition_state import GAME_POINTS, MATCH_POINTS, rules_for_code
from cpswiss.tournament.competitors import EntryKind, competitors, match_pairing_of
from cpswiss.tournament.model import RoundKind
from cpswiss.tournament.paired_round import with_round
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
        (EntryKind.MATCH, 2, WHITE, 20, 15)
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
    ("330 +-   0   1   2", "330 columns 8-10: the round must be at least 1"),
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


# The examples of the TRF-2026 text (FIDE handbook TRF26.pdf: 310, 330, 240, 250, 260 team
# records), each read into the model and written back.
PUBLISHED_310 = ["310   1 India                            IND     2486   15.0   28.0  11     1    5   15   28   44",
                 "310   2 Ukraine                          UKR     2478   14.0   26.5  14     2    4   20   27   22"]
PUBLISHED_330 = ["330 +- 004 023 047", "330 -+ 008 027 005"]


@pytest.mark.parametrize("line", PUBLISHED_310)
def test_the_published_310_examples_are_written_back(line: str) -> None:
    team = trf_teams.parse_310(line, 1, "x")
    assert team.members == tuple(int(x) for x in line[73:].split())
    assert trf_teams.line_310(team) == line


def test_the_published_310_example_reads_its_fields() -> None:
    team = trf_teams.parse_310(PUBLISHED_310[0], 1, "x")
    assert (team.number, team.name, team.nickname, team.strength, team.match_points, team.game_points,
            team.rank, team.members) == (1, "India", "IND", "2486", 150, 280, 11, (1, 5, 15, 28, 44))


@pytest.mark.parametrize("line, fields", [(PUBLISHED_330[0], ("+-", 4, 23, 47)), (PUBLISHED_330[1], ("-+", 8, 27, 5))])
def test_the_published_330_examples_read_and_are_written_back(line: str, fields: tuple[object, ...]) -> None:
    forfeit = trf_teams.parse_330(line, 1, "x")
    assert (forfeit.result, forfeit.round_no, forfeit.white, forfeit.black) == fields
    again = trf_teams.parse_330(trf_teams.line_330(forfeit), 1, "x")
    assert again == forfeit


OWN_TEAM_FILE = SAMPLE.parent / "team-records.trf"


def test_a_team_file_with_every_team_record_reads_into_the_model_and_back() -> None:
    t = read_trf(OWN_TEAM_FILE)
    assert write_trf(t) == OWN_TEAM_FILE.read_text()
    assert t.board_colours == "WBWB" and t.match_scoring is not None and t.match_scoring.win == 30
    assert t.team_pab is not None and t.team_pab.teams == (3, 0) and t.team_pab.game_points == 20
    assert [(f.result, f.round_no, f.white, f.black) for f in t.team_forfeits] == [("+-", 2, 1, 3)]
    assert [(o.round_no, o.team, o.opponent, o.players) for o in t.board_orders] == [(1, 1, 2, (3, 1, 2, 0))]
    assert t.team_byes == {3: {2: RoundKind.HALF_BYE}}
    assert t.team_accelerations == {1: [(10, 0)], 2: [(10, 0)]}
    assert [(sorted(f.players), f.first_round, f.last_round) for f in t.team_forbidden] == [([1, 2], 3, 3)]
    # every record written afresh from the model reads back as the same records
    fresh = replace(t, teams={n: replace(team, text="") for n, team in t.teams.items()},
                    team_pab=replace(t.team_pab, text=""),
                    team_forfeits=[replace(f, text="") for f in t.team_forfeits],
                    board_orders=[replace(o, text="") for o in t.board_orders],
                    match_scoring=replace(t.match_scoring, text=""))
    again = parse_trf(write_trf(fresh), "again.trf")
    assert (again.teams, again.team_pab, again.team_forfeits, again.board_orders, again.match_scoring,
            again.board_colours) == (t.teams, t.team_pab, t.team_forfeits, t.board_orders, t.match_scoring,
                                     t.board_colours)


def test_the_board_order_of_a_300_record_seats_the_players() -> None:
    t = read_trf(OWN_TEAM_FILE)
    match = competitors(t)[1].entries[0]
    # 300: boards 1-3 played by 3, 1, 2 and board 4 empty; 352 WBWB: board 1 (player 3) has White
    assert [(g.board, g.player) for g in match.games] == [(1, 3), (2, 1), (3, 2), (4, 0)]
    assert match.colour == WHITE
    # 362 TW 3.0: team 1 won 2.5-0.5 (board 4 empty: no game)
    assert (match.match_points, match.game_points) == (30, 25)
    for number, team in competitors(t).items():  # the 310 columns agree with the boards
        entries = [e for e in team.entries if e is not None]
        assert (sum(e.match_points for e in entries), sum(e.game_points for e in entries)) == \
            (t.teams[number].match_points, t.teams[number].game_points)


def test_a_paired_team_round_is_written_on_the_boards(tmp_path: Path) -> None:
    t = read_trf(SAMPLE / "n006-r03of05-t097.trf")
    paired = with_round(t, 3, [(4, 3), (1, 6)], None)
    path = tmp_path / "paired.trf"
    path.write_text(write_trf(paired))
    again = read_trf(path)  # the reader checks every block and points column again
    teams = competitors(again)
    match = teams[4].entries[2]
    assert (match.kind, match.opponent, match.colour) == (EntryKind.PENDING, 3, WHITE)
    assert [(g.player, g.opponent, g.entry.colour) for g in match.games if g.entry] == \
        [(19, 13, WHITE), (20, 14, BLACK), (21, 15, WHITE), (22, 16, BLACK), (23, 17, WHITE), (24, 18, BLACK)]
    # 240 Z 3 2 5: not paired, the zero-point bye on every member, the 240 record kept
    assert teams[2].entries[2].kind is EntryKind.ZERO_BYE and teams[5].entries[2].kind is EntryKind.ZERO_BYE
    assert all(again.players[p].entry(3).code == "Z" for p in again.teams[5].members)
    assert "240 Z   3    2    5" in path.read_text()


def test_a_team_pab_goes_into_320_and_on_every_member(tmp_path: Path) -> None:
    t = read_trf(SAMPLE / "n006-r03of05-t097.trf")
    paired = with_round(t, 3, [(4, 3)], 1)
    again = parse_trf(write_trf(paired), "paired.trf")
    assert again.team_pab is not None and again.team_pab.teams == (6, 5, 1)
    pab = competitors(again)[1].entries[2]
    assert (pab.kind, pab.match_points, pab.game_points) == (EntryKind.PAB, 10, 30)
    assert all(again.players[p].entry(3).code == "U" for p in again.teams[1].members)
    assert again.players[1].points_column == 20  # 0.5 + 1.0 + the board's half of a drawn match


@pytest.mark.parametrize("edit, message", [
    (("   3 w 1", "   3 w 1"), ""),  # unchanged: reads
    (("300   1   1   2    3    1    2 0000", "300   1   1   2    3    1    4 0000"),
     "300: player 2 of team 1 has a game in round 1 but no board"),
])
def test_a_board_order_must_seat_every_player_with_a_game(edit: tuple[str, str], message: str) -> None:
    text = OWN_TEAM_FILE.read_text().replace(*edit)
    t = parse_trf(text, "t.trf")
    if not message:
        assert competitors(t)[1].entries[0].kind is EntryKind.MATCH
        return
    with pytest.raises(InputError, match=message):
        competitors(t)


def test_players_of_one_team_playing_two_teams_name_the_player() -> None:
    text = _team_file().replace("142 3", "142 3\n352 WB")
    lines = text.splitlines()
    # a third team whose player 5 plays team 1's board 2 (player 2) instead of player 4
    lines = [line.replace("     4 b =", "     5 b =") if line.startswith("001    2") else line for line in lines]
    lines = [line.replace("0.5    4     2 w =", "0.0    4") if line.startswith("001    4") else line for line in lines]
    lines.insert(8, "001    5 m    Echo                              1800 FID                         0.5    5     2 w =")
    lines.append("310   3 Three                            THR            0.0    0.5   3     5")
    with pytest.raises(InputError, match=r"round 1: the players of team 1 do not all play one team \(player 2 plays 5"):
        competitors(parse_trf("\n".join(lines) + "\n", "t.trf"))


def test_baku_acceleration_of_a_team_code_gives_a_match_win_then_half() -> None:
    text = OWN_TEAM_FILE.read_text().replace("192 FIDE_TEAM_TYPEB_MP_GP", "192 FIDE_TEAM_TYPEB_MP_GP_BAKU")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("250")) + "\n"
    t = parse_trf(text, "baku.trf")
    # 3 teams, 3 rounds: group A = teams 1 and 2 (2 x ceil(3/4)); A = 2 rounds; 362 TW 3.0 in round 1, 1.5 in round 2
    first = competition_state_of(t, round_no=1).competitors
    assert [(c.score, c.real_score) for c in first.values()] == [(30, 0), (30, 0), (0, 0)]
    second = competition_state_of(t, round_no=2).competitors
    assert [(c.score, c.real_score) for c in second.values()] == [(45, 30), (15, 0), (10, 10)]
    # the round is paired on those scores, the virtual points counted once (not 1: 60)
    paired = pair_team_tournament(t, round_no=2)
    assert {e.tpn: e.score for e in paired.entrants} == {1: 45, 3: 10}
    assert [b.score for b in paired.plan.brackets] == [45]
    # the 250 records of the file win over the method
    assert competition_state_of(OWN_TEAM_FILE, round_no=1).competitors[1].score == 10


def test_baku_needs_match_points_as_the_primary_score() -> None:
    text = OWN_TEAM_FILE.read_text().replace("192 FIDE_TEAM_TYPEB_MP_GP", "192 FIDE_TEAM_TYPEB_GP_MP_BAKU")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("250")) + "\n"
    with pytest.raises(InputError, match=r"Baku acceleration needs match points as the primary score \(C.04.7"):
        competition_state_of(parse_trf(text, "baku.trf"))


def test_the_pairing_of_a_round_by_team() -> None:
    teams = competitors(read_trf(SAMPLE / "n008-r03of06-t049.trf"))
    matches, byes = match_pairing_of(teams, 2)
    assert (2, 3) in matches  # 330 +- 2 2 3: the forfeited match, White as scheduled
    assert byes == [] and len(matches) == 4
    assert sorted(t for m in matches for t in m) == list(range(1, 9))
    t = read_trf(SAMPLE / "n006-r03of05-t097.trf")
    assert match_pairing_of(competitors(t), 1) == ([(3, 5), (4, 2)], [6])  # team 1: half-point bye


PUBLISHED_TEAM_RECORDS = ["240 H 003  026  047",
                          "250 00.0 02.0 001 003 0001 0090", "250 00.0 01.0 004 006 0001 0090",
                          "260 001 002  125  180  184  216", "260 001 002  208  222  231",
                          "260 001 002  215  290  302  304  307",
                          *PUBLISHED_330]


def test_the_published_team_examples_of_240_250_260_330_read_and_are_written_back() -> None:
    """The TRF-2026 text's examples (a team Swiss of 310 teams here, one player each)."""
    players = [f"001 {n:4d} m    {'Player' + str(n):<33} 2000 FID {'':>11} {'':10}  0.0 {n:4d}" for n in range(1, 311)]
    teams = [f"310 {n:3d} {'Team ' + str(n):<32} {'':5} {'':>6}    0.0    0.0 {n:3d}  {n:4d}" for n in range(1, 311)]
    text = "\n".join(["012 Published examples", "142 11", "192 FIDE_TEAM_BAKU", *players, *teams,
                      *PUBLISHED_TEAM_RECORDS]) + "\n"
    t = parse_trf(text, "examples.trf")
    assert write_trf(t) == text
    assert t.team_byes == {3: {26: RoundKind.HALF_BYE, 47: RoundKind.HALF_BYE}}
    assert t.team_accelerations[1] == t.team_accelerations[90] == [(0, 20)] * 3 + [(0, 10)] * 3
    assert 91 not in t.team_accelerations
    assert [sorted(f.players) for f in t.team_forbidden] == [[125, 180, 184, 216], [208, 222, 231],
                                                             [215, 290, 302, 304, 307]]
    assert [(f.result, f.round_no, f.white, f.black) for f in t.team_forfeits] == [("+-", 4, 23, 47), ("-+", 8, 27, 5)]
