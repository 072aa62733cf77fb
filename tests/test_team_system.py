"""The Swiss Team Pairing System (C.04.6, 2026) on team files: rounds paired as the text
orders (tests/data/team-2026-sample), colours by Art. 1.7 and 4.3, the output and the round
written back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cpswiss.api import pair_matches
from system_results import pair_team_tournament
from cpswiss.errors import InputError, NoPairingError
from cpswiss.systems.shared.topdown import Wish
from cpswiss.systems.team.colours import TeamColourState, allocate, preference
from cpswiss.tournament.colour import BLACK, WHITE

DATA = Path(__file__).parent / "data" / "team-2026-sample"
CASES = sorted(p.stem for p in DATA.glob("*.trf"))


def boards_of(text: str) -> set[tuple[int, int]] | str:
    lines = text.split("\n")
    if lines[0].strip() == "NO-PAIRING":
        return "NO-PAIRING"
    return {(int(a), int(b)) for a, b in (line.split() for line in lines[1:] if line.strip())}


@pytest.mark.parametrize("case", CASES)
def test_rounds_pair_as_the_text_orders(case):
    expected = boards_of((DATA / f"{case}.expected").read_text())
    try:
        got: set[tuple[int, int]] | str = boards_of("\n".join(pair_matches(DATA / f"{case}.trf").lines()))
    except NoPairingError:
        got = "NO-PAIRING"
    assert got == expected


def test_disputed_rounds_differ_from_the_fork_where_the_text_says_so():
    # the fork pairs the whole round in one weighted matching; Art. 3.3.2 pairs bracket by bracket
    case = "disputed-n006-r02of05-t017"
    got = boards_of("\n".join(pair_matches(DATA / f"{case}.trf").lines()))
    assert got == boards_of((DATA / f"{case}.expected").read_text())
    assert got != boards_of((DATA / f"{case}.sharly").read_text())


def test_the_first_upfloater_set_and_its_account():
    # n006-r02of05-t017: {1, 2, 3} on 2 MP take one upfloater; 3.5.4 orders {4} < {5} < {6}
    result = pair_team_tournament(DATA / "disputed-n006-r02of05-t017.trf", record_refusals=True)
    first = result.plan.brackets[0]
    assert first.residents == [1, 2, 3]
    assert first.upfloaters == [4]
    assert sorted(frozenset(p) for p in result.plan.pairs) == sorted(frozenset(p) for p in [(1, 2), (3, 4), (5, 6)])


def test_a_rematch_after_a_forfeited_match_is_allowed():
    # n013-r08of11-t110: 10 and 13 met in round 3 by a forfeit (330): no meeting (GHR 3.5)
    result = pair_team_tournament(DATA / "disputed-n013-r08of11-t110.trf")
    assert frozenset((10, 13)) in {frozenset((m.white, m.black)) for m in result.matches}


def test_round_one_colours_by_the_fixed_tpn_parity():
    # n012-r01of10-t005: team 3 absent, initial-colour Black: 4.3.1 reads the TPN as given (1.1)
    result = pair_team_tournament(DATA / "disputed-n012-r01of10-t005.trf")
    got = {(m.white, m.black) for m in result.matches}
    assert {(4, 9), (6, 11), (10, 5)} <= got
    assert all(m.article == "4.3.1" for m in result.matches)


def test_no_pairing_is_reported_by_the_cli():
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(DATA / "n007-r05of05-t001.trf"),
                          "-p", "-"], capture_output=True, text=True)
    assert run.returncode == 1 and "no legal pairing" in run.stderr
    assert run.stdout == ""


def test_cli_writes_the_team_engines_pairing_file(tmp_path):
    out = tmp_path / "p.txt"
    case = "n006-r03of05-t025"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(DATA / f"{case}.trf"),
                          "-p", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_text() == (DATA / f"{case}.expected").read_text()


def test_the_round_written_back_holds_each_board(tmp_path):
    case = "n006-r03of05-t025"
    out = tmp_path / "next.trf"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(DATA / f"{case}.trf"),
                          "--write-trf", str(out), "-p", "-"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    from cpswiss.formats.trf import read_trf

    t = read_trf(out)
    result = pair_team_tournament(DATA / f"{case}.trf")
    r = result.round_no
    for m in result.matches:
        white, black = t.teams[m.white].members, t.teams[m.black].members
        for board, (a, b) in enumerate(zip(white, black)):
            entry = t.players[a].entry(r)
            assert entry is not None and entry.opponent == b
            assert entry.colour == (WHITE if board % 2 == 0 else BLACK)
    if result.bye is not None:
        assert t.team_pab is not None and t.team_pab.team_of(r) == result.bye


def test_a_first_pab_written_back_creates_320_at_a_drawn_match_and_a_board_colour_sequence_read_from_board_1(tmp_path):
    """C.04.6 Art. 1.4: a file with no 320 gets one when cpswiss gives the first PAB, worth a drawn
    match (362's TD, and the 162 draw on each board); a 352 that starts with Black still means
    board 1 as the match colour (Art. 1.6.1): the team with White on board 1 gets the sequence
    read relative to board 1."""
    case = "n006-r03of05-t025"
    lines = [line for line in (DATA / f"{case}.trf").read_text().splitlines() if not line.startswith("320")]
    source = tmp_path / "no-320.trf"
    source.write_text("\n".join(lines + ["352 BWBW"]) + "\n")
    out = tmp_path / "next.trf"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(source),
                          "--write-trf", str(out), "-p", "-"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    from cpswiss.formats.trf import read_trf

    t = read_trf(out)
    result = pair_team_tournament(source)
    r = result.round_no
    assert result.bye is not None and t.team_pab is not None
    assert (t.team_pab.match_points, t.team_pab.game_points) == (10, 4 * 5)
    assert t.team_pab.team_of(r) == result.bye
    assert all(t.players[pid].entry(r).kind.name == "PAB" for pid in t.teams[result.bye].members)
    for m in result.matches:
        first = t.players[t.teams[m.white].members[0]].entry(r)
        second = t.players[t.teams[m.white].members[1]].entry(r)
        assert (first.colour, second.colour) == (WHITE, BLACK)


def test_a_team_flag_refuses_an_individual_rule_set():
    with pytest.raises(InputError):
        pair_team_tournament(DATA / "n006-r03of05-t025.trf", "dutch-2026")


def test_explanation_names_the_bye_brackets_and_colour_articles():
    from cpswiss.systems.team.explain import explain_text

    result = pair_team_tournament(DATA / "disputed-n006-r02of05-t017.trf", record_refusals=True)
    text = explain_text(result)
    assert "top-scoregroup 2: 1, 2, 3" in text
    assert "upfloaters 4 (0)" in text
    assert "identifier 1 3 2 4" in text and "identifier position 2: 2 ruled out" in text
    for m in result.matches:
        assert f"{m.white} - {m.black}: first-team {m.first_team} (4.2); {m.article}" in text


# --- Art. 1.7 and 4.3 -------------------------------------------------------------------


@pytest.mark.parametrize("history, kind, last, wish", [
    ("BWB", "A", False, Wish(None)),  # CD -1, last two W B: no Type A preference
    ("WBB", "A", False, Wish("W")),  # CD -1, B B
    ("BB", "A", False, Wish("W")),  # CD -2
    ("WBWW", "A", False, Wish("B")),  # CD +2
    ("BWW", "A", False, Wish("B")),  # CD +1, W W
    ("WBW", "A", False, Wish(None)),  # CD +1 otherwise: none (unlike Dutch)
    ("BWB", "B", False, Wish("W")),  # CD -1: mild White
    ("WBB", "B", False, Wish("W", True)),  # strong
    ("WB", "B", False, Wish("W")),  # CD 0, last Black: mild White
    ("WB", "B", True, Wish(None)),  # ... but not in the last round
    ("", "B", False, Wish(None)),  # no played match
    ("WWBB", "B", True, Wish("W", True)),  # TS-5: the strong clause in the last round
    ("WWBB", "none", False, Wish(None)),
])
def test_colour_preferences(history, kind, last, wish):
    assert preference(tuple(history), kind, last) == wish


def test_colour_preference_with_cd_zero_in_the_last_round_can_read_as_none():
    assert preference(tuple("WWBB"), "B", True, last_round_zero_cd="none") == Wish(None)


def team(tpn, primary, history="", wish=Wish(None), secondary=0.0):
    return TeamColourState(tpn, primary, secondary, tuple(history), wish)


@pytest.mark.parametrize("a, b, initial, type_b, white, article", [
    (team(3, 0), team(8, 0), "W", False, 3, "4.3.1"),  # first-team 3 (odd TPN) takes the initial colour
    (team(4, 0), team(8, 0), "W", False, 8, "4.3.1"),  # even TPN: the other colour
    (team(1, 2, "WB", Wish("W")), team(2, 2, "BW"), "W", False, 1, "4.3.2"),
    (team(1, 2, "BW", Wish("B")), team(2, 2, "WB", Wish("W")), "W", False, 2, "4.3.3"),
    (team(1, 2, "WB", Wish("W")), team(2, 2, "BB", Wish("W", True)), "W", True, 2, "4.3.4"),
    (team(1, 2, "WWB"), team(2, 2, "WBB"), "W", False, 2, "4.3.5"),
    (team(1, 2, "WB"), team(2, 2, "BW"), "W", False, 1, "4.3.6"),  # last match 1 had B, 2 had W: alternate
    (team(1, 2, "WB", Wish("B")), team(2, 2, "WB", Wish("B")), "W", False, 2, "4.3.7"),
    (team(1, 2, "WB"), team(2, 2, "WB"), "W", False, 1, "4.3.8"),
    (team(1, 4), team(2, 2, "WB"), "W", False, 2, "4.3.9"),  # the first-team has not played: 4.3.9 is reachable
])
def test_colour_cascade(a, b, initial, type_b, white, article):
    m = allocate(a, b, initial, True, type_b)
    assert (m.white, m.article) == (white, article)


def test_first_team_by_secondary_score_then_tpn():
    a, b = team(5, 2, "WB", secondary=3.5), team(2, 2, "WB", secondary=2.5)
    assert allocate(a, b, "W", True, False).first_team == 5
    assert allocate(a, b, "W", False, False).first_team == 2


# --- Baku acceleration for teams (C.04.7) and simulated tournaments ----------------------


def paired(text: str, **kwargs):  # type: ignore[no-untyped-def]
    from cpswiss.formats.trf import parse_trf

    return pair_team_tournament(parse_trf(text), **kwargs)


def test_baku_pairs_the_first_half_among_themselves_in_round_one():
    from cpswiss.study.team_generate import simulate

    # 8 teams: GA = 2 * ceil(8/4) = 4 teams with +2 MP (a match win) in round 1
    result = paired(simulate(8, 4, 5, 0, code="FIDE_TEAM_BAKU"))
    assert {frozenset((m.white, m.black)) for m in result.matches} == {
        frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}
    plain = paired(simulate(8, 4, 5, 0))
    assert {frozenset((m.white, m.black)) for m in plain.matches} == {
        frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}


def _with_250_records(text: str) -> str:
    """The same event with Baku's virtual points written as 250 records and no _BAKU code."""
    from cpswiss.formats.trf import parse_trf
    from cpswiss.tournament.acceleration import baku_schedule

    t = parse_trf(text)
    assert t.total_rounds is not None
    schedule = baku_schedule(sorted(t.teams), t.total_rounds, 20)
    first, last = min(schedule), max(schedule)
    lines = [line.replace("192 FIDE_TEAM_BAKU", "192 FIDE_TEAM") for line in text.splitlines()]
    lines += [f"250 {value / 10:04.1f} 00.0 {r:03d} {r:03d} {first:04d} {last:04d}"
              for r, value in enumerate(schedule[first], start=1)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("teams, played", [(10, 2), (10, 3), (8, 2)])
def test_baku_pairs_a_later_round_as_the_same_virtual_points_written_as_250_records(teams, played):
    """C.04.7 for teams: the virtual points of a _BAKU code count once, as the same points
    written as 250 records do (10 teams, 9 rounds: teams 1-6 get +2 MP in rounds 1-3, +1 in
    rounds 4-5; with them counted twice, round 3 of the 10 teams pairs otherwise); every
    bracket's score is its teams' pairing score in the state."""
    from cpswiss.study.team_generate import simulate

    text = simulate(teams, 4, 9, played, seed=1, code="FIDE_TEAM_BAKU")
    by_code, by_records = paired(text), paired(_with_250_records(text))
    assert by_code.round_no == played + 1 and by_code.state.tournament.team_accelerations == {}
    assert {frozenset((m.white, m.black)) for m in by_code.matches} == \
        {frozenset((m.white, m.black)) for m in by_records.matches}
    assert by_code.bye == by_records.bye
    for result in (by_code, by_records):
        teams_now = result.state.competitors
        assert {c.id: c.score for c in teams_now.values()} == \
            {c.id: c.score for c in by_records.state.competitors.values()}
        for bracket in result.plan.brackets:
            assert {teams_now[t].score for t in bracket.residents} == {bracket.score}
            assert [teams_now[t].score for t in bracket.upfloaters] == bracket.upfloater_scores
    # the virtual points are in the state's score once: real score + this round's Baku points
    # (group A: the first 2 * ceil(N/4) teams; rounds 1-3 a match win, 2 MP, rounds 4-5 half of it)
    group_a, virtual = 2 * -(-teams // 4), 20 if played + 1 <= 3 else 10
    assert all(c.score == c.real_score + (virtual if c.id <= group_a else 0)
               for c in by_code.state.competitors.values())


def test_baku_with_game_points_primary_is_refused():
    from cpswiss.study.team_generate import simulate

    with pytest.raises(InputError, match="Baku"):
        paired(simulate(8, 4, 5, 0, code="FIDE_TEAM_TYPEA_GP_MP_BAKU"))


def test_a_simulated_tournament_pairs_every_round_legally():
    from cpswiss.formats.trf import parse_trf
    from cpswiss.study.team_generate import simulate

    t = parse_trf(simulate(11, 3, 6, 5, seed=4, code="FIDE_TEAM_TYPEB_GP_MP"))
    result = pair_team_tournament(t)
    teams = result.state.competitors
    seen = [x for m in result.matches for x in (m.white, m.black)] + ([result.bye] if result.bye else [])
    assert sorted(seen) == sorted(c.id for c in result.state.to_pair)
    assert all(m.black not in teams[m.white].opponents for m in result.matches)
    assert result.bye is not None and teams[result.bye].bye_eligible


# --- check ---------------------------------------------------------------------------------


def _next_round_with(t, change):  # type: ignore[no-untyped-def]
    """The file with its next round written as cpswiss pairs it, after ``change`` on the
    pairing (a list of MatchColours to edit)."""
    from cpswiss.tournament.paired_round import with_round

    result = pair_team_tournament(t)
    matches = change(result.matches, result)
    return with_round(result.state.tournament, result.round_no, [(m.white, m.black) for m in matches], result.bye)


def test_check_agrees_with_a_tournament_cpswiss_paired():
    from cpswiss.check.rounds import check_tournament
    from cpswiss.formats.trf import parse_trf
    from cpswiss.study.team_generate import simulate

    t = parse_trf(simulate(10, 4, 6, 3, seed=2))
    report = check_tournament(t)
    assert [r.round_no for r in report.rounds] == [1, 2, 3] and report.agrees


def test_check_flags_a_planted_wrong_colour_with_the_article():
    from dataclasses import replace

    from cpswiss.check.rounds import check_tournament
    from cpswiss.formats.trf import parse_trf
    from cpswiss.study.team_generate import simulate

    t = parse_trf(simulate(10, 4, 6, 3, seed=2))

    def swap_first(matches, result):  # type: ignore[no-untyped-def]
        first = matches[0]
        return [replace(first, white=first.black, black=first.white)] + matches[1:]

    planted = _next_round_with(t, swap_first)
    report = check_tournament(planted, rounds=[4])
    assert not report.agrees
    m = pair_team_tournament(t).matches[0]
    assert (report.rounds[0].colours, report.rounds[0].colour_articles) == ([(m.black, m.white)],
                                                                            [f"C.04.6 Art. {m.article}"])


def test_check_flags_a_planted_rematch_as_c1():
    from cpswiss.check.rounds import check_tournament
    from cpswiss.formats.trf import parse_trf
    from cpswiss.study.team_generate import simulate
    from cpswiss.systems.team.colours import MatchColours

    t = parse_trf(simulate(10, 4, 6, 3, seed=2))
    state = pair_team_tournament(t).state
    a = min(state.competitors)
    b = min(state.competitors[a].opponents)

    def rematch(matches, result):  # type: ignore[no-untyped-def]
        others = [m for m in matches if a not in (m.white, m.black) and b not in (m.white, m.black)]
        rest = sorted(x for m in matches if m not in others for x in (m.white, m.black) if x not in (a, b))
        return others + [MatchColours(a, b, "4.3.5", a), MatchColours(rest[0], rest[1], "4.3.5", rest[0])]

    report = check_tournament(_next_round_with(t, rematch), rounds=[4])
    assert any(v.startswith(f"[C1] C.04.6 Art. 2.1.1: {a} and {b} have already played in round ")
               for v in report.rounds[0].violations), report.rounds[0].violations


def test_state_rows_show_scores_colours_and_preferences():
    from system_results import team_state_rows

    rows = {r["tpn"]: r for r in team_state_rows(DATA / "n006-r05of05-t009.trf")}
    assert (rows[1]["MP"], rows[1]["GP"], rows[1]["colours"], rows[1]["CD"]) == (8.0, 9.0, "BBWW", 0)
    assert rows[1]["preference"] == "B strong" and rows[1]["to pair"] is False  # TS-5, last round
    assert (rows[6]["preference"], rows[6]["PAB allowed"]) == ("W strong", False)
    assert rows[3]["preference"] == "W"  # Type B mild: CD -1


def _variant(tmp_path, extends: str, **switches) -> str:  # type: ignore[no-untyped-def]
    lines = [f'name = "variant-of-{extends}"', f'extends = "{extends}"', "[switches]"]
    lines += [f"{k} = {str(v).lower() if isinstance(v, bool) else repr(v)}" for k, v in switches.items()]
    path = tmp_path / "variant.toml"
    path.write_text("\n".join(lines).replace("'", '"') + "\n")
    return str(path)


def test_parity_by_the_teams_that_arrived_gives_the_other_engines_colours(tmp_path):
    case = "disputed-n012-r01of10-t005"
    rules = _variant(tmp_path, "team-2026-a-gp-mp", parity_numbers="arrived")
    got = boards_of("\n".join(pair_matches(DATA / f"{case}.trf", rules).lines()))
    assert got == boards_of((DATA / f"{case}.sharly").read_text())


def test_a_forfeited_match_as_a_meeting_bars_the_rematch(tmp_path):
    rules = _variant(tmp_path, "team-2026-a-mp", forfeit_is_meeting=True)
    result = pair_team_tournament(DATA / "disputed-n013-r08of11-t110.trf", rules)
    assert frozenset((10, 13)) not in {frozenset((m.white, m.black)) for m in result.matches}


def test_explain_a_proposal_names_the_first_bracket_and_article():
    case = DATA / "disputed-n006-r02of05-t017"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "explain", f"{case}.trf", "--pairing", f"{case}.sharly"],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    assert ("not the pairing the rules demand: C.04.6 Art. 3.5.4: bracket 1 (top-scoregroup 2: 1, 2, 3): Art. 3.5 "
            "takes the upfloaters 4 (0), the proposal 6 (0): both comply with [C4]-[C7] alike, and 4 comes first in "
            "the order of 3.5.3-3.5.4") in run.stdout
    same = subprocess.run([sys.executable, "-m", "cpswiss.cli", "explain", f"{case}.trf", "--pairing",
                           f"{case}.expected"], capture_output=True, text=True)
    assert same.returncode == 0 and "the same pairing and colours" in same.stdout


@pytest.mark.parametrize("rules", ["team-2026", "team-2026-b-gp-mp", "team-2026-none-mp"])
def test_generated_team_tournaments_re_pair_to_themselves(tmp_path, rules):
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=9\nBoardsNumber=3\nRoundsNumber=5\n")
    out = tmp_path / "t.trf"
    made = subprocess.run([sys.executable, "-m", "cpswiss.cli", "generate", str(config), "-o", str(out),
                           "--rules", rules, "--seed", "3"], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    checked = subprocess.run([sys.executable, "-m", "cpswiss.cli", "check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout.strip().endswith("round 5: agrees\nall rounds agree"), checked.stdout


@pytest.mark.parametrize("flag", ["--dutch", "--dubov", "--burstein", "--lim"])
def test_an_individual_flag_refuses_a_team_file(flag):
    case = DATA / "n006-r03of05-t025.trf"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", flag, str(case), "-p", "-"],
                         capture_output=True, text=True)
    assert run.returncode == 3 and run.stdout == ""
    assert run.stderr.startswith(f"cpswiss: {case}: this file asks for the Swiss Team Pairing System (C.04.6)")
    assert run.stderr.strip().endswith("does not pair it (use --team)")


def test_a_team_file_without_the_number_of_rounds_is_refused_in_one_line(tmp_path):
    text = (DATA / "n006-r03of05-t025.trf").read_text()
    case = tmp_path / "no142.trf"
    case.write_text("\n".join(line for line in text.splitlines() if not line.startswith("142")) + "\n")
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(case), "-p", "-"],
                         capture_output=True, text=True)
    assert run.returncode == 3 and run.stdout == ""
    assert run.stderr.strip() == (f"cpswiss: {case}: the number of rounds (record 142) is needed: [C7] and [C10] "
                                  f"do not apply in the last two rounds (C.04.6 Art. 2.3)")


def test_the_team_flag_refuses_an_individual_file():
    case = Path(__file__).parent / "data" / "double-swiss.trf"
    run = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(case), "-p", "-"],
                         capture_output=True, text=True)
    assert run.returncode == 3 and run.stdout == "" and len(run.stderr.strip().splitlines()) == 1


