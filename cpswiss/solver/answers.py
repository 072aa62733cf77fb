"""Questions the engine answers by a proof in place of the solver, and who looks on.

Where the blossom relaxation settles a question the solver would otherwise decide (does a
solution pair this player by one of these edges, avoid these edges, float one of these
players?), the engine reports the question, what it was asked on and its answer to every
observer registered with :func:`observing` ("some member floats" reports the solver's
answers too, with whether the relaxation gave it).  The tests cross-check each such answer against
the solver this way (tests/test_blossom.py): a hook the engine calls itself works the same
when its modules are compiled (mypyc), where replacing a method or function from outside
has no effect on the compiled callers.  With no observer nothing is reported and nothing
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: an observer: (question, what it was asked on, answer) -> None
Observer = Callable[[str, tuple[object, ...], object], None]

OBSERVERS: list[Observer] = []


def answered(question: str, asked: tuple[object, ...], answer: object) -> None:
    """Report an answer to every observer (the callers check ``OBSERVERS`` first)."""
    for observer in list(OBSERVERS):
        observer(question, asked, answer)


@contextmanager
def observing(observer: Observer) -> Iterator[None]:
    """Report every answer to ``observer`` within the block."""
    OBSERVERS.append(observer)
    try:
        yield
    finally:
        OBSERVERS.remove(observer)
