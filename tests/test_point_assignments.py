"""TRF-2026 ``299`` records (points assigned or adjusted outside the games, docs/readings.md
RF-6): read in the format's column table, their points counted in the points column and in the
score paired on from their round on, for a player and for a team; the layout of FIDE's team
sample read; a malformed line refused in one line naming it."""

from __future__ import annotations

import pytest
from conftest import REPO

from cpswiss.api import competitor_state_rows
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.tournament.state import state_to_show

DATA = REPO / "tests" / "data"
PLAYERS = (DATA / "colour-limits" / "cd-against-three-in-a-row.trf").read_text()  # 10 players, 6 rounds played
TEAMS = (DATA / "team-2026-sample" / "disputed-n006-r02of05-t017.trf").read_text()  # 6 teams, 1 round played


def with_record(text: str, record: str, points_of: tuple[int, str] | None = None) -> str:
    """The file with a 299 line after its header, and player ``points_of[0]``'s points column
    rewritten to ``points_of[1]``."""
    lines = text.splitlines()
    if points_of is not None:
        pid, points = points_of
        lines = [line[:80] + f"{points:>4}" + line[84:] if line.startswith("001") and int(line[4:8]) == pid
                 else line for line in lines]
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    return "\n".join(lines[:first] + [record] + lines[first:]) + "\n"


def table_line(kind: str, match_points: str, points: str, round_no: str, *ids: int) -> str:
    """A 299 line in the format's columns: type 5, 8-11, 14-17, 20-22, competitors from 24."""
    return (f"299 {kind}  {match_points:>4}  {points:>4}  {round_no:>3} " + " ".join(f"{i:>4}" for i in ids)).rstrip()


def score_before(text: str, pid: int) -> int:
    from cpswiss.rulesets.ruleset import load_rule_set

    state, _ = state_to_show(parse_trf(text), load_rule_set("dutch-2026").state)
    return state.players[pid].score


def test_a_penalty_counts_in_the_points_column_and_the_score_paired_on():
    penalty = table_line(" ", "", "-1.0", "003", 3)
    assert penalty == "299          -1.0  003    3" and penalty.index("-1.0") == 13
    before = score_before(PLAYERS, 3)
    text = with_record(PLAYERS, penalty, (3, "2.0"))
    t = parse_trf(text)
    (assignment,) = t.point_assignments
    assert (assignment.kind, assignment.points, assignment.round_no, assignment.ids) == (" ", -10, 3, (3,))
    plain = parse_trf(PLAYERS)
    assert t.computed_points(t.players[3]) == 20
    assert [t.computed_points(t.players[3], r) - plain.computed_points(plain.players[3], r) for r in (2, 3, 6)] == \
        [0, -10, -10]  # from round 3 on
    assert score_before(text, 3) == before - 10
    assert score_before(text, 4) == score_before(PLAYERS, 4)
    with pytest.raises(InputError, match="points column says 3.0 but the results add up to 2.0"):
        parse_trf(with_record(PLAYERS, penalty))  # the column not lowered: the file contradicts itself


def test_a_team_is_given_match_and_game_points_in_its_round():
    forfeit = table_line("+", "2.0", "2.5", "001", 3)
    plain = {r["tpn"]: (r["MP"], r["GP"]) for r in competitor_state_rows(parse_trf(TEAMS))}
    given = {r["tpn"]: (r["MP"], r["GP"]) for r in competitor_state_rows(parse_trf(with_record(TEAMS, forfeit)))}
    assert given[3] == (plain[3][0] + 2.0, plain[3][1] + 2.5)
    assert {k: v for k, v in given.items() if k != 3} == {k: v for k, v in plain.items() if k != 3}


def test_the_layout_of_fides_team_sample_is_read_as_the_table():
    """The sample's ruler ``### T MMMM GGGG RRR PPP1`` puts every field one column left of the
    table; a line that fits it reads as the same record (RF-6)."""
    sample = parse_trf(with_record(TEAMS, "299 +  2.0  2.5   1    3")).point_assignments
    table = parse_trf(with_record(TEAMS, table_line("+", "2.0", "2.5", "001", 3))).point_assignments
    assert [(a.kind, a.match_points, a.points, a.round_no, a.ids) for a in sample] == \
        [(a.kind, a.match_points, a.points, a.round_no, a.ids) for a in table] == [("+", 20, 25, 1, (3,))]
    nobody = parse_trf(with_record(TEAMS, "299 -  0.0  1.5")).point_assignments  # the sample's second line
    assert [(a.round_no, a.ids) for a in nobody] == [(0, ())]  # names no team: assigns nothing


@pytest.mark.parametrize(("record", "message"), [
    (table_line("X", "2.0", "2.5", "001", 3), "299: type 'X' in column 5 is none of W D L F H Z + - or blank"),
    (table_line("+", "2.0", "2,5", "001", 3), "299: points '2,5' in columns 14-17 is not a number of points"),
    (table_line("+", "2.0", "2.5", "0x1", 3), "299: round '0x1' in columns 20-22 is not a number"),
    (table_line("+", "2.0", "2.5", "001", 9), "299: 9 is not a team (310) of this tournament"),
    (table_line("+", "2.0", "2.5", "001", 3).replace("  001", " 1001"), "299: '1' in columns 18-19, which separate"),
])
def test_a_malformed_record_is_refused_in_one_line_naming_it(record, message, tmp_path, capsys):
    path = tmp_path / "bad.trf"
    path.write_text(with_record(TEAMS, record))
    line = path.read_text().splitlines().index(record) + 1
    assert main(["state", str(path)]) == 3
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"cpswiss: {path}:{line}: {message}") and err.count("\n") == 1


def test_the_standings_count_a_penalty_in_the_points_and_the_opponents_buchholz(tmp_path, capsys):
    import json

    def values(text: str) -> dict[int, dict]:
        path = tmp_path / "t.trf"
        path.write_text(text)
        assert main(["standings", "--json", "--tiebreaks", "BH", str(path)]) == 0
        return {row["id"]: row["values"] for row in json.loads(capsys.readouterr().out)["rows"]}

    plain = values(PLAYERS)
    penalised = values(with_record(PLAYERS, table_line(" ", "", "-1.0", "003", 3), (3, "2.0")))
    assert penalised[3]["PTS"] == plain[3]["PTS"] - 1.0
    opponents = {e.opponent for e in parse_trf(PLAYERS).players[3].rounds if e is not None and e.played}
    assert len(opponents) == 6
    assert {pid: plain[pid]["BH"] - penalised[pid]["BH"] for pid in plain} == \
        {pid: 1.0 if pid in opponents else 0.0 for pid in plain}  # Art. 8: his opponents' Buchholz
