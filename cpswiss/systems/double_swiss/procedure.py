"""The Double-Swiss round (C.04.5 Art. 3 and 4) on the shared top-down procedure.

Art. 3.3.2: the PAB first (3.4), then the top-scoregroup with the first set of upfloaters
(3.5), paired by the first identifier (3.6), bracket after bracket - the Swiss Team System's
procedure word for word, on players (:mod:`cpswiss.systems.shared.topdown`, readings TS-1..TS-4;
here DS-13) - and colours last (Art. 4, :mod:`.colours`), boards by C.04.2 Art. 3.6.  C.04.5 has
no colour preference, so [C8]/[C9] of C.04.6 never count; its [C7]/[C8] are C.04.6's [C7]/[C10],
lapsing in the last round only (DS-6, switch ``float_exemption_rounds``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import InputError, NoPairingError
from cpswiss.systems.double_swiss.colours import ColourFacts, allocate, higher_ranked
from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches
from cpswiss.systems.shared import topdown
from cpswiss.systems.shared.topdown import Entrant, RoundPlan
from cpswiss.systems.shared.topdown_criteria import TopDownCriteria, read_criteria
from cpswiss.systems.double_swiss.criteria import MEASURES
from cpswiss.tournament.acceleration import baku
from cpswiss.tournament.colour import Colour
from cpswiss.tournament.competition_state import GAME_POINTS, CompetitionRules, competition_state
from cpswiss.tournament.model import Tournament

if TYPE_CHECKING:
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.competition_state import CompetitionState, CompetitorState, StateAdjustment


@dataclass(frozen=True)
class Player:
    """One player to pair, as Art. 3 and 4 read him.  ``score``: the pairing score (virtual
    points included, C.04.7); ``standings``: without them; ``colours``: his match colours
    (1.6, DS-2), oldest first; ``matches_played``: 3.4.3 (DS-5); ``may_take_bye``: [C2]
    (DS-4); ``floated``: a floater in the previous round (1.5, DS-7); ``cannot_meet``: the
    players he has met ([C1], DS-1) and those he is forbidden to meet (``forbidden``, 260)."""

    tpn: int
    score: int
    standings: int
    colours: tuple[Colour, ...] = ()
    matches_played: int = 0
    may_take_bye: bool = True
    floated: bool = False
    cannot_meet: frozenset[int] = frozenset()
    forbidden: frozenset[int] = frozenset()


@dataclass
class DoubleSwissRoundResult:
    """The round: ``pairing`` (boards: ``white`` has White in game 1, ``article`` the
    article of 4.3 that decided it) and ``plan``, the procedure's record (the PAB and why, each
    bracket with its upfloaters and identifier) for explanations; with the state and rule set it
    was paired under when paired from a tournament (:func:`pair_competition`)."""

    pairing: Pairing
    plan: RoundPlan
    state: CompetitionState | None = None
    rules: RuleSet | None = None
    entrants: list[Entrant] = field(default_factory=list)  # the players as the procedure saw them


def round_criteria(rules: RuleSet, round_no: int, total_rounds: int | None,
                   record_refusals: bool = False) -> TopDownCriteria:
    """The rule set's criteria as they apply in this round (:func:`~cpswiss.systems.shared.
    topdown_criteria.read_criteria`, in the rule file's order): a criterion with
    ``except_last_round`` ([C7], [C8]) lapses "in the last round" (DS-6: the last
    ``float_exemption_rounds``; 2 reads it as C.04.6's last two rounds); with the number of
    rounds unknown they apply."""
    switches = switches_of(rules)
    lapse = total_rounds is not None and round_no > total_rounds - switches.float_exemption_rounds
    return read_criteria(rules.criteria, MEASURES, rules.source or rules.name, lapse, switches.c6, record_refusals)


def entrant_of(p: Player, bye_eligibility: bool = True) -> Entrant:
    """A player as the shared procedure sees him (no colour preference: C.04.5 has none; every
    player may take the PAB when the rule set lists no ``bye_eligibility``, [C2])."""
    return Entrant(p.tpn, p.score, p.matches_played, p.may_take_bye or not bye_eligibility, p.floated)


def pair_players(players: Sequence[Player], round_no: int, total_rounds: int | None, initial_colour: Colour,
                 rules: RuleSet, record_refusals: bool = False) -> DoubleSwissRoundResult:
    """Art. 3.3.2 steps 1-4 for ``players`` (those to be paired this round) under the criteria
    and switches of ``rules``.  NoPairingError when no legal round-pairing exists (3.3.3: the
    Chief Arbiter decides).  ``record_refusals``: the plan names every set and identifier value
    ruled out before the one chosen."""
    switches = switches_of(rules)
    criteria = round_criteria(rules, round_no, total_rounds, record_refusals)
    by_tpn = {p.tpn: p for p in players}
    entrants = [entrant_of(p, criteria.bye_eligibility) for p in players]
    barred = {p.tpn: p.cannot_meet if criteria.no_rematch else p.forbidden for p in players}

    def compatible(a: int, b: int) -> bool:
        return b not in barred[a] and a not in barred[b]

    try:
        plan = topdown.pair_round(entrants, compatible, criteria.rules)
    except NoPairingError as e:
        raise NoPairingError(f"round {round_no}: no legal pairing exists ([C1], [C2]); C.04.5 Art. 3.3.3 "
                             "leaves the round to the Chief Arbiter", e.details) from e
    boards = [board_of(by_tpn[a], by_tpn[b], initial_colour, switches) for a, b in plan.pairs]
    boards.sort(key=lambda board: board_key(by_tpn[board.white], by_tpn[board.black]))
    return DoubleSwissRoundResult(Pairing(round_no, tuple(boards), plan.bye.tpn if plan.bye else None), plan,
                                  entrants=entrants)


def colour_facts(p: Player, switches: DoubleSwissSwitches) -> ColourFacts:
    """What Art. 4 reads of a player; 4.2 ranks by the pairing score or the standings (DS-11)."""
    return ColourFacts(p.tpn, p.score if switches.ranking_score == "pairing" else p.standings, p.colours)


def board_of(a: Player, b: Player, initial_colour: Colour, switches: DoubleSwissSwitches) -> Board:
    """Art. 4.3/4.4: the board of a pair; ``decider`` is the higher-ranked player (4.2)."""
    decided = allocate(colour_facts(a, switches), colour_facts(b, switches), initial_colour,
                       switches.fewer_whites)
    return Board(decided.white, decided.black, decided.rule, decided.higher_ranked)


def board_key(a: Player, b: Player) -> tuple[int, int, int]:
    """C.04.2 Art. 3.6 (C.04.5 sets no board order; DS-11): the higher-ranked player's score,
    then the other's (their sum), then the higher-ranked player's TPN; standings scores."""
    hi, lo = higher_ranked(ColourFacts(a.tpn, a.standings, ()), ColourFacts(b.tpn, b.standings, ()))
    return (-hi.score, -lo.score, hi.tpn)


def switches_of(rules: RuleSet) -> DoubleSwissSwitches:
    switches = rules.switches
    return switches if isinstance(switches, DoubleSwissSwitches) else DoubleSwissSwitches()


def competition_rules(rules: RuleSet, baku_acceleration: bool = False, code: str = "") -> CompetitionRules:
    """How a Double-Swiss tournament's matches are scored and counted: by game points (Preface),
    no secondary score, no colour preference; [C2] as the model reads it (a PAB, a match won by
    forfeit, a full-point bye: DS-4)."""
    return CompetitionRules("double-swiss", GAME_POINTS, False, "none", baku_acceleration, code=code)


def baku_virtual_points(t: Tournament, switches: DoubleSwissSwitches) -> dict[int, list[int]]:
    """C.04.7 Baku for a Double-Swiss file (match k = columns 2k-1 and 2k): the accelerated
    group and rounds of the method over the matches, the virtual points of "a win" a won match
    (two games, ``baku_win = "match"``) or a won game (``"game"``; DS-15), per column."""
    s = t.scoring
    if s.win != 2 * s.draw or s.loss != 0:
        raise InputError("Baku acceleration (C.04.7 Art. 1.1) needs a game won worth two drawn and a game "
                         "lost worth nothing", t.path)
    if t.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (142)", t.path)
    per = t.games_per_round
    unit = per * s.win if switches.baku_win == "match" else s.win
    matches = baku(replace(t, total_rounds=t.total_rounds // per), unit)
    return {pid: [v for v in values for _ in range(per)] for pid, values in matches.items()}


def players_of(state: CompetitionState, switches: DoubleSwissSwitches) -> list[Player]:
    """The players to pair, from the state of the match model (game-1 colours of matches with a
    game played, meetings less the rematches the arbiter allows, [C2], floats:
    :mod:`cpswiss.tournament.competition_state`)."""
    def matches_played(c: CompetitorState) -> int:  # DS-5
        return c.matches_played if switches.pab_matches_played == "meetings" else len(c.colours)

    def floated(c: CompetitorState) -> bool:  # DS-7
        if switches.float_score == "pairing":
            return c.floated_last_round
        last = c.entries[-1] if c.entries else None
        if last is None or not last.played or last.opponent is None:
            return False
        other = state.competitors[last.opponent]
        return _standings_before_last(c) != _standings_before_last(other)

    return [Player(c.id, c.score, c.real_score, c.colours, matches_played(c), c.bye_eligible, floated(c),
                   (c.opponents - state.rematches_allowed(c.id)) | c.forbidden, c.forbidden) for c in state.to_pair]


def _standings_before_last(c: CompetitorState) -> int:
    return sum(e.game_points for e in c.entries[:-1] if e is not None)


def pair_competition(state: CompetitionState, rules: RuleSet, settings: SolverSettings | None = None,
                     record_refusals: bool = False) -> DoubleSwissRoundResult:
    """The round of a Double-Swiss tournament by C.04.5 (NoPairingError when none is legal,
    Art. 3.3.3).  ``settings`` is not used: every choice is an exact least-cost matching."""
    result = pair_players(players_of(state, switches_of(rules)), state.round_no, state.total_rounds,
                          state.initial_colour, rules, record_refusals)
    result.state, result.rules = state, rules
    return result


def pair_tournament_round(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                          settings: SolverSettings | None = None, record_refusals: bool = False,
                          baku_acceleration: bool = False,
                          adjust: StateAdjustment | None = None) -> DoubleSwissRoundResult:
    """The engine's entry (``ENGINE.pair_matches``): a round of a Double-Swiss file (default the
    next) under a Double-Swiss rule set; ``baku_acceleration``: C.04.7 Baku over the matches
    (:func:`baku_virtual_points`) unless the file gives virtual points (250); ``adjust``: the
    arbiter's decisions applied to the state first."""
    t = tournament
    if baku_acceleration and not t.accelerations:
        t = replace(t, accelerations=baku_virtual_points(t, switches_of(rules)), accelerations_generated=True)
    state = competition_state(t, competition_rules(rules, baku_acceleration, t.system or ""), round_no)
    return pair_competition(adjust(state) if adjust is not None else state, rules, settings, record_refusals)


def competitor_rows(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                    baku_acceleration: bool = False) -> list[dict[str, object]]:
    """Each player before the round, as ``cpswiss state`` prints it: the score (and the pairing
    score under acceleration), the match colours had (1.6) and Whites (4.3.2), the float of the
    previous round (1.5), [C2], matches played (3.4.3), to be paired; after the last round once
    the tournament is finished."""
    t = tournament
    switches = switches_of(rules)
    if baku_acceleration and not t.accelerations:
        t = replace(t, accelerations=baku_virtual_points(t, switches), accelerations_generated=True)
    state = competition_state(t, competition_rules(rules, baku_acceleration, t.system or ""), round_no,
                              after_last_round=round_no is None)
    pairing = {p.tpn: p for p in players_of(state, switches)}
    rows: list[dict[str, object]] = []
    for c in sorted(state.competitors.values(), key=lambda c: (-c.score, c.id)):
        p = pairing.get(c.id)
        rows.append({"tpn": c.id, "name": c.name, "score": c.real_score / 10, "pairing score": c.score / 10,
                     "colours": "".join(c.colours) or "-", "whites": c.whites,
                     "floated": p.floated if p else c.floated_last_round,
                     "PAB allowed": c.bye_eligible, "matches": p.matches_played if p else c.matches_played,
                     "to pair": c.available})
    return rows
