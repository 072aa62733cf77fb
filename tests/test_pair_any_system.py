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
