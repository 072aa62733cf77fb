"""``cpswiss pair`` and the arbiter's tools alike for both kinds of file (issue 50 items 2 and 6):
the absences alone give the same what-if report, ``--explain --json`` the same keys, and the
explanations take their round from ``cpswiss.api.pair``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpswiss.api import pair
from cpswiss.check.decisions import Decisions
from cpswiss.check.explain import explain_engine, players_round
from cpswiss.check.matches import explain_matches, matches_round
from cpswiss.cli import main
from cpswiss.errors import InputError

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ROOT / "tests" / "data" / "dutch-2026-sample" / "n012-r03of10-t001.trf"
TEAM = ROOT / "tests" / "data" / "team-2026-sample" / "n009-r02of07-t037.trf"
DOUBLE = ROOT / "tests" / "data" / "double-swiss.trf"
FILES = [("--dutch", PLAYERS), ("--team", TEAM), ("--double-swiss", DOUBLE)]


@pytest.mark.parametrize("flag,path", FILES)
def test_absences_alone_print_one_report_for_every_kind_of_file(flag, path, capsys):
    assert main(["pair", flag, str(path), "--absent", "3", "-p", "-"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == ["What if --absent 3:", "  the absences say who plays, not how: the round is "
                                "the rules' pairing of those present"]
    paired = pair(path, decisions=Decisions(absent=(3,)))
    assert out.splitlines() == paired.lines() and all(3 not in p for p in paired.pairs()) and paired.bye != 3


@pytest.mark.parametrize("flag,path,absent,decision,decided", [
    ("--dutch", PLAYERS, 3, ["--forbid", "4-1"], Decisions(forbid=((4, 1),), absent=(3,))),
    ("--team", TEAM, 3, ["--forbid", "2-4"], Decisions(forbid=((2, 4),), absent=(3,))),
    ("--double-swiss", DOUBLE, 2, ["--bye", "1"], Decisions(bye=1, absent=(2,)))])
def test_a_pairing_decision_with_an_absence_still_compares_with_the_rules_pairing(flag, path, absent, decision,
                                                                                   decided, capsys):
    rules, ruled = pair(path, decisions=Decisions(absent=(absent,))), pair(path, decisions=decided)
    assert rules.lines() != ruled.lines()
    assert main(["pair", flag, str(path), "--absent", str(absent), *decision, "-p", "-"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ruled.lines()
    report = err.splitlines()
    assert report[0] == f"What if {' '.join(decision)} --absent {absent}:"
    assert report[1].startswith(("  first change in bracket", "  the first rule the decided pairing departs from"))


def test_explain_json_has_the_same_keys_for_every_kind_of_file(capsys):
    keys = []
    for flag, path in FILES:
        out = _explained(flag, path, capsys)
        paired = pair(path)
        keys.append(sorted(out))
        assert out["engine"] == {"boards": [list(p) for p in paired.pairs()], "bye": paired.bye}
        assert out["round"] == paired.round_no and out["agrees"] is None and out["proposal"] is None
        assert [c["players"] for c in out["colours"]] == [list(p) for p in paired.pairs()]
        assert all(c["article"] for c in out["colours"]) and out["brackets"]
    assert keys[0] == keys[1] == keys[2]


def test_the_pab_of_a_team_round_is_explained_in_the_json(capsys):
    out = _explained("--team", TEAM, capsys)
    assert out["engine"]["bye"] == 8
    assert out["bye"].startswith("C.04.6 Art. 3.4: the pairing-allocated bye goes to team 8")
    assert out["colours"][0]["article"].startswith("C.04.6 Art. 4.")


def _explained(flag: str, path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    """``pair FLAG FILE --explain --json -p -``: the pairing file on standard output, the
    account on standard error."""
    assert main(["pair", flag, str(path), "--explain", "--json", "-p", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == pair(path).lines()
    return json.loads(captured.err)


def test_the_explanations_take_the_round_api_pair_gives():
    assert explain_engine(PLAYERS).engine.lines() == pair(PLAYERS).lines()
    assert matches_round(TEAM, None).lines() == pair(TEAM).lines()
    assert explain_matches(TEAM, round_no=1).played.lines() == pair(TEAM, round_no=1).lines()


def test_each_explanation_refuses_the_other_kind_of_file_in_one_line():
    with pytest.raises(InputError, match="a file of matches: its rounds are explained on matches"):
        players_round(TEAM, None)
    with pytest.raises(InputError, match="not a file of matches"):
        matches_round(PLAYERS, None)


@pytest.mark.parametrize("flag,path", FILES)
def test_the_servers_pair_answer_reports_absences_alone_for_every_kind_of_file(flag, path):
    from cpswiss.server.jobs import pair_job

    answer = pair_job({"trf": path.read_text(encoding="utf-8"), "absent": [3], "time_limit": 30.0})
    assert answer["whatif"]["changed"] is False
    assert answer["whatif"]["lines"] == ["What if --absent 3:", "  the absences say who plays, not how: the round "
                                         "is the rules' pairing of those present"]
    assert answer["pairing_file"].splitlines() == pair(path, decisions=Decisions(absent=(3,))).lines()