# --- the rule file's criteria drive the procedure (TS-11) ---------------------------------


def variant(tmp_path: Path, parent: str, body: str) -> Path:
    """A team rule file extending ``parent`` with ``body`` (drop / order / [[replace]])."""
    path = tmp_path / "variant.toml"
    path.write_text(f'name = "variant"\nextends = "{parent}"\n{body}\n')
    return path


def pairs_of(result) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset((m.white, m.black)) for m in result.matches}


def test_a_rule_file_without_c7_lets_a_team_that_floated_float_again(tmp_path):
    """team-2026/n013-r04of08-t006, round 4 of 8: team 1 (6 MP) is alone and takes one upfloater
    of 4 MP. Team 3 comes first in the order of 3.5.4 (2 and 4 leave no legal pairing), but it
    floated in round 3, so [C7] takes team 6 - the consensus pairing (6-1). Without [C7] the
    first set in that order is {3}: 3-1, and the 4-pointers 2, 4, 6, 7 pair among themselves."""
    case = DATA / "n013-r04of08-t006.trf"
    with_c7 = pair_team_tournament(case, record_refusals=True)
    assert with_c7.plan.brackets[0].upfloaters == [6] and with_c7.plan.brackets[0].set_values["[C7]"] == 0
    assert with_c7.state.competitors[3].floated_last_round
    assert [(r.tpn, r.why) for r in with_c7.plan.brackets[0].set_refusals] == \
        [(2, "illegal"), (3, "criteria"), (4, "illegal")]
    without = pair_team_tournament(case, str(variant(tmp_path, "team-2026", 'drop = ["C7"]')))
    assert without.plan.brackets[0].upfloaters == [3] and "[C7]" not in without.plan.brackets[0].set_values
    assert pairs_of(without) - pairs_of(with_c7) == {frozenset(p) for p in [(1, 3), (2, 7), (4, 6)]}
    assert pairs_of(with_c7) == boards_of_pairs(DATA / "n013-r04of08-t006.expected")


