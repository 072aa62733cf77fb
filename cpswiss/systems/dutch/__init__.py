"""The FIDE (Dutch) System, C.04.3: one procedure for every edition (:mod:`.procedure`), the
look-ahead split (:mod:`.lookahead`), the generation-order tie-break (:mod:`.tiebreak`) and the
explanation of a round in the edition's words (:mod:`.explain`)."""

from cpswiss.registry import PairingSystem

SYSTEM = PairingSystem(
    name="dutch",
    title="FIDE (Dutch) System (C.04.3)",
    flag="dutch",
    default_rule_set="dutch-2026",
    procedure="cpswiss.systems.dutch.procedure",
    explanation="cpswiss.systems.dutch.explain",
    # TRF-2026 record 192 (ETT26), both spellings in use for the 2026 rules; a bare FIDE_DUTCH
    # leaves the edition to the start date (cpswiss.api.selection)
    # its own units, the ones it shares with FIDE 1999 and seed 003's fairness units
    units="cpswiss.systems.dutch.units",
    trf_codes={"FIDE_DUTCH_2017": "dutch-2017", "FIDE_DUTCH_2025": "dutch-2026", "FIDE_DUTCH_2026": "dutch-2026"},
)
