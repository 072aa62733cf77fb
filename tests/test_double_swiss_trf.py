"""Double-Swiss files (C.04.5): match k is TRF round columns 2k-1 and 2k under record 192
FIDE_DOUBLESWISS (docs/formats.md), read into two-game matches and written back."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import pytest

from cpswiss.api import competition_state_of
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competitors import EntryKind, competitors
from cpswiss.tournament.model import RoundEntry, RoundKind
from cpswiss.tournament.paired_round import with_round

FILE = Path(__file__).parent / "data" / "double-swiss.trf"


def test_two_columns_make_one_match() -> None:
    t = read_trf(FILE)
    assert (t.kind, t.games_per_round) == ("double-swiss", 2)
    players = competitors(t)
    first = players[1].entries[0]  # 1 beat 3 1.5-0.5, game 1 with White
    assert (first.kind, first.opponent, first.colour, first.colour_had, first.game_points) == \
        (EntryKind.MATCH, 3, WHITE, WHITE, 15)
    assert [g.entry.code for g in first.games if g.entry] == ["1", "="]
    single = players[2].entries[0]  # a draw and a forfeit win: a regular match (Preface)
    assert (single.kind, single.played, single.game_points) == (EntryKind.MATCH, True, 15)
    # 3 forfeited both games of match 2: a forfeited match, no meeting, no colour
    assert (players[4].entries[1].kind, players[3].entries[1].kind) == (EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS)
    # byes cover the match: PAB a win and a draw, half-point bye two draws (per match, counted once)
    assert [(e.kind, e.game_points) for e in players[5].entries] == [(EntryKind.PAB, 15), (EntryKind.HALF_BYE, 10)]


def test_the_state_before_a_match() -> None:
    state = competition_state_of(FILE)
    assert (state.round_no, state.total_rounds, state.rules.system, state.rules.primary) == \
        (3, 3, "double-swiss", "game-points")
    c = state.competitors
    assert [p.id for p in state.to_pair] == [2, 4, 1, 3]  # 5 asked for a zero-point bye (240, both columns)
    assert (c[1].score, c[1].colours, c[1].whites, c[1].opponents) == (15, ("W", "W"), 2, frozenset({2, 3}))
    assert c[4].opponents == frozenset({2}) and not c[4].bye_eligible  # won a match by forfeit ([C2])
    assert c[2].bye_eligible  # one game won by forfeit in a regular match does not bar
    assert not c[5].bye_eligible and c[5].matches_played == 0


def test_a_match_written_by_cpswiss_reads_back_the_same(tmp_path: Path) -> None:
    t = read_trf(FILE)
    paired = with_round(t, 3, [(1, 4), (2, 3)], None)
    path = tmp_path / "written.trf"
    path.write_text(write_trf(paired))
    again = read_trf(path)
    assert competitors(again) == competitors(paired)
    new = competitors(again)[1].entries[2]
    assert (new.kind, new.opponent, new.colour) == (EntryKind.PENDING, 4, WHITE)
    assert [g.entry.colour for g in new.games if g.entry] == [WHITE, BLACK]
    # the 162 record written with the per-match bye values: every result scores as before
    kinds = [RoundKind.PAB, RoundKind.FULL_BYE, RoundKind.HALF_BYE, RoundKind.ZERO_BYE, RoundKind.FORFEIT_WIN]
    assert [again.scoring.points(RoundEntry(k)) for k in kinds] == [t.scoring.points(RoundEntry(k)) for k in kinds] \
        == [15, 20, 10, 0, 10]
    assert [asdict(c) for c in competition_state_of(again, round_no=3).competitors.values()] == \
        [asdict(c) for c in competition_state_of(t).competitors.values()]
    assert write_trf(again) == path.read_text()


@pytest.mark.parametrize("old, new, message", [
    ("   3 b =", "0000 - H", "match 1 (rounds 1-2, columns 92-109): a bye in one game only"),
    ("   3 b =", "   4 b =", "the games are against two opponents (3 and 4)"),
    ("   3 b =", "   3 w =", "both games with the same colour"),
    ("0000 - H  0000 - H", "0000 - H  0000 - Z", "match 2 (rounds 3-4, columns 112-129): two different byes"),
    ("142 6", "142 5", "the number of rounds (5) must be even"),
])
def test_a_match_that_does_not_hold_together_is_refused(old: str, new: str, message: str) -> None:
    text = FILE.read_text()
    assert old in text
    text = text.replace(old, new, 1)
    if old == "   3 b =":  # keep the opponent's record consistent with the edit
        text = text.replace("   1 w =", {"0000 - H": "0000 - H", "   4 b =": "   1 w =",
                                        "   3 w =": "   1 b ="}[new], 1)
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_trf(text, "ds.trf")
