"""The tie-break list a rule set uses when neither the file (202 / 212) nor the command gives one.

* The FIDE Swiss rules of 1987-99 (rule sets ``fide-swiss-1999*``): seed 001 section 16's order,
  the self-defined ``OTHER_1999`` (:mod:`cpswiss.standings.seed001`).
* Every other rule set: C.07 names no default (Art. 2: the regulations or the Chief Arbiter
  give the list), so None: the engine's usual list applies and the first line says so.
"""

from __future__ import annotations

# system -> (the list, where it comes from)
DEFAULTS = {"fide-1999": ("OTHER_1999", "the 1987-99 rules' default order (seed 001 section 16)")}


def default_list(system: str) -> tuple[str, str] | None:
    """The default list of a rule set's system and where it comes from, None when it has none."""
    return DEFAULTS.get(system)
