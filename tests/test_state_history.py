"""One state history serving every round of a tournament (``cpswiss check``) gives the states
that a fresh :func:`build_state` gives round by round.

The history sums each player's rounds once and keeps the floats of past rounds; these tests
ask one history for every round of corpus tournaments, in an order that reads its sums and
floats for later rounds before earlier ones, and compare each state, and each error, with a
fresh build of that round.  The files hold forfeits, pairing-allocated, half-point and zero
byes, absences, virtual points (XXA, and a rule set's own Baku method), TRF-2026 240 byes
and the Dubov and FIDE 1999 state rules.
"""

from __future__ import annotations

import pytest
from conftest import CONFORMANCE_SLICES

from cpswiss.api import pair_tournament, prepare_tournament
from cpswiss.check.rounds import check_tournament, pairing_in_file
from cpswiss.errors import InputError
from cpswiss.formats.trf import read_trf
from cpswiss.tournament.state import RoundState, StateHistory, build_state

CASES = [
    ("dutch-2017/n029-r04of05-t002.trf", "dutch-2017"),  # forfeits, byes, absences
    ("dutch-2017/n180-r09of09-t053.trf", "dutch-2017"),
    ("dutch-2025/n028-r04of04-t012.trf", "dutch-2026"),
    ("accelerated-2017/n018-r06of07-t005.trf", "dutch-2017"),  # XXA virtual points
    ("accelerated-2026/n151-r06of06-t003.trf", "dutch-2026"),
    ("dutch-2017/n029-r04of05-t002.trf", "dutch-2026-baku"),  # the method's virtual points
    ("dutch-2026-trf26/n029-r04of10-t020.trf", None),  # 240 byes, the file's rule set
    ("dubov-2026/n030-r04of08-t032.trf", "dubov-2026"),
    ("dutch-2013/n031-r03of08-t008.trf", "dutch-2013"),  # the 2013 bye bar ("fewest")
    ("variants-2017/n057-r07of07-t008.trf", "fide-swiss-1999-youth"),  # transfers, the last rounds
]


def _state_or_error(build, round_no: int) -> RoundState | str:
    try:
        return build(round_no)
    except InputError as exc:
        return str(exc)


@pytest.mark.parametrize("name,rules", CASES)
def test_one_history_gives_every_round_the_state_a_fresh_build_gives(name, rules):
    prepared = prepare_tournament(read_trf(CONFORMANCE_SLICES / name), rules)
    t, state_rules = prepared.tournament, prepared.rules.state
    history = StateHistory(t, state_rules)
    last = t.last_paired_round
    # the round after the next one and round 0 are errors, the same from both
    order = list(range(last + 2, -1, -1)) + list(range(0, last + 3))
    for round_no in order:
        shared = _state_or_error(history.state, round_no)
        fresh = _state_or_error(lambda r: build_state(t, state_rules, r), round_no)
        assert shared == fresh, (name, round_no)
        if isinstance(fresh, RoundState):
            assert list(shared.players) == list(fresh.players)
    assert isinstance(history.state(last + 1), RoundState)


def test_a_history_reads_the_rounds_before_the_one_asked_for_only():
    """The state before round 2 of a file with four rounds is the state of the file cut after
    round 2 (whoever round 2 paired available, later rounds unseen)."""
    path = CONFORMANCE_SLICES / "dutch-2017/n029-r04of05-t002.trf"
    history = prepare_tournament(read_trf(path), "dutch-2017").history
    cut = read_trf(path)
    for rec in cut.players.values():
        rec.rounds = rec.rounds[:2]
    fresh = build_state(cut, history.rules, 2)
    assert history.state(2).players == fresh.players
    assert {p.games_played for p in fresh.players.values()} == {0, 1}


def test_check_of_a_tournament_agrees_round_by_round_with_pairing_each_round_alone():
    """``check`` pairs every round from one prepared tournament; each round's verdict is the
    one a separate re-pairing of that round gives."""
    path = CONFORMANCE_SLICES / "accelerated-2017/n018-r06of07-t005.trf"
    t = read_trf(path)
    report = check_tournament(t, "dutch-2017")
    assert [r.round_no for r in report.rounds] == list(range(1, 6))
    for r in report.rounds:
        alone = pair_tournament(t, "dutch-2017", round_no=r.round_no).pairing
        played = pairing_in_file(t, r.round_no)
        assert alone.bye == r.bye_rules
        assert r.agrees == ({(b.white, b.black) for b in alone.boards} == {(b.white, b.black) for b in played.boards}
                            and alone.bye == played.bye)
