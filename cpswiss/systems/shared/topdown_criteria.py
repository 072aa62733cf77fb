"""A rule file's criteria as the top-down procedure applies them (C.04.6 Art. 2-3; C.04.5 Art. 2-3
the same on players): the list, in its order, drives the procedure as the Dutch editions' lists
drive theirs - a criterion dropped no longer chooses, the order is the priority, a criterion
replaced (another unit, ``except_last_round``) chooses as its new entry says.

Each system maps its units to what they measure (its ``criteria.py``): [C1] ``no-rematch`` and
[C2] ``bye-eligibility`` are gates the system applies to its competitors (a rule set without
them lets teams meet again / take a second PAB); [C3] ``completion`` and the quality criteria
are the procedure's (:class:`~.topdown_types.Measure`).

What the procedure cannot do otherwise is refused in one line naming the rule file (reading TS-11,
``docs/team-2026.md``): [C3] is how Art. 3.3.2 pairs everybody bracket by bracket and cannot be
dropped; the set of upfloaters is chosen by the fewest upfloaters first and by their scores
([C4], [C5]: the order of 3.5.3-3.5.4 compares sets of one score profile), so [C4] stays the
first of the set criteria and [C5] stays; a criterion of the pairing (3.6.4) cannot come before
one of the set (3.5.5), which Art. 3.5 applies first - an order that could change nothing is an
error, not a silent no-op.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from cpswiss.errors import InputError
from cpswiss.rulesets.model import Criterion
from cpswiss.systems.shared.topdown_types import (
    PAIRING_MEASURES, SET_MEASURES, UPFLOATER_SCORES, UPFLOATERS, Measure, Rules,
)

NO_REMATCH, BYE_ELIGIBILITY, COMPLETION = "no-rematch", "bye-eligibility", "completion"
GATES = (NO_REMATCH, BYE_ELIGIBILITY, COMPLETION)


@dataclass(frozen=True)
class TopDownCriteria:
    """A rule set's criteria for one round: the procedure's :class:`Rules`, and whether the
    gates the system applies to its competitors are listed (``no_rematch``: [C1];
    ``bye_eligibility``: [C2])."""

    rules: Rules
    no_rematch: bool
    bye_eligibility: bool


def read_criteria(criteria: Sequence[Criterion], measures: Mapping[str, str], source: str, lapse: bool,
                  c6: Literal["pass-fail", "graded"] = "pass-fail", record_refusals: bool = False) -> TopDownCriteria:
    """The criteria of a rule file (``criteria``, priority order; ``measures``: the system's unit
    -> what it measures) for a round; ``lapse``: this round is one in which a criterion with
    ``except_last_round`` does not apply.  InputError (naming ``source``) for a list the
    procedure cannot follow (module docstring)."""
    kinds = [(c, measures[c.unit]) for c in criteria]
    if not any(kind == COMPLETION for _, kind in kinds):
        raise InputError("[C3] (completion) cannot be dropped: Art. 3.3.2 pairs every competitor, each bracket "
                         "leaving the others pairable", source)
    chosen = [(c, kind) for c, kind in kinds if kind not in GATES]
    set_criteria = [(c, kind) for c, kind in chosen if kind in SET_MEASURES]
    if not set_criteria or set_criteria[0][1] != UPFLOATERS or all(k != UPFLOATER_SCORES for _, k in set_criteria):
        raise InputError("the set of upfloaters (Art. 3.5) is chosen by the fewest upfloaters first, then by their "
                         "scores: those two criteria ([C4], [C5]) cannot be dropped, and the first stays first", source)
    last_set = max(i for i, (_, kind) in enumerate(chosen) if kind in SET_MEASURES)
    early = [c.label for c, kind in chosen[:last_set] if kind in PAIRING_MEASURES]
    if early:
        raise InputError(f"{', '.join(early)} (the bracket's pairing, Art. 3.6.4) cannot come before "
                         f"{chosen[last_set][0].label} (the set of upfloaters, Art. 3.5.5): 3.5 chooses first", source)

    def applied(group: Sequence[tuple[Criterion, str]]) -> tuple[Measure, ...]:
        return tuple(Measure(kind, c.label) for c, kind in group if not (lapse and c.params.get("except_last_round")))

    pairing_criteria = [(c, kind) for c, kind in chosen if kind in PAIRING_MEASURES]
    lapsed = tuple(Measure(kind, c.label) for c, kind in chosen if lapse and c.params.get("except_last_round"))
    rules = Rules(applied(set_criteria), applied(pairing_criteria), lapsed, c6, record_refusals)
    listed = {kind for _, kind in kinds}
    return TopDownCriteria(rules, NO_REMATCH in listed, BYE_ELIGIBILITY in listed)


def lapses(criteria: Sequence[Criterion]) -> bool:
    """Whether any criterion of the list lapses in the last rounds (``except_last_round``)."""
    return any(c.params.get("except_last_round") for c in criteria)
