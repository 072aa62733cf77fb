"""The criteria a C.04.5 rule file names (Art. 2), each unit with the parameters it takes (a
typed table the rule-file loader checks), and what each measures in the shared procedure
(:data:`MEASURES`; :mod:`cpswiss.systems.shared.topdown_criteria` reads the list, in its
order): [C1]-[C3] gate every choice, [C4]-[C7] choose the upfloaters (3.5), [C8] the bracket's
pairing (3.6)."""

from __future__ import annotations

from cpswiss.systems.shared.topdown_criteria import BYE_ELIGIBILITY, COMPLETION, NO_REMATCH
from cpswiss.systems.shared.topdown_types import (
    FLOATER_OPPONENTS, FOLLOWING_SCOREGROUP, REPEATED_FLOATERS, UPFLOATER_SCORES, UPFLOATERS,
)


class DoubleSwissCriterion:
    """What every criterion takes: ``label``, the article's name (``[C7]``)."""

    label: str = ""


class UnlessLastRound(DoubleSwissCriterion):
    """``except_last_round``: the criterion lapses in the last round ([C7], [C8]; DS-6: how many
    last rounds is the ``float_exemption_rounds`` switch)."""

    except_last_round: bool = False


CRITERIA: dict[str, type] = {
    "double-no-rematch": DoubleSwissCriterion,  # [C1] (a match a player forfeited wholly is no meeting)
    "double-bye-eligibility": DoubleSwissCriterion,  # [C2] a PAB, a match won by forfeit, a full-point bye
    "double-completion": DoubleSwissCriterion,  # [C3]
    "double-upfloaters": DoubleSwissCriterion,  # [C4] the fewest upfloaters
    "double-upfloater-scores": DoubleSwissCriterion,  # [C5] their scores, ascending, as high as possible
    "double-following-scoregroup": DoubleSwissCriterion,  # [C6]
    "double-repeated-floaters": UnlessLastRound,  # [C7]
    "double-floater-opponents": UnlessLastRound,  # [C8]
}

MEASURES: dict[str, str] = {
    "double-no-rematch": NO_REMATCH,
    "double-bye-eligibility": BYE_ELIGIBILITY,
    "double-completion": COMPLETION,
    "double-upfloaters": UPFLOATERS,
    "double-upfloater-scores": UPFLOATER_SCORES,
    "double-following-scoregroup": FOLLOWING_SCOREGROUP,
    "double-repeated-floaters": REPEATED_FLOATERS,
    "double-floater-opponents": FLOATER_OPPONENTS,  # C.04.6's [C10]
}
"""Each unit -> what it measures in the shared procedure."""
