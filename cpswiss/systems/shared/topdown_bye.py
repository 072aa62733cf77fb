"""The pairing-allocated bye of the top-down procedure (C.04.6 Art. 3.4, C.04.5 Art. 3.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cpswiss.errors import NoPairingError
from cpswiss.systems.shared.topdown_matching import Graph, perfectly_pairable
from cpswiss.systems.shared.topdown_types import ByeChoice, Entrant


def choose_bye(entrants: Sequence[Entrant], allowed: Mapping[int, set[int]], graph: Graph | None = None) -> ByeChoice:
    """Art. 3.4: the PAB goes to the first competitor [C2] allows, by lowest score (3.4.2),
    most matches played (3.4.3), largest TPN (3.4.4), whose removal leaves a legal pairing
    of all the others (3.4.1).  NoPairingError when nobody's does."""
    barred = sorted(e.tpn for e in entrants if not e.may_take_bye)
    candidates = sorted((e for e in entrants if e.may_take_bye), key=lambda e: (e.score, -e.matches, -e.tpn))
    passed: list[int] = []
    whole = graph if graph is not None else Graph.of(entrants, allowed)
    position = {e.tpn: i for i, e in enumerate(whole.entrants)}
    for e in candidates:
        if perfectly_pairable(whole.induced([i for i in range(whole.n) if i != position[e.tpn]])):
            return ByeChoice(e.tpn, passed, barred)
        passed.append(e.tpn)
    raise NoPairingError("no legal pairing exists: no competitor [C2] allows the pairing-allocated bye "
                         "leaves a legal pairing of the others (C.04.6 Art. 3.4.1, 3.3.3)")
