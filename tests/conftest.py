"""Shared fixtures: where the test data lives, small TRF builders, and the suite's two rules
about what runs.

The tests test what a user installed.  ``python -m pytest`` puts the working directory first
on ``sys.path``, so from the repository root ``import cpswiss`` would read the source tree and
hide a module that ``pip install .`` left out.  When cpswiss is installed from a built wheel
(not editable), the repository root is taken off ``sys.path`` here, before any test imports
cpswiss, and ``PYTHONSAFEPATH`` keeps it off for the Python subprocesses the tests start.  An
editable install (a developer's ``pip install -e .``) maps to the source tree: nothing to do.

No test is skipped: a skip, wherever it comes from, is reported as a failure (a test that
cannot run here says so by failing, never by passing quietly).  A few tests need something a
developer's machine may lack; they carry ``@pytest.mark.needs(WHAT)`` (``NEEDS`` below) and,
when WHAT is missing, are deselected before the run, with the reason printed at the end of it.
Under CI (the environment variable ``CI`` set, as ``.ci/run`` does) nothing is deselected: a
missing need is a failure there.  The default run reads nothing outside the repository: the
conformance cases it uses are copied into ``tests/data``; only the opt-in sweeps
(``-m conformance``) read the corpora at ``$CPSWISS_SHARED`` (default ``../shared``).
"""

from __future__ import annotations

import importlib.metadata
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def installed_package_dir() -> Path | None:
    """Where pip installed the package ``cpswiss`` (None: not installed, or editable)."""
    elsewhere = [p for p in sys.path if Path(p or os.curdir).resolve() != REPO]  # not a build's egg-info
    dist = next(iter(importlib.metadata.distributions(name="cpswiss", path=elsewhere)), None)
    if dist is None:
        return None
    init = Path(str(dist.locate_file("cpswiss/__init__.py"))).resolve()
    if not init.exists() or init == (REPO / "cpswiss" / "__init__.py").resolve():
        return None
    return init.parent


def _test_the_installation() -> None:
    if installed_package_dir() is None:
        return
    sys.path[:] = [p for p in sys.path if Path(p or os.curdir).resolve() != REPO]
    os.environ["PYTHONSAFEPATH"] = "1"


_test_the_installation()
SHARED = Path(os.environ.get("CPSWISS_SHARED", REPO.parent / "shared"))  # the opt-in sweeps only
SCENARIOS = REPO / "scenarios"
CONFORMANCE_SLICES = REPO / "tests" / "data" / "conformance"  # named as in ../shared/conformance


def _installed_from_a_wheel() -> bool:
    return installed_package_dir() is not None


def _browser_installed() -> bool:
    return Path("/usr/bin/chromium").exists() and Path("/usr/bin/chromedriver").exists()


def _linux() -> bool:
    return sys.platform.startswith("linux")


# what a test may need, whether this machine has it, and what to do to have it
NEEDS = {
    "wheel": (_installed_from_a_wheel,
              "cpswiss is not installed from a wheel here (an editable install tests the source tree); "
              "`pip install '.[test]'` in a fresh virtual environment, or `.ci/run`, runs them"),
    "ci": (lambda: bool(os.environ.get("CI")),
           "they assert what CI installs (the engine compiled by mypyc); `.ci/run` runs them"),
    "browser": (_browser_installed,
                "Chromium and its driver are not installed (/usr/bin/chromium, /usr/bin/chromedriver): "
                "`.ci/install-browser` installs them"),
    "linux": (_linux, "they read Linux's /proc and /dev/full"),
}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", f"needs(what): the test needs one of {', '.join(NEEDS)} "
                                       "(tests/conftest.py): deselected without it, except under CI")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Deselect the tests whose needs this machine lacks (never under CI), keeping the reasons."""
    if os.environ.get("CI"):
        return
    missing = {what for what, (present, _) in NEEDS.items() if not present()}
    kept, dropped = [], {}
    for item in items:
        needs = {mark.args[0] for mark in item.iter_markers("needs")}
        unknown = needs - NEEDS.keys()
        if unknown:
            raise pytest.UsageError(f"{item.nodeid}: unknown need {sorted(unknown)} (tests/conftest.py NEEDS)")
        lacking = sorted(needs & missing)
        if lacking:
            dropped.setdefault(lacking[0], []).append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=[i for group in dropped.values() for i in group])
        items[:] = kept
        config.stash[_DESELECTED] = {what: len(group) for what, group in dropped.items()}


_DESELECTED = pytest.StashKey[dict[str, int]]()


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    for what, count in config.stash.get(_DESELECTED, {}).items():
        terminalreporter.write_line(f"deselected {count} test{'s' * (count != 1)} needing {what!r}: {NEEDS[what][1]}")


def _skip_is_a_failure(report: pytest.TestReport | pytest.CollectReport) -> None:
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped, and this suite allows no skip (tests/conftest.py): {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    _skip_is_a_failure(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector):
    outcome = yield
    _skip_is_a_failure(outcome.get_result())


def player_line(pid: int, name: str, rating: int, points: str, blocks: list[str]) -> str:
    """A TRF 001 record with the given round blocks ('oooo c r' each)."""
    prefix = f"001 {pid:4d}      {name:<33} {rating:4d} {'':3} {'':>11} {'':10} {points:>4} {pid:4d}  "
    assert len(prefix) == 91, len(prefix)
    return (prefix + "  ".join(b.rjust(8) for b in blocks)).rstrip()


def record_250(points: str, first_round: int, last_round: int, first_id: int, last_id: int) -> str:
    """A TRF-2026 250 record (columns 10-13 points, 15-17 / 19-21 rounds, 23-26 / 28-31 ids)."""
    return f"250 {'':4} {points:>4} {first_round:3d} {last_round:3d} {first_id:4d} {last_id:4d}"


@pytest.fixture
def write_trf(tmp_path):
    """Write TRF text to a file and return its path."""
    def _write(text: str, name: str = "t.trf") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return _write
