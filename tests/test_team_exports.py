"""Team files as the field writes them (issue 52 items 2 and 3, readings TS-7 and TS-10): board
defaults and team byes on the members' blocks of a TRF-2026 team file, the TRF16 team record
``013`` of Swiss-Manager's and the ICU's exports, a league refused, and the two readings of the
team text - on small files of our own, built line by line below."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cpswiss.api import competition_state_of
from system_results import pair_team_tournament
from cpswiss.cli import main
from cpswiss.errors import EXIT_INVALID_INPUT, EXIT_OK, InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competition_state import rules_for_code
from cpswiss.tournament.competitors import EntryKind, competitors
from cpswiss.tournament.model import TEAM, RoundKind


def player(pid: int, points: str, *blocks: tuple[int, str, str]) -> str:
    """A 001 record: pairing number, points column (81-84), then (opponent, colour, result) per
    round from column 92 (opponent 0: ``0000``)."""
    head = f"001 {pid:4d} m    {'Player ' + str(pid):<33} {2000 - pid:4d} FID {'':11} {'':10} {points:>4} {pid:4d}  "
    return head + "".join(f"{opp:04d} {colour} {result}  " if not opp else f"{opp:4d} {colour} {result}  "
                          for opp, colour, result in blocks).rstrip()


def team_310(number: int, *members: int) -> str:
    return f"310 {number:3d} {'Team ' + str(number):<32} {'':5} {'':6} {'':6} {'':6} {'':3}  " + \
        " ".join(f"{p:4d}" for p in members)


def team_013(name: str, *members: int) -> str:
    return f"013 {name:<32}" + "".join(f"{p:4d}" if k == 0 else f" {p:4d}" for k, p in enumerate(members))


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err.strip()


# ---- item 2: every record that moves a team's points, in a TRF-2026 team file ---------------

# Three teams of two boards, round 1 played.  Team 2 came with one player: its board 2 is empty,
# so player 2 of team 1 wins board 2 by default (0000 - +, counted 1.0 in his points column),
# player 4 did not play (0000 - -).  Team 3 took a half-point bye (240 H), its members written
# 0000 - -.  The 320 values a PAB at 1.0 MP and 1.0 GP, so a member's PAB would be 0.5.
BOARD_DEFAULTS = "\n".join([
    "012 Board defaults", "142 3", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP",
    player(1, "1.0", (3, "w", "1")), player(2, "1.0", (0, "-", "+")),
    player(3, "0.0", (1, "b", "0")), player(4, "0.0", (0, "-", "-")),
    player(5, "0.0", (0, "-", "-")), player(6, "0.0", (0, "-", "-")),
    team_310(1, 1, 2), team_310(2, 3, 4), team_310(3, 5, 6),
    "240 H   1    3", "320  1.0  1.0"]) + "\n"


def test_a_board_default_is_a_board_won_by_forfeit_and_counts_in_the_points() -> None:
    t = parse_trf(BOARD_DEFAULTS, "defaults.trf")  # the points columns agree: 1.0 for the default
    assert t.players[2].rounds[0].kind is RoundKind.FORFEIT_WIN
    assert t.number_of_boards() == 2  # board 2 was a board, though no game was played on it
    match = competitors(t)[1].entries[0]
    assert (match.kind, match.opponent, match.colour_had, match.played) == (EntryKind.MATCH, 2, WHITE, True)
    assert [(g.board, g.player, g.opponent) for g in match.games] == [(1, 1, 3), (2, 2, 0)]
    assert (match.game_points, match.match_points) == (20, 20)


def test_a_team_bye_of_240_is_worth_its_value_on_every_board_whatever_its_members_blocks() -> None:
    state = competition_state_of(parse_trf(BOARD_DEFAULTS, "defaults.trf"))
    bye = state.competitors[3].entries[0]
    assert bye.kind is EntryKind.HALF_BYE and (bye.match_points, bye.game_points) == (10, 10)
    assert [(c.id, c.match_points, c.game_points) for c in state.competitors.values()] == \
        [(1, 20, 20), (2, 0, 0), (3, 10, 10)]


# ---- item 3: the TRF16 team record 013 (Swiss-Manager, ICU) ---------------------------------

# Four teams of two boards in a TRF16 export: no 310, no 152, no 330; the teams are numbered in
# the order of their 013 records (team 1 is listed first though its players are 5 and 6).  In
# round 1 team 1 (White on board 1) beat team 3, whose board 2 was empty (team 1's board 2,
# player 6, won it by default); team 2 (Black on board 1) beat team 4 1.5-0.5.
def export_013(points_of_6: str = "1.0", type_text: str = "Team Swiss System") -> str:
    return "\n".join([
        "012 Club teams", "042 2026/03/01", "062 8", f"092 {type_text}", "142 3",
        player(1, "0.5", (7, "b", "=")), player(2, "1.0", (8, "w", "1")),
        player(3, "0.0", (5, "b", "0")), player(4, "0.0", (0, "-", "-")),
        player(5, "1.0", (3, "w", "1")), player(6, points_of_6, (0, "-", "+")),
        player(7, "0.5", (1, "w", "=")), player(8, "0.0", (2, "b", "0")),
        team_013("Knights", 5, 6), team_013("Rooks", 1, 2), team_013("Bishops", 3, 4),
        team_013("Pawns", 7, 8)]) + "\n"


def test_the_teams_of_013_records_are_numbered_in_their_order() -> None:
    t = parse_trf(export_013(), "export.trf")
    assert t.kind == TEAM and "4 team records (013)" in t.kind_reason()
    assert [(n, team.name, team.members) for n, team in t.teams.items()] == \
        [(1, "Knights", (5, 6)), (2, "Rooks", (1, 2)), (3, "Bishops", (3, 4)), (4, "Pawns", (7, 8))]
    found = competitors(t)
    assert [(n, c.entries[0].opponent, c.entries[0].colour_had, c.entries[0].game_points)
            for n, c in found.items()] == [(1, 3, WHITE, 20), (2, 4, BLACK, 15), (3, 1, BLACK, 0), (4, 2, WHITE, 5)]
    assert write_trf(t) == export_013()  # the 013 records written back as read


def test_013_records_that_leave_players_out_are_a_team_prize_of_an_individual_event() -> None:
    text = export_013().replace(team_013("Pawns", 7, 8) + "\n", "")  # players 7 and 8 in no team
    t = parse_trf(text.replace("092 Team Swiss System", "092 Individual: Swiss-System"), "prize.trf")
    assert t.kind == "individual" and not t.teams and t.players[6].rounds[0].kind is RoundKind.PAB


@pytest.mark.parametrize("edit, message", [
    (("013 Pawns                              7    8", "013 Pawns                              7    8    9"),
     "013: player 9 of team 4 is not a player of this tournament"),
    (("013 Pawns                              7    8", "013 Pawns                              7    8    5"),
     "013: player 5 is in team 1 and in team 4"),
    (("013 Pawns                              7    8", "013 Pawns                              7    x"),
     "013 columns 42-45 (team member) must be a number, not 'x'")])
def test_an_013_record_that_does_not_read_names_its_line(edit: tuple[str, str], message: str) -> None:
    assert edit[0] in export_013()
    with pytest.raises(InputError, match=re.escape(message)) as raised:
        parse_trf(export_013().replace(*edit), "export.trf")
    assert raised.value.line == 17


def test_an_013_export_is_paired_by_the_team_system(capsys) -> None:
    result = pair_team_tournament(parse_trf(export_013(), "export.trf"))
    # 1 and 2 won (2 MP): 2 had Black, 1 White; 3 and 4 lost: 3 had Black, 4 White (Art. 4.3.3)
    assert [(m.white, m.black) for m in result.matches] == [(2, 1), (3, 4)] and result.bye is None


def test_an_013_export_is_refused_by_an_individual_system_naming_the_records(tmp_path: Path, capsys) -> None:
    path = tmp_path / "export.trf"
    path.write_text(export_013())
    code, _, err = run(capsys, "pair", "--dutch", str(path), "-p")
    assert code == EXIT_INVALID_INPUT
    assert "this file asks for the Swiss Team Pairing System (C.04.6) (4 team records (013))" in err


def test_check_of_an_013_export_reads_the_board_default_as_a_board_not_a_bye(tmp_path: Path, capsys) -> None:
    path = tmp_path / "export.trf"
    path.write_text(export_013())
    code, out, err = run(capsys, "check", "--team", str(path))
    assert (code, err) == (EXIT_OK, "") and "round 1: agrees" in out


def test_state_shows_the_teams_of_an_013_export(tmp_path: Path, capsys) -> None:
    path = tmp_path / "export.trf"
    path.write_text(export_013())
    code, out, err = run(capsys, "state", "--team", str(path))
    assert (code, err) == (EXIT_OK, "")
    assert out.splitlines()[:2] == ["FIDE Swiss Team Pairing System (C.04.6, 2026), Type A, match points then game "
                                    "points (4 team records (013): the system's default)", "State before round 2 of 3"]
    header, *rows = [line.split() for line in out.splitlines()[2:]]
    assert header[:5] == ["tpn", "team", "MP", "GP", "score"]
    # team 1 won with the board default (2.0 GP), team 2 by 1.5; the board-1 colours W, B, B, W
    assert [row[:4] + row[5:6] for row in rows] == [
        ["1", "Knights", "2.0", "2.0", "W"], ["2", "Rooks", "2.0", "1.5", "B"],
        ["3", "Bishops", "0.0", "0.0", "B"], ["4", "Pawns", "0.0", "0.5", "W"]]


def test_pair_team_takes_recompute_points(tmp_path: Path, capsys) -> None:
    right, wrong = tmp_path / "right.trf", tmp_path / "wrong.trf"
    right.write_text(BOARD_DEFAULTS)
    wrong.write_text(BOARD_DEFAULTS.replace(player(1, "1.0", (3, "w", "1")), player(1, "0.0", (3, "w", "1"))))
    code, expected, err = run(capsys, "pair", "--team", str(right), "-p")
    assert (code, err) == (EXIT_OK, "") and len(expected.splitlines()) == 3  # one match and the PAB
    code, _, err = run(capsys, "pair", "--team", str(wrong), "-p")
    assert code == EXIT_INVALID_INPUT and "points column says 0.0 but the results add up to 1.0" in err
    code, out, err = run(capsys, "pair", "--team", str(wrong), "-p", "--recompute-points")
    assert (code, err, out) == (EXIT_OK, "", expected)


def test_pair_team_pairs_an_013_export_whose_points_column_is_wrong_after_recompute(tmp_path: Path, capsys) -> None:
    path = tmp_path / "export.trf"
    path.write_text(export_013(points_of_6="0.0"))  # the writer left the board default out
    code, _, err = run(capsys, "pair", "--team", str(path), "-p")
    assert code == EXIT_INVALID_INPUT and "points column says 0.0 but the results add up to 1.0" in err
    code, out, err = run(capsys, "pair", "--team", str(path), "-p", "--recompute-points")
    assert (code, err) == (EXIT_OK, "") and out.splitlines() == ["2", "2 1", "3 4"]


# Three teams in a TRF16 export: team 3 has no board in round 1, its players written 0000 - -, as
# Swiss-Manager writes the team given the pairing-allocated bye (no 320 record in TRF16).
PAB_013 = "\n".join([
    "012 Odd field", "042 2026/03/01", "092 Team Swiss System", "142 3",
    player(1, "0.0", (5, "b", "0")), player(2, "0.5", (6, "w", "=")),
    player(3, "0.0", (0, "-", "-")), player(4, "0.0", (0, "-", "-")),
    player(5, "1.0", (1, "w", "1")), player(6, "0.5", (2, "b", "=")),
    team_013("Knights", 5, 6), team_013("Rooks", 1, 2), team_013("Bishops", 3, 4)]) + "\n"


def test_the_one_team_without_a_board_in_an_odd_trf16_round_had_the_pab(tmp_path: Path, capsys) -> None:
    state = competition_state_of(parse_trf(PAB_013, "odd.trf"), rules=rules_for_code("FIDE_TEAM"))
    bye = state.competitors[3]
    assert bye.entries[0].kind is EntryKind.PAB and not bye.bye_eligible  # [C2]: no second PAB
    assert (bye.match_points, bye.game_points) == (10, 10)  # a drawn match (Art. 1.4): 1 MP, boards / 2
    path = tmp_path / "odd.trf"
    path.write_text(PAB_013)
    code, out, err = run(capsys, "check", "--team", str(path))
    assert (code, err) == (EXIT_OK, "") and out.splitlines()[1] == "round 1: agrees"


def test_check_takes_recompute_points_for_a_team_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "wrong.trf"
    path.write_text(BOARD_DEFAULTS.replace(player(1, "1.0", (3, "w", "1")), player(1, "0.0", (3, "w", "1"))))
    code, _, err = run(capsys, "check", "--team", str(path))
    assert code == EXIT_INVALID_INPUT and "points column says 0.0" in err
    code, out, err = run(capsys, "check", "--team", str(path), "--recompute-points")
    assert err == "" and out.splitlines()[1].startswith("round 1: ")


@pytest.mark.parametrize("command", [("pair", "--team"), ("state", "--team"), ("check",), ("state",)])
def test_a_league_is_refused_in_one_line(tmp_path: Path, capsys, command: tuple[str, ...]) -> None:
    path = tmp_path / "league.trf"
    path.write_text(export_013(type_text="Team League"))
    code, out, err = run(capsys, *command, str(path))
    assert code == EXIT_INVALID_INPUT and out == ""
    assert err == f"cpswiss: {path}: record 092 'Team League' names a league or round robin (every team or " \
                  "player meets every other), not a Swiss: cpswiss pairs Swiss systems only"


def test_a_league_is_refused_by_the_api() -> None:
    with pytest.raises(InputError, match="names a league or round robin"):
        pair_team_tournament(parse_trf(export_013(type_text="Team League"), "league.trf"))


# ---- the two readings of the team text -------------------------------------------------------

def test_ts7_the_initial_colour_is_recovered_by_the_tpn_as_given() -> None:
    """No 152: team 1 was absent in round 1 (240 Z); team 2, the first with a colour, had White on
    board 1.  Its TPN is even, so Art. 4.3.1 gave it the opposite of the initial colour: Black
    (by its rank among the teams that arrived, 1, it would have been White)."""
    text = "\n".join([
        "012 Late team", "142 3", "192 FIDE_TEAM_TYPEA_MP_GP",
        player(1, "0.0", (0, "-", "Z")), player(2, "0.0", (0, "-", "Z")),
        player(3, "1.0", (7, "w", "1")), player(4, "1.0", (8, "b", "1")),
        player(5, "0.0", (9, "b", "0")), player(6, "0.0", (10, "w", "0")),
        player(7, "0.0", (3, "b", "0")), player(8, "0.0", (4, "w", "0")),
        player(9, "1.0", (5, "w", "1")), player(10, "1.0", (6, "b", "1")),
        team_310(1, 1, 2), team_310(2, 3, 4), team_310(3, 5, 6), team_310(4, 7, 8), team_310(5, 9, 10),
        "240 Z   1    1"]) + "\n"
    state = competition_state_of(parse_trf(text, "late.trf"))
    assert state.initial_colour == BLACK
    assert [(c.id, c.colours) for c in state.competitors.values()] == \
        [(1, ()), (2, (WHITE,)), (3, (BLACK,)), (4, (BLACK,)), (5, (WHITE,))]


def test_ts10_a_match_with_no_board_played_gives_no_colour_and_is_no_meeting() -> None:
    """Forfeits both ways and no 330: team 1 won board 1 by forfeit, team 2 board 2.  Scored
    1-1 (a drawn match), but no colour had and no meeting (Art. 1.6.1, GHR 3.5): the two teams
    may meet again, and round 2's colours come from Art. 4.3.1."""
    text = "\n".join([
        "012 No game", "142 3", "152 W", "192 FIDE_TEAM_TYPEA_MP_GP",
        player(1, "1.0", (3, "w", "+")), player(2, "0.0", (4, "b", "-")),
        player(3, "0.0", (1, "b", "-")), player(4, "1.0", (2, "w", "+")),
        team_310(1, 1, 2), team_310(2, 3, 4)]) + "\n"
    t = parse_trf(text, "nogame.trf")
    state = competition_state_of(t)
    for team in state.competitors.values():
        match = team.entries[0]
        assert (match.kind, match.played, match.colour_had) == (EntryKind.MATCH, False, None)
        assert (team.match_points, team.game_points, team.colours, team.opponents) == (10, 10, (), frozenset())
    result = pair_team_tournament(t)
    assert [(m.white, m.black) for m in result.matches] == [(1, 2)]
