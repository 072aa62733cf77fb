"""Standings and tie-breaks (C.07 2024 / 2026, seed 001 section 16): hand-worked tournaments for
the articles that are easy to get wrong, a sample of the tie-break corpus compared value by value,
and the command line (exit codes, messages, -o trf / tsv, --json)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import REPO
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.standings import compute_standings, parse_list
from cpswiss.standings.catalogue import BURSTEIN_UNPLAYED
from cpswiss.standings.opponents import EDITION_2024, EDITION_2026

DATA = REPO / "tests" / "data" / "standings"
SAMPLE = REPO / "tests" / "data" / "tiebreaks-2026-sample"


def values(path: Path, codes: str, edition: str | None = None, **kw: object) -> dict[int, dict[str, object]]:
    s = compute_standings(read_trf(path), codes, edition, **kw)  # type: ignore[arg-type]
    return {r.id: {"rank": r.rank, **dict(zip(s.headers, r.values))} for r in s.rows}


# --- Art. 16 by hand: unplayed-16.trf -------------------------------------------------------
# Player 1: R1 beat 2, R2 forfeit win against 3, R3 half-point bye, R4 drew 5: 3.0 points.
# Player 3 (forfeit loss R2, PAB R4) has 1.5; player 6 (zero-point bye in the last round) 0.5,
# which his opponents' tie-breaks count as 1.0 (16.2.5 -> a draw, 16.3); player 4 a PAB in R3.

def test_the_dummy_is_the_own_score_under_the_2024_rules():
    v = values(DATA / "unplayed-16.trf", "BH,BH/C1,SB,SB/C1", EDITION_2024)
    # BH: 0.5 (player 2) + 3.0 (dummy, forfeit win) + 3.0 (dummy, bye) + 3.5 (player 5)
    assert v[1]["BH"] == Fraction(10)
    # 16.5.2: the cut takes the bye's dummy (a VUR), not player 2's 0.5
    assert v[1]["BH/C1"] == Fraction(7)
    # SB: 0.5x1 + 3.0x1 + 3.0x0.5 + 3.5x0.5; the cut takes the VUR's 1.5, above the least 0.5
    assert v[1]["SB"] == Fraction(27, 4) and v[1]["SB/C1"] == Fraction(21, 4)
    assert v[4]["BH"] == Fraction(13, 2)  # the PAB's dummy: his own 3.5
    assert [v[c]["rank"] for c in (4, 5, 1)] == [1, 2, 3]


def test_the_2026_caps_of_the_dummy():
    v = values(DATA / "unplayed-16.trf", "BH,BH/C1,SB,SB/C1", EDITION_2026)
    # 16.4.1: the forfeit's dummy is at most player 3's adjusted 1.5; 16.4.2: the bye's at 0.5 x 4
    assert v[1]["BH"] == Fraction(15, 2) and v[1]["BH/C1"] == Fraction(11, 2)
    assert v[1]["SB"] == Fraction(19, 4) and v[1]["SB/C1"] == Fraction(15, 4)
    assert v[4]["BH"] == Fraction(5)  # the PAB's dummy capped at 2.0
    assert [v[c]["rank"] for c in (5, 4, 1)] == [1, 2, 3]  # the caps reorder 4 and 5


def test_a_last_round_bye_counts_as_a_draw_for_the_opponents():
    v = values(DATA / "unplayed-16.trf", "BH", EDITION_2026)
    # player 5 met 6 (0.5, seen as 1.0), 2 (0.5), 3 (1.5), 1 (3.0)
    assert v[5]["BH"] == Fraction(6)


def test_the_explanation_of_a_value():
    s = compute_standings(read_trf(DATA / "unplayed-16.trf"), "BH/C1", EDITION_2026)
    parts = s.contributions[1, 1]
    assert [(p.round, p.opponent, p.score, p.cut) for p in parts] == [
        (1, 2, 5, ""), (2, 0, 15, ""), (3, 0, 20, "low"), (4, 5, 35, "")]
    assert "16.4.1" in parts[1].why and "16.4.2" in parts[2].why


def test_burstein_s_rule_of_unplayed_rounds_is_a_declared_variant():
    """C.04.4.2 Art. 1.7.2 as the opponents' sums' rule of unplayed rounds (the Burstein Index):
    an unplayed round is a game against oneself - the own current score, no 2026 cap - and an
    opponent's zero-point bye in the last round a draw (reading R-2)."""
    codes = [replace(tb, unplayed=BURSTEIN_UNPLAYED) for tb in parse_list("BH,SB")]
    s = compute_standings(read_trf(DATA / "unplayed-16.trf"), codes, EDITION_2026)
    bh, sb = ({r.id: r.values[k] for r in s.rows} for k in (1, 2))
    # player 1: 0.5 (player 2) + 3.0 (himself, forfeit win) + 3.0 (himself, half-point bye) + 3.5 (5);
    # C.07 2026 caps the two dummies at 1.5 and 2.0 (7.5, test above)
    assert bh[1] == Fraction(10) and sb[1] == Fraction(27, 4)
    # player 3: 3.5 (4) + 1.5 (himself, forfeit loss) + 3.5 (5) + 1.5 (himself, PAB)
    assert bh[3] == Fraction(10) and sb[3] == Fraction(13, 4)
    # player 2 met 6, whose zero-point bye of round 4 counts as a draw: 3.0 + 3.5 + 1.0 + 3.5
    assert bh[2] == Fraction(11)
    parts = s.contributions[1, 1]
    assert [(p.round, p.opponent, p.score, p.self_game) for p in parts] == [
        (1, 2, 5, False), (2, 0, 30, True), (3, 0, 30, True), (4, 5, 35, False)]
    assert "a game against himself" in parts[1].why and "C.04.4.2 Art. 1.7.2" in parts[0].why


