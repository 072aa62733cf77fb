"""The criteria a C.04.6 rule file names (Art. 2), by unit: what each one is, for the rule
file's check and for ``cpswiss rules``.  The procedure (:mod:`cpswiss.systems.shared.topdown`)
applies them where Art. 3 says: [C1]-[C3] gate every choice, [C4]-[C7] choose the upfloaters
(3.5), [C8]-[C10] the bracket's pairing (3.6)."""

ABSOLUTE_UNITS = {
    "team-no-rematch": "[C1] no two teams meet twice (a match forfeited as a whole is no meeting, GHR 3.5)",
    "team-bye-eligibility": "[C2] no PAB after a PAB, a match won by forfeit or a full-point bye",
}
UNITS = {
    "team-completion": "[C3] a legal pairing remains for the teams not yet paired",
    "team-upfloaters": "[C4] the fewest upfloaters",
    "team-upfloater-scores": "[C5] the least score differences of pairs with upfloaters, largest first",
    "team-following-scoregroup": "[C6] the following scoregroup can be paired with its fewest upfloaters",
    "team-repeated-floaters": "[C7] the fewest upfloaters that floated in the previous round",
    "team-colour-preferences": "[C8] the fewest teams whose colour preference is not met",
    "team-strong-preferences": "[C9] the fewest teams whose strong colour preference is not met",
    "team-floater-opponents": "[C10] the fewest upfloaters' opponents that floated in the previous round",
}
