"""Every command README.md shows runs as printed and prints what the README shows.

The README's convention, which this test reads:

- A fenced ```console (or ```sh) block holds commands on lines that start with ``$ ``; the lines
  after a command, up to the next command, are the output it shows.  A line ``...`` stands for
  output left out (any number of lines); without a final ``...`` the shown output is the whole
  output.  Trailing spaces are ignored.
- A command ending in ``# exit N`` must exit with status N; every other command must exit 0.
- A command ending in ``# not run by tests`` is not run here: it installs packages (the quick
  start), takes long (``study``) or prints timings that vary (``bench``).  The two quick-start
  commands are instead checked to be in the README word for word.
- The commands run in README order, one at a time through ``/bin/sh``, in a temporary copy of the
  files they read (``scenarios/``, ``tests/data/``, ``docs/examples/``), so that they see the same
  relative paths as from the root of a clone and anything they write stays out of the repository.
  The ``cpswiss`` they run is the installed one beside this Python, first on PATH.
- The ```python blocks run too, one after another in one process, in the same copy.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = REPO / "README.md"
FILES_THE_COMMANDS_READ = ("scenarios", "tests/data", "docs/examples")
NOT_RUN = re.compile(r"\s+#\s*not run by tests\s*$")
EXIT = re.compile(r"\s+#\s*exit\s+(\d+)\s*$")
QUICK_START = (
    "python3 -m venv .venv && . .venv/bin/activate && pip install . && "
    "cpswiss pair --dutch scenarios/seed-004/after-round-4.trf",
    "python3 -m venv .venv && . .venv/bin/activate && pip install '.[test]' && python -m pytest -q",
)


@dataclass(frozen=True)
class Command:
    """One ``$ `` line of the README with the exit status and output it shows."""

    line: int  # 1-based line of README.md
    text: str  # the command as printed, without the test's trailing comment
    run: bool
    exit_status: int
    shown: tuple[str, ...]


def fenced_blocks(text: str, languages: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """The fenced blocks of the given info strings: (1-based line of the first body line, body)."""
    blocks, body, start, inside = [], [], 0, False
    for number, line in enumerate(text.splitlines(), start=1):
        if not inside and line.startswith("```") and line[3:].strip() in languages:
            inside, body, start = True, [], number + 1
        elif inside and line.startswith("```"):
            inside = False
            blocks.append((start, body))
        elif inside:
            body.append(line)
    assert not inside, "README.md: a fenced block is not closed"
    return blocks


def readme_commands(text: str) -> list[Command]:
    """The ``$ `` commands of the console / sh blocks, in README order."""
    commands = []
    for start, body in fenced_blocks(text, ("console", "sh")):
        current: dict | None = None
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                if current:
                    commands.append(_command(**current))
                current = {"line": start + offset, "raw": line[2:], "shown": []}
            else:
                assert current is not None, f"README.md:{start + offset}: output before any '$ ' command"
                current["shown"].append(line.rstrip())
        if current:
            commands.append(_command(**current))
    return commands


def _command(line: int, raw: str, shown: list[str]) -> Command:
    while shown and not shown[-1]:
        shown.pop()
    run = not NOT_RUN.search(raw)
    text = NOT_RUN.sub("", raw)
    status = EXIT.search(text)
    return Command(line, EXIT.sub("", text) if status else text, run,
                   int(status.group(1)) if status else 0, tuple(shown))


def mismatch(shown: tuple[str, ...], printed: list[str]) -> str | None:
    """Where the printed output parts from the shown output, or None when it matches:
    shown lines in order, ``...`` skipping any number of printed lines."""
    at, skipping = 0, False
    for expected in shown:
        if expected.strip() == "...":
            skipping = True
            continue
        if skipping:
            try:
                at = printed.index(expected, at)
            except ValueError:
                return f"shown line not printed (after '...'): {expected!r}"
            skipping = False
        elif at >= len(printed) or printed[at] != expected:
            got = printed[at] if at < len(printed) else "<end of output>"
            return f"output line {at + 1}: shown {expected!r}, printed {got!r}"
        at += 1
    if not skipping and at < len(printed):
        return f"printed more than shown (and no final '...'): {printed[at]!r}"
    return None


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A directory holding copies of the files the README's commands read."""
    root = tmp_path_factory.mktemp("readme")
    for relative in FILES_THE_COMMANDS_READ:
        shutil.copytree(REPO / relative, root / relative)
    return root


