"""The tie-break list a rule set uses when neither the file (202 / 212) nor the command gives one.

* The FIDE Swiss rules of 1987-99 (rule sets ``fide-swiss-1999*``): seed 001 section 16's order,
  the self-defined ``OTHER_1999`` (:mod:`cpswiss.standings.seed001`).
* Every other rule set: C.07 names no default (Art. 2: the regulations or the Chief Arbiter
  give the list), so None: the engine's usual list applies and the first line says so.
"""

from __future__ import annotations

DEFAULTS = {"fide-1999": "OTHER_1999"}


def default_list(rule_set: str, system: str) -> str | None:
    """The default list of a rule set (by its system's name), None when it has none."""
    return DEFAULTS.get(system)
