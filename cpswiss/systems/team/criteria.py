"""The criteria a rule file of the Swiss Team Pairing System may name (C.04.6 Art. 2), each
unit with the parameters it takes, as a typed table the rule-file loader checks, and what each
measures in the shared procedure (:data:`MEASURES`; :mod:`cpswiss.systems.shared.topdown_criteria`
reads the list, in its order): [C1]-[C3] gate every choice, [C4]-[C7] choose the upfloaters
(3.5), [C8]-[C10] the bracket's pairing (3.6)."""

from __future__ import annotations

from cpswiss.systems.shared.topdown_criteria import BYE_ELIGIBILITY, COMPLETION, NO_REMATCH
from cpswiss.systems.shared.topdown_types import (
    FLOATER_OPPONENTS, FOLLOWING_SCOREGROUP, REPEATED_FLOATERS, SAME_COLOUR, SAME_STRONG_COLOUR, UPFLOATER_SCORES,
    UPFLOATERS,
)


class TeamCriterion:
    """What every criterion takes: ``label``, the article's name (``[C8]``)."""

    label: str = ""


class UnlessLastTwoRounds(TeamCriterion):
    """``except_last_round``: the criterion does not apply in the last two rounds ([C7], [C10];
    Art. 2.3.4, 2.3.7)."""

    except_last_round: bool = False


CRITERIA: dict[str, type] = {
    "team-no-rematch": TeamCriterion,  # [C1] (a match forfeited as a whole is no meeting, GHR 3.5)
    "team-bye-eligibility": TeamCriterion,  # [C2] no PAB after a PAB, a forfeit win, a full-point bye
    "team-completion": TeamCriterion,  # [C3]
    "team-upfloaters": TeamCriterion,  # [C4]
    "team-upfloater-scores": TeamCriterion,  # [C5]
    "team-following-scoregroup": TeamCriterion,  # [C6]
    "team-repeated-floaters": UnlessLastTwoRounds,  # [C7]
    "team-colour-preferences": TeamCriterion,  # [C8]
    "team-strong-preferences": TeamCriterion,  # [C9]
    "team-floater-opponents": UnlessLastTwoRounds,  # [C10]
}

MEASURES: dict[str, str] = {
    "team-no-rematch": NO_REMATCH,
    "team-bye-eligibility": BYE_ELIGIBILITY,
    "team-completion": COMPLETION,
    "team-upfloaters": UPFLOATERS,
    "team-upfloater-scores": UPFLOATER_SCORES,
    "team-following-scoregroup": FOLLOWING_SCOREGROUP,
    "team-repeated-floaters": REPEATED_FLOATERS,
    "team-colour-preferences": SAME_COLOUR,
    "team-strong-preferences": SAME_STRONG_COLOUR,
    "team-floater-opponents": FLOATER_OPPONENTS,
}
"""Each unit -> what it measures in the shared procedure."""
