"""What a system keeps of how it paired a round, as the layers above hold it without reading it.

Each system records its procedure in its own types - the Dutch System a record per bracket
step, the 1987-99 rules one per score group, Dubov its bye and each bracket, Burstein its
seeding, the systems of matches (C.04.6, C.04.5) their result of the round - and only its own
explanation reads them.  :class:`SystemRecord` is the type the shared results carry them as;
:func:`records_as` is how a system takes its own back, checked."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from cpswiss.errors import InternalCheckError

Record = TypeVar("Record")


class SystemRecord(Protocol):
    """A system's record of a step of its procedure, or of the round (a bracket, a score group,
    the bye, a round of matches): opaque to every layer but the system that made it."""


def records_as(records: Iterable[SystemRecord], kind: type[Record] | tuple[type[Record], ...],
               system: str) -> list[Record]:
    """``records`` as the ``kind`` the system ``system`` made them (its explanation reads
    them); a record of another kind - a round paired by another system - is an internal error."""
    found: list[Record] = []
    for record in records:
        if not isinstance(record, kind):
            raise InternalCheckError(f"internal error: a {type(record).__name__} is not a record of the {system}")
        found.append(record)
    return found


__all__ = ["SystemRecord", "records_as"]
