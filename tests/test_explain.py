"""Check and explain: the deciding rule for worse or illegal proposals, checks of whole files."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from conftest import SCENARIOS

from cpswiss.api import pair_tournament
from cpswiss.check.explain import check_tournament, explain_engine, explain_pairing
from cpswiss.cli import main
from cpswiss.systems.dutch.units import BRACKET_UNITS
from cpswiss.systems.shared.units import evaluate
from cpswiss.formats.trf import BLOCK_WIDTH, FIRST_BLOCK, read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.systems.dutch.generation import generation_order

SEED = SCENARIOS / "seed-004"
BEFORE_4 = SEED / "after-round-3.trf"
SAMPLE = Path(__file__).parent / "data" / "dutch-2017-sample"

# The published round 4 (scenarios/seed-004/expected-round-4.txt), board by board
ROUND_4 = ["6 2", "4 5", "1 3", "11 7", "10 14", "8 9", "13 12"]


def proposal(tmp_path, boards: list[str], count: int | None = None) -> Path:
    path = tmp_path / "proposed.txt"
    path.write_text("\n".join([str(len(boards) if count is None else count)] + boards) + "\n")
    return path


def replaced(boards: list[str], changes: dict[str, str]) -> list[str]:
    return [changes.get(b, b) for b in boards]


# -- legal proposals: the criterion that decides, with both values -------------------


@pytest.mark.parametrize("changes, article, proposed, rules", [
    # seed ruling: 9-10 would float 14, who downfloated two rounds before
    ({"10 14": "9 10", "8 9": "8 14"}, "C.04.3 C.14", "1", "0"),
    # seed ruling: 9-12 misses a colour preference where 8-9 meets both (C.10 before C.15)
    ({"8 9": "12 9", "13 12": "13 8"}, "C.04.3 C.10", "1", "0"),
    # 5-6 floats 2 instead of 5: equal on every criterion, but an exchange comes after
    # every transposition (B.8 / D.2)
    ({"6 2": "5 6", "4 5": "4 2"}, "C.04.3 B.8 / D.2", "1", "0"),
    # the same boards, colours reversed on one: E.1 grants both preferences
    ({"10 14": "14 10"}, "C.04.3 E.1", "14-10", "10-14"),
])
def test_legal_but_worse_proposal_names_the_deciding_rule(tmp_path, changes, article, proposed, rules):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, changes)), rule_set="dutch-2017")
    assert result.violations == []
    assert not result.agrees
    assert result.decisive.article == article
    assert (result.decisive.proposed, result.decisive.rules) == (proposed, rules)


def test_criterion_message_gives_both_values(tmp_path):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, {"8 9": "12 9", "13 12": "13 8"})), rule_set="dutch-2017")
    assert str(result.decisive) == ("C.04.3 C.10: colour preferences not met: proposed 1, rules 0 "
                                    "(more is worse)")
    differing = [a for a in result.brackets if a.agrees is False]
    assert len(differing) == 1 and differing[0].score == "0.5"
    assert differing[0].proposed_values["C10"] == (1,) and differing[0].values["C10"] == (0,)
    # the brackets above it agree, the ones below are not compared
    assert all(a.agrees for a in result.brackets[:differing[0].number - 1])


def test_published_pairing_agrees(tmp_path, capsys):
    assert explain_pairing(BEFORE_4, SEED / "expected-round-4.txt", rule_set="dutch-2017").agrees
    code = main(["explain", str(SEED / "after-round-4.trf"), "--pairing", str(SEED / "expected-round-5.txt"), "--rules", "dutch-2017"])
    assert code == 0
    assert "Verdict: the proposal is the pairing the rules demand." in capsys.readouterr().out


# -- illegal proposals: every violation named --------------------------------------


def test_rematch_is_named(tmp_path):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, {"1 3": "1 8", "8 9": "3 9"})), rule_set="dutch-2017")
    assert [(v.article, v.players) for v in result.violations] == [("C.04.3 C.1", (1, 8))]
    assert result.decisive.article == "C.04.3 C.1" and not result.agrees


def test_absolute_colour_clash_is_named(tmp_path):
    # 1 and 13 both have an absolute preference for white, neither is a topscorer
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, {"1 3": "1 13", "13 12": "3 12"})), rule_set="dutch-2017")
    articles = {(v.article, v.players) for v in result.violations}
    assert ("C.04.3 C.3", (1, 13)) in articles
    # 13 (black, black before) would also get black three times in a row
    assert ("C.04.1 rule 7", (13,)) in articles


def test_missing_players_are_named(tmp_path):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, ROUND_4[:-1]), rule_set="dutch-2017")
    assert [(v.article, v.players) for v in result.violations] == [
        ("C.04.1", (12,)), ("C.04.1", (13,))]
    assert "12 is available but missing" in result.violations[0].message


def test_player_paired_twice_is_named(tmp_path):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, {"13 12": "13 1"})), rule_set="dutch-2017")
    named = {(v.article, v.players) for v in result.violations}
    assert ("C.04.1", (1,)) in named and ("C.04.1", (12,)) in named


def test_second_bye_is_named(tmp_path):
    # 13 withdraws: 13 players, and 6 already had the pairing-allocated bye in round 3
    text = BEFORE_4.read_text() + "XXZ 13\n"
    trf = tmp_path / "odd.trf"
    trf.write_text(text)
    boards = ["2 5", "4 1", "3 7", "11 9", "10 14", "8 12", "6 0"]
    result = explain_pairing(trf, proposal(tmp_path, boards), rule_set="dutch-2017")
    assert ("C.04.3 C.2", (6,)) in {(v.article, v.players) for v in result.violations}


# -- malformed proposal files ----------------------------------------------------------


@pytest.mark.parametrize("lines, problem", [
    ([], "empty pairing file"),
    (["seven"], "expected the number of boards"),
    (["2", "6 2"], "announces 2 boards but 1 follow"),
    (["1", "6 x"], "expected two pairing numbers"),
    (["1", "6 99"], "player 99 is not in the tournament"),
    (["2", "6 0", "2 0"], "a second bye line"),
    (["1", "6 6"], "player 6 is paired against themself"),
])
def test_malformed_proposal_is_one_line_exit_3(tmp_path, capsys, lines, problem):
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + ("\n" if lines else ""))
    code = main(["explain", str(BEFORE_4), "--pairing", str(path), "--rules", "dutch-2017"])
    err = capsys.readouterr().err
    assert code == 3
    assert len(err.strip().splitlines()) == 1
    assert err.startswith(f"cpswiss: {path}") and problem in err


# -- the engine's own pairing explained -------------------------------------------------


def test_seed_004_round_5_names_the_collapse():
    explanation = explain_engine(SEED / "after-round-4.trf", rule_set="dutch-2017")
    kinds = [(a.score, a.kind) for a in explanation.brackets]
    assert ("1.0", "PPB (A.9: re-paired with every player below it)") in kinds
    assert kinds[-1] == ("0.5", "collapsed last bracket (A.9)")
    ppb = next(a for a in explanation.brackets if a.kind.startswith("PPB"))
    assert ppb.pairs == [(8, 13)] and ppb.downfloaters == [14]
    text = explanation.text()
    assert "A.9: its best pairing on C.5-C.19 (14-8, floating [13])" in text
    # why 14 floats out of the PPB: pairing him there leaves the rest incomplete (C.4)
    assert "14 Robert (1.5) floats down: C.04.3 C.4" in text
    # colours: E.4 for 14-12, E.3 for 13-8 (the seed's rulings)
    rules = {f.players: f.article for f in explanation.colours}
    assert rules[(14, 12)] == "C.04.3 E.4" and rules[(13, 8)] == "C.04.3 E.3"


def test_floats_of_round_4_have_the_seed_reasons():
    explanation = explain_engine(BEFORE_4, rule_set="dutch-2017")
    notes = {n.split(":")[0]: n for a in explanation.brackets for n in a.notes}
    assert notes["9 Louise (1.0) floats down"].startswith("9 Louise (1.0) floats down: C.04.3 C.14")
    assert notes["12 Oskar (0.5) floats down"].startswith("12 Oskar (0.5) floats down: C.04.3 C.10")
    assert notes["5 Eloise (2.5) floats down"].startswith("5 Eloise (2.5) floats down: C.04.3 B.8 / D.2")


def test_bye_is_explained(capsys):
    code = main(["pair", "--dutch", str(SAMPLE / "n005-r03of03-t031.trf"), "--explain", "--rules", "dutch-2017"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Bye: 3 gets the pairing-allocated bye" in out


def test_pair_explain_json_and_pairing_file(tmp_path, capsys):
    out = tmp_path / "p.txt"
    code = main(["pair", "--dutch", str(SEED / "after-round-4.trf"), "--explain", "--json", "-p", str(out), "--rules", "dutch-2017"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out.read_text() == (SEED / "expected-round-5.txt").read_text()
    assert data["round"] == 5 and data["engine"]["boards"][-1] == [13, 8]
    assert any(b["kind"].startswith("PPB") for b in data["brackets"])


def test_explain_frame_has_criteria_columns(tmp_path):
    result = explain_pairing(BEFORE_4, proposal(tmp_path, replaced(ROUND_4, {"10 14": "9 10", "8 9": "8 14"})), rule_set="dutch-2017")
    frame = result.brackets_frame()
    row = frame[frame["score"] == "1.0"].iloc[0]
    assert row["C14"] == (0,) and row["proposed C14"] == (1,)


# -- checking a whole file ----------------------------------------------------------------


def swap_colours(text: str, round_no: int, players: tuple[int, int]) -> str:
    """The file with the colours of one game exchanged."""
    out = []
    for line in text.split("\n"):
        if line.startswith("001") and int(line[4:8]) in players:
            at = FIRST_BLOCK + BLOCK_WIDTH * (round_no - 1) + 5
            line = line[:at] + {"w": "b", "b": "w"}[line[at]] + line[at + 1:]
        out.append(line)
    return "\n".join(out)


def test_check_of_a_reference_tournament_agrees(capsys):
    case = SAMPLE / "n016-r07of07-t022.trf"
    assert main(["check", str(case), "--rules", "dutch-2017"]) == 0
    assert capsys.readouterr().out.strip().endswith("all rounds agree")


def test_check_reports_exactly_the_altered_last_round(tmp_path, capsys):
    case = SAMPLE / "n016-r07of07-t022.trf"
    t = read_trf(case)
    last = t.last_paired_round
    white, black = t.pairing_of(last)[0][0]
    altered = tmp_path / "altered.trf"
    altered.write_text(swap_colours(case.read_text(), last, (white, black)))
    report = check_tournament(altered, rule_set="dutch-2017")
    assert [r.round_no for r in report.rounds if not r.agrees] == [last]
    bad = report.rounds[-1]
    assert bad.colours == [(black, white)] and bad.missing == [] and bad.extra == []
    assert main(["check", str(altered), "--json", "--rules", "dutch-2017"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [r["round_no"] for r in data["rounds"] if not r["agrees"]] == [last]


def test_check_finds_an_altered_middle_round_first(tmp_path):
    case = SAMPLE / "n016-r07of07-t022.trf"
    t = read_trf(case)
    white, black = t.pairing_of(3)[0][1]
    altered = tmp_path / "altered.trf"
    altered.write_text(swap_colours(case.read_text(), 3, (white, black)))
    report = check_tournament(altered, rounds=[1, 2, 3], rule_set="dutch-2017")
    assert [r.agrees for r in report.rounds] == [True, True, False]
    assert report.rounds[2].colours == [(black, white)]


def test_pair_c_is_check(capsys):
    assert main(["pair", "--dutch", str(SAMPLE / "n016-r07of07-t022.trf"), "-c", "--rules", "dutch-2017"]) == 0
    assert "all rounds agree" in capsys.readouterr().out


def test_explain_round_in_file(capsys):
    code = main(["explain", str(SAMPLE / "n016-r07of07-t022.trf"), "--round", "5", "--rules", "dutch-2017"])
    assert code == 0 and "proposal is the pairing the rules demand" in capsys.readouterr().out
    code = main(["explain", str(SAMPLE / "n016-r07of07-t022.trf"), "--round", "9", "--rules", "dutch-2017"])
    assert code == 3 and "round 9 is not in the file" in capsys.readouterr().err


# -- B.8: the tie-break picks the first candidate of the generation order -----------------


def matchings(n: int, edges: list[tuple[int, int]]):
    """Every matching of the graph (as lists of edge indices)."""
    incident = [[e for e, (i, j) in enumerate(edges) if v in (i, j)] for v in range(n)]

    def rec(v: int, used: set[int], chosen: list[int]):
        if v == n:
            yield list(chosen)
            return
        if v in used:
            yield from rec(v + 1, used, chosen)
            return
        yield from rec(v + 1, used, chosen)  # v unmatched
        for e in incident[v]:
            i, j = edges[e]
            w = j if i == v else i
            if w > v and w not in used:
                chosen.append(e)
                yield from rec(v + 1, used | {v, w}, chosen)
                chosen.pop()
    yield from rec(0, set(), [])


SMALL = ["n008-r06of07-t017", "n010-r05of07-t043", "n014-r07of07-t042", "n016-r07of07-t022",
         "n006-r04of05-t041"]


@pytest.mark.parametrize("case", SMALL)
def test_tie_break_is_the_first_optimal_candidate(case):
    """Brute force on small brackets: among all matchings lexicographically optimal on
    C.4-C.19, the engine's has the smallest B.8 generation key."""
    rules = load_rule_set("dutch-2017")
    result = pair_tournament(SAMPLE / f"{case}.trf", rules)
    checked = 0
    for record in result.records:
        b = record.bracket
        if len(b.vertices) > 12 or record.collapsed:
            continue
        ordered = sorted(matchings(len(b.vertices), b.edges),
                         key=lambda m: list(itertools.chain(*evaluate(b, rules.criteria, BRACKET_UNITS, m).values())))
        best = list(itertools.chain(*evaluate(b, rules.criteria, BRACKET_UNITS, ordered[0]).values()))
        optimal = [m for m in ordered if list(itertools.chain(*evaluate(b, rules.criteria, BRACKET_UNITS, m).values())) == best]

        def key(m):
            inside = [b.edges[e] for e in m if b.edges[e][1] < b.n_bracket]
            return [step.key for step in generation_order(b, inside)]

        first = min(optimal, key=key)
        ours = [b.edges[e] for e in record.chosen if b.edges[e][1] < b.n_bracket]
        assert sorted(ours) == sorted(b.edges[e] for e in first if b.edges[e][1] < b.n_bracket)
        checked += 1
    assert checked > 0


def test_api_brackets_frame_counts_pairs_positively():
    frame = pair_tournament(BEFORE_4, "dutch-2017").brackets_frame()
    first = frame.iloc[0]
    # bracket 2.5: three players, one pair (C.5), 5 floats; his SD counts in the PSD (C.6)
    assert first["score"] == "2.5" and first["C5"] == (1,) and first["downfloaters"] == [5]
    assert list(frame["C5"]) == [(len(p),) for p in frame["pairs"]]
