"""Start-up: pairing does not import pandas (OR-Tools' CP-SAT module would), and the
stand-in that CP-SAT sees is pandas itself whenever it is used (cpswiss.solver.cpsat)."""

from __future__ import annotations

import subprocess
import sys

from conftest import SCENARIOS


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
