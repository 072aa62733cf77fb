"""The systems study (scenarios/study-systems): the spread of the average ratings of opponents
(ARO, C.04.4.1 Art. 1.7) per final scoregroup, against a hand computation, and a tiny study
pairing the same opens with the Dutch and the Dubov systems."""

from __future__ import annotations

import math
import sys

import pandas as pd
from cpswiss.formats.trf import parse_trf
from cpswiss.study.study import aro_spread, run_study

RATINGS = {1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500}
# (opponent, colour, result) per round; round 1: 3-6 forfeited (3 wins by forfeit)
ROUNDS = {1: ((4, "w", "1"), (2, "b", "=")), 2: ((5, "w", "1"), (1, "w", "=")),
          3: ((6, "w", "+"), (5, "b", "1")), 4: ((1, "b", "0"), (6, "w", "1")),
          5: ((2, "b", "0"), (3, "w", "0")), 6: ((3, "b", "-"), (4, "b", "0"))}
POINTS = {1: 1.5, 2: 1.5, 3: 2.0, 4: 1.0, 5: 0.0, 6: 0.0}


def _crafted() -> str:
    lines = ["012 crafted", "XXR 2"]
    for pid, rating in RATINGS.items():
        blocks = "".join(f"  {opp:4d} {colour} {result}" for opp, colour, result in ROUNDS[pid])
        lines.append(f"001 {pid:4d}      {'Player ' + str(pid):<33} {rating:4d}{'':28}{POINTS[pid]:4.1f} {pid:4d}{blocks}")
    return "\n".join(lines) + "\n"


def test_aro_spread_per_final_scoregroup_by_hand():
    # final scoregroups: 2.0 {3}, 1.5 {1, 2}, 1.0 {4}, 0.0 {5, 6} (single players do not count).
    # 1.5: ARO(1) = (1700 + 1900) / 2 = 1800, ARO(2) = (1600 + 2000) / 2 = 1800: sd 0, range 0.
    # 0.0: ARO(5) = (1900 + 1800) / 2 = 1850; ARO(6) = 1700 (the forfeit against 3 is no game,
    # Art. 1.7): sd 75, range 150.
    t = parse_trf(_crafted())
    assert {pid: t.computed_points(r) / 10 for pid, r in t.players.items()} == POINTS  # tenths
    assert aro_spread(t) == {"aro_sd_mean": 37.5, "aro_range_mean": 75.0, "aro_range_max": 150.0}


def test_aro_spread_without_a_scoregroup_of_two_is_nan():
    t = parse_trf("012 one game\nXXR 1\n"
                  f"001    1      {'A':<33} 2000{'':28} 1.0    1     2 w 1\n"
                  f"001    2      {'B':<33} 1900{'':28} 0.0    2     1 b 0\n")
    assert all(math.isnan(v) for v in aro_spread(t).values())


def test_tiny_systems_study(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text('name = "tiny"\ntournaments = 2\nseed = 3\nrule_sets = ["dutch-2026", "dubov-2026"]\n'
                     'top_k = 3\n[generator]\nPlayersNumber = 10\nRoundsNumber = 4\nDrawPercentage = 30\n')
    run_study(study, tmp_path / "out", workers=1, progress=False)
    frame = pd.read_csv(tmp_path / "out" / "results.csv")
    assert list(frame.rule_set) == ["dutch-2026", "dubov-2026"] * 2
    assert (frame.aro_sd_mean >= 0).all() and (frame.aro_range_max >= frame.aro_range_mean).all()
    assert (frame.rating_gap_mean > 0).all()
    summary = pd.read_csv(tmp_path / "out" / "summary.csv")
    assert {"aro_sd_mean", "aro_range_mean", "rating_gap_mean"} <= set(summary.measure)


def test_bench_compare_pairs_a_dubov_file_with_the_dubov_system(tmp_path, capsys):
    from cpswiss.cli import main
    from cpswiss.study.generate import GeneratorConfig, generate_text

    trf = tmp_path / "t.trf"
    text = generate_text(GeneratorConfig(players=8, rounds=2), 4, "dubov-2026")
    trf.write_text(text.replace("\nXXR 2\n", "\nXXR 3\n"))  # round 3 is to be paired
    same = f"{sys.executable} -m cpswiss.cli pair --dubov {{trf}} -p {{out}}"
    assert main(["bench", str(trf), "--rules", "dubov-2026", "--compare", same]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith("yes")


def test_buchholz_spread_per_final_scoregroup_by_hand():
    # Buchholz (opponents' final points, forfeits included): 1: 4 + 2 = 1.0 + 1.5 = 2.5,
    # 2: 5 + 1 = 0.0 + 1.5 = 1.5 (group 1.5: sd 0.5, range 1.0); 5: 2 + 3 = 3.5,
    # 6: 3 + 4 = 3.0 (group 0.0: sd 0.25, range 0.5)
    from cpswiss.study.study import buchholz_spread

    assert buchholz_spread(parse_trf(_crafted())) == {"buchholz_sd_mean": 0.375, "buchholz_range_mean": 0.75,
                                                      "buchholz_range_max": 1.0}


def test_bench_compare_pairs_each_file_by_the_system_its_kind_asks_for(capsys):
    # no --rules: a team file by the team system, a file of players naming no system by the first
    # registered system of players (the Dutch one); each pairing the same as its own command's
    from pathlib import Path

    from cpswiss.cli import main

    root = Path(__file__).resolve().parents[1]
    for flag, trf in (("team", root / "tests" / "data" / "team-2026-sample" / "n009-r02of07-t037.trf"),
                      ("dutch", root / "scenarios" / "seed-004" / "after-round-4.trf")):
        same = f"{sys.executable} -m cpswiss.cli pair --{flag} {{trf}} -p {{out}}"
        assert main(["bench", str(trf), "--compare", same]) == 0
        assert capsys.readouterr().out.splitlines()[1].endswith("yes")
