"""The FIDE Double-Swiss System, C.04.5 (2026 text): every round a match of two games between
the same two players, colours reversed, scored per game.  The pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier (the
shared procedure :mod:`cpswiss.systems.shared.topdown`, the Swiss Team System's on players:
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`).  Readings:
``scenarios/double-swiss-2026/README.md``."""

from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches
from cpswiss.registry import PairingSystem
from cpswiss.tournament.model import DOUBLE_SWISS

SYSTEM = PairingSystem(
    name="double-swiss",
    title="FIDE Double-Swiss System (C.04.5)",
    flag="double-swiss",
    default_rule_set="double-swiss-2026",
    procedure="cpswiss.systems.double_swiss.procedure",
    explanation="cpswiss.systems.double_swiss.explain",
    trf_codes={"FIDE_DOUBLESWISS": "double-swiss-2026"},
    switches=DoubleSwissSwitches,
    units="cpswiss.systems.double_swiss.units",
    file_kinds=frozenset((DOUBLE_SWISS,)),
)
