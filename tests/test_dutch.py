"""The Dutch 2017 engine: published pairings, reference-engine pairings, colours, determinism."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import SCENARIOS, SHARED, player_line

from cpswiss.api import pair_tournament
from cpswiss.check.explain import explain_pairing
from cpswiss.cli import main
from cpswiss.colours.decoder import allocate_colours
from cpswiss.formats.trf import parse_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.solver.settings import SolverSettings
from cpswiss.tournament.state import build_state

SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"


def run_cli(trf: Path, tmp_path: Path) -> list[str]:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(trf), "-p", str(out), "--rules", "dutch-2017"]) == 0
    return out.read_text().split("\n")


@pytest.mark.parametrize("round_no", [4, 5])
def test_seed_004_published_pairings(round_no, tmp_path):
    folder = SCENARIOS / "seed-004"
    got = run_cli(folder / f"after-round-{round_no - 1}.trf", tmp_path)
    assert got == (folder / f"expected-round-{round_no}.txt").read_text().split("\n")


def test_seed_004_round_5_collapses_the_lowest_brackets():
    result = pair_tournament(SCENARIOS / "seed-004" / "after-round-4.trf", "dutch-2017")
    collapsed = [b for b in result.records if b.collapsed]
    # A.9: the 1.0 bracket becomes the PPB; re-paired 13-8 with 14 floating to the CLB
    assert len(collapsed) == 1 and collapsed[0].score == 10
    assert collapsed[0].pairs == [(8, 13)] and collapsed[0].downfloaters == [14]
    assert result.records[-1].pairs == [(14, 12)]
    rules = {(b.white, b.black): b.article for b in result.pairing.boards}
    assert rules[(14, 12)] == "E.4" and rules[(13, 8)] == "E.3"


def test_a_finished_step_lets_its_graph_go_and_builds_the_same_one_again():
    result = pair_tournament(SCENARIOS / "seed-004" / "after-round-4.trf", "dutch-2017")
    kept = [r for r in result.records if not r.joined]
    assert kept and all(r.graph is None and r.build is not None for r in kept)
    for record in kept:
        b = record.bracket  # built again on first use
        assert record.graph is b and record.build is None
        vertices = b.vertices
        # the chosen edges of the rebuilt graph are the step's pairs: the same edges, in the same order
        inside = sorted((vertices[i].id, vertices[j].id) for i, j in (b.edges[e] for e in record.chosen)
                        if j < b.n_bracket)
        assert inside == sorted(record.pairs)
        again = b.rebuilder()()
        assert again.edges == b.edges and again.n_next == b.n_next


SAMPLE_CASES = sorted(p.stem for p in SAMPLE.glob("*.trf"))


@pytest.mark.parametrize("case", SAMPLE_CASES)
def test_reference_sample(case, tmp_path):
    got = run_cli(SAMPLE / f"{case}.trf", tmp_path)
    assert got == (SAMPLE / f"{case}.expected").read_text().split("\n")


def test_same_answer_whatever_the_number_of_workers():
    case = SAMPLE / "n016-r07of07-t022.trf"
    one = pair_tournament(case, rule_set="dutch-2017", settings=SolverSettings(workers=1)).pairing
    two = pair_tournament(case, rule_set="dutch-2017", settings=SolverSettings(workers=2)).pairing
    assert one == two


def _two_players(colours_1: str, colours_2: str):
    """Players 1 and 2 (equal scores) with the given played colours, each game a draw
    against an opponent of his own who plays only that round."""
    lines = [player_line(1, "A", 2400, "", []), player_line(2, "B", 2300, "", [])]
    blocks: dict[int, list[str]] = {1: [], 2: []}
    pid = 3
    for who, colours in ((1, colours_1), (2, colours_2)):
        for k, c in enumerate(colours):
            blocks[who].append(f"{pid:4d} {c.lower()} =")
            other = "b" if c == "W" else "w"
            lines.append(player_line(pid, f"P{pid}", 2000 - pid, "", ["0000 - Z"] * k + [f"{who:4d} {other} ="]))
            pid += 1
    lines[0] = player_line(1, "A", 2400, "", blocks[1])
    lines[1] = player_line(2, "B", 2300, "", blocks[2])
    t = parse_trf("012 T\nXXR 20\nXXC white1\n" + "\n".join(lines) + "\n")
    return build_state(t, load_rule_set().state)


@pytest.mark.parametrize("colours_1,colours_2,expected_1,rule", [
    ("WB", "BW", "W", "E.1"),     # both mild, opposite preferences: both granted
    ("BW", "WB", "B", "E.1"),
    ("WBB", "WB", "W", "E.2"),    # 1 absolute white (two blacks) beats 2 mild white
    ("WBW", "BWW", "W", "E.2"),   # 2 absolute black (two whites) beats 1 strong black
    ("BW", "WW", "W", "E.2"),     # 2 absolute black (CD +2), 1 mild black yields
    ("WB", "BB", "B", "E.2"),     # 2 absolute white
    ("BWB", "WBB", "B", "E.2"),   # 2 absolute white beats 1 strong white
    ("WBWB", "BWWB", "W", "E.3"),  # both mild white; latest difference: 1 black, 2 white
    ("BW", "BW", "B", "E.4"),     # same history: the higher ranked player (1) gets black
    ("", "", "W", "E.5"),         # no games: pairing number 1 (odd) gets the initial colour
])
def test_colour_rules(colours_1, colours_2, expected_1, rule):
    """C.04.3 E.1-E.5 for players 1 and 2 with the given colour histories."""
    state = _two_players(colours_1, colours_2)
    assert allocate_colours(state.players[1], state.players[2], state.initial_colour) == (expected_1, rule)
    assert allocate_colours(state.players[2], state.players[1], state.initial_colour) == (
        "B" if expected_1 == "W" else "W", rule)


@pytest.mark.conformance
@pytest.mark.parametrize("case", sorted(p.stem for p in (SHARED / "conformance" / "dutch-2017").glob("*.trf")))
def test_full_conformance_dutch_2017(case, tmp_path):
    folder = SHARED / "conformance" / "dutch-2017"
    got = run_cli(folder / f"{case}.trf", tmp_path)
    expected = (folder / f"{case}.expected").read_text().split("\n")
    if got != expected:
        # name the criterion (or the B.8 step, or the colour rule) on which they part
        explanation = explain_pairing(folder / f"{case}.trf", folder / f"{case}.expected", rule_set="dutch-2017")
        pytest.fail(f"differs from the reference; {explanation.decisive or 'board order only'}")


def test_a_history_already_beyond_the_colour_limits_is_paired():
    """A history where a player's colour difference is already +4 (a quick synthetic history,
    as manual pairings can leave): he gets the colour that brings it back, and the pairing
    passes the legality check (it broke nothing this round)."""
    from cpswiss.formats.trf import parse_trf
    from cpswiss.study.simulate import simulate

    t = parse_trf(simulate(200, 6, 9, seed=6, quick=True), "<synthetic>")
    result = pair_tournament(t, "dutch-2017")
    assert result.state.players[13].colour_difference == 4
    board = next(b for b in result.pairing.boards if 13 in (b.white, b.black))
    assert board.black == 13
