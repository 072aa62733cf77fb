"""The criteria a C.04.5 rule file names (Art. 2), each unit with the parameters it takes (a
typed table the rule-file loader checks).  The procedure (:mod:`cpswiss.systems.shared.topdown`)
applies them where Art. 3 says: [C1]-[C3] gate every choice, [C4]-[C7] choose the upfloaters
(3.5), [C8] the bracket's pairing (3.6)."""

from __future__ import annotations


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
