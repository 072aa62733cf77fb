"""The criteria a rule file of the Dubov System may name: each unit with the parameters it
takes, as a typed table that the rule-file loader checks when the file loads (see
:mod:`cpswiss.systems.dutch.criteria`).  The units are in :mod:`.units`."""

from __future__ import annotations


class DubovCriterion:
    """What every criterion takes: ``label``, the article's name (``[C8]``)."""

    label: str = ""


class UnlessLastRound(DubovCriterion):
    """``except_last_round``: the criterion does not apply in the last round ([C8]-[C10])."""

    except_last_round: bool = False


CRITERIA: dict[str, type] = {
    "no-rematch": DubovCriterion,
    "bye-eligibility": DubovCriterion,
    "absolute-colour-clash": DubovCriterion,
    "dubov-completion": DubovCriterion,
    "dubov-upfloaters": DubovCriterion,
    "dubov-score-differences": DubovCriterion,
    "dubov-colour-preference": DubovCriterion,
    "dubov-maximum-upfloaters": UnlessLastRound,
    "dubov-upfloat-counts": UnlessLastRound,
    "dubov-repeated-upfloaters": UnlessLastRound,
}
