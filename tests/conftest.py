"""Shared fixtures: where the reference material lives, and small TRF builders.

The tests test what a user installed.  ``python -m pytest`` puts the working directory first
on ``sys.path``, so from the repository root ``import cpswiss`` would read the source tree and
hide a module that ``pip install .`` left out.  When cpswiss is installed from a built wheel
(not editable), the repository root is taken off ``sys.path`` here, before any test imports
cpswiss, and ``PYTHONSAFEPATH`` keeps it off for the Python subprocesses the tests start.  An
editable install (a developer's ``pip install -e .``) maps to the source tree: nothing to do.
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
SHARED = Path(os.environ.get("CPSWISS_SHARED", REPO.parent / "shared"))
SCENARIOS = REPO / "scenarios"


def shared_path(*parts: str) -> Path:
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"reference material not present: {path}")
    return path


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
