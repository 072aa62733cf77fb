"""One legality checker for every system (issue 50 item 4): the absolute rules cited in the
articles of the system's own text, applied the same way to the engine's pairings (an illegal
one is an internal error, never printed) and to the pairings ``check`` and ``explain`` judge,
forbidden pairs and the rematches the arbiter allowed included."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cpswiss.api import check_matches_pairing
from system_results import pair_double_swiss_tournament
from cpswiss.check.explain import explain_pairing
from cpswiss.cli import main
from cpswiss.errors import InternalCheckError
from cpswiss.formats.trf import read_trf
from cpswiss.legality.checker import articles_of, round_violations
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.tournament.competition_state import competition_state

ROOT = Path(__file__).resolve().parent.parent
DOUBLE = ROOT / "tests" / "data" / "double-swiss.trf"  # match 1: 1-3, 2-4, PAB 5; match 2: 2-1, 4-3
BEFORE_4 = ROOT / "scenarios" / "seed-004" / "after-round-3.trf"
ROUND_4 = ["6 2", "4 5", "1 3", "11 7", "10 14", "8 9", "13 12"]


@pytest.mark.parametrize("rules, rematch, bye, colour, complete, noun", [
    ("dutch-2026", "[C1] C.04.3 Art. 2.1.1", "[C2] C.04.3 Art. 2.1.2", "[C3] C.04.3 Art. 2.1.3", "C.04.1", "player"),
    ("dutch-2017", "C.04.3 C.1", "C.04.3 C.2", "C.04.3 C.3", "C.04.1", "player"),
    ("dubov-2026", "[C1] C.04.4.1 Art. 2.1.1", "[C2] C.04.4.1 Art. 2.1.2", "[C3] C.04.4.1 Art. 2.1.3", "C.04.1",
     "player"),
    ("team-2026", "[C1] C.04.6 Art. 2.1.1", "[C2] C.04.6 Art. 2.1.2", "", "C.04.6 Art. 3.3.1", "team"),
    ("double-swiss-2026", "[C1] C.04.5 Art. 2.1.1", "[C2] C.04.5 Art. 2.1.2", "", "C.04.5 Art. 3.3.1", "player"),
])
def test_the_articles_are_the_systems_own(rules, rematch, bye, colour, complete, noun):
    articles = articles_of(load_rule_set(rules))
    assert (articles.rematch, articles.bye, articles.colour, articles.complete, articles.noun) == \
        (rematch, bye, colour, complete, noun)


def _proposal(tmp_path: Path, boards: list[str]) -> Path:
    path = tmp_path / "proposed.txt"
    path.write_text("\n".join([str(len(boards))] + boards) + "\n")
    return path


@pytest.mark.parametrize("rules, article", [("dutch-2026", "[C1] C.04.3 Art. 2.1.1"),
                                            ("dutch-2017", "C.04.3 C.1")])
def test_an_individual_rematch_is_cited_in_the_editions_words(tmp_path, rules, article):
    boards = [{"1 3": "1 8", "8 9": "3 9"}.get(b, b) for b in ROUND_4]  # 1 and 8 met in round 1
    result = explain_pairing(BEFORE_4, _proposal(tmp_path, boards), rule_set=rules)
    assert [(v.article, v.players) for v in result.violations] == [(article, (1, 8))]


def _double_with(tmp_path: Path, lines: list[str] = (), match_2: dict[int, tuple[str, str]] | None = None) -> Path:
    """The Double-Swiss example with records added and match 2 (round columns 3-4) rewritten
    for some players ((block 3, block 4) as written); points recomputed by the commands."""
    out = []
    for line in DOUBLE.read_text().splitlines():
        pid = int(line[4:8]) if line.startswith("001") else 0
        if match_2 and pid in match_2:
            third, fourth = match_2[pid]
            line = line[:111] + f"{third:>8}  {fourth:>8}" + line[129:]
        out.append(line)
    path = tmp_path / "double.trf"
    path.write_text("\n".join(out + list(lines)) + "\n")
    return path


def _checked(capsys, path: Path, round_no: int) -> list[str]:
    assert main(["check", str(path), "--round", str(round_no), "--json", "--recompute-points"]) == 1
    return json.loads(capsys.readouterr().out)["rounds"][0]["violations"]


def _explained(capsys, path: Path, round_no: int) -> list[str]:
    assert main(["explain", str(path), "--round", str(round_no), "--json", "--recompute-points"]) == 1
    return [f"{v['article']}: {v['message']}" for v in json.loads(capsys.readouterr().out)["violations"]]


def test_check_and_explain_judge_a_forbidden_pair_alike(tmp_path, capsys):
    """A 260 record forbids 1-3 in rounds 1-2; the file paired them in match 1 all the same."""
    path = _double_with(tmp_path, ["260 001 002  0001  0003"])
    said = ["[C1] C.04.5 Art. 2.1.1: 1 and 3 may not meet (forbidden pair)"]
    assert _checked(capsys, path, 1) == said
    assert _explained(capsys, path, 1) == said


def test_check_and_explain_judge_a_rematch_alike(tmp_path, capsys):
    """Match 2 rewritten as 1-3 and 2-4 again: both [C1], with the round they met in."""
    rematch = {1: ("3 w =", "3 b ="), 3: ("1 b =", "1 w ="), 2: ("4 w =", "4 b ="), 4: ("2 b =", "2 w =")}
    path = _double_with(tmp_path, match_2=rematch)
    said = ["[C1] C.04.5 Art. 2.1.1: 1 and 3 have already played in round 1",
            "[C1] C.04.5 Art. 2.1.1: 2 and 4 have already played in round 1"]
    assert _checked(capsys, path, 2) == said
    assert _explained(capsys, path, 2) == said


def test_a_rematch_the_arbiter_allowed_is_no_violation_a_forbidden_pair_still_is(tmp_path):
    """Match 2 (player 5 takes a half-point bye): 1-3 and 2-4 would be rematches; the arbiter's
    allowance (``cpswiss resolve``) lifts [C1] for 1-3, never a 260 record's prohibition (its
    rounds are a Double-Swiss file's round columns: match 2 is columns 3-4)."""
    articles = articles_of(load_rule_set("double-swiss-2026"))
    pairs = [(1, 3), (2, 4)]
    state = competition_state(read_trf(DOUBLE), round_no=2)
    allowed = frozenset({frozenset((1, 3))})
    assert [v.players for v in round_violations(state.competitors, pairs, [], articles)] == [(1, 3), (2, 4)]
    assert [v.players for v in round_violations(state.competitors, pairs, [], articles, allowed)] == [(2, 4)]
    forbidding = competition_state(read_trf(_double_with(tmp_path, ["260 003 004  0001  0003"])), round_no=2)
    assert [str(v) for v in round_violations(forbidding.competitors, pairs, [], articles, allowed)] == [
        "[C1] C.04.5 Art. 2.1.1: 1 and 3 may not meet (forbidden pair)",
        "[C1] C.04.5 Art. 2.1.1: 2 and 4 have already played each other"]


