"""Generated Double-Swiss tournaments (C.04.5) re-pair to themselves under the check of
``pair --double-swiss FILE -c``; a planted rematch, a PAB to a barred player and a wrong match
colour are flagged with their articles; the command line pairs, writes and reads back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from system_results import pair_double_swiss_tournament
from cpswiss.check.matches import recorded_round as recorded_matches
from cpswiss.check.rounds import check_tournament
from cpswiss.cli import main
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.study.double_swiss import DoubleSwissConfig, generate_double_swiss
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competition_state import competition_state
from cpswiss.tournament.model import RoundEntry, RoundKind, Tournament
from double_swiss_cases import Case

def recorded_round(t: Tournament, k: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Match ``k`` as the file has it: (White of game 1, Black) per match, and the PABs."""
    played = recorded_matches(t, k)
    return list(played.pairs), list(played.byes)


CASES = Path(__file__).resolve().parent.parent / "scenarios" / "double-swiss-2026" / "cases"


def generated(seed: int) -> Tournament:
    config = DoubleSwissConfig(players=8 + seed % 5, rounds=3 + seed % 3)
    return parse_trf(write_trf(generate_double_swiss(config, seed)), f"generated-{seed}.trf")


@pytest.mark.parametrize("seed", range(1, 51))
def test_generated_tournament_re_pairs_to_itself_c1_c2(seed):
    t = generated(seed)
    report = check_tournament(t)
    assert report.agrees, report.text()
    assert len(report.rounds) == 3 + seed % 3
    for k in range(1, len(report.rounds) + 1):  # [C1]-[C2] on the file itself
        state = competition_state(t, round_no=k)
        boards, byes = recorded_round(t, k)
        assert all(b not in state.competitors[w].opponents for w, b in boards)
        assert all(state.competitors[p].bye_eligible for p in byes)


def _rewired(t: Tournament, match: int, pairs: list[tuple[int, int]]) -> Tournament:
    """Match ``match`` with other pairs (game-1 White first), every game drawn."""
    players = dict(t.players)
    for white, black in pairs:
        for column, (wc, bc) in ((2 * match - 1, (WHITE, BLACK)), (2 * match, (BLACK, WHITE))):
            for pid, opp, colour in ((white, black, wc), (black, white, bc)):
                rounds = list(players[pid].rounds)
                rounds[column - 1] = RoundEntry(RoundKind.GAME, opp, colour, "=")
                players[pid] = replace(players[pid], rounds=rounds)
    return _rescored(replace(t, players=players))


def _rescored(t: Tournament) -> Tournament:
    for record in t.players.values():
        record.points_column = t.computed_points(record)
    return t


def _findings(t: Tournament) -> list[str]:
    report = check_tournament(parse_trf(write_trf(t), "planted.trf"))
    return [v.split(": ")[0] for r in report.rounds for v in r.violations] + \
        [article for r in report.rounds for article in r.colour_articles]


def test_a_planted_wrong_match_colour_is_flagged_with_art_4_3():
    t = generated(7)
    k = 2
    boards, _ = recorded_round(t, k)
    white, black = boards[0]
    findings = _findings(_rewired(t, k, [(black, white)]))
    assert any(f.startswith("C.04.5 Art. 4.3.") for f in findings), findings


def test_a_planted_rematch_is_flagged_with_c1():
    t = generated(10)  # an even field: everybody plays every match
    boards1, _ = recorded_round(t, 1)
    a, b = boards1[0]  # they met in match 1 (a regular match unless forfeited: re-checked below)
    state = competition_state(t, round_no=2)
    assert b in state.competitors[a].opponents
    boards2, _ = recorded_round(t, 2)
    partner = {p: q for w, bl in boards2 for p, q in ((w, bl), (bl, w))}
    c, d = partner[a], partner[b]
    findings = _findings(_rewired(t, 2, [(a, b), (c, d)]))
    assert "[C1] C.04.5 Art. 2.1.1" in findings


