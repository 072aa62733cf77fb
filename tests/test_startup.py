"""Start-up: pairing does not import pandas (OR-Tools' CP-SAT module would), and the
stand-in that CP-SAT sees is pandas itself whenever it is used (cpswiss.solver.cpsat); the
command line's pair and check load neither the study, plotting and server code nor CP-SAT
when no model is solved, nor numpy and OR-Tools at all then."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, SCENARIOS

# what the pair and check paths never need: DataFrames, plots, the study tools, the web page
NOT_ON_THE_PAIRING_PATH = ("pandas", "matplotlib", "fastapi", "cpswiss.study", "cpswiss.server")


def _modules_after_cli(argv: list[str]) -> set[str]:
    """The modules loaded by a fresh interpreter after ``cpswiss ARGV`` (through main)."""
    code = ("import sys; from cpswiss.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print('MODULES', ' '.join(sorted(sys.modules)))")
    run = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, check=False)
    line = next((ln for ln in run.stdout.splitlines() if ln.startswith("MODULES ")), None)
    assert line is not None, run.stderr
    return set(line.split()[1:])


@pytest.mark.parametrize("argv", [
    ["pair", "--dutch", str(SCENARIOS / "seed-004" / "after-round-4.trf"), "-p", "/dev/null"],
    ["check", str(SCENARIOS / "seed-004" / "after-round-4.trf"), "--rules", "dutch-2017"],
])
def test_pair_and_check_load_no_study_plot_or_server_code(argv):
    modules = _modules_after_cli(argv)
    assert "cpswiss.systems.dutch.procedure" in modules  # it did pair
    loaded = sorted(m for m in modules if any(m == name or m.startswith(name + ".")
                                              for name in NOT_ON_THE_PAIRING_PATH))
    assert loaded == []



def test_pair_loads_only_its_own_subcommand_module():
    # each subcommand's module is imported when it runs: pair loads neither check's progress
    # bar and rank options nor the standings, studies, server, state or rules commands
    modules = _modules_after_cli(["pair", "--dutch", str(SCENARIOS / "seed-004" / "after-round-4.trf"),
                                  "-p", "/dev/null"])
    assert "cpswiss.cli.pairing" in modules
    others = ("checking", "progress", "ranking", "standings", "studies", "serve", "state", "rules")
    assert sorted(m for m in (f"cpswiss.cli.{name}" for name in others) if m in modules) == []


def test_the_command_freezes_what_it_holds_before_the_process_exits():
    # run() (the cpswiss command, python -m cpswiss.cli) returns main's exit code with every
    # object left frozen, so the interpreter's last collection at exit walks none of them
    code = ("import gc, sys; from cpswiss.cli import run; sys.argv = ['cpswiss', 'pair', '--dutch', "
            + repr(str(SCENARIOS / "seed-004" / "after-round-4.trf")) + ", '-p', '/dev/null']; "
            "before = gc.get_freeze_count(); code = run(); print(code, before, gc.get_freeze_count() > 10000)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0", "0", "True"]
    from importlib.metadata import entry_points

    assert [e.value for e in entry_points(group="console_scripts") if e.name == "cpswiss"] == ["cpswiss.cli:run"]


def test_check_loads_only_the_system_it_pairs_by_and_no_explanation_code():
    # a check process re-pairs and compares: the explanations, the other pairing systems (but
    # their declarations, which name the system flags), the
    # atomic file writer and the packaged-resource readers are start-up time it does not need
    modules = _modules_after_cli(["check", str(SCENARIOS / "seed-004" / "after-round-4.trf"), "--rules",
                                  "dutch-2017"])
    assert "cpswiss.check.rounds" in modules and "cpswiss.systems.dutch.procedure" in modules  # it did check
    unneeded = ("cpswiss.check.explain", "cpswiss.systems.shared.explaining", "cpswiss.systems.dutch.explain",
                "cpswiss.systems.fide1999.procedure", "cpswiss.systems.dubov.procedure",
                "cpswiss.systems.burstein.procedure",
                "tempfile", "importlib.resources", "fractions", "json")
    assert sorted(m for m in unneeded if m in modules) == []

def test_a_round_paired_without_a_solve_does_not_load_cp_sat():
    # round 4 of seed-004 is decided by bounds, exchanges and assignments alone: no CP-SAT model
    modules = _modules_after_cli(["pair", "--dutch", str(SCENARIOS / "seed-004" / "after-round-3.trf"),
                                  "-p", "/dev/null"])
    assert "cpswiss.systems.dutch.procedure" in modules
    assert "ortools.sat.python.cp_model" not in modules


def test_a_round_paired_without_a_solve_loads_neither_numpy_nor_or_tools():
    # the bundled 31-player round 3 is decided by bounds, exchanges, the blossom matchings and
    # the remainder's assignments (rustworkx), none of which needs numpy or OR-Tools
    case = REPO / "cpswiss" / "study" / "benchdata" / "n031-r03of10-t045.trf"
    modules = _modules_after_cli(["pair", "--dutch", str(case), "--rules", "dutch-2017", "-p", "/dev/null"])
    assert "cpswiss.systems.dutch.tiebreak" in modules and "rustworkx" in modules  # it did pair
    assert sorted(m for m in modules if m.split(".")[0] in ("numpy", "ortools")) == []


def test_pairing_a_round_leaves_pandas_unimported():
    code = ("import sys; from cpswiss.api import pair_tournament; "
            f"r = pair_tournament({str(SCENARIOS / 'seed-004' / 'after-round-4.trf')!r}, 'dutch-2017'); "
            "assert 'pandas' not in sys.modules, 'pandas imported'; "
            "frame = r.boards_frame(); assert 'pandas' in sys.modules and len(frame) == 7; print('ok')")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_cp_sat_dataframe_helpers_still_work_through_the_stand_in():
    code = ("from cpswiss.solver.cpsat import cp_model; import pandas as pd; "
            "m = cp_model.CpModel(); s = m.new_bool_var_series('x', pd.Index(range(3))); "
            "assert type(s) is pd.Series and len(s) == 3; "
            "assert isinstance(s, cp_model.pd.Series) and not isinstance(3, cp_model.pd.Series); print('ok')")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


@pytest.mark.needs("linux")  # the thread count from /proc
def test_the_command_line_starts_no_blas_threads():
    # numpy's OpenBLAS would start a thread per core (2 on a 2-core machine) at import; the
    # command line asks for none, so after pairing a round the process has its one thread
    code = ("from cpswiss.cli import main\n"
            "try:\n    main(['pair', '--dutch', " + repr(str(SCENARIOS / "seed-004" / "after-round-4.trf"))
            + ", '-p', '/dev/null'])\nexcept SystemExit:\n    pass\n"
            "print(open('/proc/self/status').read().split('Threads:')[1].split()[0])")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-1] == "1"


@pytest.mark.parametrize("argv", [["--help"], ["-h", "check"], ["--debug", "--help", "check", "x.trf"]])
def test_the_top_level_help_lists_every_subcommand_whatever_follows(argv, capsys):
    # a process given its subcommand builds that subparser alone; asked for the top-level
    # help before it, every subcommand is listed
    from cpswiss.cli import _SUBCOMMANDS, main

    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: cpswiss ") and "{" + ",".join(_SUBCOMMANDS) + "}" in out


def test_a_subcommand_help_is_its_own(capsys):
    from cpswiss.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--debug", "check", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: cpswiss check [-h]") and "--round N" in out and "--write-trf" not in out
    assert "--dubov" in out  # the system flags, as pair's


def test_pairing_pauses_the_collector_and_restores_it():
    """The collector is off while a round is paired (also when pairings nest), and after it is
    as it was before: on stays on, off stays off."""
    import gc

    from cpswiss.api import collector_paused

    for before in (True, False):
        (gc.enable if before else gc.disable)()
        with collector_paused():
            assert not gc.isenabled()
            with collector_paused():
                assert not gc.isenabled()
            assert not gc.isenabled()
        assert gc.isenabled() == before
    gc.enable()
