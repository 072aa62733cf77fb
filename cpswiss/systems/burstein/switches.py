"""The ``[switches]`` table of a Burstein rule file: which rounds another rule set pairs.

C.04.4.2 (2026) Art. 1.6: the first rounds (the *seeding rounds*) are paired by the FIDE
(Dutch) System; their number is half the number of rounds, rounded down, but at most four.
The file states both the count and the rule set that pairs those rounds, so an edition or
a variant changes them without code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from cpswiss.errors import InputError
from cpswiss.rulesets.model import EDITION_IN_FORCE, RuleSet

TABLE = "switches"  # the rule file's table that holds them

SeedingRounds = Literal["min(floor(rounds/2),4)", "none"]
ZeroByeRuns = Literal["trailing-as-draws", "not-counted"]


@dataclass(frozen=True)
class BursteinSwitches:
    """``seeding_rounds``: how many rounds the seeding rule set pairs (Art. 1.6.2:
    ``"min(floor(rounds/2),4)"``; ``"none"``: every round by the Index).
    ``seeding_rule_set``: the rule set that pairs them, boards and colours (Art. 1.6.1: the
    FIDE (Dutch) System, the edition in force).  ``zero_bye_runs``: Art. 1.7.2's exception -
    ``"trailing-as-draws"`` (a run of zero-point byes up to the current round counts as draws
    in the opponents' Index; reading R-2) or ``"not-counted"`` (no exception)."""

    seeding_rounds: SeedingRounds = "min(floor(rounds/2),4)"
    seeding_rule_set: str = EDITION_IN_FORCE
    zero_bye_runs: ZeroByeRuns = "trailing-as-draws"

    def __post_init__(self) -> None:
        for name, kind in (("seeding_rounds", SeedingRounds), ("zero_bye_runs", ZeroByeRuns)):
            value = getattr(self, name)
            if value not in get_args(kind):
                raise InputError(f"[{TABLE}] {name}: unknown value {value!r} "
                                 f"(known: {', '.join(get_args(kind))})")

    def seeding_round_count(self, total_rounds: int | None, path: str = "") -> int:
        """Art. 1.6.2: the number of seeding rounds of a tournament of ``total_rounds``."""
        if self.seeding_rounds == "none":
            return 0
        if total_rounds is None:
            raise InputError("the Burstein system needs the number of rounds to know its seeding rounds "
                             "(C.04.4.2 Art. 1.6.2): an XXR (TRF16) or 142 (TRF-2026) record, or --rounds N", path)
        return min(total_rounds // 2, 4)


def switches_of(rules: RuleSet) -> BursteinSwitches:
    """The rule set's Burstein switches (its ``[switches]`` table, read and checked when the
    file loads: :func:`cpswiss.rulesets.loader.load_rule_set`)."""
    return rules.switches if isinstance(rules.switches, BursteinSwitches) else BursteinSwitches()
