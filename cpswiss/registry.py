"""The pairing systems cpswiss knows: what each is called and what it declares.

A pairing system is one folder under ``cpswiss/systems/`` whose ``__init__`` declares a
:class:`PairingSystem` - the declarative part: its names, its command-line flag, its record-192
codes, its rule-file switches, the criterion units its rule files may name with their
parameters, the kinds of file it pairs and the words its texts speak - and, beside it, its
behaviour (``ENGINE``: the round procedure and the explanation, typed in the systems layer,
:func:`cpswiss.systems.engine_of`).  The command line, the API, the arbiter's tools, generate
and study reach a system only through this registry and the systems layer's ``engine_of``.
Adding a system is adding its folder and one line to :data:`SYSTEM_PACKAGES`.

The registry sits low (above the errors, below the rule sets, which check a rule file against
the system it names): it imports nothing of the package but the errors, type hints included,
and finds the systems by the package names listed here, as a plug-in host finds its plug-ins;
nothing else imports a system by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from cpswiss.errors import InputError, InternalCheckError

# One line per system: the package whose __init__ defines SYSTEM (and its ENGINE).
SYSTEM_PACKAGES: tuple[str, ...] = (
    "cpswiss.systems.dutch",
    "cpswiss.systems.fide1999",
    "cpswiss.systems.dubov",
    "cpswiss.systems.burstein",
    "cpswiss.systems.team",
    "cpswiss.systems.double_swiss",
)

# the kinds of tournament file (cpswiss.tournament.model.Tournament.kind)
INDIVIDUAL_FILE = "individual"


class NamedRuleSet(Protocol):
    """What the registry reads of a rule set (:class:`cpswiss.rulesets.model.RuleSet`): its
    name and the name of the system that pairs it."""

    @property
    def name(self) -> str: ...

    @property
    def system(self) -> str: ...


@dataclass(frozen=True)
class PairingSystem:
    """What a pairing system declares, in one place (its behaviour: :func:`cpswiss.systems.
    engine_of`)."""

    name: str  # the rule files' ``system = "..."``
    title: str
    flag: str  # command-line flag without dashes: ``--dutch``, ``--lim``, ...
    default_rule_set: str  # what the flag pairs with when no --rules is given
    # every criterion unit its rule files may name -> the typed table of the parameters it takes
    # (a class whose annotated attributes are the keys, checked when a rule file loads); imported
    # when a rule file of the system loads, so that declaring a system costs nothing
    criteria: Callable[[], Mapping[str, type]]
    # record-192 code -> rule set; "<CODE>_BAKU" is the same with the edition's Baku acceleration
    trf_codes: Mapping[str, str] = field(default_factory=dict)
    # the rule file's [switches] table: a frozen dataclass whose fields are its keys (None: the
    # system has none), imported when a rule file of the system loads
    switches: Callable[[], type | None] = lambda: None
    # the kinds of tournament file it pairs (cpswiss.tournament.model.Tournament.kind): "individual",
    # "team", "double-swiss"; a file of another kind is refused (cpswiss.api.selection.check_pairs_file)
    file_kinds: frozenset[str] = frozenset((INDIVIDUAL_FILE,))
    # the regulation's number its texts cite ("C.04.6") and what they call a competitor
    regulation: str = ""
    noun: str = "player"
    # are its competitors scored in match points and game points (C.04.6 Art. 1.1-1.2), rather
    # than in points alone?
    scores_by_match: bool = False
    # the generator that draws its tournaments for ``generate`` and ``study`` (cpswiss.study.
    # systems.GENERATORS): "players", "teams" (of BoardsNumber players) or "two-game matches"
    generator: str = "players"

    # does a system flag without --rules leave the rule set to the file (record 192, the start
    # date), as JaVaFo and bbpPairings do, rather than take default_rule_set?
    rule_set_from_file: bool = False

    def pairs_kind(self, kind: str) -> bool:
        """Does it pair a file of this kind (``Tournament.kind``)?"""
        return kind in self.file_kinds

    @property
    def pairs_matches(self) -> bool:
        """Does it pair the competitors of the match model (teams, C.04.6; Double-Swiss players,
        C.04.5) rather than the individual games of a file of players?"""
        return INDIVIDUAL_FILE not in self.file_kinds


def _declared(package: str) -> PairingSystem:
    """The system a package declares (its ``SYSTEM``)."""
    system = getattr(importlib.import_module(package), "SYSTEM", None)
    if not isinstance(system, PairingSystem):
        raise InternalCheckError(f"internal error: {package} declares no PairingSystem")
    return system


@cache
def systems() -> tuple[PairingSystem, ...]:
    """Every registered system, in registry order."""
    return tuple(_declared(package) for package in SYSTEM_PACKAGES)


def package_of(system: PairingSystem) -> str:
    """The package that declares ``system`` (where its ``ENGINE`` is)."""
    for package in SYSTEM_PACKAGES:
        if _declared(package) is system:
            return package
    raise InternalCheckError(f"internal error: {system.name} is not a registered system")


def systems_for_kind(kind: str) -> tuple[PairingSystem, ...]:
    """Every registered system that pairs a file of this kind, in registry order."""
    return tuple(s for s in systems() if s.pairs_kind(kind))


def first_system_for_kind(kind: str) -> PairingSystem | None:
    """The first registered system that pairs a file of this kind (None: none does); the
    systems' packages are imported in registry order up to it (a file of players loads the
    Dutch system's declaration alone)."""
    return next((s for s in map(_declared, SYSTEM_PACKAGES) if s.pairs_kind(kind)), None)


def system_named(name: str) -> PairingSystem:
    """The system a rule file names (``system = "dutch"``); InputError if none has the name.
    The systems' packages are imported in registry order up to the one named (a process that
    pairs by one system does not load the others)."""
    for package in SYSTEM_PACKAGES:
        system = _declared(package)
        if system.name == name:
            return system
    raise InputError(f"system = {name!r}: unknown pairing system "
                     f"(known: {', '.join(s.name for s in systems())})")


def system_of(rules: NamedRuleSet) -> PairingSystem:
    """The system that pairs a rule set."""
    return system_named(rules.system)


def system_for_code(code: str) -> tuple[PairingSystem, str, bool] | None:
    """The system, rule set and Baku flag a record-192 code asks for (None: no system claims it).
    The systems' packages are imported in registry order up to the one that claims it (a Dutch
    file's code loads no other system)."""
    baku = code.endswith("_BAKU")
    bare = code[: -len("_BAKU")] if baku else code
    for system in map(_declared, SYSTEM_PACKAGES):
        if bare in system.trf_codes:
            return system, system.trf_codes[bare], baku
    return None


def trf_code_of(rules: NamedRuleSet) -> str | None:
    """The record-192 code that names a rule set (the last one its system lists for it: the
    current spelling), or None when no code does."""
    codes = [code for code, name in system_of(rules).trf_codes.items() if name == rules.name]
    return codes[-1] if codes else None
