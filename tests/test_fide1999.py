"""The general FIDE Swiss rules of 1987-99 (seed 001 part 1, today's Lim system): the seed's
own examples (items 14, 15), the hand-worked rounds of scenarios/fide-swiss-1999 (README
there), the explanation in the text's words, transfers as floats, item 13 and item 22."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import SCENARIOS

from cpswiss.api import pair_tournament
from cpswiss.check.explain import check_tournament, explain_engine, explain_pairing
from cpswiss.cli import main
from cpswiss.tournament.compatibility import compatible
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.formats.trf_writer import write_trf
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.generate import GeneratorConfig, generate, initial_tournament
from cpswiss.systems.fide1999.procedure import DOWN, UP
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.state import Float, Strength, build_state

HERE = SCENARIOS / "fide-swiss-1999"
HAND_WORKED = {"crack": "crack-after-round-1", "transfers": "transfers-after-round-3",
               "two-cracks": "two-cracks-after-round-4", "maxi": "maxi-after-round-1"}


def boards(result) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in result.pairing.boards]


def test_item_14_round_one_of_forty_players():
    """14.2: 1-21, 22-2, 3-23, 24-4, ... with No. 1 white: odd numbers of the top half get
    No. 1's colour, even numbers the other."""
    result = pair_tournament(HERE / "item14-round-1.trf", "lim")
    expected = [(k, k + 20) if k % 2 else (k + 20, k) for k in range(1, 21)]
    assert boards(result) == expected
    assert result.pairing.bye is None


def test_item_14_odd_field_gives_the_bye_to_the_lowest_rated():
    """14.1: with an odd number of players the lowest in rating order gets the bye."""
    t = initial_tournament(GeneratorConfig(players=41), 3, load_rule_set("lim"))
    result = pair_tournament(t, "lim")
    assert result.pairing.bye == 41
    assert len(result.pairing.boards) == 20


def test_item_15_round_two_pairs_top_then_lowest_then_median_group():
    """15.3 / 9.2: the 1-point group first (downward), then the 0-point group (upward), the
    median group (half a point) last, downward."""
    result = pair_tournament(HERE / "item15-after-round-1.trf", "lim")
    order = [(g.score, g.direction, g.median) for g in result.records]
    assert order == [(10, DOWN, False), (0, UP, False), (5, DOWN, True)]


@pytest.mark.parametrize("case", sorted(HAND_WORKED))
def test_hand_worked_rounds(case, tmp_path):
    """The rounds worked by hand in the scenario's README: boards, colours and board order."""
    out = tmp_path / "out.txt"
    assert main(["pair", "--lim", str(HERE / f"{HAND_WORKED[case]}.trf"), "-p", str(out)]) == 0
    assert out.read_text() == (HERE / f"{case}-expected.txt").read_text()


def test_lim_option_pairs_with_the_1999_rules(tmp_path, capsys):
    out = tmp_path / "out.txt"
    assert main(["pair", "--lim", str(HERE / "crack-after-round-1.trf"), "-p", str(out)]) == 0
    assert out.read_text() == (HERE / "crack-expected.txt").read_text()
    assert main(["pair", "--lim", str(HERE / "crack-after-round-1.trf"), "--rules", "dutch-2017"]) == 3
    assert "--lim pairs with the General FIDE Swiss Rules 1987-99 (the Lim system, C.04.4.3); dutch-2017 is a rule " \
           "set of the dutch system (use --dutch)" in capsys.readouterr().err
    assert main(["pair", "--dutch", str(HERE / "crack-after-round-1.trf"), "--rules", "lim"]) == 3


def test_crack_breaks_the_upper_groups_lowest_pairing():
    """9.6: 2 and 7 drew each other, so the median group cannot be paired; as many floaters
    came from above as from below (none), so the upper group's pairing nearest the median,
    3-5, is broken up and 3 and 5 play in the median group."""
    result = pair_tournament(HERE / "crack-after-round-1.trf", "lim")
    median = result.records[-1]
    assert median.cracks == [((3, 5), "above")]
    assert result.records[0].broken == [(3, 5)]
    text = explain_engine(HERE / "crack-after-round-1.trf", "lim").text()
    assert "cracked open 1 time (9.6)" in text
    assert "the pairing 3-5 of the group above (its lowest pairing, the one nearest the median)" in text


def test_second_crack_goes_below_when_more_floaters_came_from_above():
    result = pair_tournament(HERE / "two-cracks-after-round-4.trf", "lim")
    assert result.records[-1].cracks == [((7, 9), "above"), ((11, 6), "below")]
    assert result.records[-1].incoming == [7, 9, 11, 6]  # 10.6.3: down first, then up (lowest first)