@pytest.fixture(scope="module")
def environment() -> dict[str, str]:
    scripts = Path(sys.executable).parent
    if not (scripts / "cpswiss").exists() and shutil.which("cpswiss") is None:
        pytest.fail("the cpswiss command is not installed (pip install -e '.[test]')")
    env = dict(os.environ)
    env["PATH"] = f"{scripts}{os.pathsep}{env.get('PATH', '')}"
    return env


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_readme_shows_commands():
    assert sum(c.run for c in COMMANDS) >= 15, "the tour of the commands lost its commands"


def test_quick_start_is_on_the_first_screen_word_for_word():
    first_screen = README.read_text(encoding="utf-8").splitlines()[:40]
    for expected in QUICK_START:
        assert any(c.text == expected and not c.run for c in COMMANDS), expected
        assert any(expected in line for line in first_screen), expected
    assert (REPO / "scenarios/seed-004/after-round-4.trf").exists()


def test_readme_reads_in_a_screen_and_a_half():
    """An arbiter's first page: the rest is in docs/, linked from it."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def test_readme_links_lead_to_files():
    links = re.findall(r"\]\(([^)#]+)\)", README.read_text(encoding="utf-8"))
    missing = [link for link in links if "://" not in link and not (REPO / link).exists()]
    assert not missing


def test_readme_commands_run_as_printed(workdir, environment):
    """All commands in one test, in order: a later command may read what an earlier one wrote."""
    for command in (c for c in COMMANDS if c.run):
        done = subprocess.run(command.text, shell=True, cwd=workdir, env=environment,
                              capture_output=True, text=True, timeout=120)
        where = f"README.md:{command.line}: {command.text}"
        assert done.returncode == command.exit_status, (
            f"{where}: exit {done.returncode}, README says {command.exit_status}\n{done.stdout}{done.stderr}")
        printed = [line.rstrip() for line in (done.stdout + done.stderr).splitlines()]
        problem = mismatch(command.shown, printed)
        assert problem is None, f"{where}: {problem}"


def test_readme_python_runs(workdir, environment):
    blocks = [body for _, body in fenced_blocks(README.read_text(encoding="utf-8"), ("python",))]
    assert blocks
    script = "\n\n".join("\n".join(body) for body in blocks)
    done = subprocess.run([sys.executable, "-c", script], cwd=workdir, env=environment,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_mismatch_reads_the_convention():
    printed = ["a", "b", "c", "d"]
    assert mismatch(("a", "b", "c", "d"), printed) is None
    assert mismatch(("a", "..."), printed) is None
    assert mismatch(("a", "...", "c", "..."), printed) is None
    assert mismatch(("a", "...", "d"), printed) is None
    assert mismatch(("a", "b"), printed) is not None  # more printed than shown, no '...'
    assert mismatch(("a", "c", "..."), printed) is not None
    assert mismatch(("a", "...", "x"), printed) is not None
    assert mismatch((), []) is None


def test_commands_read_the_markers():
    text = "```console\n$ cpswiss x  # exit 3\nout\n...\n\n$ pip install .  # not run by tests\n```\n"
    first, second = readme_commands(text)
    assert (first.text, first.exit_status, first.run, first.shown) == ("cpswiss x", 3, True, ("out", "..."))
    assert (second.text, second.run) == ("pip install .", False)