def boards_of_pairs(path: Path) -> set[frozenset[int]]:
    found = boards_of(path.read_text())
    assert not isinstance(found, str)
    return {frozenset(p) for p in found if 0 not in p}


def test_the_order_of_the_pairing_criteria_is_their_priority(tmp_path):
    """team-2026/n010-r04of06-t118 (Type B, MP only): the 2-point bracket 4, 6, 7, 9, 10 with
    upfloater 8. By [C8] before [C10] the pairing meets every colour preference and 8 meets 6,
    who floated in round 3 ([C8] 0, [C10] 1); with [C10] first, 8 meets 7 instead and two pairs
    prefer the same colour ([C10] 0, [C8] 2)."""
    case = DATA / "n010-r04of06-t118.trf"
    text = pair_team_tournament(case)
    assert text.plan.brackets[2].pairing_values == {"[C8]": 0, "[C9]": 0, "[C10]": 1}
    assert frozenset((6, 8)) in pairs_of(text) and text.state.competitors[6].floated_last_round
    assert not text.state.competitors[7].floated_last_round
    order = 'order = ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C10", "C8", "C9"]'
    first = pair_team_tournament(case, str(variant(tmp_path, "team-2026-b-mp", order)))
    assert first.plan.brackets[2].pairing_values == {"[C10]": 0, "[C8]": 2, "[C9]": 0}
    assert pairs_of(first) - pairs_of(text) == {frozenset(p) for p in [(4, 6), (7, 8)]}