def test_a_planted_pab_to_a_barred_player_is_flagged_with_c2():
    for seed in range(1, 40):
        t = generated(seed)
        _, byes1 = recorded_round(t, 1)
        boards2, byes2 = recorded_round(t, 2)
        if byes1 and byes2 and boards2:
            break
    else:
        pytest.fail("no generated tournament with a PAB in rounds 1 and 2")
    first, (white, black) = byes1[0], next((w, b) for w, b in boards2 if byes1[0] in (w, b))
    other = black if white == first else white
    players = dict(t.players)
    for pid, entry in ((first, RoundEntry(RoundKind.PAB, None, None, "U")),):
        rounds = list(players[pid].rounds)
        rounds[2:4] = [entry, entry]
        players[pid] = replace(players[pid], rounds=rounds)
    for pid in (other, byes2[0]):  # the second PAB's player and the barred one's opponent now meet
        opp = byes2[0] if pid == other else other
        rounds = list(players[pid].rounds)
        rounds[2:4] = [RoundEntry(RoundKind.GAME, opp, WHITE if pid == other else BLACK, "="),
                       RoundEntry(RoundKind.GAME, opp, BLACK if pid == other else WHITE, "=")]
        players[pid] = replace(players[pid], rounds=rounds)
    findings = _findings(_rescored(replace(t, players=players)))
    assert "[C2] C.04.5 Art. 2.1.2" in findings


def test_preface_rare_game_results_are_read():
    """A game may end ½-0 or 0-0 (Preface): the file reads, each player scores his own points."""
    data = {"title": "rare results", "players": 6, "rounds": 3, "articles": ["C.04.5 Preface"],
            "round": [{"matches": [[1, 4, "½-0", "0-0"], [5, 2, "½-½", "½-½"], [3, 6, "0-½", "1-0"]]}]}
    t = parse_trf(write_trf(Case(Path("rare.toml"), data).tournament()), "rare.trf")
    state = competition_state(t)
    assert [state.competitors[p].score for p in (1, 4, 3, 6)] == [5, 0, 10, 5]
    assert state.competitors[1].opponents == {4} and state.competitors[1].colours == ("W",)