def test_transfers_and_the_rule_behind_each():
    text = explain_engine(HERE / "transfers-after-round-3.trf", "lim").text()
    assert "3 Carla (3.0) is transferred down to the 2.5 group (10.2): alone in the group, which must be made " \
           "even (9.3 d)" in text
    # 1 floated in round 3 (1.5 against 1.0 above the median): 10.10 keeps him, 4 floats
    assert "4 David (2.5) is transferred to the median group (9.2): FIDE Swiss 1999 item 10.10" in text
    assert "9 Louise (1.0) is transferred to the median group (9.2): 10.4: pairing upward" in text
    assert "9 Louise (1.0), transferred up into the group, plays 5 Eloise (1.5) (10.8: the lowest-placed " \
           "player of the group with a suitable colour" in text
    assert "Bye: 7 Giorgia (1.0) gets the bye: the lowest player of the lowest score group who may take " \
           "it (8.1); of those below, 11 may not (8.2" in text


@pytest.mark.parametrize("case", sorted(HAND_WORKED))
def test_every_transfer_and_colour_names_its_rule(case):
    explanation = explain_engine(HERE / f"{HAND_WORKED[case]}.trf", "lim")
    for account in explanation.brackets:
        for pid in account.downfloaters:
            notes = [n for n in account.notes if n.split(" ")[0] == str(pid) and "transferred" in n]
            assert len(notes) == 1
            assert any(rule in notes[0] for rule in ("(9.3", "10.2", "10.3", "10.4", "FIDE Swiss 1999 item 10",
                                                     "FIDE Swiss 1999 items")), notes[0]
    assert explanation.colours
    for finding in explanation.colours:
        assert finding.article.startswith("FIDE Swiss 1999 item 1"), finding.article


def test_colours_below_the_median_go_to_the_lower_placed_player():
    """12.4: 10 and 8 both had black in round 1 (equal histories), below the median: the
    lower-placed 10 gets his due colour, white."""
    result = pair_tournament(HERE / "crack-after-round-1.trf", "lim")
    assert (10, 8) in boards(result)
    assert (7, 5) in boards(result)  # in the median group the higher-placed 5 gets black


def test_explain_names_the_deciding_rule_of_another_pairing(tmp_path):
    proposal = tmp_path / "p.txt"
    proposal.write_text("5\n4 1\n2 5\n7 3\n6 9\n10 8\n")
    explanation = explain_pairing(HERE / "crack-after-round-1.trf", proposal, rule_set="lim")
    assert not explanation.agrees
    assert "10.3, 10.4, 10.8, 11.1" in explanation.decisive.article


def test_a_transfer_is_a_float_of_the_player_who_moved():
    """9.3 / 10.10: in round 3, 1 (1.5) played 11 (1.0) with the median at 1.0: 1 was
    transferred down; 11, in his own group, did not float (the Dutch A.4 would mark him up)."""
    t = read_trf(HERE / "transfers-after-round-3.trf")
    lim = build_state(t, load_rule_set("lim").state)
    dutch = build_state(t, load_rule_set("dutch-2013").state)
    assert lim.players[1].float_back(1) is Float.DOWN and lim.players[11].float_back(1) is Float.NONE
    assert dutch.players[11].float_back(1) is Float.UP


def test_item_13_last_round_colour_limits_yield_for_everyone():
    t = read_trf(HERE / "two-cracks-after-round-4.trf")  # round 5 of 5
    for name, expected in (("lim", True), ("dutch-2017", False)):
        state = build_state(t, load_rule_set(name).state)
        a, b = (replace(state.players[pid], colours=(BLACK, WHITE, BLACK, BLACK), preference=WHITE,
                        strength=Strength.ABSOLUTE, topscorer=False) for pid in (5, 6))
        assert compatible(a, b, state) is expected, name


def test_item_22_same_federation_apart_in_the_last_three_rounds():
    """Item 22 (variant file): 1 (3.0) and 2 (2.5), both above 50%, meet in the last round
    unless they share a federation under the World Youth rule."""
    t = read_trf(HERE / "two-cracks-after-round-4.trf")
    assert (1, 2) in boards(pair_tournament(t, "lim"))
    players = {pid: replace(r, federation="NED" if pid in (1, 2) else "", prefix="")
               for pid, r in t.players.items()}
    youth = parse_trf(write_trf(replace(t, players=players)), "<youth>")
    result = pair_tournament(youth, "fide-swiss-1999-youth")
    paired = {frozenset(b) for b in boards(result)}
    assert frozenset((1, 2)) not in paired
    assert (1, 2) in boards(pair_tournament(youth, "lim"))


