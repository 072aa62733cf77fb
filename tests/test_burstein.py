"""The Burstein System, 2026 (C.04.4.2): Index, seeding rounds, bye, fold order, criteria."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from conftest import CONFORMANCE_SLICES, REPO, player_line
from cpswiss.api import pair_tournament
from cpswiss.check.explain import check_tournament, explain_engine, explain_pairing
from cpswiss.cli import main
from cpswiss.errors import InputError, NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.systems.burstein.fold import candidates, text
from cpswiss.systems.burstein.index import index_sums, index_values
from cpswiss.systems.burstein.judge import judge
from cpswiss.systems.burstein.procedure import ALONE, WITH_FLOATER, StepMatcher, pair_index_round, pair_round
from cpswiss.systems.burstein.switches import BursteinSwitches, switches_of
from cpswiss.systems.burstein.units import PreferenceCount
from cpswiss.tournament.state import build_state

SAMPLE = REPO / "tests" / "data" / "burstein-2026-sample"
ROUNDS = CONFORMANCE_SLICES / "burstein-2026"  # rounds read without a reference pairing
RULES = load_rule_set("burstein-2026")


def burstein_lines(path: Path) -> list[str]:
    return pair_tournament(path, "burstein-2026").pairing.lines()


def expected_lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


# Art. 4.3: the handbook's example, 6 players and 2 pairs (two virtual players of BSN 0).
# Worked from the article: 45 candidates, each once (the handbook's printed list repeats one
# line, so one candidate is missing from it; this list has every candidate).
SIX_PLAYERS_TWO_PAIRS = """
1-6 2-5 (3 4)|1-6 2-4 (3 5)|1-6 2-3 (4 5)|1-6 3-5 (2 4)|1-6 3-4 (2 5)|1-6 4-5 (2 3)
1-5 2-6 (3 4)|1-5 2-4 (3 6)|1-5 2-3 (4 6)|1-5 3-6 (2 4)|1-5 3-4 (2 6)|1-5 4-6 (2 3)
1-4 2-6 (3 5)|1-4 2-5 (3 6)|1-4 2-3 (5 6)|1-4 3-6 (2 5)|1-4 3-5 (2 6)|1-4 5-6 (2 3)
1-3 2-6 (4 5)|1-3 2-5 (4 6)|1-3 2-4 (5 6)|1-3 4-6 (2 5)|1-3 4-5 (2 6)|1-3 5-6 (2 4)
1-2 3-6 (4 5)|1-2 3-5 (4 6)|1-2 3-4 (5 6)|1-2 4-6 (3 5)|1-2 4-5 (3 6)|1-2 5-6 (3 4)
2-6 3-5 (1 4)|2-6 3-4 (1 5)|2-6 4-5 (1 3)|2-5 3-6 (1 4)|2-5 3-4 (1 6)|2-5 4-6 (1 3)
2-4 3-6 (1 5)|2-4 3-5 (1 6)|2-4 5-6 (1 3)|2-3 4-6 (1 5)|2-3 4-5 (1 6)|2-3 5-6 (1 4)
3-6 4-5 (1 2)|3-5 4-6 (1 2)|3-4 5-6 (1 2)
"""


def test_fold_order_of_the_handbook_example():
    listed = [c.strip() for c in SIX_PLAYERS_TWO_PAIRS.replace("\n", "|").split("|") if c.strip()]
    found = [text(c, 6) for c in candidates(6, 2)]
    assert len(found) == len(set(found)) == 45
    assert found == listed


def test_seeding_rounds_follow_the_file():
    assert BursteinSwitches().seeding_round_count(5) == 2
    assert BursteinSwitches().seeding_round_count(7) == 3
    assert BursteinSwitches().seeding_round_count(11) == 4
    assert BursteinSwitches(seeding_rounds="none").seeding_round_count(11) == 0
    assert switches_of(RULES).seeding_rule_set == "dutch-2026"
    with pytest.raises(InputError, match="XXR"):
        BursteinSwitches().seeding_round_count(None)
    with pytest.raises(InputError, match="seeding_rounds"):
        BursteinSwitches(seeding_rounds="three")


def test_unknown_switch_is_an_input_error(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('extends = "burstein-2026"\nname = "mine"\n[switches]\nseeding_round = 3\n')
    with pytest.raises(InputError, match=r"mine.toml: \[switches\] seeding_round: unknown key"):
        load_rule_set(str(path))
    path.write_text('extends = "burstein-2026"\nname = "mine"\n[switches]\nzero_bye_runs = "all"\n')
    with pytest.raises(InputError, match=r"zero_bye_runs"):
        load_rule_set(str(path))
    path.write_text('extends = "burstein-2026"\nname = "mine"\n[switches]\nseeding_rounds = "none"\n')
    assert switches_of(load_rule_set(str(path))).seeding_round_count(9) == 0


@pytest.mark.parametrize("case", ["n008-r01of05-t005", "n008-r02of05-t005", "n040-r04of10-t006",
                                  "n064-r03of10-t007"])
def test_seeding_round_is_the_dutch_2026_pairing(case):
    """Art. 1.6: a seeding round is paired by the Dutch rules, boards and colours."""
    path = ROUNDS / f"{case}.trf"
    dutch = pair_tournament(path, "dutch-2026").pairing.lines()
    assert burstein_lines(path) == dutch


def small_tournament(blocks: dict[int, list[str]], rounds: int = 6) -> str:
    lines = ["012 Index test", f"XXR {rounds}", "XXC white1"]
    value = {"1": 2, "+": 2, "=": 1, "H": 1}
    for pid, bl in blocks.items():
        points = sum(value.get(b[-1], 0) for b in bl) / 2
        lines.append(player_line(pid, f"P{pid}", 2000 - pid, f"{points:.1f}", bl))
    return "\n".join(lines) + "\n"


def test_index_counts_an_unplayed_round_as_a_game_against_oneself(write_trf):
    """Art. 1.7.2: 3's half-point bye counts his own score (1.5) in his Buchholz and 1.5 x ½
    in his Sonneborn-Berger; a forfeit win likewise (the forfeit is no game, C.04.2)."""
    path = write_trf(small_tournament({
        1: ["   2 w 1", "   3 w 0", "   4 b +"],
        2: ["   1 b 0", "   4 w 1", "   3 b 0"],
        3: ["0000 - H", "   1 b 1", "   2 w 1"],
        4: ["0000 - Z", "   2 b 0", "   1 w -"],
    }))
    values = index_values(read_trf(path), 4)
    # scores: 1: 2.0, 2: 1.0, 3: 2.5, 4: 0
    assert values[3].buchholz == 25 + 20 + 10          # own 2.5 for the bye, then 1 and 2
    assert values[3].sonneborn_berger == 5 * 25 + 10 * 20 + 10 * 10
    assert values[1].buchholz == 10 + 25 + 20          # 2, 3, and the forfeit win: himself
    assert values[1].sonneborn_berger == 10 * 10 + 0 * 25 + 10 * 20


def test_index_counts_a_trailing_run_of_zero_point_byes_as_draws_for_the_opponents(write_trf):
    """Art. 1.7.2 (exception; reading R-2): 4 lost to 1, then was away two rounds without
    points: 1's Buchholz counts 4 with two draws (1.0) and 2, away in the latest round, with
    one (1.5); 4's own score stays 0 in his own Buchholz."""
    path = write_trf(small_tournament({
        1: ["   4 w 1", "   2 w =", "   3 b ="],
        2: ["   3 w =", "   1 b =", "0000 - Z"],
        3: ["   2 b =", "0000 - Z", "   1 w ="],
        4: ["   1 b 0", "0000 - Z", "0000 - Z"],
    }))
    t = read_trf(path)
    buchholz, _ = index_sums(t, 4)
    seen = {c.opponent: c.score for c in buchholz[1].contributions}
    assert seen[4] == 10
    assert seen[3] == 10  # his zero-point bye is not the latest round
    assert seen[2] == 15  # his latest round: a run of one
    assert index_values(t, 4)[1].buchholz == 10 + 15 + 10
    assert index_values(t, 4)[4].buchholz == 20 + 0 + 0  # his own: 1's 2.0, then himself twice


