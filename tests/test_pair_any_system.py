"""One entry point for every system (issue 50 item 2): ``cpswiss.api.pair`` pairs a file of
players and a file of matches alike, under the arbiter's decisions alike, and returns one
``PairedRound`` - the same round the system's own path gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.api import pair, pair_matches, pair_tournament
from cpswiss.check.decisions import Decisions
from cpswiss.errors import InputError
from cpswiss.registry import system_named
from cpswiss.systems import PairingResult
from cpswiss.systems.shared.topdown_account import MatchRound
from cpswiss.tournament.colour import BLACK, WHITE

ROOT = Path(__file__).resolve().parents[1]
TEAM = ROOT / "cpswiss" / "server" / "samples" / "team-n009-r02of05.trf"
DOUBLE = ROOT / "tests" / "data" / "double-swiss.trf"
PLAYERS = ROOT / "scenarios" / "seed-004" / "after-round-4.trf"


@pytest.mark.parametrize("path", [TEAM, DOUBLE])
def test_a_file_of_matches_is_paired_as_its_system_pairs_it(path):
    paired, own = pair(path), pair_matches(path)
    assert isinstance(paired.view, MatchRound)
    assert [(m.white, m.black, m.article) for m in paired.matches] == [(m.white, m.black, m.article)
                                                                      for m in own.matches]
    assert (paired.bye, paired.round_no, paired.rules.name) == (own.bye, own.round_no, own.rules.name)
    assert paired.lines() == own.lines() and paired.competitors == len(own.state.to_pair)


def test_a_file_of_players_is_paired_as_pair_tournament_pairs_it():
    paired, own = pair(PLAYERS), pair_tournament(PLAYERS)
    assert isinstance(paired.view, PairingResult)
    assert [(m.white, m.black, m.article) for m in paired.matches] == [(b.white, b.black, b.article)
                                                                      for b in own.pairing.boards]
    assert paired.bye == own.pairing.bye and paired.lines() == own.pairing.lines()
    assert paired.competitors == len(own.state.players)


def test_the_arbiters_decisions_are_one_mechanism_for_both_kinds_of_file():
    teams = pair(TEAM, decisions=Decisions(fix=((1, 4),)))
    assert {(1, 4), (4, 1)} & {(m.white, m.black) for m in teams.matches}
    assert (1, 4) not in pair_matches(TEAM).pairs() and (4, 1) not in pair_matches(TEAM).pairs()
    players = pair(PLAYERS, decisions=Decisions(fix=((7, 13),), forbid=((2, 1),)))
    pairs = {frozenset((m.white, m.black)) for m in players.matches}
    assert frozenset((7, 13)) in pairs and frozenset((1, 2)) not in pairs


def test_a_system_asked_for_refuses_a_file_of_another_kind():
    with pytest.raises(InputError, match=r"names the FIDE Swiss Team Pairing System \(C.04.6\), --dutch the FIDE "
                                         r"\(Dutch\) System"):
        pair(TEAM, system=system_named("dutch"))
    with pytest.raises(InputError, match="does not pair it"):
        pair(PLAYERS, system=system_named("team"))


def test_a_match_carries_its_games_as_the_round_written_into_the_file_has_them():
    teams = pair(TEAM)
    written = teams.written()
    boards = written.number_of_boards()
    for match in teams.matches:
        white_team, black_team = written.teams[match.white].members, written.teams[match.black].members
        assert len(match.games) == boards
        for board, (w, b) in enumerate(match.games, start=1):  # board k: the k-th of each team's board order
            assert {w, b} == {white_team[board - 1], black_team[board - 1]}
            assert (written.players[w].entry(teams.round_no).colour, written.players[b].entry(teams.round_no).colour) \
                == (WHITE, BLACK)
    double = pair(DOUBLE)
    assert all(m.games == ((m.white, m.black), (m.black, m.white)) for m in double.matches)  # C.04.5 Art. 1.2
    players = pair(PLAYERS)
    assert all(m.games == ((m.white, m.black),) for m in players.matches)


def test_the_round_holds_the_systems_record_its_state_and_why_its_rules():
    players = pair(PLAYERS, "dutch-2017")
    assert isinstance(players.view, PairingResult)
    assert players.record == tuple(players.view.records) and players.record
    assert players.state is players.view.state and players.reason == "--rules dutch-2017"
    teams = pair(TEAM)
    assert isinstance(teams.view, MatchRound)
    assert teams.record == (teams.view.result,) and teams.state is teams.view.state
    assert teams.reason.startswith("record 192")


def test_a_record_of_another_system_is_an_internal_error():
    from cpswiss.errors import InternalCheckError
    from cpswiss.systems.dutch.solve import BracketRecord
    from cpswiss.systems.shared.records import records_as

    own = pair(PLAYERS).record
    assert records_as(own, BracketRecord, "Dutch System") == list(own)
    with pytest.raises(InternalCheckError, match="is not a record of the Dutch System"):
        records_as(pair(TEAM).record, BracketRecord, "Dutch System")


def test_the_initial_colour_holds_for_the_rules_pairing_a_what_if_compares_with(capsys):
    from cpswiss.cli import main

    first = ROOT / "tests" / "data" / "burstein-2026-sample" / "n024-r01of07-t001.trf"
    assert main(["pair", "--dutch", str(first), "--initial-colour", "black", "-p", "-"]) == 0
    white, black = map(int, capsys.readouterr().out.splitlines()[1].split())
    assert main(["pair", "--dutch", str(first), "--initial-colour", "black", "--fix", f"{white}-{black}",
                 "-p", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[1] == f"{white} {black}"
    assert "the rules' pairing already respects these decisions: nothing changes" in err
