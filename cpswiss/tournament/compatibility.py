"""The absolute criteria as pair compatibility: C.04.3 C.1 / C.3 (2026 [C1], [C3]).
[C2] (who may take the bye) is a property of a player: ``RoundState.may_take_pab``."""

from __future__ import annotations

from cpswiss.tournament.state import PlayerState, RoundState

# the units of the absolute criteria a rule file names (C.1-C.3 / [C1]-[C3], every system):
# decided by the compatibility here, never by a level
ABSOLUTE_UNITS: frozenset[str] = frozenset({"no-rematch", "bye-eligibility", "absolute-colour-clash"})


def compatible(a: PlayerState, b: PlayerState, state: RoundState) -> bool:
    """C.1 (no rematch, forbidden pairs) and C.3 (non-topscorers with the same absolute
    preference do not meet).  RN-14: the pair is allowed as soon as either player is a
    topscorer in the final round (decided by ``n042-r10of10-t028``: without the
    exception the pairing differs there)."""
    if state.allowed_pairs and frozenset((a.id, b.id)) in state.allowed_pairs and b.id not in a.forbidden:
        return True  # the arbiter's decision (cpswiss resolve)
    if not a.can_meet(b):
        return False
    if clashing(a, state) and clashing(b, state) and a.preference == b.preference:
        return state.colour_limits_waived(a, b)
    return True


def clashing(p: PlayerState, state: RoundState) -> bool:
    """C.3 applies to him: an absolute colour preference (RN-14: not a final-round topscorer)."""
    return p.absolute and not state.exempt_from_colour_limits(p)


def compatible_later(players: list[PlayerState], state: RoundState) -> list[set[int]]:
    """For each player i, the players j > i (by position) he may meet: :func:`compatible`
    for every pair at once, by set operations (the same rule, C.1 and C.3 with RN-14;
    tests check that the two agree on every pair)."""
    n = len(players)
    return [set(range(i + 1, n)) - barred for i, barred in enumerate(barred_later(players, state))]


def barred_later(players: list[PlayerState], state: RoundState) -> list[set[int]]:
    """For each player i, the players j > i (by position) he may not meet: the complement
    of :func:`compatible_later` (few: mostly his past opponents)."""
    index = {p.id: k for k, p in enumerate(players)}
    position = index.get
    clash = [clashing(p, state) for p in players]
    same_absolute: dict[str | None, set[int]] = {}
    for k, p in enumerate(players):
        if clash[k]:
            same_absolute.setdefault(p.preference, set()).add(k)
    later = []
    for i, p in enumerate(players):
        # each set holds only the players after i: the rule's sets, each cut to k > i
        barred = {k for o in p.opponents if (k := position(o, -1)) > i}
        if p.forbidden:
            barred.update([k for o in p.forbidden if (k := position(o, -1)) > i])
        if clash[i]:
            same = same_absolute[p.preference]
            if state.colour_clash_waived:  # a variant's waived groups (Olympiad colour rule)
                same = {k for k in same if not state.colour_limits_waived(p, players[k])}
            barred.update([k for k in same if k > i])
        if state.allowed_pairs:  # the arbiter's decisions (cpswiss resolve)
            barred -= {index[o] for pair in state.allowed_pairs if p.id in pair for o in pair
                       if o != p.id and o in index and o not in p.forbidden}
        later.append(barred)
    return later


def every_pair_compatible(players: list[PlayerState], state: RoundState) -> bool:
    """Is every pair of these players allowed (C.1, C.3)?  Told in linear time, without the
    pairs: nobody has met or is forbidden to meet another of them, and no two of them are
    barred by C.3 (for each colour at most one player with an absolute preference for it,
    RN-14's final-round topscorers aside).  A "no" may be conservative (an arbiter's
    allowed pair is not looked at); the pairwise test then decides."""
    ids = {p.id for p in players}
    if any(p.opponents & ids or p.forbidden & ids for p in players):
        return False
    absolute: dict[str | None, int] = {}
    for p in players:
        if clashing(p, state):
            absolute[p.preference] = absolute.get(p.preference, 0) + 1
    return all(count < 2 for count in absolute.values())
