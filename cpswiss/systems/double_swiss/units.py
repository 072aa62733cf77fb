"""The criteria a C.04.5 rule file names (Art. 2), by unit: what each one is, for the rule
file's check and for ``cpswiss rules``.  The procedure (:mod:`cpswiss.systems.shared.topdown`)
applies them where Art. 3 says: [C1]-[C3] gate every choice, [C4]-[C7] choose the upfloaters
(3.5), [C8] the bracket's pairing (3.6)."""

ABSOLUTE_UNITS = {
    "double-no-rematch": "[C1] no two players meet twice (a match a player forfeited wholly is no meeting, Preface)",
    "double-bye-eligibility": "[C2] no PAB after a PAB, a match won by forfeit or a full-point bye",
}
UNITS = {
    "double-completion": "[C3] a legal pairing remains for the players not yet paired",
    "double-upfloaters": "[C4] the fewest upfloaters",
    "double-upfloater-scores": "[C5] the upfloaters' scores, taken in ascending order, as high as possible",
    "double-following-scoregroup": "[C6] the following scoregroup can be paired with its fewest upfloaters",
    "double-repeated-floaters": "[C7] the fewest upfloaters that floated in the previous round",
    "double-floater-opponents": "[C8] the fewest upfloaters' opponents that floated in the previous round",
}
