"""``cpswiss generate`` as the acceptance checklist describes it: unset parameters drawn from
the seed (each in --help with its range and default), every kind of bye, forfeits of one or
both players, late entries and withdrawals, results by the FIDE rating table, TRF-2026 and TRF16,
under every Dutch edition (Baku included) and the other systems' rule sets."""

from __future__ import annotations

import pytest

from cpswiss.check.rounds import check_tournament
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.study.contents import CONTENTS, contents
from cpswiss.study.generate import PARAMETERS, GeneratorConfig, expected_score, generate, generate_text
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.registry import systems, trf_code_of

# rates high enough that a few small tournaments hold every kind of event
EVERYTHING = GeneratorConfig(players=16, rounds=6, draw_percentage=30, forfeit_rate=6, double_forfeit_rate=8,
                             retired_rate=6, late_entry_rate=5, half_point_bye_rate=5, full_point_bye_rate=5,
                             zero_point_bye_rate=5, advance_notice_percentage=50)


def test_the_same_seed_gives_the_same_file_and_the_seed_and_parameters_are_in_it(tmp_path):
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    for out, seed in ((a, "8"), (b, "8"), (c, "9")):
        assert main(["generate", "-o", str(out), "--seed", seed, "--players", "12"]) == 0
    assert a.read_bytes() == b.read_bytes() != c.read_bytes()
    text = a.read_text()
    assert text.startswith("012 cpswiss generated tournament (seed 8, dutch-2026)\n")
    comment = next(line for line in text.splitlines() if line.startswith("###"))
    assert "--seed 8" in comment and "PlayersNumber=12" in comment
    assert all(f"{p.key}=" in comment for p in PARAMETERS)


