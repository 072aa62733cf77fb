"""When the rules run out: the certificate of an impossible round, the least-bad pairings
(``cpswiss resolve``) and the arbiter's decisions (``pair --fix/--forbid/--bye/--absent``)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from conftest import SCENARIOS, SHARED

from cpswiss.api import pair_tournament
from cpswiss.legality.certificate import BYE, find_barrier
from cpswiss.legality.checker import articles_of, check_pairing
from cpswiss.check.resolve import resolve
from cpswiss.check.whatif import what_if
from cpswiss.cli import main
from cpswiss.errors import NoPairingError
from cpswiss.formats.trf import read_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.check.decisions import Decisions
from cpswiss.tournament.state import build_state

IMPOSSIBLE = Path(__file__).parent / "data" / "impossible-sample"
CASES = sorted(p.stem for p in IMPOSSIBLE.glob("*.trf"))
SEED_ROUND_5 = SCENARIOS / "seed-004" / "after-round-4.trf"


def _state(trf: Path, rules: str = "dutch-2026"):
    return build_state(read_trf(trf), load_rule_set(rules).state)


def _may_meet(p, q, state) -> bool:
    """C.1 and C.3 from the players' records, written out again (not the engine's function)."""
    if q.id in p.opponents or q.id in p.forbidden:
        return False
    same_absolute = p.absolute and q.absolute and p.preference == q.preference
    return not same_absolute or (state.is_last_round and (p.topscorer or q.topscorer))


def assert_is_a_tutte_barrier(barrier, state) -> None:
    """Tutte's condition, checked on a graph built here: removing S leaves groups that are
    unions of components, every odd group is one whole component, and there are more odd
    groups than members of S."""
    players = state.to_pair
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in players)
    graph.add_edges_from((p.id, q.id) for k, p in enumerate(players) for q in players[k + 1:]
                         if _may_meet(p, q, state))
    if len(players) % 2:
        graph.add_node(BYE)
        graph.add_edges_from((BYE, p.id) for p in players if p.bye_eligible)
    rest = graph.subgraph(set(graph) - set(barrier.barrier))
    components = sorted(tuple(sorted(c)) for c in nx.connected_components(rest))
    assert sorted(barrier.odd_groups + barrier.even_groups) == components
    odd = [c for c in components if len(c) % 2]
    assert sorted(barrier.odd_groups) == odd
    assert len(odd) > len(barrier.barrier)


@pytest.mark.parametrize("case", CASES)
def test_impossible_round_exits_1_with_a_checkable_certificate(case, tmp_path, capsys):
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(IMPOSSIBLE / f"{case}.trf"), "-p", str(out)]) == 1
    assert not out.exists()
    err = capsys.readouterr().err
    assert "why: every pairing leaves at least" in err and "odd size" in err
    state = _state(IMPOSSIBLE / f"{case}.trf")
    barrier = find_barrier(state)
    assert barrier is not None
    assert_is_a_tutte_barrier(barrier, state)
    for group in barrier.odd_groups:  # every odd group is named in the text
        assert "{" + ", ".join("the bye" if v == BYE else str(v) for v in group) + "}" in err


def test_certificate_names_the_blocking_games_and_colour_rules(capsys):
    """n007-r06of07-t036 (cause C3): 2 and 7 both must have white."""
    main(["pair", "--dutch", str(IMPOSSIBLE / "n007-r06of07-t036.trf"), "--rules", "dutch-2017"])
    err = capsys.readouterr().err
    assert "2: has met 1, 4, 6 (C.1); must have white, as 7 must (same absolute colour preference, C.3)" in err


def test_no_certificate_for_a_round_that_can_be_paired():
    assert find_barrier(_state(SEED_ROUND_5)) is None


@pytest.mark.parametrize("case", CASES)
def test_resolve_lists_complete_pairings_whose_violations_the_checker_confirms(case):
    state = _state(IMPOSSIBLE / f"{case}.trf")
    resolution = resolve(str(IMPOSSIBLE / f"{case}.trf"), count=3)
    assert not resolution.legal and resolution.alternatives
    costs = [tuple(a.costs.values()) for a in resolution.alternatives]
    assert costs == sorted(costs)
    for a in resolution.alternatives:
        placed = [p for b in a.pairing.boards for p in (b.white, b.black)] + \
            ([a.pairing.bye] if a.pairing.bye is not None else [])
        assert sorted(placed) == sorted(p.id for p in state.to_pair)  # complete
        assert a.violations and a.violations == check_pairing(state, a.pairing, articles_of(resolution.rules))


def test_resolve_is_deterministic_and_writes_the_first_alternative(tmp_path, capsys):
    case = IMPOSSIBLE / "n010-r08of09-t017.trf"
    out = tmp_path / "first.txt"
    assert main(["resolve", str(case), "--count", "2", "-p", str(out)]) == 0
    first = capsys.readouterr().out
    assert main(["resolve", str(case), "--count", "2"]) == 0
    assert capsys.readouterr().out == first
    boards = resolve(str(case), count=1).alternatives[0].pairing.lines()
    assert out.read_text().split("\n")[:-1] == boards


def test_relaxation_order_is_data(tmp_path):
    """A variant that lets only rematches give never breaks a colour rule; the default gives
    a colour rule up first (n007-r06of07-t036 is a C3 case)."""
    case = str(IMPOSSIBLE / "n007-r06of07-t036.trf")
    default = resolve(case, "dutch-2017", count=1).alternatives[0]
    assert {v.article for v in default.violations} >= {"C.04.3 C.3"}
    variant = tmp_path / "rematch-only.toml"
    variant.write_text('extends = "dutch-2017"\nname = "rematch-only"\n[resolve]\nrelax = ["rematch"]\n')
    first = resolve(case, str(variant), count=1).alternatives[0]
    assert {v.article for v in first.violations} == {"C.04.3 C.1"}


@pytest.mark.parametrize("rules", ["dutch-2013", "dutch-2017", "dutch-2026"])
def test_resolve_works_for_every_edition(rules):
    resolution = resolve(str(IMPOSSIBLE / "n006-r05of05-t015.trf"), rules, count=2)
    assert resolution.rules.name == rules and resolution.alternatives
    assert resolution.frame().columns[:5].tolist() == ["rank", "how", "boards", "bye", "breaks"]


def test_resolve_on_a_legal_round_lists_that_pairing_first():
    resolution = resolve(str(SEED_ROUND_5), "dutch-2017", count=3)
    rules_pairing = pair_tournament(SEED_ROUND_5, "dutch-2017").pairing
    assert resolution.legal
    first, *others = resolution.alternatives
    assert first.pairing == rules_pairing and first.violations == []
    assert others and all(a.pairing != rules_pairing and a.violations == [] for a in others)
    # the second: the rules' pairing when its first board (2-1) may not be played
    assert others[0].how == "if 2-1 may not be played"
    assert not any({b.white, b.black} == {1, 2} for b in others[0].pairing.boards)


def test_fix_forces_a_pair_and_names_the_criteria_that_got_worse():
    outcome = what_if(read_trf(SEED_ROUND_5), Decisions(fix=((2, 3),)), "dutch-2017")
    assert any({b.white, b.black} == {2, 3} for b in outcome.result.pairing.boards)
    first = outcome.changes()[0]
    assert (first.criterion, first.level, first.without, first.with_decisions, first.worse) == \
        ("C.04.3 C.5", "pairs", 1, 0, True)
    assert "worse: C.04.3 C.5 pairs: 1 -> 0 (decides)" in "\n".join(outcome.lines())


def test_forbid_a_pair_the_rules_make_changes_the_pairing(capsys, tmp_path):
    out = tmp_path / "p.txt"
    assert main(["pair", "--dutch", str(SEED_ROUND_5), "--forbid", "2-1", "-p", str(out)]) == 0
    lines = out.read_text().split("\n")
    assert "2 1" not in lines and "1 2" not in lines
    assert "What if --forbid 2-1:" in capsys.readouterr().out


def test_impossible_decisions_are_refused_in_one_line(capsys, tmp_path):
    out = tmp_path / "p.txt"
    assert main(["pair", "--dutch", str(SEED_ROUND_5), "--fix", "5-1", "-p", str(out)]) == 3
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "--fix 5-1: 5 and 1 have already played each other" in err[0]
    assert not out.exists()
    assert main(["pair", "--dutch", str(SEED_ROUND_5), "--bye", "12"]) == 3
    assert "an even number" in capsys.readouterr().err
    assert main(["pair", "--dutch", str(SEED_ROUND_5), "--fix", "3-x"]) == 3


def test_bye_and_absent_decisions():
    t = read_trf(SEED_ROUND_5)
    result = pair_tournament(t, "dutch-2017", decisions=Decisions(absent=(14,), bye=13))
    assert result.pairing.bye == 13
    assert all(14 not in (b.white, b.black) for b in result.pairing.boards)


def test_decisions_that_leave_no_pairing_get_a_certificate():
    t = read_trf(IMPOSSIBLE / "n006-r05of05-t015.trf")
    with pytest.raises(NoPairingError) as caught:
        pair_tournament(t)
    assert caught.value.details and caught.value.details[0].startswith("why:")


@pytest.mark.conformance
def test_every_impossible_case_has_a_certificate_and_a_resolution():
    corpus = SHARED / "conformance" / "impossible"
    cases = sorted(corpus.glob("*.trf"))
    if not cases:
        pytest.skip(f"reference material not present: {corpus}")
    for trf in cases:
        state = _state(trf)
        barrier = find_barrier(state)
        assert barrier is not None, trf
        assert_is_a_tutte_barrier(barrier, state)
        resolution = resolve(str(trf), count=1)
        first = resolution.alternatives[0]
        assert first.violations == check_pairing(state, first.pairing, articles_of(resolution.rules))
