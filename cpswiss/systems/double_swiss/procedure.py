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
from dataclasses import dataclass

from cpswiss.colours.decoder import Board, Pairing
from cpswiss.errors import NoPairingError
from cpswiss.systems.double_swiss.colours import ColourFacts, allocate, higher_ranked
from cpswiss.systems.double_swiss.switches import DoubleSwissSwitches
from cpswiss.systems.shared.topdown import Entrant, RoundPlan, Rules, pair_round


@dataclass(frozen=True)
class Player:
    """One player to pair, as Art. 3 and 4 read him.  ``score``: the pairing score (virtual
    points included, C.04.7); ``standings``: without them; ``colours``: his match colours
    (1.6, DS-2), oldest first; ``matches_played``: 3.4.3 (DS-5); ``may_take_bye``: [C2]
    (DS-4); ``floated``: a floater in the previous round (1.5, DS-7); ``cannot_meet``: the
    players he has met ([C1], DS-1) and those he is forbidden to meet."""

    tpn: int
    score: int
    standings: int
    colours: tuple[str, ...] = ()
    matches_played: int = 0
    may_take_bye: bool = True
    floated: bool = False
    cannot_meet: frozenset[int] = frozenset()


@dataclass
class DoubleSwissRoundResult:
    """The round: ``pairing`` (boards: ``white`` has White in game 1, ``colour_rule`` the
    article of 4.3 that decided it) and ``plan``, the procedure's record (the PAB and why, each
    bracket with its upfloaters and identifier) for explanations."""

    pairing: Pairing
    plan: RoundPlan


def float_criteria_apply(round_no: int, total_rounds: int | None, switches: DoubleSwissSwitches) -> bool:
    """[C7] and [C8] apply "except in the last round" (DS-6: ``float_exemption_rounds`` = 1;
    2 reads it as C.04.6's last two rounds).  With the number of rounds unknown they apply."""
    if total_rounds is None:
        return True
    return round_no <= total_rounds - switches.float_exemption_rounds


def pair_players(players: Sequence[Player], round_no: int, total_rounds: int | None, initial_colour: str,
                 switches: DoubleSwissSwitches = DoubleSwissSwitches()) -> DoubleSwissRoundResult:
    """Art. 3.3.2 steps 1-4 for ``players`` (those to be paired this round).  NoPairingError
    when no legal round-pairing exists (3.3.3: the Chief Arbiter decides)."""
    by_tpn = {p.tpn: p for p in players}
    entrants = [Entrant(p.tpn, p.score, p.matches_played, p.may_take_bye, p.floated) for p in players]
    rules = Rules(float_criteria=float_criteria_apply(round_no, total_rounds, switches), c6=switches.c6)

    def compatible(a: int, b: int) -> bool:
        return b not in by_tpn[a].cannot_meet and a not in by_tpn[b].cannot_meet

    try:
        plan = pair_round(entrants, compatible, rules)
    except NoPairingError as e:
        raise NoPairingError(f"round {round_no}: no legal pairing exists ([C1], [C2]); C.04.5 Art. 3.3.3 "
                             "leaves the round to the Chief Arbiter", e.details) from e
    boards = [board_of(by_tpn[a], by_tpn[b], initial_colour, switches) for a, b in plan.pairs]
    boards.sort(key=lambda board: board_key(by_tpn[board.white], by_tpn[board.black]))
    return DoubleSwissRoundResult(Pairing(round_no, tuple(boards), plan.bye.tpn if plan.bye else None), plan)


def colour_facts(p: Player, switches: DoubleSwissSwitches) -> ColourFacts:
    """What Art. 4 reads of a player; 4.2 ranks by the pairing score or the standings (DS-11)."""
    return ColourFacts(p.tpn, p.score if switches.ranking_score == "pairing" else p.standings, p.colours)


def board_of(a: Player, b: Player, initial_colour: str, switches: DoubleSwissSwitches) -> Board:
    """Art. 4.3/4.4: the board of a pair; ``decider`` is the higher-ranked player (4.2)."""
    decided = allocate(colour_facts(a, switches), colour_facts(b, switches), initial_colour,
                       switches.fewer_whites)
    return Board(decided.white, decided.black, decided.rule, decided.higher_ranked)


def board_key(a: Player, b: Player) -> tuple[int, int, int]:
    """C.04.2 Art. 3.6 (C.04.5 sets no board order; DS-11): the higher-ranked player's score,
    then the other's (their sum), then the higher-ranked player's TPN; standings scores."""
    hi, lo = higher_ranked(ColourFacts(a.tpn, a.standings, ()), ColourFacts(b.tpn, b.standings, ()))
    return (-hi.score, -lo.score, hi.tpn)
