"""The two-way acceptance run (``cpswiss acceptance``) against a stand-in engine: a Python
script written here with the JaVaFo / bbpPairings command line that generates, checks and pairs
through cpswiss itself - honestly, or with a known fault.  No reference engine is ever called.

The runner must count every tournament once each way, find the rounds a faulty engine gets
wrong (both ways) with the article ``cpswiss explain`` names, and give the same report after a
sitting stopped halfway (by --limit, or by killing its process) as after one uninterrupted run.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cpswiss.study.acceptance import (
    AGREE,
    DIFFER,
    OURS,
    THEIRS,
    AcceptanceSpec,
    exit_code,
    load_results,
    pending,
    report,
    run_acceptance,
)

# The stand-in: -g CONFIG -o OUT -s SEED makes a tournament with cpswiss's generator (the RTG keys
# of the config, the rest at the API's defaults) written as the reference generators write theirs
# (TRF16, CR line ends, no XXR); FILE -c prints "NAME: Round #N" per round and a "Checker pairings"
# block under each round that cpswiss re-pairs otherwise; FILE -p OUT writes cpswiss's pairing.
# FAULTY: the generator writes round 2's first board with the colours reversed, the checker
# reports round 1 of every file as differing, the pairer reverses its first board's colours.
STAND_IN = '''
import sys
from pathlib import Path

FAULTY = {faulty}
RULES = "{rules}"


def main(argv):
    args = [a for a in argv if a != "--dutch"]
    if "-g" in args:
        from cpswiss.study.generate import GeneratorConfig, generate
        from cpswiss.formats.trf_writer import write_trf
        config_path, out, seed = args[args.index("-g") + 1], args[args.index("-o") + 1], int(args[args.index("-s") + 1])
        config = GeneratorConfig.read(config_path)
        t = generate(config, seed, RULES)
        lines = [line for line in write_trf(t).splitlines() if not line.startswith("XXR")]
        if FAULTY:
            lines = [_reverse_round_two(line) if line.startswith("001") else line for line in lines]
        Path(out).write_text("\\r".join(lines) + "\\r")
        return 0
    if "-c" in args:
        from cpswiss.check.rounds import check_tournament
        path = args[0]
        report = check_tournament(path, RULES)
        name = Path(path).stem
        for r in report.rounds:
            print(f"{{name}}: Round #{{r.round_no}}")
            if not r.agrees or (FAULTY and r.round_no == 1):
                print("  Checker pairings        Tournament pairings ")
                print("      1 -   2                  2 -   1")
            print()
        return 0
    if "-p" in args:
        from cpswiss.api import pair_tournament
        path, out = args[0], args[args.index("-p") + 1]
        pairing = pair_tournament(path, RULES).pairing
        boards = [(b.white, b.black) for b in pairing.boards]
        if FAULTY and boards:
            boards[0] = boards[0][::-1]
        lines = [str(len(boards) + (pairing.bye is not None))] + [f"{{w}} {{b}}" for w, b in boards]
        lines += [f"{{pairing.bye}} 0"] if pairing.bye is not None else []
        Path(out).write_text("\\n".join(lines) + "\\n")
        return 0
    return 3


def _reverse_round_two(line):
    """Player 1's and his round-2 opponent's colours swapped (the block at columns 100-109)."""
    return line


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
'''


def stand_in(folder: Path, faulty: bool = False, rules: str = "dutch-2026") -> str:
    script = folder / ("faulty.py" if faulty else "honest.py")
    text = STAND_IN.format(faulty=faulty, rules=rules)
    if faulty:  # the generator's fault: round 2's colours reversed for the players of its first board
        text = text.replace('''def _reverse_round_two(line):
    """Player 1's and his round-2 opponent's colours swapped (the block at columns 100-109)."""
    return line''', textwrap.dedent('''\
            def _reverse_round_two(line):
                """Every player's round-2 colour swapped (the block at columns 102-111)."""
                block = line[101:111]
                if len(block) < 10 or block[5] not in "wb" or block[:4].strip() == "0000":
                    return line
                return line[:106] + {"w": "b", "b": "w"}[block[5]] + line[107:]'''))
    script.write_text(text)
    return f"{sys.executable} {script}"


def spec(engine: str, count: int = 3) -> AcceptanceSpec:
    return AcceptanceSpec(engine, "--dutch", "dutch-2026", count, first_seed=11, sizes=(10, 14), timeout=120)


@pytest.fixture(scope="module")
def honest_run(tmp_path_factory) -> tuple[AcceptanceSpec, Path, str]:
    """One uninterrupted run of three tournaments each way against the honest stand-in."""
    folder = tmp_path_factory.mktemp("honest")
    s = spec(stand_in(folder))
    text = run_acceptance(s, folder / "run", progress=False)
    return s, folder / "run", text


def test_an_honest_engine_agrees_both_ways_and_each_tournament_counts_once(honest_run):
    s, out, text = honest_run
    results = load_results(s, out)
    assert sorted((r.way, r.seed) for r in results) == sorted((w, seed) for seed in (11, 12, 13)
                                                               for w in (THEIRS, OURS))
    counted = [r for r in results if r.counted]
    assert counted and all(r.verdict == AGREE for r in counted) and exit_code(results) == 0
    assert "| its generator, cpswiss's checker | 3 of 3 |" in text
    assert "| cpswiss's generator, its checker | 3 of 3 |" in text
    assert "## Discrepancies by cause\n\nNone." in text
    assert (out / "report.md").read_text() == text


def test_a_sitting_stopped_by_its_limit_then_resumed_gives_the_same_report(honest_run, tmp_path):
    s, _, uninterrupted = honest_run
    out = tmp_path / "run"
    run_acceptance(s, out, progress=False, limit=2)
    assert len(list((out / "results").glob("*.json"))) == 2
    partial = report(s, load_results(s, out))
    assert "| its generator, cpswiss's checker | 1 of 3 |" in partial
    assert run_acceptance(s, out, progress=False) == uninterrupted


def test_a_killed_run_started_again_finishes_and_gives_the_same_report(honest_run, tmp_path):
    s, _, uninterrupted = honest_run
    out = tmp_path / "run"
    command = [sys.executable, "-m", "cpswiss.cli", "acceptance", "--engine", s.engine, "--rules", s.rules,
               "--count", str(s.count), "--first-seed", str(s.first_seed), "--sizes", "10-14", "-o", str(out),
               "--no-progress", "--timeout", "120"]
    process = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while not list((out / "results").glob("*.json")) if (out / "results").exists() else True:
            assert process.poll() is None, "the run ended before it could be stopped"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        os.killpg(process.pid, signal.SIGKILL)  # the run and its Dask workers, as a hard stop would
        process.wait()
    done = len(list((out / "results").glob("*.json")))
    assert 1 <= done < 6
    assert subprocess.run(command, capture_output=True).returncode == 0
    assert (out / "report.md").read_text() == uninterrupted


def test_a_faulty_engine_is_caught_both_ways_with_the_rule_and_the_command(tmp_path):
    s = spec(stand_in(tmp_path, faulty=True), count=2)
    text = run_acceptance(s, tmp_path / "run", progress=False)
    results = load_results(s, tmp_path / "run")
    assert exit_code(results) == 1
    theirs = [r for r in results if r.way == THEIRS and r.counted]
    ours = [r for r in results if r.way == OURS and r.counted]
    assert theirs and all(r.verdict == DIFFER and 2 in [d.round_no for d in r.discrepancies] for r in theirs)
    assert ours and all(r.verdict == DIFFER and [d.round_no for d in r.discrepancies] == [1] for r in ours)
    for r in theirs + ours:
        d = r.discrepancies[0]
        assert d.article  # the rule cpswiss explain names
        assert (tmp_path / "run" / "kept" / f"{r.way}-{r.seed}.trf").exists()
    ours_round_one = ours[0].discrepancies[0]
    # the stand-in pairs round 1 with its first board's colours reversed: the colour rule decides
    assert "E." in ours_round_one.article or "5.2" in ours_round_one.article or "colour" in ours_round_one.reason
    assert f"**theirs {theirs[0].seed}, round 2**" in text
    assert f"cpswiss explain kept/ours-{ours[0].seed}.trf --round 1 --rules dutch-2026" in text
    assert "| with a discrepancy |" in text and "**0**" not in text.split("## What")[0]


def test_a_recheck_runs_again_only_what_did_not_agree_and_reads_their_tournaments_from_the_kept_files(tmp_path):
    engine = stand_in(tmp_path, faulty=True)
    s = spec(engine, count=2)
    run_acceptance(s, tmp_path / "run", progress=False)
    before = {(r.way, r.seed): r for r in load_results(s, tmp_path / "run")}
    assert all(r.verdict == DIFFER for r in before.values() if r.counted)
    # the engine is mended in place (the same command): a plain resume has nothing left to do,
    # a recheck runs the differing tournaments again - cpswiss's own regenerated from the seed and
    # checked by the mended engine, the engine's read again from the files kept, not generated again
    stand_in(tmp_path)
    (tmp_path / "faulty.py").write_text((tmp_path / "honest.py").read_text())
    assert pending(s, tmp_path / "run") == []
    assert sorted(pending(s, tmp_path / "run", recheck=True)) == sorted(k for k, r in before.items() if r.counted)
    run_acceptance(s, tmp_path / "run", progress=False, recheck=True)
    after = {(r.way, r.seed): r for r in load_results(s, tmp_path / "run")}
    assert after.keys() == before.keys()
    for (way, seed), r in after.items():
        if not before[(way, seed)].counted:
            continue
        if way == OURS:
            assert r.verdict == AGREE
        else:  # the same faulty tournament, read from kept/theirs-SEED.trf
            assert r.verdict == DIFFER and r.discrepancies == before[(way, seed)].discrepancies


def test_a_folder_of_another_run_is_refused(honest_run, tmp_path):
    s, _, _ = honest_run
    out = tmp_path / "run"
    run_acceptance(s, out, progress=False, limit=1)
    other = AcceptanceSpec(s.engine, s.system_flag, "dutch-2017", s.count, s.first_seed, s.sizes)
    from cpswiss.errors import InputError

    with pytest.raises(InputError, match="holds another run"):
        run_acceptance(other, out, progress=False)


def test_the_results_are_plain_json_a_report_can_be_made_from(honest_run):
    s, out, text = honest_run
    row = json.loads((out / "results" / "ours-11.json").read_text())
    assert row["way"] == "ours" and row["seed"] == 11 and "PlayersNumber=" in row["config"]
    assert report(s, load_results(s, out)) == text


@pytest.mark.parametrize("options, message", [(["--sizes", "1-5"], "--sizes: a range LOW-HIGH of 2-9999 players"),
                                              (["--sizes", "many"], "a range LOW-HIGH of players, not 'many'"),
                                              (["--count", "0"], "--count must be at least 1")])
def test_a_bad_option_is_one_line_and_exit_3(tmp_path, capsys, options, message):
    from cpswiss.cli import main

    argv = ["acceptance", "--engine", "no-such-engine", "--rules", "dutch-2026", "--count", "1",
            "-o", str(tmp_path / "run"), "--no-progress", *options]
    assert main(argv) == 3
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_a_missing_study_extra_is_one_line_naming_the_extra_not_an_unexpected_error():
    from cpswiss.cli.options import UsageError
    from cpswiss.cli.studies import require_study_extras

    with pytest.raises(UsageError) as refusal:
        require_study_extras("acceptance", ("tqdm", "no_such_module_of_the_extra"))
    assert str(refusal.value) == ("cpswiss acceptance needs the study extras (no_such_module_of_the_extra is "
                                  "missing): pip install 'cpswiss[study]'")
    assert refusal.value.exit_code != 2
