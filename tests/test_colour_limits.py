"""C.04.1 rules 6 and 7 when they pull apart (docs/readings.md, RN-4): a colour difference of
-2 after two Whites (+2 after two Blacks) leaves one legal colour, the difference's, even if it
is the third in a row.  The file: ``tests/data/colour-limits/cd-against-three-in-a-row.trf``,
ten players on 3.0 after six drawn rounds, player 1 ``BBBBWW``, player 2 ``WWWWBB``."""

from __future__ import annotations

import random

import pytest
from conftest import REPO, player_line

from cpswiss.api import pair_tournament, prepare_tournament
from cpswiss.cli import main
from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf import parse_trf
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
    turned = Pairing(result.pairing.round_no, tuple(Board(b.black, b.white, b.article) if {b.white, b.black} & {1, 2} else b
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


def conflicting_history(seed: int) -> tuple[str, list[int]]:
    """Six rounds of a round robin of 8-12 players with colours and results drawn at random,
    every colour difference within 2, at least one player with -2 after two Whites or +2
    after two Blacks; the next round the last (XXR 7) or not (XXR 9).  The file, and the
    players in conflict."""
    rnd = random.Random(seed)
    n = rnd.choice([8, 10, 12])
    ring = list(range(2, n + 1))
    schedule = []
    for _ in range(n - 1):
        circle = [1, *ring]
        schedule.append([(circle[i], circle[n - 1 - i]) for i in range(n // 2)])
        ring = ring[-1:] + ring[:-1]
    rnd.shuffle(schedule)
    while True:
        blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
        colours: dict[int, str] = {p: "" for p in range(1, n + 1)}
        points = dict.fromkeys(range(1, n + 1), 0)
        for pairs in schedule[:6]:
            for a, b in pairs:
                ca, result = rnd.choice("wb"), rnd.choice("10=")
                for p, q, c, r in ((a, b, ca, result), (b, a, "b" if ca == "w" else "w", "01="["10=".index(result)])):
                    blocks[p].append(f"{q:4d} {c} {r}")
                    colours[p] += c
                    points[p] += {"1": 2, "0": 0, "=": 1}[r]
        cd = {p: h.count("w") - h.count("b") for p, h in colours.items()}
        conflict = [p for p, h in colours.items() if cd[p] == -2 and h.endswith("ww") or cd[p] == 2 and h.endswith("bb")]
        if conflict and all(abs(d) <= 2 for d in cd.values()):
            break
    lines = [f"012 conflicting colour limits {seed}", f"XXR {rnd.choice([7, 9])}", "XXC white1"]
    lines += [player_line(p, f"Player {p}", 2200 - 10 * p, f"{points[p] / 2:.1f}", blocks[p]) for p in range(1, n + 1)]
    return "\n".join(lines) + "\n", conflict


@pytest.mark.parametrize("rules", ["dutch-2026", "dutch-2017", "dutch-2013", "dutch-1998", "fide-swiss-1999"])
@pytest.mark.parametrize("seed", range(6))
def test_conflicting_histories_are_paired_or_refused_never_an_internal_error(rules, seed):
    """Random histories with the conflict: each round is paired, legally (the check inside
    ``pair_tournament``), each player in conflict with the colour of his difference unless a
    final-round topscorer's board lifts the limits; or it is refused as impossible (exit 1),
    never an internal error (exit 2)."""
    text, conflict = conflicting_history(seed)
    try:
        result = pair_tournament(parse_trf(text), rules)
    except NoPairingError:
        return
    state, colour_of, exempt = result.state, {}, set()
    for board in result.pairing.boards:
        colour_of[board.white], colour_of[board.black] = WHITE, BLACK
        if any(state.exempt_from_colour_limits(state.players[q]) for q in (board.white, board.black)):
            exempt |= {board.white, board.black}  # a final-round topscorer's board (RN-14)
    for p in conflict:
        if p in colour_of and p not in exempt:
            assert colour_of[p] == state.players[p].preference == (WHITE if state.players[p].colour_difference < 0
                                                                   else BLACK)
