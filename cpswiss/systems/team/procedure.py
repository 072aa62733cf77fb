"""One round of a C.04.6 team tournament: the teams' state as the shared procedure sees it,
the procedure (:mod:`cpswiss.systems.shared.topdown`: Art. 3.3-3.6), then the colours
(Art. 4) and the boards in order.

Board order (GHR 3.6, as the team engines write it): the higher score of the pair first, then
the higher sum of the pair's scores, then the smaller TPN; the pairing-allocated bye last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.systems.shared import topdown
from cpswiss.systems.shared.topdown import Compatible, Entrant, RoundPlan, Wish
from cpswiss.systems.shared.topdown_criteria import TopDownCriteria, lapses, read_criteria
from cpswiss.systems.team.criteria import MEASURES
from cpswiss.systems.team.colours import MatchColours, TeamColourState, allocate, preference
from cpswiss.systems.team.switches import TeamSwitches
from cpswiss.tournament.competition_state import GAME_POINTS, MATCH_POINTS, CompetitionRules, competition_state

if TYPE_CHECKING:
    from cpswiss.rulesets.ruleset import RuleSet
    from cpswiss.solver.settings import SolverSettings
    from cpswiss.tournament.competition_state import CompetitionState, CompetitorState, StateAdjustment
    from cpswiss.tournament.model import Tournament


def competition_rules(rules: RuleSet, baku: bool = False, code: str = "") -> CompetitionRules:
    """The scoring and counting a team rule set names (its ``[switches]``), for
    :func:`cpswiss.tournament.competition_state.competition_state`."""
    switches = _switches(rules)
    if baku and switches.primary == "game-points":
        raise InputError("Baku acceleration cannot be used with game points as the primary score "
                         "(C.04.7 Art. 1.4.4)")
    primary = MATCH_POINTS if switches.primary == "match-points" else GAME_POINTS
    return CompetitionRules("team", primary, switches.secondary_used, switches.colour_preferences, baku,
                            code=code)


def _switches(rules: RuleSet) -> TeamSwitches:
    switches = rules.switches
    return switches if isinstance(switches, TeamSwitches) else TeamSwitches()


@dataclass
class TeamRoundPairing:
    """A paired round: the matches in board order (white team, black team, the article that
    gave the colours), the team with the pairing-allocated bye, and how the procedure got
    there (``plan``: the bye and each bracket), under ``rules`` from ``state``; ``entrants``:
    the teams as the procedure saw them; ``wishes``: their colour preferences."""

    round_no: int
    matches: list[MatchColours]
    bye: int | None
    plan: RoundPlan
    state: CompetitionState
    rules: RuleSet
    entrants: list[Entrant] = field(default_factory=list)
    wishes: dict[int, Wish] = field(default_factory=dict)


def round_criteria(state: CompetitionState, rules: RuleSet, record_refusals: bool = False) -> TopDownCriteria:
    """The rule set's criteria as they apply in this round (:func:`~cpswiss.systems.shared.
    topdown_criteria.read_criteria`, in the rule file's order): a criterion with
    ``except_last_round`` ([C7], [C10]) does not apply in the last two rounds (Art. 2.3.4,
    2.3.7), for which the number of rounds (record 142) is needed."""
    lapse = False
    if lapses(rules.criteria):
        if state.total_rounds is None:
            raise InputError("the number of rounds (record 142) is needed: [C7] and [C10] do not apply in "
                             "the last two rounds (C.04.6 Art. 2.3)", state.tournament.path)
        lapse = state.round_no >= state.total_rounds - 1
    return read_criteria(rules.criteria, MEASURES, rules.source or rules.name, lapse, _switches(rules).c6,
                         record_refusals)


def wishes_of(state: CompetitionState, rules: RuleSet) -> dict[int, Wish]:
    """Each team's colour preference (Art. 1.7) before the round."""
    switches = _switches(rules)
    return {c.id: preference(c.colours, switches.colour_preferences, state.is_last_round,
                             switches.last_round_zero_cd)
            for c in state.competitors.values()}


def entrants_of(state: CompetitionState, wishes: dict[int, Wish], bye_eligibility: bool = True) -> list[Entrant]:
    """The teams to pair as the shared procedure sees them: the pairing score (the state's
    ``score``: virtual points of a 250 record or of Baku's method included once, by
    :func:`cpswiss.tournament.competition_state.team_virtual_points`), matches played, [C2]
    (every team may take the PAB when the rule set lists no ``bye_eligibility``), the previous
    round's float (Art. 1.5, judged on the pairing scores of that round)."""
    return [Entrant(c.id, c.score, c.matches_played, c.bye_eligible or not bye_eligibility, c.floated_last_round,
                    wishes[c.id])
            for c in state.to_pair]


def may_meet(state: CompetitionState, forfeit_is_meeting: bool = False, no_rematch: bool = True) -> Compatible:
    """[C1] and the competition's forbidden pairs (260), by TPN; ``forfeit_is_meeting`` (TS-8):
    a match forfeited as a whole bars a second meeting too; a rematch the arbiter allows
    (``state.allowed_pairs``) is not barred; ``no_rematch`` False (a rule set without [C1]):
    only the forbidden pairs are."""
    teams = state.competitors
    met = {c.id: set(c.opponents) if no_rematch else set() for c in teams.values()}
    if forfeit_is_meeting and no_rematch:
        for c in teams.values():
            met[c.id] |= {e.opponent for e in c.entries if e is not None and e.opponent is not None}
    for c in teams.values():
        met[c.id] = (met[c.id] - state.rematches_allowed(c.id)) | set(c.forbidden)

    def compatible(a: int, b: int) -> bool:
        return b not in met[a] and a not in met[b]

    return compatible


def parity_numbers(state: CompetitionState, switches: TeamSwitches) -> dict[int, int]:
    """The number whose parity Art. 4.3.1 reads for each team (TS-7): its TPN, or its rank by
    TPN among the teams that have arrived."""
    if switches.parity_numbers == "tpn":
        return {c: c for c in state.competitors}
    arrived = sorted(c.id for c in state.competitors.values() if c.entered)
    return {tpn: rank for rank, tpn in enumerate(arrived, start=1)}


def colour_state(c: CompetitorState, wish: Wish, switches: TeamSwitches, pairing_score: int,
                 parity_number: int) -> TeamColourState:
    """What Art. 4 reads of a team; 4.2.1 compares the standings (TS-6) or the pairing score."""
    primary = c.real_score if switches.first_team_score == "standings" else pairing_score
    return TeamColourState(c.id, primary, c.secondary, c.colours, wish, parity_number)


def pair_competition(state: CompetitionState, rules: RuleSet, settings: SolverSettings | None = None,
                     record_refusals: bool = False) -> TeamRoundPairing:
    """The round's pairing by C.04.6: NoPairingError when none is legal (Art. 3.3.3)."""
    switches = _switches(rules)
    criteria = round_criteria(state, rules, record_refusals)
    wishes = wishes_of(state, rules)
    entrants = entrants_of(state, wishes, criteria.bye_eligibility)
    plan = topdown.pair_round(entrants, may_meet(state, switches.forfeit_is_meeting, criteria.no_rematch),
                              criteria.rules)
    teams = state.competitors
    score = {e.tpn: e.score for e in entrants}
    number = parity_numbers(state, switches)
    matches = [allocate(colour_state(teams[a], wishes[a], switches, int(score[a]), number[a]),
                        colour_state(teams[b], wishes[b], switches, int(score[b]), number[b]),
                        state.initial_colour, switches.secondary_used, switches.colour_preferences == "B")
               for a, b in plan.pairs]
    matches.sort(key=lambda m: (-max(score[m.white], score[m.black]), -(score[m.white] + score[m.black]),
                                min(m.white, m.black)))
    return TeamRoundPairing(state.round_no, matches, plan.bye.tpn if plan.bye else None, plan, state, rules,
                            entrants, wishes)


def pair_tournament_round(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                          settings: SolverSettings | None = None, record_refusals: bool = False,
                          baku: bool = False, adjust: StateAdjustment | None = None) -> TeamRoundPairing:
    """The engine's entry (``ENGINE.pair_matches``): a round of a team file (default the next)
    under a team rule set (``baku``: record 192 asks for Baku acceleration; ``adjust``: the
    arbiter's decisions applied to the state first)."""
    state = competition_state(tournament, competition_rules(rules, baku, tournament.system or ""), round_no)
    return pair_competition(adjust(state) if adjust is not None else state, rules, settings, record_refusals)


def competitor_rows(tournament: Tournament, rules: RuleSet, round_no: int | None = None,
                    baku: bool = False) -> list[dict[str, object]]:
    """Each team before the round, as ``cpswiss state`` prints it: scores (match and game
    points, the pairing score), colours had and colour difference (1.6), preference (1.7),
    float in the previous round (1.5), [C2], matches played, to be paired; after the last round
    once the tournament is finished."""
    state = competition_state(tournament, competition_rules(rules, baku, tournament.system or ""), round_no,
                              after_last_round=round_no is None)
    wishes = wishes_of(state, rules)
    rows: list[dict[str, object]] = []
    for c in sorted(state.competitors.values(), key=lambda c: (-c.score, c.id)):
        wish = wishes[c.id]
        rows.append({
            "tpn": c.id, "team": c.name, "MP": c.match_points / 10, "GP": c.game_points / 10,
            "score": c.score / 10,
            "colours": "".join(c.colours) or "-", "CD": c.colour_difference,
            "preference": (wish.colour or "-") + (" strong" if wish.strong else ""),
            "floated": c.floats[0].name.lower() if c.floats else "-",
            "PAB allowed": c.bye_eligible, "played": c.matches_played, "to pair": c.available})
    return rows
