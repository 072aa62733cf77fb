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
