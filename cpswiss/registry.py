"""The pairing systems cpswiss knows, and how the rest of the program reaches them.

A pairing system is one folder under ``cpswiss/systems/`` whose ``__init__`` declares a
:class:`PairingSystem`: its names, its command-line flag, its record-192 codes, its own rule-file
switches, the criterion units its rule files may name with their parameters, and typed callables
for its round procedure and its explanation (each imports its module on the first call, so that a
process pays only for what it uses).  The command line, the API, the arbiter's tools (check,
explain, resolve, what-if), generate and study reach a system only through this registry.
Adding a system is adding its folder and one line to :data:`SYSTEM_PACKAGES`.

The registry sits low (above the errors, below the rule sets, which check a rule file against
the system it names): it imports nothing of the package but the errors, and finds the systems by
the package names listed here, as a plug-in host finds its plug-ins; nothing else imports a
system by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from cpswiss.errors import InputError, InternalCheckError

if TYPE_CHECKING:
    from cpswiss.api import PairingResult
    from cpswiss.colours.decoder import Pairing
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems import RoundPairing
    from cpswiss.systems.shared.topdown_account import MatchRound, TextWords
    from cpswiss.systems.shared.explaining import RoundAccount
    from cpswiss.tournament.competition_state import StateAdjustment
    from cpswiss.tournament.model import Tournament
    from cpswiss.tournament.state import RoundState

# One line per system: the package whose __init__ defines SYSTEM.
SYSTEM_PACKAGES: tuple[str, ...] = (
    "cpswiss.systems.dutch",
    "cpswiss.systems.fide1999",
    "cpswiss.systems.dubov",
    "cpswiss.systems.burstein",
    "cpswiss.systems.team",
    "cpswiss.systems.double_swiss",
)


class PairRound(Protocol):
    """A system's round procedure: the pairs and the bye of the round under the rule set."""

    def __call__(self, state: RoundState, rules: RuleSet,
                 settings: SolverSettings | None = None) -> RoundPairing: ...


class PairCompetition(Protocol):
    """A round procedure on the competitors of the match model (teams: C.04.6; Double-Swiss
    players: C.04.5): a round of a tournament file (default the next) under the rule set, with
    every value ruled out recorded when asked (``record_refusals``); ``baku``: record 192 asks
    for Baku acceleration; ``adjust``: the arbiter's decisions applied to the competitors'
    state before the procedure runs (what-if, resolve)."""

    def __call__(self, tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 settings: SolverSettings | None = None, record_refusals: bool = False,
                 baku: bool = False, adjust: StateAdjustment | None = None) -> Any: ...


class CompetitorRows(Protocol):
    """Each competitor before a round as table rows (``cpswiss state``)."""

    def __call__(self, tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 baku: bool = False) -> list[dict[str, Any]]: ...


class Explanation(Protocol):
    """What a system's explanation provides: the account of the engine's pairing, and of a
    proposal against it (the first rule by which its pairs or bye are not the rules'), and one
    table row per bracket (``PairingResult.brackets_frame``)."""

    def account(self, result: PairingResult, settings: SolverSettings | None) -> RoundAccount: ...

    def compare(self, result: PairingResult, proposed: Pairing,
                settings: SolverSettings | None) -> RoundAccount: ...

    def bracket_rows(self, result: PairingResult, settings: SolverSettings | None) -> list[dict[str, Any]]: ...


class MatchExplanation(Protocol):
    """The explanation of a system of the match model (teams, Double-Swiss players): the account
    of a round its ``pair_competition`` paired (with ``record_refusals``) in the text's words,
    and the round as the arbiter's tools read it (:class:`~cpswiss.systems.shared.topdown_account.
    MatchRound`: matches, colour articles, the procedure's record, the text's words), from which
    they explain a proposal, a what-if and the ways out of a round with no legal pairing."""

    WORDS: TextWords  # how the system's text names things

    def explain_text(self, result: Any) -> str: ...

    def match_round(self, result: Any) -> MatchRound: ...


@dataclass(frozen=True)
class PairingSystem:
    """Everything that makes a pairing system, in one place."""

    name: str  # the rule files' ``system = "..."``
    title: str
    flag: str  # command-line flag without dashes: ``--dutch``, ``--lim``, ...
    default_rule_set: str  # what the flag pairs with when no --rules is given
    pair_round: PairRound  # the round procedure (its module imported on the first call)
    # every criterion unit its rule files may name -> the typed table of the parameters it takes
    # (a class whose annotated attributes are the keys, checked when a rule file loads); imported
    # when a rule file of the system loads, so that declaring a system costs nothing
    criteria: Callable[[], Mapping[str, type]]
    # the explanation of a system of players (imported when first asked for); a system of the
    # match model has match_explanation instead
    explanation: Callable[[], Explanation] | None = None
    match_explanation: Callable[[], MatchExplanation] | None = None
    # record-192 code -> rule set; "<CODE>_BAKU" is the same with the edition's Baku acceleration
    trf_codes: Mapping[str, str] = field(default_factory=dict)
    # the rule file's [switches] table: a frozen dataclass whose fields are its keys (None: the
    # system has none), imported when a rule file of the system loads
    switches: Callable[[], type | None] = lambda: None
    # the kinds of tournament file it pairs (cpswiss.tournament.model.Tournament.kind): "individual",
    # "team", "double-swiss"; a file of another kind is refused (cpswiss.api.selection.check_pairs_file)
    file_kinds: frozenset[str] = frozenset(("individual",))
    # a system that pairs the competitors of the match model (teams, Double-Swiss players): its
    # round on a file, and its competitors' state as table rows; None for a system of players
    pair_competition: PairCompetition | None = None
    competitor_rows: CompetitorRows | None = None

    @property
    def explainer(self) -> Explanation:
        """The explanation of a system of players; InputError for a system of the match model
        (its rounds are explained by :attr:`match_explainer`)."""
        if self.explanation is None:
            raise InputError(f"the {self.title} explains its rounds on matches: 'cpswiss explain FILE "
                             f"--pairing P' or 'cpswiss pair --{self.flag} FILE --explain'")
        return self.explanation()

    @property
    def match_explainer(self) -> MatchExplanation:
        """The explanation of a system of the match model; InputError for a system of players."""
        if self.match_explanation is None:
            raise InputError(f"the {self.title} pairs individual games, not matches")
        return self.match_explanation()


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


def system_of(rules: RuleSet) -> PairingSystem:
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


def trf_code_of(rules: RuleSet) -> str | None:
    """The record-192 code that names a rule set (the last one its system lists for it: the
    current spelling), or None when no code does."""
    codes = [code for code, name in system_of(rules).trf_codes.items() if name == rules.name]
    return codes[-1] if codes else None