def best_by_brute_force(b):
    """The first candidate in the fold order among those with the best [C5]-[C8] values,
    found by listing every pairing of the bracket (small brackets only)."""
    g = b.graph
    n = g.n_bracket
    levels = [lv for _, group in b.levels for lv in group]
    best = None
    for pairs in range(n // 2, -1, -1):
        for cand in candidates(n, pairs):
            matcher = StepMatcher(g, levels)
            edges = {frozenset(g.edges[e]) for e in range(len(g.edges))}
            if any(frozenset((a - 1, c - 1)) not in edges for a, c in cand):
                continue
            paired = {v - 1 for pair in cand for v in pair}
            for a, c in cand:
                matcher.fix_pair(a - 1, c - 1)
            for v in range(n):
                if v not in paired:
                    matcher.fix_float(v)
            try:
                matcher.solve()
            except NoPairingError:
                continue
            values = tuple(b.values_of(matcher.chosen).values())
            if best is None or values > best[0]:
                best = (values, cand)
    return best


@pytest.mark.parametrize("case", ["n008-r03of05-t005", "n020-r04of06-t014", "n011-r04of06-t008",
                                  "n025-r05of05-t011", "n038-r05of11-t013"])
def test_each_bracket_is_the_first_best_candidate_of_the_fold_order(case):
    """Art. 3.2, 4.3: against every pairing of each bracket of up to 8 players."""
    path = ROUNDS / f"{case}.trf"
    state = build_state(read_trf(path), RULES.state)
    records = pair_round(state, RULES).records[0]
    checked = 0
    for b in records.brackets:
        if len(b.players) > 8:
            continue
        values, cand = best_by_brute_force(b)
        assert values == tuple(b.values.values())
        assert sorted(tuple(sorted((b.players[x - 1], b.players[y - 1]))) for x, y in cand) == \
            sorted(tuple(sorted(p)) for p in b.pairs)
        checked += 1
    assert checked


@pytest.mark.parametrize("case", ["n015-r08of08-t004", "n024-r07of07-t001", "n027-r08of08-t002",
                                  "n038-r10of11-t013", "n070-r11of11-t010"])
def test_relaxed_solves_give_the_pairing_of_whole_step_solves(case):
    """StepMatcher: solving the bracket and the next scoregroup and completing the rest
    (falling back to the whole step when that cannot be completed) gives, bracket by
    bracket, the pairs, floaters, criteria values and fold steps of solving every step whole
    ([C4]).  These rounds take both ways back to the whole step (a completion found only by
    a maximum matching, none at all)."""
    state = build_state(read_trf(ROUNDS / f"{case}.trf"), RULES.state)
    relaxed = pair_index_round(state, RULES).records[0]
    whole = pair_index_round(state, RULES, relaxed=False).records[0]
    assert [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in relaxed.brackets] == \
        [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in whole.brackets]
    assert all(b.whole_solves == b.solves for b in whole.brackets)
    assert 0 < sum(b.whole_solves for b in relaxed.brackets) < sum(b.solves for b in relaxed.brackets)


def sample_cases(kind: str) -> list[str]:
    return sorted(p.stem for p in SAMPLE.glob("*.trf") if (p.with_suffix(".expected")).exists()
                  and (kind in p.stem) == (kind == "text"))


@pytest.mark.parametrize("case", sorted(p.stem for p in SAMPLE.glob("*.trf")))
def test_sample(case):
    """tests/data/burstein-2026-sample: cases where py4swiss agrees, and cases where the text
    shows it wrong, with the text's pairing (README there)."""
    assert burstein_lines(SAMPLE / f"{case}.trf") == expected_lines(SAMPLE / f"{case}.expected")


@pytest.mark.parametrize("case, article", [
    ("n008-r03of05-t005", "[C8]"),
    ("n038-r05of11-t013", "Art. 4.3"),
    ("n011-r05of06-t008", "[C6]"),
    ("n025-r03of05-t011", "Art. 3.1.4"),
])
def test_judge_names_the_article_against_py4swiss(case, article):
    path = SAMPLE / f"{case}.trf"
    state = build_state(read_trf(path), RULES.state)
    raw = pair_round(state, RULES)
    numbers = list(map(int, path.with_suffix(".py4swiss").read_text().split()[1:]))
    boards = list(zip(numbers[0::2], numbers[1::2]))
    bye = next((w for w, b in boards if b == 0), None)
    verdict = judge(state, raw.records[0], [p for p in boards if 0 not in p], bye, raw.bye)
    assert verdict is not None and verdict.article == article
    assert judge(state, raw.records[0], raw.pairs, raw.bye, raw.bye) is None


# --- through the command line and the arbiter's tools (the plugin) ---------------------------


@pytest.mark.parametrize("seed, players", [(3, 60), (4, 90)])
def test_fold_choices_proven_without_a_solve_are_those_of_solves(seed, players):
    """fold_choice: every Index round of a generated tournament paired with the fold order's
    choices proven by [C8]'s colour count and by exchanges gives, bracket by bracket, the
    pairs, floaters, criteria values and fold steps of solving each choice; and it solves less."""
    t = generated(seed, players)
    proven_solves = solved_solves = 0
    for round_no in range(4, 8):
        state = build_state(t, RULES.state, round_no)
        proven = pair_index_round(state, RULES).records[0]
        solved = pair_index_round(state, RULES, proofs=False).records[0]
        assert [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in proven.brackets] == \
            [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in solved.brackets]
        proven_solves += sum(b.solves for b in proven.brackets)
        solved_solves += sum(b.solves for b in solved.brackets)
    assert proven_solves < solved_solves


@pytest.mark.parametrize("seed, players", [(6, 71), (7, 95)])
def test_brackets_solved_alone_or_with_a_virtual_floater_are_those_of_whole_steps(seed, players):
    """A bracket paired on its own players (nobody floats) or on them and one virtual floater
    (floater.py: every player of its lowest score reaches [C7]'s best) gives the pairs,
    floaters, criteria values and fold steps of solving every step whole, choice by choice."""
    t = generated(seed, players)
    ways = set()
    for round_no in range(4, 8):
        state = build_state(t, RULES.state, round_no)
        fast = pair_index_round(state, RULES).records[0]
        whole = pair_index_round(state, RULES, relaxed=False, proofs=False).records[0]
        assert [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in fast.brackets] == \
            [(b.players, b.pairs, b.floaters, b.values, b.steps) for b in whole.brackets]
        ways |= {(b.solved_on, len(b.players) % 2) for b in fast.brackets}
    assert {(ALONE, 0), (WITH_FLOATER, 1)} <= ways


def test_preference_count_bounds_the_same_colour_pairs():
    """[C8] counted by colour: five players preferring White, one Black, two none: pairing two of
    the White ones leaves 3 White against 3 others - no more clash needed (1 in all); pairing a
    White with the Black one leaves 4 against 2, one more clash (1); with a floater to come, one
    White can float instead (the bound drops by half a pair, rounded up)."""
    state = build_state(read_trf(SAMPLE / "n038-r05of11-t013.trf"), RULES.state)
    some = list(state.players.values())[:8]
    players = [replace(p, preference=c) for p, c in zip(some, ["W", "W", "W", "W", "W", "B", None, None])]
    count = PreferenceCount(players)
    assert count.least_clashes(0, players[0], players[1]) == 1
    assert count.least_clashes(0, players[0], players[5]) == 1
    assert count.least_clashes(0, players[0], players[6]) == 1
    assert count.least_clashes(0, players[5], players[6]) == 2
    assert count.least_clashes(2, players[5], players[6]) == 1
    count.fix_pair(players[0], players[1])
    assert count.clashes == 1
    assert count.least_clashes(0, players[2], players[5]) == 1
    assert count.least_clashes(0, players[2], players[3]) == 2


def generated(seed: int, players: int, rounds: int = 7):
    config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=30, retired_rate=20,
                             half_point_bye_rate=15, zero_point_bye_rate=20, late_entry_rate=25)
    return generate(config, seed, "burstein-2026")


