"""Variant rule files: the Olympiad colour rule of seed 003."""

from __future__ import annotations

from conftest import player_line

from cpswiss.api import pair_tournament
from cpswiss.formats.trf import parse_trf

# After two rounds, 1-4 won twice with white and 5-8 lost twice with black: every player of
# each scoregroup has the same absolute colour preference.
ROWS = [
    (1, "2.0", ["   5 w 1", "   6 w 1"]), (2, "2.0", ["   6 w 1", "   5 w 1"]),
    (3, "2.0", ["   7 w 1", "   8 w 1"]), (4, "2.0", ["   8 w 1", "   7 w 1"]),
    (5, "0.0", ["   1 b 0", "   2 b 0"]), (6, "0.0", ["   2 b 0", "   1 b 0"]),
    (7, "0.0", ["   3 b 0", "   4 b 0"]), (8, "0.0", ["   4 b 0", "   3 b 0"]),
]
TOURNAMENT = parse_trf("012 Olympiad\nXXR 5\nXXC white1\n" + "\n".join(
    player_line(pid, f"P{pid}", 2500 - 10 * pid, points, blocks) for pid, points, blocks in ROWS) + "\n")


def boards(result) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.pairing.boards]


def test_olympiad_colour_rule_lets_a_group_pair_that_c3_would_scatter():
    plain = pair_tournament(TOURNAMENT, "dutch-2026")
    # C3: nobody of a group may meet a player of his own group: everybody floats
    assert all({w, b} & {1, 2, 3, 4} and {w, b} & {5, 6, 7, 8} for w, b in boards(plain))
    olympiad = pair_tournament(TOURNAMENT, "dutch-2026-olympiad-colours")
    # only waiving C.04.1 f/g lets each group pair within itself: so it does
    assert olympiad.state.colour_clash_waived == {0: "all", 20: "all"}
    assert boards(olympiad) == [(3, 1), (4, 2), (5, 7), (6, 8)]  # 3 and 4 get a third white


def test_olympiad_colour_rule_waives_nothing_where_the_group_pairs_anyway():
    from conftest import SCENARIOS

    trf = SCENARIOS / "seed-004" / "after-round-4.trf"
    olympiad = pair_tournament(trf, "dutch-2026-olympiad-colours")
    assert boards(olympiad) == boards(pair_tournament(trf, "dutch-2026"))


def _round_one(n: int):
    return parse_trf("012 R1\nXXR 5\nXXC white1\n" + "\n".join(
        player_line(pid, f"P{pid}", 2500 - 10 * pid, "0.0", []) for pid in range(1, n + 1)) + "\n")


def test_seed_003_first_round_colours_reverse_at_the_middle():
    # 8 players, 4 pairs: 1 B, 2 W, then reversed: 3 W, 4 B (the seed's illustration)
    result = pair_tournament(_round_one(8), "dutch-2026-seed003-first-round")
    assert boards(result) == [(5, 1), (2, 6), (3, 7), (8, 4)]
    # 6 players, 3 pairs: plain alternation 1 B, 2 W, 3 B
    assert boards(pair_tournament(_round_one(6), "dutch-2026-seed003-first-round")) == [(4, 1), (2, 5), (6, 3)]
    # the edition itself (XXC white1, E.5 by pairing-number parity): 1 W, 2 B, 3 W, 4 B
    assert boards(pair_tournament(_round_one(8), "dutch-2026")) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_seed_003_colour_proposal_relaxes_a2_before_a1():
    # the same round: every player's absolute preference comes from two equal colours (CD 2),
    # so B2 (a third colour in a row, |CD| <= 2) cannot pair the groups either: B3 does
    result = pair_tournament(TOURNAMENT, "dutch-2026-seed003-colours")
    assert result.state.colour_clash_waived == {0: "all", 20: "all"}
    assert boards(result) == [(3, 1), (4, 2), (5, 7), (6, 8)]


def test_seed_003_colour_proposal_b2_waives_only_the_third_colour_in_a_row():
    # after three rounds 1-4 (2.5) played B W W and 5-8 (0.5) W B B: absolute preferences from
    # the two equal colours, with |CD| = 1, so a third colour in a row (B2) pairs each group
    rows = [(1, "2.5", ["   5 b 1", "   6 w 1", "   7 w ="]), (2, "2.5", ["   6 b 1", "   5 w 1", "   8 w ="]),
            (3, "2.5", ["   7 b 1", "   8 w 1", "   5 w ="]), (4, "2.5", ["   8 b 1", "   7 w 1", "   6 w ="]),
            (5, "0.5", ["   1 w 0", "   2 b 0", "   3 b ="]), (6, "0.5", ["   2 w 0", "   1 b 0", "   4 b ="]),
            (7, "0.5", ["   3 w 0", "   4 b 0", "   1 b ="]), (8, "0.5", ["   4 w 0", "   3 b 0", "   2 b ="])]
    t = parse_trf("012 B2\nXXR 5\nXXC white1\n" + "\n".join(
        player_line(pid, f"P{pid}", 2500 - 10 * pid, points, blocks) for pid, points, blocks in rows) + "\n")
    proposal = pair_tournament(t, "dutch-2026-seed003-colours")
    assert proposal.state.colour_clash_waived == {25: "three-in-a-row", 5: "three-in-a-row"}
    assert all(set(b) <= {1, 2, 3, 4} or set(b) <= {5, 6, 7, 8} for b in boards(proposal))
    assert pair_tournament(t, "dutch-2026-olympiad-colours").state.colour_clash_waived == {25: "all", 5: "all"}
    assert all({w, b} & {1, 2, 3, 4} and {w, b} & {5, 6, 7, 8} for w, b in boards(pair_tournament(t, "dutch-2026")))


def test_a_rule_set_the_procedure_cannot_serve_is_an_error_not_a_hang(tmp_path, capsys):
    """Colour preferences ([C12]) above the number of pairs ([C6]): on seed-004's round 4 the
    last bracket is left with two moved-down players who could only meet each other."""
    from conftest import SCENARIOS

    from cpswiss.cli import main

    variant = tmp_path / "colours-above-pairs.toml"
    variant.write_text('extends = "dutch-2026"\nname = "colours-above-pairs"\n'
                       'order = ["C1", "C2", "C3", "C4", "C5", "C12"]\n')
    out = tmp_path / "out.txt"
    code = main(["pair", "--dutch", str(SCENARIOS / "seed-004" / "after-round-3.trf"), "-p", str(out),
                 "--rules", str(variant)])
    err = capsys.readouterr().err
    assert code == 2 and "moved-down players 7, 12 who could only meet each other" in err
    assert not out.exists()
