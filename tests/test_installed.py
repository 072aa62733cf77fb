"""What a user installs is what is tested: the package itself, and the installed ``cpswiss``
command on a bundled case for every rule set it lists and for every subcommand.

The command-line tests run the ``cpswiss`` script beside the test's Python (the one ``pip
install`` wrote) from an empty working directory, so nothing of the source tree can stand in
for what was installed.

The first three tests are about an installation from a wheel (``needs("wheel")``): on a
developer's editable install they are deselected, and the end of the run says so;
``.ci/run`` installs a wheel and runs them, as does the README's test command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import REPO, SCENARIOS, installed_package_dir

import cpswiss

SOURCE_MODULES = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "cpswiss").rglob("*.py"))
RULE_FILES = sorted(f"cpswiss/models/{p.name}" for p in (REPO / "models").glob("*.toml"))
CPSWISS = Path(sys.executable).with_name("cpswiss")

# one bundled tournament per pairing system: a rule set of a system with no example here fails
EXAMPLES = {
    "dutch": SCENARIOS / "seed-004" / "after-round-4.trf",
    "fide-1999": SCENARIOS / "fide-swiss-1999" / "transfers-after-round-3.trf",
    "dubov": REPO / "tests" / "data" / "dubov-2026-sample" / "n011-r03of06-t006.trf",
    "burstein": SCENARIOS / "burstein-2026" / "index-round-5-of-11.trf",
    "team": REPO / "tests" / "data" / "team-sample" / "n006-r03of05-t097.trf",
    "double-swiss": SCENARIOS / "double-swiss-2026" / "cases" / "12-c8-upfloaters-opponent-who-floated-is-avoided.trf",
}


def run_cpswiss(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(CPSWISS), *map(str, args)], cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)


def _installed() -> Path:
    """The installed package's folder (the test is deselected where there is none, but under CI)."""
    installed = installed_package_dir()
    assert installed is not None, "cpswiss is not installed from a wheel, but the tests are told it is (CI)"
    return installed


@pytest.mark.needs("wheel")
def test_the_tests_import_the_installed_package():
    installed = _installed()
    assert Path(cpswiss.__file__).resolve().parent == installed


@pytest.mark.needs("wheel")
def test_the_installation_holds_every_module_and_rule_file():
    installed = _installed()
    root = installed.parent
    missing = [name for name in SOURCE_MODULES + RULE_FILES if not (root / name).is_file()]
    assert missing == []


@pytest.mark.needs("wheel")
@pytest.mark.needs("ci")
def test_ci_tests_the_compiled_engine():
    """CI installs as a user does, with a C compiler: the engine's modules are the C extensions
    mypyc builds (setup.py), so the tests exercise them; elsewhere either form may be installed,
    and the test is deselected."""
    import importlib.machinery

    import cpswiss.solver.model
    import cpswiss.systems.dutch.procedure

    _installed()
    compiled = [m.__name__ for m in (cpswiss.solver.model, cpswiss.systems.dutch.procedure)
                if m.__file__ and m.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))]
    assert compiled == ["cpswiss.solver.model", "cpswiss.systems.dutch.procedure"]


def test_a_wheel_built_from_the_source_tree_holds_every_module_and_rule_file(tmp_path):
    """The wheel pip builds from the source tree holds every module, rule file, benchmark
    tournament and static file of the server, and the project's licence.  Built with ``CPSWISS_PURE_PYTHON=1`` (setup.py):
    the question is which files the wheel holds, and compiling the engine's C extensions
    would take minutes without changing that list."""
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q", "-w",
                            str(tmp_path)], capture_output=True, text=True, timeout=600, check=False,
                           env={**os.environ, "CPSWISS_PURE_PYTHON": "1"})
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next(tmp_path.glob("cpswiss-*.whl"))
    inside = set(zipfile.ZipFile(wheel).namelist())
    missing = [name for name in SOURCE_MODULES + RULE_FILES if name not in inside]
    assert missing == []
    assert any(name.startswith("cpswiss/study/benchdata/") and name.endswith(".trf") for name in inside)
    static = sorted(p.relative_to(REPO).as_posix() for p in (REPO / "cpswiss" / "server" / "static").iterdir())
    assert static and [name for name in static if name not in inside] == []  # the server's page
    licences = [name for name in inside if name.endswith(".dist-info/licenses/LICENSE")]
    assert [zipfile.ZipFile(wheel).read(name) for name in licences] == [(REPO / "LICENSE").read_bytes()]