@pytest.mark.parametrize("seed, players", [(1, 17), (2, 24), (5, 41)])
def test_generated_tournaments_check_under_burstein_and_seed_by_dutch(seed, players, tmp_path):
    """Every round re-pairs to itself; the seeding rounds (3 of 7) are the Dutch 2026 pairing
    with the tournament's registered pairing numbers (the Burstein file's ``[state]
    pairing_numbers``: late entries keep theirs)."""
    t = generated(seed, players)
    assert check_tournament(t, "burstein-2026").agrees
    dutch = tmp_path / "dutch-registered.toml"
    dutch.write_text('extends = "dutch-2026"\nname = "dutch-registered"\n[state]\npairing_numbers = "registered"\n')
    assert check_tournament(t, str(dutch), rounds=[1, 2, 3]).agrees


def test_pair_flag_and_record_192(tmp_path):
    path = SAMPLE / "n038-r05of11-t013.trf"
    out = tmp_path / "p.txt"
    assert main(["pair", "--burstein", str(path), "-p", str(out)]) == 0
    assert expected_lines(out) == expected_lines(SAMPLE / "n038-r05of11-t013.expected")
    text = path.read_text().replace("XXR 11", "XXR 11\n192 FIDE_BURSTEIN")
    coded = tmp_path / "coded.trf"
    coded.write_text(text)
    assert pair_tournament(coded).rules.name == "burstein-2026"
    baku = tmp_path / "baku.trf"
    baku.write_text(text.replace("FIDE_BURSTEIN", "FIDE_BURSTEIN_BAKU"))
    rules = pair_tournament(baku).rules
    assert rules.name == "burstein-2026" and rules.acceleration.generator == "baku-2026"
    assert main(["pair", "--burstein", str(path), "--rules", "dutch-2026"]) == 3


