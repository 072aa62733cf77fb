"""Progress bars of the long commands (``generate``: rounds paired; ``check``: rounds checked,
or files checked when there are many): a tqdm bar on standard error, never in the output.

A bar is shown when standard error is a terminal, or with ``--progress``; ``--no-progress``
turns it off.  tqdm is an optional dependency (the study extra): without it there is no bar and
no error.  The bar is told once per round or file, never from inside a pairing.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cpswiss.study.generate import RoundLog


def progress_options(p: argparse.ArgumentParser) -> None:
    """``--progress`` / ``--no-progress`` (default: a bar when standard error is a terminal)."""
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--progress", dest="progress", action="store_true", default=None,
                        help="a progress bar on standard error even when it is not a terminal")
    choice.add_argument("--no-progress", dest="progress", action="store_false",
                        help="no progress bar (default: one when standard error is a terminal)")


def bar_wanted(choice: bool | None) -> bool:
    """The option's choice, else whether standard error is a terminal."""
    return choice if choice is not None else sys.stderr.isatty()


class Progress:
    """A count of ``unit`` done out of ``total`` (None: known at the first step), drawn by tqdm on standard error when wanted
    and installed; otherwise it counts silently."""

    def __init__(self, wanted: bool, total: int | None, unit: str, description: str) -> None:
        self.done = 0
        self._bar: Any = None
        if wanted:
            try:
                from tqdm import tqdm
            except ImportError:  # an install without the study extra: no bar
                return
            self._bar = tqdm(total=total, unit=unit, desc=description, file=sys.stderr, dynamic_ncols=True)

    def step(self, total: int | None = None) -> None:
        """One more done (``total``: the count to reach, where it is known only now)."""
        self.done += 1
        if self._bar is not None:
            if total is not None and self._bar.total != total:
                self._bar.total = total
            self._bar.update(1)

    def rounds_checked(self, done: int, total: int) -> None:
        """:func:`cpswiss.check.rounds.check_tournament`'s callback: a round checked of ``total``."""
        self.step(total)

    def append(self, round_log: RoundLog, /) -> None:
        """A generator's round sink (:class:`cpswiss.study.generate.RoundSink`): a round paired."""
        self.step()

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Output printed while the bar is drawn: the bar cleared first, drawn again after."""
        if self._bar is None:
            yield
            return
        with self._bar.external_write_mode(file=sys.stdout):
            yield

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
