"""The hand-worked Double-Swiss rounds (scenarios/double-swiss-2026/cases), paired by the system:
the PAB, every match and the White of game 1, and the article of 4.3 that decided it."""

from __future__ import annotations

import pytest

from cpswiss.errors import NoPairingError
from cpswiss.systems.double_swiss.history import player_facts
from cpswiss.systems.double_swiss.procedure import Player, pair_players
from cpswiss.tournament.model import Scoring
from tests.double_swiss_cases import Case, cases


def paired(case: Case):
    facts = player_facts(case.players, case.rounds, Scoring())
    absent = set(case.data.get("absent_next", []))
    players = [Player(f.tpn, f.score, f.score, f.colours, f.matches_played, not f.pab_barred,
                      f.floated_last_round, f.met) for f in facts.values() if f.tpn not in absent]
    return pair_players(players, len(case.rounds) + 1, case.data["rounds"], case.initial_colour)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.test_id)
def test_hand_worked_round(case):
    result = paired(case)
    expect = case.expect
    assert result.pairing.bye == expect.get("pab")
    assert [[b.white, b.black] for b in result.pairing.boards] == expect["matches"]
    assert [b.colour_rule for b in result.pairing.boards] == expect["rules"]


def test_art_3_3_3_no_legal_pairing_is_reported_with_the_article():
    # four players who have all met: no round can be paired
    everyone = frozenset({1, 2, 3, 4})
    players = [Player(t, 0, 0, cannot_meet=everyone - {t}) for t in (1, 2, 3, 4)]
    with pytest.raises(NoPairingError, match=r"C\.04\.5 Art\. 3\.3\.3"):
        pair_players(players, 4, 5, "W")
