"""Opt-in (``pytest -m conformance``): round 2 of a 1,000-player open, the hardest round of the
tournament in ``scenarios/large-opens`` (bbpPairings 5.0.1's generator, ``rtg-1000.cfg``,
seed 5; bundled for ``cpswiss bench``), against the reference engines' pairings of it:
bbpPairings 5.0.1's (2017) and 6.0.0's (2026)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cpswiss.cli import main

CASE = Path(__file__).resolve().parent.parent / "cpswiss" / "study" / "benchdata" / "n1000-r02of09-bbp-s5.trf"
EXPECTED = Path(__file__).parent / "data" / "large-opens"


@pytest.mark.conformance
@pytest.mark.parametrize("rules, expected", [("dutch-2017", "n1000-r02of09-bbp-s5.expected"),
                                             ("dutch-2026", "n1000-r02of09-bbp-s5.2026.expected")])
def test_round_two_of_a_thousand_players(rules, expected, tmp_path):
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(CASE), "-p", str(out), "--rules", rules]) == 0
    assert out.read_text().split() == (EXPECTED / expected).read_text().split()


def boards(text: str) -> set[tuple[str, str]]:
    """The boards of a pairing file (white, black), board order aside."""
    lines = text.split("\n")[1:]
    return {tuple(line.split()) for line in lines if line.strip()}


@pytest.mark.conformance
@pytest.mark.parametrize("case, rules", [
    # bbpPairings 6.0.0's generator (2026 rules), 500 players, rtg-1000.cfg's keys, seed 12
    ("n500-r02of09-bbp6-s12", "dutch-2026"),
    # bbpPairings 5.0.1's generator (2017 rules), 700 players, 11 rounds, 50% draws, more
    # forfeits and half-point byes (nine players absent from this round), seed 31
    ("n700-r05of11-bbp5-s31", "dutch-2017"),
])
def test_a_round_the_reference_generator_paired(case, rules, tmp_path):
    """The pairing the reference engine's own generator made for this round (from
    ``scenarios/large-opens/cut_rounds.py``: a tournament file records no board order)."""
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(EXPECTED / f"{case}.trf"), "-p", str(out), "--rules", rules]) == 0
    expected = (EXPECTED / f"{case}.expected").read_text()
    assert boards(out.read_text()) == boards(expected)
    assert out.read_text().split("\n")[0] == expected.split("\n")[0]  # the number of boards


@pytest.mark.parametrize("case, steps_by_classes", [("n2000-r02of04-bbp6-s53002", 3),
                                                     ("n2000-r04of04-bbp6-s53002", 4)])
def test_steps_paired_without_their_graph_give_the_reference_generator_s_pairing(case, steps_by_classes):
    """Rounds 2 and 4 of 2,000 players from bbpPairings 6.0.0's own generator (2026 rules,
    ``rtg-1000.cfg``'s keys, ``PlayersNumber=2000``, ``RoundsNumber=4``, seed 53002): steps of
    hundreds of players (all three of round 2, four of round 4's seven) are paired by their
    players' classes without building the pairs (:mod:`cpswiss.systems.dutch.dense`), and the
    round is the generator's, board for board (board order aside: a tournament file holds none). The one check of that path against an independent engine in the default run."""
    from cpswiss.api import pair_round, prepare_tournament
    from cpswiss.solver.settings import SolverSettings

    result = pair_round(prepare_tournament(EXPECTED / f"{case}.trf", "dutch-2026"), None, SolverSettings())
    assert sum(1 for record in result.records if getattr(record, "by_classes", False)) == steps_by_classes
    expected = (EXPECTED / f"{case}.expected").read_text()
    assert boards("\n".join(result.pairing.lines())) == boards(expected)
    assert result.pairing.lines()[0] == expected.split("\n")[0]  # the number of boards


def test_cut_rounds_gives_each_round_as_it_stood_and_its_pairing(tmp_path):
    """``scenarios/large-opens/cut_rounds.py`` (the tool behind every large-open and Dubov speed
    table): round k's file re-pairs to the round the tournament made, for every k."""
    import subprocess
    import sys

    from cpswiss.study.generate import GeneratorConfig, generate_text

    full = tmp_path / "t.trf"
    full.write_text(generate_text(GeneratorConfig(players=12, rounds=4, draw_percentage=30,
                                                  half_point_bye_rate=6), 7, "dutch-2026"))
    script = Path(__file__).resolve().parent.parent / "scenarios" / "large-opens" / "cut_rounds.py"
    run = subprocess.run([sys.executable, str(script), str(full), str(tmp_path / "cut")],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    files = sorted((tmp_path / "cut").glob("*.trf"))
    assert [f.stem for f in files] == [f"t-r{k:02d}" for k in (2, 3, 4)]
    for path in files:
        out = tmp_path / f"{path.stem}.out"
        assert main(["pair", "--dutch", str(path), "-p", str(out), "--rules", "dutch-2026"]) == 0
        assert boards(out.read_text()) == boards(path.with_suffix(".expected").read_text())


def test_large_fields_draws_two_to_four_hundred_players_from_the_seed_alone(tmp_path):
    """``scenarios/endorsement/large_fields.py``: endorse.py's run with 200-400 players a
    tournament; a seed gives the same configuration every time; without endorse.py, one line
    naming the path and exit 3."""
    import importlib.util
    import subprocess
    import sys

    script = Path(__file__).resolve().parent.parent / "scenarios" / "endorsement" / "large_fields.py"
    spec = importlib.util.spec_from_file_location("large_fields", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = [module.large_config(seed) for seed in range(1, 40)]
    assert all(200 <= players <= 400 and 7 <= rounds <= 11 for players, rounds, _ in drawn)
    assert drawn == [module.large_config(seed) for seed in range(1, 40)]
    assert f"PlayersNumber={drawn[0][0]}\n" in drawn[0][2]
    missing = tmp_path / "endorse.py"
    run = subprocess.run([sys.executable, str(script), "--endorse", str(missing), "--engine", "bbp5"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 3 and run.stderr.strip() == \
        f"large_fields: {missing}: endorse.py not found (give --endorse PATH)"


SCENARIO = Path(__file__).resolve().parent.parent / "scenarios" / "large-opens"


def _script(name: str, *arguments: str):
    import subprocess
    import sys

    return subprocess.run([sys.executable, str(SCENARIO / name), *arguments], capture_output=True, text=True,
                          check=False)


def test_bench_set_makes_the_events_from_the_seed_and_cuts_the_rounds_asked_for(tmp_path):
    """``scenarios/large-opens/bench_set.py`` (here with small fields): each event is the one
    ``cpswiss generate`` makes from the same seed and keys, cut to the files before the rounds
    asked for, each re-paired to the generated round; ``cpswiss bench --csv`` times them."""
    run = _script("bench_set.py", str(tmp_path / "set"), "--sizes", "24", "30", "--rounds", "2", "5",
                  "--total-rounds", "6", "--seed", "3")
    assert run.returncode == 0, run.stderr
    files = sorted((tmp_path / "set").glob("*.trf"))
    assert [f.name for f in files] == ["g24-r02.trf", "g24-r05.trf", "g30-r02.trf", "g30-r05.trf"]
    same = tmp_path / "g24.trf"
    assert main(["generate", "--players", "24", "--rounds", "6", "--seed", "3", "--draw-percentage", "30",
                 "-o", str(same)]) == 0
    assert (tmp_path / "set" / "events" / "g24.trf").read_bytes() == same.read_bytes()
    for path in files:
        out = tmp_path / f"{path.stem}.out"
        assert main(["pair", "--dutch", str(path), "-p", str(out), "--rules", "dutch-2026"]) == 0
        assert boards(out.read_text()) == boards(path.with_suffix(".expected").read_text())
    table = tmp_path / "bench.csv"
    assert main(["bench", str(tmp_path / "set"), "--rules", "dutch-2026", "--csv", str(table)]) == 0
    import csv

    rows = list(csv.DictReader(table.open()))
    assert [Path(r["file"]).name for r in rows] == [f.name for f in files]
    assert [r["size"] for r in rows] == ["24", "24", "30", "30"]
    assert all(r["exit_code"] == "0" and r["outcome"] == "ok" and r["rules"] == "dutch-2026" for r in rows)
    assert all(float(r["max_seconds"]) >= float(r["median_seconds"]) > 0 and float(r["peak_mb"]) > 1 for r in rows)
    again = _script("bench_set.py", str(tmp_path / "set"), "--rounds", "7", "--total-rounds", "6")
    assert again.returncode == 2 and "an event has 6 rounds" in again.stderr


def test_bench_csv_gives_a_refused_file_its_exit_code(tmp_path, capsys):
    """A file ``bench`` cannot pair is a row with the exit code it stands for (3: nothing left
    to pair), beside the rows that paired; ``--csv`` does not go with ``--compare``."""
    import csv

    whole = tmp_path / "whole.trf"
    assert main(["generate", "--players", "10", "--rounds", "3", "-o", str(whole)]) == 0
    table = tmp_path / "b.csv"
    assert main(["bench", str(whole), "--csv", str(table)]) == 0
    (row,) = csv.DictReader(table.open())
    assert row["exit_code"] == "3" and row["size"] == "0"
    assert row["outcome"].startswith("error: ") and "nothing to pair" in row["outcome"]
    capsys.readouterr()
    assert main(["bench", str(whole), "--csv", str(table), "--compare", "true {trf}"]) == 3
    assert capsys.readouterr().err == "cpswiss: --csv goes without --compare\n"


def test_plot_sizes_measures_each_rule_set_and_marks_what_it_could_not_make(tmp_path):
    """``scenarios/large-opens/plot_sizes.py``: a row per rule set, size and round from
    ``cpswiss bench --csv``; an event the generator refuses (here 1 player: exit 3) is a row
    with its exit code and no time; the plot is written from the table."""
    import csv

    run = _script("plot_sizes.py", "measure", str(tmp_path / "m"), "--plan", "dutch-2026:1,20", "dubov-2026:20",
                  "--rounds", "2", "3", "--total-rounds", "3")
    assert run.returncode == 0, run.stderr
    rows = list(csv.DictReader((tmp_path / "m" / "sizes.csv").open()))
    assert [(r["rules"], r["players"], r["round"], r["exit_code"]) for r in rows] == [
        ("dutch-2026", "1", "", "3"), ("dutch-2026", "20", "2", "0"), ("dutch-2026", "20", "3", "0"),
        ("dubov-2026", "20", "2", "0"), ("dubov-2026", "20", "3", "0")]
    assert "PlayersNumber must be 2-9999" in rows[0]["outcome"] and rows[0]["seconds"] == ""
    assert all(float(r["seconds"]) > 0 and float(r["peak_mb"]) > 1 for r in rows[1:])
    image = tmp_path / "sizes.png"
    assert _script("plot_sizes.py", "plot", str(tmp_path / "m" / "sizes.csv"), str(image)).returncode == 0
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