def test_an_engine_pairing_of_matches_that_breaks_an_absolute_rule_is_an_internal_error():
    t = read_trf(DOUBLE)
    rules = load_rule_set("double-swiss-2026")
    engine = pair_double_swiss_tournament(t, rules, round_no=2)
    assert engine.state is not None
    check_matches_pairing(engine.state, [(b.white, b.black) for b in engine.pairing.boards], engine.pairing.bye,
                          rules)  # the engine's own pairing: legal, nothing raised
    with pytest.raises(InternalCheckError) as raised:
        check_matches_pairing(engine.state, [(1, 3), (2, 4)], None, rules)
    assert str(raised.value) == (
        "internal error: the pairing breaks [C1] C.04.5 Art. 2.1.1: 1 and 3 have already played each other; "
        "[C1] C.04.5 Art. 2.1.1: 2 and 4 have already played each other")
    with pytest.raises(InternalCheckError, match=r"C\.04\.5 Art\. 3\.3\.1: player 4 is available but missing "):
        check_matches_pairing(engine.state, [(1, 2)], 3, rules)


@pytest.mark.parametrize("rules, article", [("dutch-2026", "[C1] C.04.3 Art. 2.1.1"), ("dutch-2017", "C.04.3 C.1")])
def test_a_fixed_rematch_is_refused_in_the_editions_words(rules, article, capsys):
    after_4 = ROOT / "scenarios" / "seed-004" / "after-round-4.trf"
    assert main(["pair", "--dutch", str(after_4), "--rules", rules, "--fix", "7-10", "-p"]) == 3
    assert capsys.readouterr().err.strip() == \
        f"cpswiss: {after_4}: --fix 7-10: 7 and 10 have already played each other ({article})"


def test_a_rule_file_that_drops_c1_and_c2_is_judged_by_its_own_list(tmp_path):
    """The rule set governs legality as it governs the procedure: without [C1] a rematch breaks
    nothing (a forbidden pair still does, cited as the complete round-pairing), without [C2]
    a second PAB breaks nothing."""
    variant = tmp_path / "variant.toml"
    variant.write_text('name = "variant"\nextends = "double-swiss-2026"\ndrop = ["C1", "C2"]\n')
    articles = articles_of(load_rule_set(str(variant)))
    assert (articles.rematch, articles.bye, articles.forbidden) == ("", "", "C.04.5 Art. 3.3.1")
    state = competition_state(read_trf(_double_with(tmp_path, ["260 003 004  0001  0003"])), round_no=2)
    assert [str(v) for v in round_violations(state.competitors, [(1, 3), (2, 4)], [], articles)] == [
        "C.04.5 Art. 3.3.1: 1 and 3 may not meet (forbidden pair)"]
