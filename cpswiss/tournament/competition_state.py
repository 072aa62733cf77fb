"""The state of every competitor before a round, computed on matches: what a team system
(C.04.6) or the Double-Swiss system (C.04.5) pairs from.

:func:`competition_state` reads the competitors of :mod:`cpswiss.tournament.competitors` under a
:class:`CompetitionRules` (which score is primary, which colour preferences, which rounds bar
the pairing-allocated bye - named by the rule set, or by the file's record 192 through
:func:`rules_for_code`) and gives, per competitor: primary and secondary scores, the colours it
had (board-1 / game-1 colour of played matches, unplayed rounds squeezed out: GHR 3.4), colour
difference, floats, opponents met in played matches (a match forfeited as a whole is no meeting,
GHR 3.5), the bye bar ([C2]), matches played, and whether it is to be paired.  Colour
*preferences* (C.04.6 Art. 1.7) are the system's: they are read from these fields.

The sums are each competitor's :class:`~cpswiss.tournament.history.CompetitorHistory`, the ones
the individual state reads (:mod:`cpswiss.tournament.state`): scores, colours had, opponents,
matches played, the bye bar, the floats (Art. 1.5: :func:`~cpswiss.tournament.history.past_float`
with ``unplayed_round_float = "never"``) and the refusal of a round with no result yet are
computed there once for every system; this module reads them under the
:class:`CompetitionRules` (:func:`past_round_rules`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from cpswiss.errors import InputError
from cpswiss.tournament.acceleration import baku_schedule
from cpswiss.tournament.competitors import Competitor, CompetitorEntry, EntryKind, competitors
from cpswiss.tournament.history import Float, PastRoundRules, competitor_history, past_float, refuse_pending_rounds
from cpswiss.tournament.model import Tournament
from cpswiss.tournament.team_records import MatchScoring
from cpswiss.tournament.colour import BLACK, WHITE, Colour
from cpswiss.tournament.state import initial_colour_shown

MATCH_POINTS, GAME_POINTS = "match-points", "game-points"


@dataclass(frozen=True)
class CompetitionRules:
    """How the matches of a team or Double-Swiss tournament are scored and counted.

    ``primary``: the score that pairs (C.04.6 Art. 1.2.1: match or game points; C.04.5: game
    points); ``secondary_used``: whether the other score decides colours (C.04.6 Art. 4.2.2);
    ``colour_preferences``: ``"A"``, ``"B"`` or ``"none"`` (C.04.6 Art. 1.7); ``bye_barred_by``:
    the entry kinds that bar a further pairing-allocated bye ([C2] of both systems: a PAB, a
    match won by forfeit, a full-point bye); ``baku``: the record 192 asks for Baku acceleration
    (C.04.7)."""

    system: str  # "team" (C.04.6) or "double-swiss" (C.04.5)
    primary: str = MATCH_POINTS
    secondary_used: bool = True
    colour_preferences: str = "A"
    baku: bool = False
    bye_barred_by: frozenset[EntryKind] = frozenset((EntryKind.PAB, EntryKind.FORFEIT_WIN, EntryKind.FULL_BYE))
    code: str = ""  # the record-192 code these rules were read from ("" when given otherwise)


TEAM_CODE_PREFIX = "FIDE_TEAM"
DOUBLE_SWISS_CODES = ("FIDE_DOUBLESWISS",)


def rules_for_code(code: str) -> CompetitionRules | None:
    """The rules a record-192 code names for a team or Double-Swiss tournament (ETT26):
    ``FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]`` - bare ``FIDE_TEAM`` is
    ``FIDE_TEAM_TYPEA_MP_GP``; no type with a score part is "no colour preferences"; one score
    alone means the secondary is not used (docs/formats.md) - and ``FIDE_DOUBLESWISS[_BAKU]``.
    None for any other code (an individual system's, or not a code of these systems)."""
    code = code.strip().upper()
    baku = code.endswith("_BAKU")
    bare = code[: -len("_BAKU")] if baku else code
    if bare in DOUBLE_SWISS_CODES:
        return CompetitionRules("double-swiss", GAME_POINTS, False, "none", baku, code=code)
    if bare != TEAM_CODE_PREFIX and not bare.startswith(TEAM_CODE_PREFIX + "_"):
        return None
    parts = bare[len(TEAM_CODE_PREFIX) + 1:].split("_") if bare != TEAM_CODE_PREFIX else []
    if not parts:
        return CompetitionRules("team", MATCH_POINTS, True, "A", baku, code=code)
    preferences = "none"
    if parts[0] in ("TYPEA", "TYPEB"):
        preferences = parts.pop(0)[-1]
    scores = {"MP": MATCH_POINTS, "GP": GAME_POINTS}
    if not 1 <= len(parts) <= 2 or any(p not in scores for p in parts) or len(set(parts)) != len(parts):
        return None
    return CompetitionRules("team", scores[parts[0]], len(parts) == 2, preferences, baku, code=code)


@dataclass(frozen=True)
class CompetitorState:
    """One competitor (a team, or a Double-Swiss player) as the pairing of a round sees it."""

    id: int  # team pairing number (C.04.6 Art. 1.1) or the player's pairing number
    name: str
    members: tuple[int, ...]  # players in default board order (a player: itself)
    score: int  # primary score in tenths, with the round's virtual points (pairing score)
    real_score: int  # primary score without virtual points
    secondary: int  # the other score (game points when match points are primary, and vice versa)
    match_points: int
    game_points: int
    available: bool  # to be paired in this round
    entered: bool  # available, or took part in the pairing of an earlier round (4.3.1 numbering)
    opponents: frozenset[int]  # met in played matches ([C1]; GHR 3.5: wholly forfeited matches excluded)
    forbidden: frozenset[int]  # 260 prohibited opponents in this round
    colours: tuple[Colour, ...]  # had in played matches, in order (C.04.6 1.6.1, C.04.5 1.6; GHR 3.4)
    floats: tuple[Float, ...]  # one per past round, latest first: UP / DOWN against an opponent of another score (1.5)
    bye_eligible: bool  # not barred by [C2]
    matches_played: int  # C.04.6 Art. 3.4.3
    entries: tuple[CompetitorEntry | None, ...]  # its rounds before this one

    @property
    def colour_difference(self) -> int:
        """C.04.6 Art. 1.6.2: matches with White minus matches with Black."""
        return self.colours.count(WHITE) - self.colours.count(BLACK)

    @property
    def whites(self) -> int:
        """Matches had with White (C.04.5 Art. 4.3.2)."""
        return self.colours.count(WHITE)

    @property
    def floated_last_round(self) -> bool:
        """A floater in the previous round (C.04.6 [C7], [C10]; C.04.5 [C7], [C8])."""
        return bool(self.floats) and self.floats[0] is not Float.NONE


@dataclass
class CompetitionState:
    """Every competitor before the round to pair."""

    tournament: Tournament
    round_no: int  # the round (match) to pair
    total_rounds: int | None  # rounds (matches) of the tournament
    initial_colour: Colour  # C.04.6 Art. 4.1, record 152
    rules: CompetitionRules
    competitors: dict[int, CompetitorState] = field(default_factory=dict)
    # pairs the arbiter lets meet although [C1] bars them (``cpswiss resolve``, C.04.6 and
    # C.04.5 Art. 3.3.3); a forbidden pair (260) never meets
    allowed_pairs: frozenset[frozenset[int]] = frozenset()

    def rematches_allowed(self, cid: int) -> set[int]:
        """The competitors ``cid`` may meet again although [C1] bars it (:attr:`allowed_pairs`)."""
        return {other for pair in self.allowed_pairs if cid in pair for other in pair if other != cid}

    @property
    def is_last_round(self) -> bool:
        return self.total_rounds is not None and self.round_no >= self.total_rounds

    @property
    def to_pair(self) -> list[CompetitorState]:
        """The competitors to pair: score descending, then pairing number."""
        return sorted((c for c in self.competitors.values() if c.available), key=lambda c: (-c.score, c.id))


StateAdjustment = Callable[[CompetitionState], CompetitionState]
"""A change of the state before the procedure runs: the arbiter's decisions (what-if, resolve),
as :meth:`cpswiss.check.decisions.Decisions.apply_to_competitors` makes it."""


def paired_matches(t: Tournament) -> int:
    """The last round (match) that holds a game or a pairing-allocated bye."""
    return -(-t.last_paired_round // t.games_per_round)


def total_matches(t: Tournament) -> int | None:
    """The rounds (matches) of the tournament: ``142`` counts games (two a Double-Swiss match)."""
    return t.total_rounds // t.games_per_round if t.total_rounds is not None else None


def is_finished(t: Tournament) -> bool:
    """Every round (match) of ``142`` is paired: the tournament is over."""
    total = total_matches(t)
    return total is not None and paired_matches(t) >= total


def competition_state(t: Tournament, rules: CompetitionRules | None = None,
                      round_no: int | None = None, after_last_round: bool = False) -> CompetitionState:
    """The state of every competitor before ``round_no`` (default: the round after the last
    paired one; a round already paired is seen as before it: its competitors who took part in
    its pairing are the ones available).  ``rules``: default, as the file's record 192 names
    them (InputError when it names none).  ``after_last_round``: a finished tournament gives its
    final state, after the last round (``cpswiss state``), instead of the refusal that there is
    nothing to pair."""
    if rules is None:
        rules = rules_for_code(t.system or "")
        if rules is None:
            raise InputError(f"record 192 {t.system or '(missing)'} names no team or Double-Swiss system",
                             t.path)
    last = paired_matches(t)
    total = total_matches(t)
    if round_no is None:
        round_no = last + 1
    if round_no < 1 or round_no > last + 1:
        raise InputError(f"cannot pair round {round_no}: rounds 1-{last} are paired", t.path)
    if round_no > last and total is not None and round_no > total and not after_last_round:
        raise InputError(f"all {total} rounds (142) are already paired; nothing to pair", t.path,
                         t.total_rounds_line)
    found = competitors(t)
    past = past_round_rules(rules, t)
    histories = {cid: competitor_history(t, c, past) for cid, c in found.items()}
    refuse_pending_rounds(t, histories, round_no, "team" if t.is_team_tournament else "player")
    virtual = team_virtual_points(t, rules) if t.is_team_tournament else {}
    by_match_points = rules.primary == MATCH_POINTS

    def score_before(cid: int, r: int) -> int:
        """The pairing score before round ``r``: the primary score with that round's virtual points."""
        h = histories[cid]
        return (h.match_points if by_match_points else h.game_points)[r - 1] + _virtual(t, cid, r, rules, virtual)

    floats_of = [{cid: past_float(cid, h.entry(r), r, score_before, past) for cid, h in histories.items()}
                 for r in range(round_no - 1, 0, -1)]  # latest first
    forbidden = _forbidden(t, round_no)
    history = round_no - 1
    states: dict[int, CompetitorState] = {}
    for cid in sorted(found):
        c, h = found[cid], histories[cid]
        entries = c.entries[:history] + (None,) * max(0, history - len(c.entries))
        available = _available(t, c, round_no, last)
        mp, gp = h.match_points[history], h.game_points[history]
        primary, secondary = (mp, gp) if by_match_points else (gp, mp)
        states[cid] = CompetitorState(
            id=cid, name=c.name, members=c.members, score=primary + _virtual(t, cid, round_no, rules, virtual),
            real_score=primary, secondary=secondary, match_points=mp, game_points=gp,
            available=available, entered=available or h.entered_before(round_no),
            opponents=frozenset(h.opponents[:h.played[history]]),
            forbidden=forbidden.get(cid, frozenset()), colours=h.colours[:h.coloured[history]],
            floats=tuple(f[cid] for f in floats_of), bye_eligible=h.bye_bars[history] == 0,
            matches_played=h.played[history], entries=entries)
    # without 152: recovered by the pairing numbers as given (C.04.6 / C.04.5 Art. 4.3.1 read the TPN;
    # a competitor absent in round 1 does not renumber the others: docs/team-2026.md TS-7)
    initial = t.initial_colour or initial_colour_shown(
        [[(None, False) if e is None else (e.colour, e.kind.took_part_in_pairing) for e in found[cid].entries]
         if cid in found else [] for cid in range(1, max(found, default=0) + 1)], everyone=True)
    return CompetitionState(t, round_no, total, initial, rules, states)


def past_round_rules(rules: CompetitionRules, t: Tournament) -> PastRoundRules:
    """What a past round means to a team or Double-Swiss system: [C2]'s bye bar by the kinds
    ``rules`` names; no float without a played match (C.04.6 / C.04.5 Art. 1.5: ``never``), in a
    played one the higher pairing score down and the lower up; a round without an entry worth
    nothing."""
    return PastRoundRules(rules.bye_barred_by, False, "never", "scores", t.scoring.win, t.scoring.loss, 0)


def team_virtual_points(t: Tournament, rules: CompetitionRules) -> dict[int, list[tuple[int, int]]]:
    """Each team's virtual (match points, game points) per round: the ``250`` records, else,
    under a ``_BAKU`` code, C.04.7's Baku method over the team pairing numbers with a match
    win's points (C.04.7 example: MP 2/1/0, 11 rounds: +2 MP in rounds 1-3, +1 in rounds 4-6);
    C.04.7 1.4.4: not with game points as the primary score."""
    if t.team_accelerations or not rules.baku:
        return t.team_accelerations
    if rules.primary != MATCH_POINTS:
        raise InputError(f"record 192 {rules.code}: Baku acceleration needs match points as the primary score "
                         "(C.04.7 1.4.4)", t.path)
    if t.total_rounds is None:
        raise InputError("Baku acceleration needs the number of rounds (142)", t.path)
    schedule = baku_schedule(sorted(t.teams), t.total_rounds, (t.match_scoring or MatchScoring()).win)
    return {team: [(value, 0) for value in values] for team, values in schedule.items()}


def _virtual(t: Tournament, cid: int, r: int, rules: CompetitionRules,
             teams: dict[int, list[tuple[int, int]]]) -> int:
    """Virtual points of round ``r`` in the primary score (a team's from
    :func:`team_virtual_points` in ``teams``, a player's XXA / 250 ones in a Double-Swiss
    file)."""
    if t.is_team_tournament:
        pairs = teams.get(cid, [])
        if not 0 < r <= len(pairs):
            return 0
        return pairs[r - 1][0] if rules.primary == MATCH_POINTS else pairs[r - 1][1]
    values = t.accelerations.get(cid, [])
    column = t.games_per_round * (r - 1) + 1
    return values[column - 1] if 0 < column <= len(values) else 0


def _available(t: Tournament, c: Competitor, round_no: int, last: int) -> bool:
    """To be paired: for a round already paired, whoever took part in its pairing; for the next
    one, whoever has no bye or absence declared for it (240, XXZ, a block already written)."""
    if round_no <= last:
        e = c.entry(round_no)
        return e is not None and e.kind.took_part_in_pairing
    per = t.games_per_round
    columns = range(per * (round_no - 1) + 1, per * round_no + 1)
    if any(t.players[pid].entry(r) is not None for pid in c.members for r in columns):
        return False
    if t.is_team_tournament:
        return c.id not in t.team_byes.get(round_no, {})
    return c.id not in t.absent_next and not any(c.id in t.requested_byes.get(r, {}) for r in columns)


def _forbidden(t: Tournament, round_no: int) -> dict[int, frozenset[int]]:
    """260 prohibited pairings in force in ``round_no`` (team numbers in a team file)."""
    pairs = t.team_forbidden if t.is_team_tournament else t.forbidden
    found: dict[int, set[int]] = {}
    column = t.games_per_round * (round_no - 1) + 1
    for fp in pairs:
        if fp.applies(column if not t.is_team_tournament else round_no):
            for cid in fp.players:
                found.setdefault(cid, set()).update(q for q in fp.players if q != cid)
    return {cid: frozenset(others) for cid, others in found.items()}
