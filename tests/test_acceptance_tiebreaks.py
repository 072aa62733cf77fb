"""The acceptance run compares the final standings too (``--tiebreak-engine``): against a
tie-break engine that is cpswiss itself every tournament agrees both ways; against one that
perturbs a value the column is reported, both ways, with its article, each side's value."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from test_acceptance import spec, stand_in

from conftest import REPO
from cpswiss.formats.trf import read_trf
from cpswiss.standings import compute_standings
from cpswiss.study.acceptance import AGREE, DIFFER, OURS, THEIRS, load_results, run_acceptance
from cpswiss.study.acceptance_tiebreaks import compare_standings, read_tsv

CPSWISS = f"{sys.executable} -m cpswiss.cli"
HONEST = f"{CPSWISS} standings {{trf}} --tiebreaks {{codes}} --edition {{edition}} --round {{round}} -o {{out}}"
LIST = "BH/C1,BH,SB"
RANKED = REPO / "tests" / "data" / "standings" / "ranked.trf"

# cpswiss's TSV with player 1's BH raised by one point
PERTURB = '''
import subprocess, sys
trf, codes, edition, out = sys.argv[1:5]
done = subprocess.run([sys.executable, "-m", "cpswiss.cli", "standings", trf, "--tiebreaks", codes,
                       "--edition", edition, "-o", out])
lines = open(out).read().splitlines()
column = lines[0].split("\\t").index("BH")
for k, line in enumerate(lines[1:], start=1):
    cells = line.split("\\t")
    if cells[0] == "1":
        cells[column] = str(float(cells[column]) + 1)
        lines[k] = "\\t".join(cells)
open(out, "w").write("\\n".join(lines) + "\\n")
sys.exit(done.returncode)
'''


def perturbing(folder: Path) -> str:
    script = folder / "perturb.py"
    script.write_text(textwrap.dedent(PERTURB))
    return f"{sys.executable} {script} {{trf}} {{codes}} {{edition}} {{out}}"


def test_cpswiss_itself_agrees(tmp_path: Path):
    assert compare_standings(read_trf(RANKED), HONEST, LIST, "2026", str(tmp_path)) == []


def test_a_perturbed_value_is_one_difference_with_both_values(tmp_path: Path):
    found = compare_standings(read_trf(RANKED), perturbing(tmp_path), LIST, "2026", str(tmp_path))
    s = compute_standings(read_trf(RANKED), LIST, "2026")
    ours = s.row(1).values[s.headers.index("BH")]
    assert found == [(4, f"1:{float(ours):g}", f"1:{float(ours) + 1}", "C.07 Art. 8.1",
                      "standings after round 4: BH differs for 1 competitors")]


def test_a_failing_or_malformed_engine_is_a_difference(tmp_path: Path):
    failed = compare_standings(read_trf(RANKED), f"{sys.executable} -c 'import sys; sys.exit(4)'", LIST, "2026",
                               str(tmp_path))
    assert failed == [(4, "", "exit 4: ", "", "standings after round 4: the tie-break engine failed")]
    shapeless = compare_standings(read_trf(RANKED), "echo 'pno rank PTS'", LIST, "2026", str(tmp_path))
    assert shapeless[0][2] == "its TSV: no column BH/C1"
    with pytest.raises(ValueError):
        read_tsv("rank pno\n1 2\n")


def test_the_run_compares_standings_both_ways(tmp_path: Path):
    engine = stand_in(tmp_path)  # pairs honestly: only the standings can differ
    honest = spec(engine, count=1)
    honest = type(honest)(**{**honest.__dict__, "tiebreak_engine": HONEST, "tiebreaks": LIST})
    run_acceptance(honest, tmp_path / "honest", progress=False)
    assert {(r.way, r.verdict) for r in load_results(honest, tmp_path / "honest")} == {(THEIRS, AGREE), (OURS, AGREE)}
    faulty = type(honest)(**{**honest.__dict__, "tiebreak_engine": perturbing(tmp_path)})
    text = run_acceptance(faulty, tmp_path / "faulty", progress=False)
    results = load_results(faulty, tmp_path / "faulty")
    assert {(r.way, r.verdict) for r in results} == {(THEIRS, DIFFER), (OURS, DIFFER)}
    for r in results:
        assert [(d.article, d.reason.split(": ")[1]) for d in r.discrepancies] == [
            ("C.07 Art. 8.1", "BH differs for 1 competitors")]
        assert r.discrepancies[0].round_no == r.rounds
    assert "| theirs | C.07 Art. 8.1 | 1 |" in text and "| ours | C.07 Art. 8.1 | 1 |" in text
    assert "--tiebreak-engine" in text
    assert f"reproduce: `cpswiss standings kept/ours-{faulty.first_seed}.trf --tiebreaks {LIST} --edition 2026" in text
