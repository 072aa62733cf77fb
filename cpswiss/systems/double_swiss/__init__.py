"""The FIDE Double-Swiss System, C.04.5 (2026 text): every round a match of two games between
the same two players, colours reversed, scored per game.  The pairing-allocated bye first, then
the top-scoregroup with the first set of upfloaters and the first pairing by its identifier (the
shared procedure :mod:`cpswiss.systems.shared.topdown`, the Swiss Team System's on players:
:mod:`.procedure`), colours by Art. 4 (:mod:`.colours`), explained in the text's words
(:mod:`.explain`).  Readings: ``docs/double-swiss-2026.md``."""

from __future__ import annotations

from collections.abc import Mapping

from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.registry import PairingSystem
from cpswiss.systems import SystemEngine

if TYPE_CHECKING:
    from cpswiss.rulesets.model import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.systems.shared.topdown_account import MatchRound, TextWords
    from cpswiss.tournament.competition_state import StateAdjustment
    from cpswiss.tournament.model import Tournament


def pair_matches(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                 settings: SolverSettings | None = None, record_refusals: bool = False,
                 baku: bool = False, accelerate: str | None = None,
                 adjust: StateAdjustment | None = None) -> MatchRound:
    """A round of a Double-Swiss file (:func:`.procedure.pair_tournament_round`) as the
    arbiter's tools read it: accelerated by Baku (C.04.7 over the matches) when record 192 asks
    for it (``baku``), the rule set names it, or the caller does (``accelerate``: ``baku`` only,
    else InputError)."""
    from cpswiss.systems.double_swiss.explain import match_round
    from cpswiss.systems.double_swiss.procedure import pair_tournament_round

    if accelerate and accelerate != "baku":
        raise InputError(f"--accelerate {accelerate}: the Double-Swiss System takes Baku (C.04.7) only")
    if (baku or accelerate) and rules.acceleration.method == "none":
        rules = rules.accelerated("baku")
    return match_round(pair_tournament_round(tournament, rules, round_no, settings, record_refusals,
                                             rules.acceleration.method != "none", adjust))


def explain_matches(paired: MatchRound) -> str:
    """The account of a round paired with ``record_refusals`` (:func:`.explain.explain_text`)."""
    from cpswiss.systems.double_swiss.explain import explain_text
    from cpswiss.systems.double_swiss.procedure import DoubleSwissRoundResult
    from cpswiss.systems.shared.records import records_as

    return explain_text(records_as([paired.result], DoubleSwissRoundResult, SYSTEM.title)[0])


def words() -> TextWords:
    """How its text names things (:data:`.explain.WORDS`)."""
    from cpswiss.systems.double_swiss.explain import WORDS

    return WORDS


def competitor_rows(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                    baku: bool = False) -> list[dict[str, object]]:
    """The players before a round (:func:`.procedure.competitor_rows`), Baku-accelerated when
    record 192 or the rule set asks for it."""
    from cpswiss.systems.double_swiss.procedure import competitor_rows as rows

    return rows(tournament, rules, round_no, baku or rules.acceleration.method != "none")


def criteria() -> Mapping[str, type]:
    """The criterion units its rule files may name, with their parameters
    (:mod:`cpswiss.systems.double_swiss.criteria`)."""
    from cpswiss.systems.double_swiss.criteria import CRITERIA

    return CRITERIA


def switches() -> type:
    """Its rule files' ``[switches]`` table (:class:`cpswiss.systems.double_swiss.switches.DoubleSwissSwitches`)."""
    from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches

    return DoubleSwissSwitches


SYSTEM = PairingSystem(
    name="double-swiss",
    title="FIDE Double-Swiss System (C.04.5)",
    flag="double-swiss",
    default_rule_set="double-swiss-2026",
    rule_set_from_file=True,
    criteria=criteria,
    regulation="C.04.5",
    generator="two-game matches",
    trf_codes={"FIDE_DOUBLESWISS": "double-swiss-2026"},
    switches=switches,
    file_kinds=frozenset(("double-swiss",)),
)

ENGINE = SystemEngine(pair_matches=pair_matches, explain_matches=explain_matches, words=words,
                      competitor_rows=competitor_rows)
