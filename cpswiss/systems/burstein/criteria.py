"""The criteria a rule file of the Burstein System may name: each unit with the parameters it
takes, as a typed table that the rule-file loader checks when the file loads (see
:mod:`cpswiss.systems.dutch.criteria`).  The units are in :mod:`.units`."""

from __future__ import annotations


class BursteinCriterion:
    """What every criterion takes: ``label``, the article's name (``[C5]``)."""

    label: str = ""


CRITERIA: dict[str, type] = {
    "no-rematch": BursteinCriterion,
    "bye-eligibility": BursteinCriterion,
    "absolute-colour-clash": BursteinCriterion,
    "completion": BursteinCriterion,  # [C4]: holds by construction (every step graph is completed)
    "burstein-pairs": BursteinCriterion,
    "burstein-floater-scores": BursteinCriterion,
    "burstein-next-bracket": BursteinCriterion,
    "burstein-colour-preferences": BursteinCriterion,
}