def test_the_adjusted_score_and_why():
    s = compute_standings(read_trf(DATA / "unplayed-16.trf"), "BH")
    six, one = s.adjustment(6), s.adjustment(1)
    assert (six.own, six.adjusted, six.as_draws) == (5, 10, (4,))  # the last-round zero-point bye
    assert "round(s) 4 of category 16.2.5 counted as draws" in six.text()
    assert (one.own, one.adjusted, one.as_draws) == (30, 30, ())  # his bye (round 3) is 16.2.3


def test_the_api_function_uses_the_rule_sets_default_list():
    from cpswiss.api.standings import standings_frame, standings_of

    s = standings_of(DATA / "seed001-rated.trf")
    assert s.headers == ("PTS", "OTHER_1999") and "seed 001" in s.list_reason
    assert standings_frame(DATA / "encounter.trf")["id"].tolist() == [4, 1, 2, 3, 5, 6]


def test_what_a_rating_cut_removed():
    s = compute_standings(read_trf(DATA / "encounter.trf"), "ARO/C1,TPR")
    games = s.rated_games[4, 1]  # player 4 met 1800, 1500, 2000, 1900: the cut takes 1500
    assert games.cut == (1500,) and sorted(games.ratings) == [1800, 1900, 2000]
    assert s.row(4).values[1] == 1900 and s.rated_games[4, 2].halves == 6  # TPR over all four games


def test_the_edition_follows_the_start_date():
    s = compute_standings(read_trf(DATA / "unplayed-16.trf"), "BH")
    assert s.edition == EDITION_2024 and "before 1 March 2026" in s.edition_reason
    assert compute_standings(read_trf(DATA / "encounter.trf")).edition == EDITION_2026


# --- Direct encounter, the file's 202, Art. 10 ----------------------------------------------

def test_direct_encounter_places_inside_each_tie():
    v = values(DATA / "encounter.trf", "DE")
    # 4 beat 1 (both 3.0); 2 and 3 (2.0) never met: 6.3 leaves them tied; 5 beat 6 (1.0)
    assert {c: v[c]["DE"] for c in v} == {4: 1, 1: 2, 2: 0, 3: 0, 5: 1, 6: 2}
    assert {c: v[c]["rank"] for c in v} == {4: 1, 1: 2, 2: 3, 3: 3, 5: 5, 6: 6}