def _listed_rule_sets(cwd: Path) -> list[tuple[str, str]]:
    """(name, system) of every rule set ``cpswiss rules`` lists."""
    listing = run_cpswiss("rules", cwd=cwd)
    assert listing.returncode == 0, listing.stderr
    names = [line.split()[0] for line in listing.stdout.splitlines() if line.strip()]
    assert "dutch-2026" in names and "fide-swiss-1999" in names
    systems = []
    for name in names:
        shown = run_cpswiss("rules", "show", name, cwd=cwd)
        assert shown.returncode == 0, shown.stderr
        system = next(line.split(":", 1)[1].strip() for line in shown.stdout.splitlines()
                      if line.strip().startswith("system:"))
        systems.append((name, system))
    return systems


def test_every_listed_rule_set_pairs_a_bundled_case_with_the_installed_command(tmp_path):
    for name, system in _listed_rule_sets(tmp_path):
        flag = "--lim" if system == "fide-1999" else f"--{system}"
        out = tmp_path / f"{name}.txt"
        run = run_cpswiss("pair", flag, EXAMPLES[system], "--rules", name, "-p", out, cwd=tmp_path)
        assert run.returncode == 0, f"{name}: {run.stderr}"
        lines = out.read_text().split()
        assert int(lines[0]) >= 1, name


def test_every_subcommand_runs_from_the_installation(tmp_path):
    trf = SCENARIOS / "seed-004" / "after-round-4.trf"
    impossible = REPO / "tests" / "data" / "impossible-sample" / "n006-r05of05-t015.trf"
    config = tmp_path / "rtg.cfg"
    config.write_text("PlayersNumber=12\nRoundsNumber=4\nDrawPercentage=30\n")
    generated = tmp_path / "g.trf"
    study = tmp_path / "study.toml"
    study.write_text('name = "smoke"\ntournaments = 1\nseed = 1\nrule_sets = ["dutch-2026"]\ntop_k = 3\n'
                     "[generator]\nPlayersNumber = 10\nRoundsNumber = 3\n")
    expectations = [
        (("pair", "--dutch", trf, "-p", tmp_path / "p.txt"), 0),
        (("pair", "--dutch", trf, "--explain"), 0),
        (("pair", "--lim", EXAMPLES["fide-1999"]), 0),
        (("generate", config, "-o", generated, "--seed", "3"), 0),
        (("check", generated), 0),  # every generated round is the rules' pairing
        (("pair", "--dutch", generated, "-c"), 0),
        (("check", trf), 1),  # seed 004's hand-made rounds: some differ from the 2026 rules' pairing
        (("explain", generated, "--round", "3"), 0),
        (("state", trf), 0),
        (("rules", "show", "dutch-2013"), 0),
        (("rules", "diff", "dutch-2017", "dutch-2026"), 0),
        (("resolve", impossible, "--count", "1"), 0),
        (("study", study, "-o", tmp_path / "study-out", "--workers", "1", "--no-progress"), 0),
        (("bench", REPO / "cpswiss" / "study" / "benchdata" / "n031-r03of10-t045.trf"), 0),
    ]
    for args, code in expectations:
        run = run_cpswiss(*args, cwd=tmp_path)
        assert run.returncode == code, f"cpswiss {' '.join(map(str, args))}: {run.stderr}"
        assert "unexpected error" not in run.stderr
    assert generated.read_text().count("\n001 ") >= 11
    assert (tmp_path / "study-out" / "summary.csv").is_file()