def test_cli_pairs_writes_and_reads_back(tmp_path, capsys):
    source = CASES / "08-double-forfeit-allows-the-pair-again.trf"
    assert main(["pair", "--double-swiss", str(source)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("Round 3: FIDE Double-Swiss System (C.04.5, 2026)")
    assert [line.split()[1] for line in printed[1:]] == ["3", "4"]
    out, written = tmp_path / "pairs.txt", tmp_path / "next.trf"
    assert main(["pair", "--double-swiss", str(source), "-p", str(out), "--write-trf", str(written)]) == 0
    assert out.read_text().splitlines() == ["2", "3 1", "4 2"]
    t = read_trf(str(written))
    assert t.games_per_round == 2 and recorded_round(t, 3) == ([(3, 1), (4, 2)], [])
    assert t.players[3].entry(5).colour == WHITE and t.players[3].entry(6).colour == BLACK
    assert main(["pair", "--double-swiss", str(source), "-c"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("\nall rounds agree")


def test_cli_refuses_a_double_swiss_file_under_another_flag(tmp_path, capsys):
    source = CASES / "08-double-forfeit-allows-the-pair-again.trf"
    assert main(["pair", "--dutch", str(source), "-p", str(tmp_path / "out.txt")]) == 3
    err = capsys.readouterr().err
    assert "this file asks for the Double-Swiss System (C.04.5)" in err and "--double-swiss" in err


def test_explain_says_each_choice_in_the_texts_words(capsys):
    source = CASES / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf"
    assert main(["pair", "--double-swiss", str(source), "--explain"]) == 0
    text = capsys.readouterr().out
    assert "Art. 3.4: an even number of players to pair - no pairing-allocated bye." in text
    assert "Bracket 1 (Art. 3.5-3.6): top-scoregroup 2.5: 3, 5, 6" in text
    assert "identifier 1 5 3 6 (3.6.2): the first that complies with [C1] and reaches [C8] 0" in text
    assert "identifier position 2: 3 ruled out" in text
    assert "5 - 6: higher-ranked 5 (4.2); 4.3.3: colours alternated from the most recent round" in text


def test_c04_7_baku_virtual_points_are_a_match_win_then_half(tmp_path):
    """FIDE_DOUBLESWISS_BAKU (DS-15): 8 players, 5 matches: the accelerated group is players 1-4,
    the accelerated matches 1-3, the first two with a won match's 2 points, the third with 1;
    with baku_win = "game": 1 and ½."""
    from cpswiss.rulesets.ruleset import load_rule_set
    from cpswiss.systems.double_swiss.procedure import baku_virtual_points, switches_of
    from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches

    t = generate_double_swiss(DoubleSwissConfig(players=8, rounds=5), seed=1, rounds=0)
    rules = load_rule_set("double-swiss-2026-baku")
    points = baku_virtual_points(t, switches_of(rules))
    assert sorted(points) == [1, 2, 3, 4]
    assert points[1] == [20, 20, 20, 20, 10, 10]  # per column: matches 1, 2 (2 points), 3 (1 point)
    game = baku_virtual_points(t, DoubleSwissSwitches(baku_win="game"))
    assert game[4] == [10, 10, 10, 10, 5, 5]
    path = tmp_path / "baku.trf"
    path.write_text(write_trf(t).replace("192 FIDE_DOUBLESWISS", "192 FIDE_DOUBLESWISS_BAKU"))
    result = pair_double_swiss_tournament(str(path))
    assert result.state is not None and result.state.competitors[1].score == 20
    # round 1 with GA on 2 points and GB on 0: two brackets, 1-3 2-4 and 5-7 6-8
    assert sorted(tuple(sorted((b.white, b.black))) for b in result.pairing.boards) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_state_shows_each_players_match_facts(capsys):
    """Case 05 before round 2: 1 won a match by forfeit (no colour, [C2] bars the PAB, no match
    played), 4 had White in a regular match with a single forfeited game, 5 the PAB."""
    assert main(["state", str(CASES / "05-pab-barred-by-a-match-won-by-forfeit.trf")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["FIDE Double-Swiss System (C.04.5, 2026) (record 192 FIDE_DOUBLESWISS)",
                       "State before round 2 of 4"]
    rows = [line.split() for line in out[3:]]
    by_tpn = {int(r[0]): r for r in rows}
    assert by_tpn[1][3:] == ["2.0", "2.0", "-", "0", "False", "False", "0", "True"]
    assert by_tpn[4][3:] == ["2.0", "2.0", "W", "1", "False", "True", "1", "True"]
    assert by_tpn[5][3:] == ["1.5", "1.5", "-", "0", "False", "False", "0", "True"]


def test_check_command_on_a_double_swiss_file(tmp_path, capsys):
    """``cpswiss check FILE`` re-pairs a Double-Swiss file's rounds (``--round N``: that one);
    a planted wrong match colour: exit 1 and the article."""
    t = generated(7)
    good, bad = tmp_path / "good.trf", tmp_path / "bad.trf"
    good.write_text(write_trf(t))
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("\nall rounds agree")
    boards, _ = recorded_round(t, 2)
    bad.write_text(write_trf(_rewired(t, 2, [(boards[0][1], boards[0][0])])))
    assert main(["check", str(bad), "--round", "2"]) == 1
    out = capsys.readouterr().out
    assert "\nround 2: DIFFERS\n" in out and ", C.04.5 Art. 4.3." in out and out.rstrip().endswith("round 2 differs")


@pytest.mark.parametrize("played", [2, 3])
def test_c04_7_baku_in_a_later_match_counts_the_virtual_points_once(played):
    """FIDE_DOUBLESWISS_BAKU before match 3 (a won match, 2 points) and match 4 (half of it):
    the state's pairing score is the score plus the round's virtual points once, the procedure
    pairs on that score, and the round pairs as the same points written as 250 records do."""
    from cpswiss.rulesets.ruleset import load_rule_set
    from cpswiss.systems.double_swiss.procedure import baku_virtual_points, players_of, switches_of

    rules = load_rule_set("double-swiss-2026-baku")
    t = generate_double_swiss(DoubleSwissConfig(players=10, rounds=7), seed=3, rounds=played)
    text = write_trf(t).replace("192 FIDE_DOUBLESWISS", "192 FIDE_DOUBLESWISS_BAKU")
    by_code = pair_double_swiss_tournament(parse_trf(text, "baku.trf"))
    points = baku_virtual_points(t, switches_of(rules))  # 10 players, 7 matches: 1-6 accelerated, matches 1-4
    records = [f"250      {value / 10:04.1f} {column:03d} {column:03d} {pid:04d} {pid:04d}"
               for pid, values in sorted(points.items()) for column, value in enumerate(values, start=1)]
    written = text.replace("192 FIDE_DOUBLESWISS_BAKU", "192 FIDE_DOUBLESWISS").rstrip("\n") + "\n" + \
        "\n".join(records) + "\n"
    by_records = pair_double_swiss_tournament(parse_trf(written, "records.trf"))
    assert by_code.state is not None and by_records.state is not None
    virtual = 20 if played + 1 <= 2 else 10
    for state in (by_code.state, by_records.state):
        assert all(c.score == c.real_score + (virtual if c.id <= 6 else 0) for c in state.competitors.values())
    assert {p.tpn: p.score for p in players_of(by_code.state, switches_of(rules))} == \
        {c.id: c.score for c in by_code.state.to_pair}
    for bracket in by_code.plan.brackets:
        assert {by_code.state.competitors[p].score for p in bracket.residents} == {bracket.score}
    assert by_code.pairing.boards == by_records.pairing.boards and by_code.pairing.bye == by_records.pairing.bye