def test_the_files_202_record_is_the_list():
    s = compute_standings(read_trf(DATA / "encounter.trf"))
    assert s.headers == ("PTS", "DE", "BH") and s.list_reason.startswith("record 202")


def test_rating_tie_breaks_are_not_applicable_with_an_unrated_player():
    s = compute_standings(read_trf(DATA / "seed001-unrated.trf"), "ARO,TPR,RTNG")
    assert all(v is None for r in s.rows for v in r.values[1:])
    assert set(s.not_applicable) == {1, 2, 3} and "Art. 10" in s.not_applicable[1]


# --- Teams by hand: team.trf (4 teams of 2 boards, 3 rounds, match points 2 / 1 / 0) -------
# T1 4 MP 4 GP; T2 and T3 3 MP 3 GP each (T2 beat T3 in round 3, 1.5-0.5); T4 2 MP 2 GP.

def test_team_tie_breaks_by_hand():
    v = values(DATA / "team.trf", "MPTS,EDE,EMMSB,EMGSB,EGGSB,BH:MP,BC,SSSC")
    # EDE: T2 and T3 level on MP and GP; T2 won their match (13.3.1)
    assert (v[2]["EDE"], v[3]["EDE"], v[1]["EDE"]) == (1, 2, 0)
    # EMMSB T2: T1's 4 MP x 1 + T4's 2 x 0 + T3's 3 x 2; EMGSB T2: 4 x 1 + 2 x 0.5 + 3 x 1.5
    assert v[2]["EMMSB"] == 10 and v[2]["EMGSB"] == Fraction(19, 2) and v[2]["EGGSB"] == Fraction(19, 2)
    assert v[3]["EMGSB"] == Fraction(17, 2) and v[2]["BH:MP"] == v[3]["BH:MP"] == 9
    # BC (12.1): board 1 x its GP + board 2 x its GP: T2 1 x 1 + 2 x 2, T3 1 x 1.5 + 2 x 1.5
    assert v[2]["BC"] == 5 and v[3]["BC"] == Fraction(9, 2)
    # SSSC (13.4): GP + BH(MP) / floor(2 MP x 3 rounds / 2 GP a match) = 3 + 9 / 3
    assert v[2]["SSSC"] == 6 and v[1]["SSSC"] == Fraction(667, 100)
    assert [v[t]["rank"] for t in (1, 2, 3, 4)] == [1, 2, 3, 4]


# --- The EDE chains of 13.3.2: team-chains.trf (4 teams of 2 boards, 3 rounds) -------------
# T1 and T2 drew each other 1-1 in round 1 and end on 5 MP 4 GP each; T3 and T4 drew 1-1 and end
# on 1 MP 2 GP each. Board points: T1 2.0 + 2.0, T2 1.5 + 2.5; T3 2.0 + 0, T4 0.5 + 1.5.