def test_explain_names_the_fold_order_against_py4swiss():
    explanation = explain_pairing(SAMPLE / "n038-r05of11-t013.trf", SAMPLE / "n038-r05of11-t013.py4swiss",
                                  rule_set="burstein-2026")
    assert not explanation.agrees
    assert explanation.decisive.article == "C.04.4.2 Art. 4.3"
    assert "BSN 1 (9) takes the highest BSN still possible, BSN 3 (7), where the proposal gives him BSN 2 (1)" \
        in explanation.decisive.message


def test_explain_names_c6_and_the_bye_rule():
    c6 = explain_pairing(SAMPLE / "n011-r05of06-t008.trf", SAMPLE / "n011-r05of06-t008.py4swiss",
                         rule_set="burstein-2026")
    assert c6.decisive.article == "C.04.4.2 Art. 2.3.2 [C6]"
    bye = explain_pairing(SAMPLE / "n025-r03of05-t011.trf", SAMPLE / "n025-r03of05-t011.py4swiss",
                          rule_set="burstein-2026")
    assert bye.decisive.article == "C.04.4.2 Art. 3.1.4"


def test_engine_account_lists_the_index_order_and_the_fold_steps():
    explanation = explain_engine(SAMPLE / "n038-r05of11-t013.trf", rule_set="burstein-2026")
    notes = [note for bracket in explanation.brackets for note in bracket.notes]
    assert any(note.startswith("BSN order (Index") and "1. 9 " in note and "BH 10, SB 5" in note for note in notes)
    assert any(note.startswith("BSN 1 (9) meets BSN 3 (7): before him in the fold order BSN 4 (5): [C5]")
               for note in notes)
    odd = explain_engine(SAMPLE / "n025-r03of05-t011.trf", rule_set="burstein-2026")
    assert odd.bye is not None and odd.bye.startswith("24 ") and "Art. 3.1.1-3.1.5" in odd.bye


