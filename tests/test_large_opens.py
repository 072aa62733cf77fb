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