def test_maxi_tournament_keeps_colour_exchanges_within_100_points(tmp_path):
    """10 players, 3 rounds: more than 2^3, a Maxi-tournament.  Finn, floating up into the
    median group, would get his due colour only against Eloise, 215 points above Mark, the
    first who can take him: not allowed (10.8, 12.7), so Finn-Mark; without the Maxi rule the
    group's colours decide (Finn-Eloise, Mark-Giorgia)."""
    trf = HERE / "maxi-after-round-1.trf"
    text = explain_engine(trf, "lim").text()
    assert "3 Carla (1.0) is transferred to the median group (9.2): 10.2 (Maxi-tournament)" in text
    assert {frozenset(b) for b in boards(pair_tournament(trf, "lim"))} >= {frozenset((6, 10)), frozenset((5, 7))}
    plain = tmp_path / "plain.toml"
    plain.write_text('extends = "fide-swiss-1999"\nname = "plain"\n[switches]\nmaxi_threshold = ""\n')
    assert {frozenset(b) for b in boards(pair_tournament(trf, str(plain)))} >= {frozenset((6, 5)), frozenset((10, 7))}


def generated(seed: int, players: int, rules: str, rounds: int = 7):
    config = GeneratorConfig(players=players, rounds=rounds, draw_percentage=30, forfeit_rate=30, retired_rate=20,
                             half_point_bye_rate=15, zero_point_bye_rate=20, late_entry_rate=25)
    return generate(config, seed, rules)


@pytest.mark.parametrize("rules, rounds", [("lim", 7), ("lim", 4), ("dutch-1998", 7)])
@pytest.mark.parametrize("seed, players", [(1, 17), (2, 24), (5, 45)])
def test_generated_tournaments_check_under_their_own_system(rules, rounds, seed, players):
    """Every round of a tournament generated under the system re-pairs to itself (every pairing
    is checked against the absolute rules before it is written); 4 rounds of 17+ players is
    a Maxi-tournament."""
    assert check_tournament(generated(seed, players, rules, rounds), rules).agrees


@pytest.mark.conformance
@pytest.mark.parametrize("rules, rounds", [("lim", 7), ("lim", 4), ("dutch-1998", 7)])
@pytest.mark.parametrize("seed", range(1, 51))
def test_fifty_generated_tournaments(rules, rounds, seed):
    """The issue's measure: 50 tournaments of 10-60 players under each system (and 50
    Maxi-tournaments of the FIDE 1999 rules: 4 rounds, more than 16 players)."""
    assert check_tournament(generated(seed, 10 + (seed * 7) % 51, rules, rounds), rules).agrees


def test_generated_file_names_its_system(tmp_path):
    config = tmp_path / "c.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=3\n")
    out = tmp_path / "g.trf"
    assert main(["generate", str(config), "-o", str(out), "--seed", "4", "--rules", "lim"]) == 0
    assert check_tournament(out).rule_set.startswith("General FIDE Swiss Rules 1987-99")


def test_rule_file_names_and_aliases():
    rules = load_rule_set("lim")
    assert rules.name == "fide-swiss-1999" and rules.system == "fide-1999"
    assert [c.label for c in rules.criteria][:5] == ["2", "8.2", "9.1", "10.6", "9.3"]



def test_a_tie_break_candidate_proven_by_one_exchange_only_when_it_keeps_every_constraint():
    """10.8 / 11.1's candidates: u and v meet, their partners meet each other - taken as the
    solution in hand when that keeps the constraints on record; otherwise nothing changes."""
    from cpswiss.solver.model import MatchingModel
    from cpswiss.systems.fide1999.procedure import _swapped_in

    edges = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    edge_of = {pair: e for e, pair in enumerate(edges)}

    def edge(u: int, v: int) -> int | None:
        return edge_of.get((min(u, v), max(u, v)))

    m = MatchingModel(4, edges)
    m.start_from([edge_of[(0, 1)], edge_of[(2, 3)]])
    assert _swapped_in(m, 0, 2, edge_of[(0, 2)], edge)
    assert sorted(edges[e] for e in m.chosen()) == [(0, 2), (1, 3)]
    m.fix(edge_of[(0, 2)], 1)  # a decision on record: the exchange back would break it
    assert not _swapped_in(m, 0, 1, edge_of[(0, 1)], edge)
    assert sorted(edges[e] for e in m.chosen()) == [(0, 2), (1, 3)]
