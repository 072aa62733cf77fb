"""C.04.1 rules 6 and 7 when they pull apart (docs/readings.md, RN-4): a colour difference of
-2 after two Whites (+2 after two Blacks) leaves one legal colour, the difference's, even if it
is the third in a row.  The file: ``tests/data/colour-limits/cd-against-three-in-a-row.trf``,
ten players on 3.0 after six drawn rounds, player 1 ``BBBBWW``, player 2 ``WWWWBB``."""

from __future__ import annotations

import pytest
from conftest import REPO

from cpswiss.api import pair_tournament, prepare_tournament
from cpswiss.cli import main
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.legality.checker import check_pairing
from cpswiss.tournament.colour import BLACK, WHITE

CONFLICT = REPO / "tests" / "data" / "colour-limits" / "cd-against-three-in-a-row.trf"
# bbpPairings 5.0.1 (2017) and 6.0.0 (2026) both pair round 7 so (white first)
BBP_BOARDS = [(1, 8), (5, 2), (3, 10), (4, 9), (7, 6)]


@pytest.mark.parametrize(("flag", "rules"), [("--dutch", "dutch-2026"), ("--dutch", "dutch-2017"),
                                             ("--dutch", "dutch-2013"), ("--dutch", "dutch-1998"),
                                             ("--lim", "fide-swiss-1999")])
def test_every_edition_pairs_the_round_with_the_colour_difference_first(flag, rules, capsys):
    code = main(["pair", flag, str(CONFLICT), "--rules", rules, "-p"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    lines = out.split()
    assert lines[0] == "5"
    boards = [(int(lines[i]), int(lines[i + 1])) for i in range(1, len(lines), 2)]
    assert boards == BBP_BOARDS
    whites = {w for w, _ in boards}
    assert 1 in whites and 2 not in whites  # player 1 W (a third W), player 2 B (a third B)


def test_the_state_gives_each_the_colour_of_his_difference():
    state = prepare_tournament(CONFLICT, "dutch-2026").history.state()
    one, two = state.players[1], state.players[2]
    assert (one.colour_difference, one.repeated_colour, one.preference, one.absolute) == (-2, WHITE, WHITE, True)
    assert (two.colour_difference, two.repeated_colour, two.preference, two.absolute) == (2, BLACK, BLACK, True)


def test_the_checker_allows_the_third_colour_and_refuses_the_difference_beyond_two():
    result = pair_tournament(CONFLICT, "dutch-2017")
    state = result.state
    assert check_pairing(state, result.pairing) == []
    # the same pairs with the conflicted players' colours turned: rule 6 broken, rule 7 not
    turned = Pairing(result.pairing.round_no, tuple(Board(b.black, b.white, b.colour_rule) if {b.white, b.black} & {1, 2} else b
                           for b in result.pairing.boards), result.pairing.bye)
    found = [(v.article, v.players) for v in check_pairing(state, turned)]
    # 1 Black: difference -3; 2 White: +3; 8 (BBWBWW) White: a third in a row, a plain rule 7
    assert sorted(found) == [("C.04.1 rule 6", (1,)), ("C.04.1 rule 6", (2,)), ("C.04.1 rule 7", (8,))]


@pytest.mark.parametrize(("flag", "rules", "article"), [("--dutch", "dutch-2026", "[C3]"), ("--dutch", "dutch-2017", "C.3"),
                                                        ("--dutch", "dutch-2013", "B.2"), ("--dutch", "dutch-1998", "B.2"),
                                                        ("--lim", "fide-swiss-1999", "9.1")])
def test_where_no_colour_is_legal_the_round_is_refused_in_one_line(flag, rules, article, capsys):
    """The four to pair (the rest absent) all must have White - player 1 by his difference of -2
    after two Whites: no pairing (exit 1), one line, then why."""
    path = REPO / "tests" / "data" / "colour-limits" / "all-must-have-white.trf"
    code = main(["pair", flag, str(path), "--rules", rules, "-p"])
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert (code, out) == (1, "")
    assert lines[0].startswith("cpswiss: no ") and "the arbiter decides" in lines[0]
    assert lines[1].startswith("why: ")
    assert any(line.strip().startswith("1: has met 2, 4") and "must have white" in line and article in line
               for line in lines), err


def test_check_finds_the_round_played_so_as_the_rules_give_it(capsys):
    """Round 7 played as above: ``check`` re-pairs it and agrees (bbpPairings -c agrees on round
    7 too; rounds 1-6 of the file are a round robin, not a Dutch pairing)."""
    played = REPO / "tests" / "data" / "colour-limits" / "cd-against-three-in-a-row-played.trf"
    code = main(["check", str(played), "--rules", "dutch-2026"])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    agreeing = [line.split(":")[0] for line in out.splitlines() if line.endswith(": agrees")]
    assert agreeing == ["round 5", "round 7"]


def test_the_explanation_says_the_colour_difference_comes_first(capsys):
    code = main(["pair", "--dutch", str(CONFLICT), "--explain"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    boards = {line.split()[2].rstrip(":"): line for line in out.splitlines() if line.startswith("  board ")}
    assert ("has an absolute preference for white (CD -2, after two whites: the colour difference comes first, "
            "C.04.1 rule 6 before rule 7)") in boards["1-8"]
    assert "preference for black (CD +2, after two blacks: the colour difference comes first" in boards["5-2"]
    assert "after two" not in boards["4-9"]  # 4: an absolute preference for white after two blacks, CD 0
