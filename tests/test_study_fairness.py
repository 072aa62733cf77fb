"""The fairness study (scenarios/study-fairness, seed 003's essay of 1-12-1993) reproduces:
its first two tournaments, run again from the study file, give the numbers of the published
results table."""

from __future__ import annotations

import math
import tomllib

import pandas as pd
from conftest import SCENARIOS

from cpswiss.study.study import TIMING, run_study

STUDY = SCENARIOS / "study-fairness"


def test_the_first_two_tournaments_reproduce_the_published_table(tmp_path):
    text = (STUDY / "study.toml").read_text(encoding="utf-8")
    spec = tomllib.loads(text)
    small = tmp_path / "small.toml"
    small.write_text(text.replace(f"tournaments = {spec['tournaments']}", "tournaments = 2"), encoding="utf-8")
    run_study(small, tmp_path / "out", workers=1, progress=False)
    ours = pd.read_csv(tmp_path / "out" / "results.csv")
    published = pd.read_csv(STUDY / "results.csv")
    published = published[published.tournament < 2].reset_index(drop=True)
    assert list(ours.rule_set) == list(published.rule_set) and len(ours) == 2 * len(spec["rule_sets"])
    for column in published.columns:
        if column in TIMING:
            continue
        for mine, theirs in zip(ours[column], published[column]):
            if isinstance(theirs, float) and math.isnan(theirs):
                assert isinstance(mine, float) and math.isnan(mine), column
            elif isinstance(theirs, float):
                assert math.isclose(mine, theirs, rel_tol=1e-9, abs_tol=1e-9), column
            else:
                assert mine == theirs, column
    # the measures the study is about are there, per round too
    for column in ("rating_diff_sd", "group_rating_diff_sd", "rating_diff_sd_r1", "top2_meet_round",
                   "kendall_tau", "cd2_players", "float_pairs"):
        assert column in ours.columns
    assert (tmp_path / "out" / "plots" / "rating_differences.png").stat().st_size > 10_000
