"""The ``[switches]`` table of a Dubov rule file."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DubovSwitches:
    """The rule file's ``[switches]`` table.  Art. 1.8.2: MaxT = ``max_t_base`` +
    floor(rounds / ``max_t_rounds_per_step``) (2026: 2 + floor(rounds / 5))."""

    max_t_base: int = 2
    max_t_rounds_per_step: int = 5
