"""The pairing systems cpswiss knows, and how the rest of the program reaches them.

A pairing system is one folder under ``cpswiss/systems/`` whose ``__init__`` declares a
:class:`PairingSystem`: its names, its command-line flag, its record-192 codes, its own rule-file
switches, and the modules holding its round procedure and its explanation.  The command line,
the API, the arbiter's tools (check, explain, resolve, what-if), generate and study reach a system
only through this registry.  Adding a system is adding its folder and one line to
:data:`SYSTEM_PACKAGES`.

The registry sits low (above the tournament model, below the rule sets, which check a rule
file against the system it names): it imports nothing of the package but the errors, and finds
the systems by the package names listed here, as a plug-in host finds its plug-ins; nothing
else imports a system by name.
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from cpswiss.errors import InputError

if TYPE_CHECKING:
    from cpswiss.api import PairingResult
    from cpswiss.colours.decoder import Pairing
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems import RoundPairing
    from cpswiss.systems.shared.explaining import RoundAccount
    from cpswiss.tournament.state import RoundState

# One line per system: the package whose __init__ defines SYSTEM.
SYSTEM_PACKAGES: tuple[str, ...] = (
    "cpswiss.systems.dutch",
    "cpswiss.systems.fide1999",
    "cpswiss.systems.dubov",
    "cpswiss.systems.burstein",
)


class Procedure(Protocol):
    """What a system's ``procedure`` module provides."""

    def pair_round(self, state: RoundState, rules: RuleSet,
                   settings: SolverSettings | None = None) -> RoundPairing: ...


class Explanation(Protocol):
    """What a system's ``explanation`` module provides: the account of the engine's pairing,
    and of a proposal against it (the first rule by which its pairs or bye are not the rules'),
    and one table row per bracket (``PairingResult.brackets_frame``)."""

    def account(self, result: PairingResult, settings: SolverSettings | None) -> RoundAccount: ...

    def compare(self, result: PairingResult, proposed: Pairing,
                settings: SolverSettings | None) -> RoundAccount: ...

    def bracket_rows(self, result: PairingResult, settings: SolverSettings | None) -> list[dict[str, Any]]: ...


@dataclass(frozen=True)
class PairingSystem:
    """Everything that makes a pairing system, in one place."""

    name: str  # the rule files' ``system = "..."``
    title: str
    flag: str  # command-line flag without dashes: ``--dutch``, ``--lim``, ...
    default_rule_set: str  # what the flag pairs with when no --rules is given
    procedure: str  # module path: pair_round(state, rules, settings) -> RoundPairing
    explanation: str  # module path: account, compare, bracket_rows (see Explanation)
    # module path of the criterion units its rule files may name (UNITS, ABSOLUTE_UNITS, ROUND_UNITS)
    units: str
    # record-192 code -> rule set; "<CODE>_BAKU" is the same with the edition's Baku acceleration
    trf_codes: Mapping[str, str] = field(default_factory=dict)
    # the rule file's [switches] table: a frozen dataclass whose fields are its keys
    switches: type | None = None

    def pair_round(self, state: RoundState, rules: RuleSet,
                   settings: SolverSettings | None = None) -> RoundPairing:
        module = typing.cast(Procedure, _module(self.procedure))
        return module.pair_round(state, rules, settings)

    @property
    def explainer(self) -> Explanation:
        return typing.cast(Explanation, _module(self.explanation))

    def unit_names(self) -> frozenset[str]:
        """The criterion units this system's rule files may name: the module's bracket units
        (``UNITS``) and the absolute and round-wide ones it declares."""
        module = _module(self.units)
        names: set[str] = set(module.UNITS)
        for side in ("ABSOLUTE_UNITS", "ROUND_UNITS"):
            names |= set(getattr(module, side, ()))
        return frozenset(names)


@cache
def _module(path: str) -> ModuleType:
    return importlib.import_module(path)


@cache
def systems() -> tuple[PairingSystem, ...]:
    """Every registered system, in registry order."""
    return tuple(typing.cast(PairingSystem, _module(package).SYSTEM) for package in SYSTEM_PACKAGES)


def system_named(name: str) -> PairingSystem:
    """The system a rule file names (``system = "dutch"``); InputError if none has the name.
    The systems' packages are imported in registry order up to the one named (a process that
    pairs by one system does not load the others)."""
    for package in SYSTEM_PACKAGES:
        system = typing.cast(PairingSystem, _module(package).SYSTEM)
        if system.name == name:
            return system
    raise InputError(f"system = {name!r}: unknown pairing system "
                     f"(known: {', '.join(s.name for s in systems())})")


def system_of(rules: RuleSet) -> PairingSystem:
    """The system that pairs a rule set."""
    return system_named(rules.system)


def system_for_code(code: str) -> tuple[PairingSystem, str, bool] | None:
    """The system, rule set and Baku flag a record-192 code asks for (None: no system claims it)."""
    baku = code.endswith("_BAKU")
    bare = code[: -len("_BAKU")] if baku else code
    for system in systems():
        if bare in system.trf_codes:
            return system, system.trf_codes[bare], baku
    return None


def trf_code_of(rules: RuleSet) -> str | None:
    """The record-192 code that names a rule set (the last one its system lists for it: the
    current spelling), or None when no code does."""
    codes = [code for code, name in system_of(rules).trf_codes.items() if name == rules.name]
    return codes[-1] if codes else None
