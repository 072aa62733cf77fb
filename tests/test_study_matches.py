"""``study`` and ``generate`` for the systems of matches: a tiny study of the Double-Swiss System
against the Dutch one on the same fields, one of team rule sets against each other (type B
preferences, game points primary, Baku for teams), and generated files of each that re-pair to
themselves under ``check``."""

from __future__ import annotations

import pandas as pd
import pytest
from cpswiss.study.study import run_study


def _study(tmp_path, name: str, rule_sets: list[str], generator: str):
    spec = tmp_path / f"{name}.toml"
    spec.write_text(f'name = "{name}"\ntournaments = 2\nseed = 5\nrule_sets = {rule_sets!r}\n'.replace("'", '"')
                    + f"top_k = 3\n[generator]\n{generator}")
    run_study(spec, tmp_path / name, workers=1, progress=False)
    return pd.read_csv(tmp_path / name / "results.csv"), tmp_path / name


def test_double_swiss_against_dutch_on_the_same_fields(tmp_path):
    # 10 players, 3 rounds paired, no forfeits: a Dutch player who plays three games has White
    # one game more or less than Black; a Double-Swiss player plays each match's second game
    # with the colours reversed, so his games balance exactly
    frame, out = _study(tmp_path, "ds", ["dutch-2026", "double-swiss-2026"],
                        "PlayersNumber = 10\nRoundsNumber = 3\nDrawPercentage = 30\n")
    assert list(frame.rule_set) == ["dutch-2026", "double-swiss-2026"] * 2
    dutch, double = frame[frame.rule_set == "dutch-2026"], frame[frame.rule_set == "double-swiss-2026"]
    assert (dutch.game_colour_diff_mean == 1.0).all()
    assert (double.game_colour_diff_mean == 0.0).all()
    assert (frame.competitors == 10).all() and (frame.rematches == 0).all() and (frame.pabs == 0).all()
    assert frame.kendall_tau.between(-1, 1).all() and (frame.score_sd > 0).all()
    summary = pd.read_csv(out / "summary.csv")
    assert {"game_colour_diff_mean", "score_sd", "kendall_tau", "cd2_competitors"} <= set(summary.measure)
    differences = pd.read_csv(out / "differences.csv")
    row = differences[differences.measure == "game_colour_diff_mean"].iloc[0]
    assert (row.rule_set, row.against, row.mean_difference) == ("double-swiss-2026", "dutch-2026", -1.0)
    assert (out / "plots" / "colours.png").exists() and (out / "plots" / "score_spread.png").exists()


def test_team_rule_sets_on_the_same_team_fields(tmp_path):
    # 7 teams: one pairing-allocated bye a round, never twice to a team ([C2]), no rematch ([C1])
    rule_sets = ["team-2026", "team-2026-b-mp-gp", "team-2026-a-gp-mp", "team-2026+baku"]
    frame, out = _study(tmp_path, "teams", rule_sets,
                        "PlayersNumber = 7\nBoardsNumber = 4\nRoundsNumber = 3\nDrawPercentage = 30\n")
    assert list(frame.rule_set) == rule_sets * 2
    assert (frame.competitors == 7).all() and (frame.pabs == 3).all() and (frame.rematches == 0).all()
    assert (frame.score_sd > 0).all() and (frame.score_sd < 1).all()  # a fraction of the most a team can score
    # a team of four boards plays three matches: some player has one White game more or less
    assert (frame.game_colour_diff_mean > 0).all()
    assert (out / "plots" / "pairings.png").exists()


def test_a_study_rule_set_unknown_is_refused_naming_the_study(tmp_path):
    from cpswiss.errors import InputError

    spec = tmp_path / "bad.toml"
    spec.write_text('rule_sets = ["team-2026", "team-2099"]\n[generator]\nPlayersNumber = 6\n')
    with pytest.raises(InputError, match="bad.toml") as caught:
        run_study(spec, tmp_path / "bad", workers=1, progress=False)
    assert "team-2099" in str(caught.value)


@pytest.mark.parametrize("rules", ["double-swiss-2026", "team-2026-b-mp", "team-2026+baku"])
def test_generate_any_system_repairs_to_itself(tmp_path, capsys, rules):
    from cpswiss.cli import main

    out = tmp_path / "g.trf"
    assert main(["generate", "-o", str(out), "--rules", rules, "--players", "7", "--rounds", "3", "--seed", "4"]) == 0
    text = out.read_text()
    assert ("192 FIDE_DOUBLESWISS" in text) == rules.startswith("double") and ("_BAKU" in text) == ("+baku" in rules)
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.rstrip().endswith("round 3: agrees\nall rounds agree")