def test_seeding_round_is_explained_by_the_dutch_rules():
    explanation = explain_engine(SAMPLE / "n020-r03of06-t014.trf", rule_set="burstein-2026")
    assert explanation.header.startswith("Seeding round (C.04.4.2 Art. 1.6): rounds 1-3 are paired by dutch-2026")


def test_what_if_fix_and_forbid(capsys):
    path = str(SAMPLE / "n038-r05of11-t013.trf")
    assert main(["pair", "--burstein", path, "--fix", "9-1", "-p", "-"]) == 0
    fixed = capsys.readouterr().out
    assert "9 1" in fixed.splitlines() or "1 9" in fixed.splitlines()
    assert main(["pair", "--burstein", path, "--forbid", "9-7", "-p", "-"]) == 0
    forbidden = capsys.readouterr().out.splitlines()
    assert "9 7" not in forbidden and "7 9" not in forbidden


def test_resolve_gives_the_rules_pairing_first(capsys):
    assert main(["resolve", str(SAMPLE / "n008-r03of05-t005.trf"), "--rules", "burstein-2026", "--count", "2"]) == 0
    out = capsys.readouterr().out
    assert "Alternative 1: the rules' pairing" in out
    assert "Alternative 2: if 2-3 may not be played" in out and "[C8]" in out


def test_art_5_2_5_grants_the_preference_of_the_player_higher_in_the_index_order():
    """[colours] higher_ranked = "system-order": E.4 (Art. 5.2.5) asks the system's order,
    here the Index order, not the score; E.5 (Art. 5.2.1) keeps score and TPN."""
    from dataclasses import replace as copy

    from cpswiss.colours.decoder import allocate_colours
    from cpswiss.tournament.state import PlayerState, Strength

    def player(pid: int, score: int) -> PlayerState:
        return PlayerState(id=pid, rank=pid, name="", score=score, real_score=score, available=True,
                           opponents=frozenset(), forbidden=frozenset(), colours=("W", "B"), preference="W",
                           strength=Strength.MILD, repeated_colour=None, floats=(), bye_eligible=True,
                           topscorer=False, games_played=2)

    high_score, high_index = player(1, 15), player(2, 10)
    assert allocate_colours(high_score, high_index, "W") == ("W", "E.4")
    index_first = {2: 0, 1: 1}
    assert allocate_colours(high_score, high_index, "W", ranking=lambda p: (index_first[p.id],)) == ("B", "E.4")
    fresh = copy(high_score, colours=(), preference=None, strength=Strength.NONE)
    other = copy(high_index, colours=(), preference=None, strength=Strength.NONE)
    assert allocate_colours(fresh, other, "W", ranking=lambda p: (index_first[p.id],)) == ("W", "E.5")