def test_the_ede_chains_go_on_to_article_12_for_two_teams_level_on_both_scores():
    v = values(DATA / "team-chains.trf", "EDE,BC", EDITION_2026)
    # EDE alone: the mutual matches were drawn on MP and on GP (13.3.1)
    assert {c: v[c]["EDE"] for c in v} == {1: 0, 2: 0, 3: 0, 4: 0}
    # BC (12.1): T1 1 x 2.0 + 2 x 2.0 = 6.0, T2 1 x 1.5 + 2 x 2.5 = 6.5; T3 2.0, T4 0.5 + 3.0
    assert (v[1]["BC"], v[2]["BC"], v[3]["BC"], v[4]["BC"]) == (6, Fraction(13, 2), 2, Fraction(7, 2))
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB"):
        chain = values(DATA / "team-chains.trf", code, EDITION_2026)
        # 13.3.2: TBR (board 1: 2.0 against 1.5), BBE (all boards but the last: the same), and
        # BC before them lower first (6.0 against 6.5): T1 ahead of T2, T3 ahead of T4
        assert {c: chain[c][code] for c in chain} == {1: 1, 2: 2, 3: 1, 4: 2}, code
        assert [chain[c]["rank"] for c in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_the_ede_chains_leave_two_teams_apart_on_game_points_to_the_list():
    # team-forfeit.trf: team-chains.trf with T4 forfeiting round 3 to T1 (both boards): T1 5 MP
    # 4.5 GP, T2 5 MP 4.0 GP - not level on GP, so 13.3.2's Art. 12 step does not follow
    v = values(DATA / "team-forfeit.trf", "EDET,EDEBT", EDITION_2026)
    assert (v[1]["EDET"], v[2]["EDET"], v[1]["EDEBT"], v[2]["EDEBT"]) == (0, 0, 0, 0)
    assert (v[1]["rank"], v[2]["rank"]) == (1, 1)  # the list ends: they share the place (4.2)


def test_p_on_the_extended_sonneborn_berger_counts_a_forfeit_against_the_real_opponent():
    v = values(DATA / "team-forfeit.trf", "EMGSB,EMGSB/P", EDITION_2024)
    # T1: T2's 5 MP x 1 GP + T3's 1 x 1.5 + round 3, won by forfeit with 2 GP: under the 2024 rules
    # a dummy with T1's own 5 MP (16.4): 16.5; with /P, T4's adjusted 1 MP (16.3, TB-15): 8.5
    assert v[1]["EMGSB"] == Fraction(33, 2) and v[1]["EMGSB/P"] == Fraction(17, 2)
    assert v[2]["EMGSB"] == v[2]["EMGSB/P"] == 8  # no forfeit: /P changes nothing


def test_fides_team_sample_list_is_read():
    codes = parse_list("EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP", record="202")
    assert [(c.code, c.forfeits_played, c.cut_low, c.score) for c in codes] == [
        ("EDET", True, 0, None), ("EMGSB", True, 1, None), ("BH", True, 1, "MP"), ("MPVGP", False, 0, None)]


def test_a_team_file_gets_its_ranks_in_the_310_records(tmp_path: Path):
    out = tmp_path / "team.trf"
    assert main(["standings", str(DATA / "team.trf"), "--tiebreaks", "BC", "-o", str(out)]) == 0
    written = read_trf(out)
    assert {n: team.rank for n, team in written.teams.items()} == {1: 1, 3: 2, 2: 3, 4: 4}  # the file: 1 2 3 4
    assert compute_standings(written).headers == ("MPTS", "BC")


def test_a_team_list_without_points_starts_with_the_primary_score():
    s = compute_standings(read_trf(DATA / "team.trf"), "BC")
    assert s.headers == ("MPTS", "BC") and s.row(3).rank == 2  # BC: lower is better


def test_a_double_swiss_round_is_a_match_of_two_games():
    """TB-12: player 2 drew game 1 against 4 and won game 2 by forfeit - a match played (C.04.5
    Preface); player 3 forfeited both games against 4 - a forfeit match, his dummy in BH."""
    v = values(REPO / "tests" / "data" / "double-swiss.trf", "BH,WIN,KS", EDITION_2026)
    assert v[2]["PTS"] == Fraction(7, 2) and v[2]["BH"] == 4 and v[2]["WIN"] == 1  # 2-0 against 1
    assert v[3]["BH"] == 2  # 1's 1.5 and the dummy's 0.5 (his own score)
    assert v[2]["KS"] == Fraction(3, 2)  # only 4 reached half of 2 x 2.0


def test_standard_points_and_koya_limits_by_hand():
    """TB-8 / TB-14: 3 and 4 forfeited their game both (½ each against the scheduled opponent);
    Koya's limit is half of 1.0 x 2 rounds, /L-1 and /L+1 move it by half a point (TB-13)."""
    v = values(DATA / "double-forfeit.trf", "STD,KS,KS/L-1,KS/L+1,REP,VUR")
    assert [v[p]["STD"] for p in (1, 2, 3, 4)] == [Fraction(3, 2), 1, 1, Fraction(1, 2)]
    assert (v[1]["KS"], v[1]["KS/L-1"], v[1]["KS/L+1"]) == (1, Fraction(3, 2), 0)
    assert (v[3]["REP"], v[3]["VUR"], v[1]["REP"]) == (1, 1, 2)


# --- Seed 001 section 16 (the 1987-99 rules' default list) -----------------------------------

def test_seed_001_order_with_every_opponent_rated():
    # (a) 1 and 4 (3.0): 1 met 1900 1800 1700 1600 -> 5400 without the lowest; 4 met 1800 1500
    # 2000 1900 -> 5700: 4 first.  2 and 3 met the same four players: tied at every step.
    s = compute_standings(read_trf(DATA / "seed001-rated.trf"), "OTHER_1999")
    assert [(r.id, r.rank) for r in s.rows] == [(4, 1), (1, 2), (2, 3), (3, 3), (5, 5), (6, 6)]


def test_seed_001_order_falls_back_to_progressive_scores():
    # player 6 is unrated and 4, 2, 3 and 5 met him: (b) for every tie - 1's PS 8 over 4's 6,
    # 3's 6 over 2's 5, 5's 4 over 6's 1
    s = compute_standings(read_trf(DATA / "seed001-unrated.trf"), "OTHER_1999")
    assert [r.id for r in s.rows] == [1, 4, 3, 2, 5, 6]


def test_the_1999_rule_set_defaults_to_seed_001(capsys: pytest.CaptureFixture[str]):
    assert main(["standings", str(DATA / "seed001-rated.trf")]) == 0
    out = capsys.readouterr().out
    assert "seed 001 section 16" in out.splitlines()[0] and "OTHER_1999" in out


# --- The corpus sample, value by value -------------------------------------------------------

def _case(name: str) -> tuple[str, str, int, str, list[list[str]]]:
    words = (SAMPLE / f"{name}.codes").read_text().split()
    system = "roundrobin" if "-p" in words else "swiss"
    n = int(words[words.index("-n") + 1])
    codes = [w.rsplit("/V", 1)[0] for w in words[words.index("-t") + 1:]]
    edition = "2026" if words[-1].endswith("/V2") else "2024"
    rows = [line.split("\t") for line in (SAMPLE / f"{name}.expected").read_text().splitlines()]
    return system, ",".join(codes), n, edition, rows


CASES = sorted(p.stem for p in SAMPLE.glob("*.codes"))
# TEC's exercise files (Held) are other programs' files, kept as written in real-files/
HELD = {"held-swiss5": "fide-c07-exercise-swiss-5.trf", "held-swiss9": "fide-c07-exercise-swiss-9.trf",
        "held-rr": "fide-c07-exercise-round-robin.trf"}


def _trf(name: str) -> Path:
    held = next((file for prefix, file in HELD.items() if name.startswith(prefix + "-")), None)
    return REPO / "tests" / "data" / "real-files" / held if held else SAMPLE / f"{name}.trf"


def test_the_sample_is_there():
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", CASES)
def test_sample_case(name: str):
    system, codes, n, edition, rows = _case(name)
    s = compute_standings(read_trf(_trf(name)), codes, edition, n, system)
    got = {r.id: r for r in s.rows}
    header = rows[0]
    assert list(header[2:]) == list(s.headers)
    wrong = []
    for row in rows[1:]:
        r = got[int(row[0])]
        if row[1] != "*" and int(row[1]) != r.rank:
            wrong.append((row[0], "rank", row[1], r.rank))
        for code, text, value in zip(header[2:], row[2:], r.values):
            if text == "*":
                continue
            if text in ("-0", "", "None"):
                if value is not None:
                    wrong.append((row[0], code, text, value))
            elif value is None or abs(float(value) - float(text)) > 0.001:
                wrong.append((row[0], code, text, value))
    assert wrong == []


def test_the_disputed_sb_cut_follows_the_text():
    """16.5.2(a): the lowest VUR *contribution* (FIDE's engine takes the lowest dummy score:
    reading TB-1)."""
    name = "cpswiss-n053-r10-s3083-a10-sbcut-2026"
    system, codes, n, edition, _ = _case(name)
    s = compute_standings(read_trf(SAMPLE / f"{name}.trf"), codes, edition, n, system)
    row = dict(zip(s.headers, s.row(5).values))
    assert row["SB/C1"] == Fraction(32) and row["SB/C2"] == Fraction(55, 2)  # Gacrux: 31.75, 29.50


# --- Bad input and the command line ----------------------------------------------------------

@pytest.mark.parametrize("codes, message", [
    ("BH,FOO", "tie-break 2 'FOO': unknown tie-break 'FOO'"),
    ("BH/X", "tie-break 1 'BH/X': unknown modifier /X"),
    ("BH,WIN/C1", "tie-break 2 'WIN/C1': WIN (C.07 Art. 7.1) does not take the modifier /C1"),
    ("EMMSB", "is a team tie-break"),
    ("BH:MP", ":MP names a team score"),
])
def test_bad_codes_are_refused_in_one_line(codes: str, message: str, capsys: pytest.CaptureFixture[str]):
    assert main(["standings", str(DATA / "encounter.trf"), "--tiebreaks", codes]) == 3
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_malformed_212_record_names_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    text = (DATA / "encounter.trf").read_text().replace("202 DE BH", "212 BH DE")
    path = tmp_path / "bad.trf"
    path.write_text(text)
    assert main(["standings", str(path)]) == 3
    assert f"{path}:4: 212: the standings order starts with the points" in capsys.readouterr().err
    with pytest.raises(InputError, match="202:4: 202: tie-break 2 'B/H': unknown tie-break"):
        compute_standings(parse_trf(text.replace("212 BH DE", "202 DE B/H"), "202"))


def test_output_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    tsv, trf = tmp_path / "out.tsv", tmp_path / "out.trf"
    source = str(DATA / "unplayed-16.trf")
    assert main(["standings", source, "--tiebreaks", "BH,SB", "--edition", "2026", "-o", str(tsv)]) == 0
    lines = tsv.read_text().splitlines()
    assert lines[0] == "pno\trank\tPTS\tBH\tSB" and lines[1] == "1\t3\t3.0\t7.5\t4.75"
    assert main(["standings", source, "--tiebreaks", "BH,SB", "--edition", "2026", "-o", str(trf)]) == 0
    written = read_trf(trf)
    assert {p: r.rank for p, r in written.players.items()} == {5: 1, 4: 2, 1: 3, 3: 4, 2: 5, 6: 6}
    again = compute_standings(written, edition="2026")
    assert again.headers == ("PTS", "BH", "SB") and again.list_reason.startswith("record 212")
    capsys.readouterr()
    assert main(["standings", source, "--tiebreaks", "BH", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["edition"] == "2024" and data["rows"][0]["values"] == {"PTS": 3.5, "BH": 6.5}


def test_the_text_table_names_the_edition_and_shares_tied_places(capsys: pytest.CaptureFixture[str]):
    assert main(["standings", str(DATA / "encounter.trf")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("standings after round 4: C.07 the 2026 text") and "start date 2026/04/01" in lines[0]
    assert lines[1].split() == ["rank", "no", "name", "PTS", "DE", "BH"]
    assert lines[4].split()[:2] == ["3", "2"] and lines[5].split()[0] == "3"  # player 3 shares place 3


def test_a_round_beyond_the_file_is_refused(capsys: pytest.CaptureFixture[str]):
    assert main(["standings", str(DATA / "encounter.trf"), "--round", "7"]) == 3
    assert "--round 7" in capsys.readouterr().err


def test_the_dataframe():
    frame = compute_standings(read_trf(DATA / "encounter.trf"), "DE,BH").frame()
    assert list(frame.columns) == ["rank", "id", "name", "PTS", "DE", "BH"]
    assert frame["id"].tolist()[:2] == [4, 1] and frame["PTS"].tolist()[0] == 3.0


def test_parse_list_reads_every_modifier():
    tb = parse_list("BH/C1,BH/M2,KS/L+2,TPN/R,DE/P,AOB/F,KS/L3,KS/L-1,SSSC/K2.5")
    assert [(t.cut_low, t.cut_high) for t in tb[:2]] == [(1, 0), (2, 2)]
    assert tb[2].limit_shift == 2 and tb[3].reverse and tb[4].forfeits_played and tb[5].fore
    assert (tb[6].limit_shift, tb[7].limit_shift, tb[8].factor) == (3, -1, Fraction(5, 2))