def test_every_parameter_is_in_the_help_with_its_range_and_default(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for p in PARAMETERS:
        assert f"{p.flag} N {p.key}:" in help_text
        assert f"{p.minimum}-{p.maximum}, {p.default_text}" in help_text
    assert "--rating-table N RatingTable: white's expected score from the FIDE rating table 8.1(b) (1) or " \
        "the Elo curve (0); 0-1, default 1 (not drawn)" in help_text


def test_an_unset_parameter_is_drawn_from_the_seed_and_a_given_one_changes_no_other():
    drawn = GeneratorConfig.drawn({}, 5)
    assert GeneratorConfig.drawn({}, 5) == drawn != GeneratorConfig.drawn({}, 6)
    assert drawn.rating_table == 1 and GeneratorConfig().rating_table == 0  # the command line: the FIDE table
    given = GeneratorConfig.drawn({"DrawPercentage": 0}, 5)
    assert given.draw_percentage == 0
    assert {k: v for k, v in given.mapping().items() if k != "DrawPercentage"} == \
        {k: v for k, v in drawn.mapping().items() if k != "DrawPercentage"}
    sizes = {GeneratorConfig.drawn({}, seed).players for seed in range(200)}
    assert min(sizes) >= 7 and max(sizes) <= 400 and max(sizes) > 150
    for seed in range(200):
        config = GeneratorConfig.drawn({}, seed)
        assert config.rounds <= (config.players + 1) // 2 and config.lowest_rating <= config.highest_rating


def test_a_parameter_out_of_its_range_is_one_line(tmp_path, capsys):
    assert main(["generate", "-o", str(tmp_path / "x.trf"), "--draw-percentage", "101"]) == 3
    err = capsys.readouterr().err.strip()
    assert "DrawPercentage must be 0-100, not 101" in err and "\n" not in err
    assert not (tmp_path / "x.trf").exists()


@pytest.mark.parametrize("difference, score", [(0, 0.50), (3, 0.50), (4, 0.51), (10, 0.51), (11, 0.52),
                                               (92, 0.63), (98, 0.63), (99, 0.64), (-100, 0.36), (401, 0.92),
                                               (1000, 0.92), (-1000, 0.08)])
def test_the_expected_score_is_the_fide_rating_table(difference, score):
    """Table 8.1(b) rows, and the 400-point rule (8.3.1)."""
    assert expected_score(difference) == score


def test_every_kind_of_bye_forfeit_late_entry_and_withdrawal_occurs():
    held = {kind: 0 for kind in CONTENTS}
    for seed in range(1, 4):
        t = parse_trf(generate_text(EVERYTHING, seed, "dutch-2026", trf26=True))
        for kind, n in contents(t).items():
            held[kind] += n
    assert all(held.values()), held


def test_a_bye_requested_in_advance_is_a_240_record_and_trf16_cannot_carry_it():
    text = generate_text(EVERYTHING, 2, "dutch-2026", trf26=True)
    t = parse_trf(text)
    records = [line for line in text.splitlines() if line.startswith("240 ")]
    assert records and t.requested_byes
    for round_no, byes in t.requested_byes.items():
        for pid, kind in byes.items():
            assert t.players[pid].entry(round_no).kind == kind  # the bye was taken as requested
    with pytest.raises(InputError, match="TRF16 has no record for a bye requested in advance"):
        generate_text(EVERYTHING, 2, "dutch-2026", trf26=False)
    from dataclasses import replace

    sixteen = generate_text(replace(EVERYTHING, advance_notice_percentage=0), 2, "dutch-2026", trf26=False)
    assert "\nXXR 6\n" in sixteen and "\n240 " not in sixteen


def _rule_sets() -> list[str]:
    dutch = ["dutch-2013", "dutch-2017", "dutch-2017-baku", "dutch-2026", "dutch-2026-baku", "dutch-1998"]
    # team and Double-Swiss tournaments have generators of their own (study/team_generate.py, study/double_swiss.py)
    return dutch + [s.default_rule_set for s in systems() if s.name not in ("dutch", "team", "double-swiss")]


@pytest.mark.parametrize("rules", _rule_sets())
@pytest.mark.parametrize("trf26", [True, False])
def test_every_round_of_a_generated_tournament_is_the_rule_sets_pairing(rules, trf26):
    config = GeneratorConfig.drawn({"PlayersNumber": 13, "RoundsNumber": 5, "AdvanceNoticePercentage":
                                    50 if trf26 else 0}, 4)
    text = generate_text(config, 4, rules, trf26)
    t = parse_trf(text)
    assert t.trf26 == trf26
    code = trf_code_of(load_rule_set(rules))  # the edition named in the file (192 / 092) where a code names it
    if code is not None:
        assert f"\n{'192' if trf26 else '092'} {code}\n" in text
    report = check_tournament(t, rules)
    assert report.agrees and len(report.rounds) == 5, report.text()


def test_what_a_tournament_holds_is_counted_by_kind():
    """A late entrant's zero-point rounds before his first pairing are his entry, a withdrawn
    player's after his last are his withdrawal; a half-point bye in round 1 is a bye."""
    text = "\n".join([
        "012 kinds",
        "XXR 3",
        "001    1      A                                 2400                             2.0    1     2 w 1     3 b 1  0000 - Z",
        "001    2      B                                 2300                             1.0    2     1 b 0  0000 - H     3 w =",
        "001    3      C                                 2200                             0.5    3  0000 - Z     1 w 0     2 b =",
        "001    4      D                                 2100                             1.5    4  0000 - H     5 w -     6 b +",
        "001    5      E                                 2000                             3.0    5     6 b 1     4 b +  0000 - U",
        "001    6      F                                 1900                             0.0    6     5 w 0  0000 - Z     4 w -",
    ]) + "\n"
    held = contents(parse_trf(text))
    assert held == {"pairing-allocated bye": 1, "half-point bye": 2, "full-point bye": 0, "zero-point bye": 1,
                    "bye requested in advance": 0, "forfeit (one player)": 2, "forfeit (both players)": 0,
                    "late entry": 1, "withdrawal": 1}
