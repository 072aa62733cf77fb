"""The FIDE Burstein System, C.04.4.2 (2026 edition): seeding rounds by the rule set the file
names (:mod:`.switches`), then brackets ranked by the Index (:mod:`.index`), the PAB first, and
the first pairing in the fold order of Art. 4 that complies best with [C5]-[C8]
(:mod:`.procedure`, :mod:`.units`, :mod:`.fold`); explained in the text's words (:mod:`.explain`)."""

from cpswiss.systems.burstein.switches import BursteinSwitches
from cpswiss.registry import PairingSystem

SYSTEM = PairingSystem(
    name="burstein",
    title="FIDE Burstein System (C.04.4.2)",
    flag="burstein",
    default_rule_set="burstein-2026",
    procedure="cpswiss.systems.burstein.procedure",
    explanation="cpswiss.systems.burstein.explain",
    trf_codes={"FIDE_BURSTEIN": "burstein-2026"},
    switches=BursteinSwitches,
    units="cpswiss.systems.burstein.units",
)
