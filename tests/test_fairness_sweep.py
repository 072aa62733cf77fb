"""``scenarios/study-fairness/sweep.py``, issue 28's measure on the first three cases of the
dutch-2025 corpus (kept in tests/data/conformance): each pairing made under the variant, legal, and ``check`` under the variant agreeing
with it once appended to the file as the next round (and not agreeing with the edition's
pairing where the two differ)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

from conftest import CONFORMANCE_SLICES, SCENARIOS

SCRIPT = SCENARIOS / "study-fairness" / "sweep.py"


def load_sweep():
    spec = importlib.util.spec_from_file_location("sweep", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_small_sweep_pairs_legally_and_check_agrees_with_the_variant(tmp_path):
    corpus = CONFORMANCE_SLICES / "dutch-2025"
    out = tmp_path / "sweep.json"
    run = subprocess.run([sys.executable, str(SCRIPT), "--rules", "dutch-2026-fair-spread", "--corpus", str(corpus),
                          "--cases", "3", "--timeout", "120", "--json", str(out)],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1].startswith(
        "dutch-2026-fair-spread on dutch-2025: 3 cases, 0 failures (0 over 120 s), 0 illegal, "
        "0 differing under check; seconds worst ")
    rows = json.loads(out.read_text())
    assert [r["case"] for r in rows] == ["n005-r01of03-t011", "n005-r02of03-t011", "n005-r03of03-t011"]
    assert all(r["status"] == 0 and r["illegal"] == [] and r["disagrees"] == "" for r in rows)


def test_check_under_the_variant_tells_the_editions_pairing_apart():
    """Round 1 of n005-r01of03-t011: the edition pairs 3-1 and 2-4 (S1 against S2), the
    spread 2-1 and 4-3 (the closest ratings); appended to the file, the edition's round agrees
    under the edition and differs under the variant, the variant's agrees under the variant."""
    sweep = load_sweep()
    trf = CONFORMANCE_SLICES / "dutch-2025" / "n005-r01of03-t011.trf"
    edition = sweep.pair_tournament(sweep.read_trf(trf), "dutch-2026")
    variant = sweep.pair_tournament(sweep.read_trf(trf), "dutch-2026-fair-spread")
    assert edition.pairing.lines() == ["3", "3 1", "2 4", "5 0"]
    assert variant.pairing.lines() == ["3", "2 1", "4 3", "5 0"]
    text = sweep.next_round_file(trf, edition)
    assert sweep.self_disagreement(text, "edition", 1, "dutch-2026") == ""
    assert sweep.self_disagreement(text, "edition", 1, "dutch-2026-fair-spread").startswith(
        "round 1: DIFFERS;   rules demand 2-1, not played")
    assert sweep.self_disagreement(sweep.next_round_file(trf, variant), "variant", 1, "dutch-2026-fair-spread") == ""