def test_a_replaced_criterion_pairs_as_its_new_entry_says(tmp_path):
    """team-2026/n019-r06of07-t051, round 6 of 7: [C10] lapses in the last two rounds, so in the
    bracket 9, 14, 18 with upfloater 12 the first identifier (9 12 14 18) pairs 12 with 18, who
    floated in round 5. With [C10] replaced by one that applies in every round
    (except_last_round = false), that identifier gives [C10] 1 and the next that reaches 0 is
    9 14 12 18: 12 meets 9, 14 meets 18."""
    case = DATA / "n019-r06of07-t051.trf"
    text = pair_team_tournament(case)
    assert "[C10]" not in text.plan.brackets[4].pairing_values and text.plan.rules.lapsed[-1].label == "[C10]"
    assert frozenset((12, 18)) in pairs_of(text) and text.state.competitors[18].floated_last_round
    always = pair_team_tournament(case, str(variant(tmp_path, "team-2026", '[[replace]]\nid = "C10"\n'
                                                                         'except_last_round = false')))
    assert always.plan.brackets[4].pairing_values == {"[C8]": 0, "[C10]": 0}
    assert pairs_of(always) - pairs_of(text) == {frozenset(p) for p in [(9, 12), (14, 18)]}


def test_a_rule_file_without_c1_lets_teams_meet_again(tmp_path):
    """[C1] dropped: the round may pair teams that have met (n013-r04of08-t006: 1 and 3)."""
    case = DATA / "n013-r04of08-t006.trf"
    without = pair_team_tournament(case, str(variant(tmp_path, "team-2026", 'drop = ["C1"]')))
    teams = without.state.competitors
    rematches = [p for p in pairs_of(without) if min(p) in teams[max(p)].opponents]
    assert rematches and not [p for p in pairs_of(pair_team_tournament(case)) if min(p) in teams[max(p)].opponents]


@pytest.mark.parametrize("body, message", [
    ('drop = ["C3"]', r"\[C3\] \(completion\) cannot be dropped"),
    ('drop = ["C5"]', r"the fewest upfloaters first, then by their scores"),
    ('order = ["C1", "C2", "C3", "C6", "C4"]', r"the fewest upfloaters first, then by their scores"),
    ('order = ["C1", "C2", "C3", "C4", "C5", "C8", "C6"]',
     r"\[C8\] \(the bracket's pairing, Art. 3.6.4\) cannot come before \[C7\]"),
])
def test_a_criteria_list_the_procedure_cannot_follow_is_refused_in_one_line(tmp_path, body, message):
    path = str(variant(tmp_path, "team-2026", body))
    with pytest.raises(InputError, match=message):
        pair_team_tournament(DATA / "n013-r04of08-t006.trf", path)
    done = subprocess.run([sys.executable, "-m", "cpswiss.cli", "pair", "--team", str(DATA / "n013-r04of08-t006.trf"),
                           "--rules", path], capture_output=True, text=True)
    assert done.returncode == 3 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1
