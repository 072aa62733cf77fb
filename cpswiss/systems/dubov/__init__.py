"""The FIDE Dubov System, C.04.4.1 (2026 text): the pairing-allocated bye first, then
brackets from the top with upfloaters only, white seekers (S1, by ascending ARO) against
the first legal transposition of the others (:mod:`.procedure`), explained in the text's
words (:mod:`.explain`)."""

from dataclasses import dataclass

from cpswiss.registry import PairingSystem


@dataclass(frozen=True)
class DubovSwitches:
    """The rule file's ``[switches]`` table.  Art. 1.8.2: MaxT = ``max_t_base`` +
    floor(rounds / ``max_t_rounds_per_step``) (2026: 2 + floor(rounds / 5))."""

    max_t_base: int = 2
    max_t_rounds_per_step: int = 5


SYSTEM = PairingSystem(
    name="dubov",
    title="FIDE Dubov System (C.04.4.1)",
    flag="dubov",
    default_rule_set="dubov-2026",
    procedure="cpswiss.systems.dubov.procedure",
    explanation="cpswiss.systems.dubov.explain",
    trf_codes={"FIDE_DUBOV": "dubov-2026"},
    switches=DubovSwitches,
    units="cpswiss.systems.dubov.units",
)
