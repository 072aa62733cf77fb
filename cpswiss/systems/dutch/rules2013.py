"""The 2013 edition's bracket rules that the other editions do not have (C.04.3.1): the bracket
a bracket's downfloaters land in (C.1, C.12, C.13), the penultimate bracket joined with every
bracket below it (C.13, C.14), and a heterogeneous bracket treated as homogeneous when at least
half of it moved down (A.3).  The readings follow JaVaFo 1.4 (tests/data/dutch-2013-endorse)."""

from __future__ import annotations

from typing import Literal

from cpswiss.solver.completion import (AllBut, ShrinkingCompletion, completable, complete_matching_exists, coverable,
                                      exchanged_in)
from cpswiss.solver.matchings import pairs_in_order
from cpswiss.tournament.compatibility import barred_later, compatible, compatible_later
from cpswiss.tournament.state import PlayerState, RoundState


def c13_join(bracket: list[PlayerState], n_mdp: int, below: list[PlayerState],
             state: RoundState) -> Literal["moved-down", "homogeneous"] | None:
    """2013 C.13 with A.3 and C.14 (C.04.3.1), for a heterogeneous bracket whose first
    pairing leaves the players below it unpairable: is it joined with every bracket below
    it - ``"moved-down"``, its players the joined bracket's moved-down players, paired
    first; ``"homogeneous"``, the joined bracket treated as homogeneous - or (None)
    re-paired on its own, every remaining player in the model, completion on top: C.13's
    "another pairing in the penultimate score bracket which will allow a pairing in the
    lowest score bracket", p lowered by C.14 as far as needed.

    A.3 pairs the moved-down players of a heterogeneous bracket first, so the pairings of
    the bracket that C.13 tries are those that still pair one of them ("p" counts their
    pairs).  When none of them leaves the rest pairable (bye included, B.1.b), p becomes
    zero and the bracket is joined with the ones below (JaVaFo 1.4,
    tests/data/dutch-2013-endorse: s34-r07, 12-11 and 12-16 each leave 12's bye to nobody
    else, so 11-16 with 12 floating is not tried and the 2.5 bracket, 3 of 9, joins).  The
    joined bracket's moved-down players are the penultimate bracket's players, paired
    first - unless they are at least half of it: then A.3 treats it as homogeneous
    (s3390-r10: MDP 48, who alone may take the bye, and 7 residents above 3 players who
    have all met each other: one bracket of 11, 42-56, 52-61, 49-50, 54-57, 60-51, the
    first on colours in D.2's order of exchanges; s1065-r08, s1009-r09, s3494-r07).  A
    penultimate bracket that A.3 itself treats as homogeneous (:func:`treated_as_homogeneous`) comes
    with ``n_mdp`` 0: no MDP is paired first, so it is re-paired as any homogeneous one; and
    so is one whose moved-down players can meet none of its residents (C.1 moves them on;
    s8964-r07: MDPs 1 and 3 above 2, 4, 5, 6 are moved on and 5-6 alone is paired, not the
    whole field joined)."""
    if not moved_down_with_a_resident(bracket, n_mdp, state):
        return None
    players = bracket + below
    for m in bracket[:n_mdp]:
        for r in bracket[n_mdp:]:
            if compatible(m, r, state) and completable([p for p in players if p is not m and p is not r], state):
                return None
    if a3_homogeneous(len(bracket), len(players)):
        return "homogeneous"
    # moved-down players meet residents only (B.3's graph): joined so only if that pairs them
    later = compatible_later(players, state)
    edges = [(i, j) for i in range(len(players)) for j in sorted(later[i]) if j >= len(bracket)]
    takers = [i for i, p in enumerate(players) if state.may_take_pab(p)]
    return "moved-down" if complete_matching_exists(len(players), edges, takers) else None


def a3_homogeneous(n_moved_down: int, n_players: int) -> bool:
    """2013 A.3 (C.04.3.1): "A heterogeneous score bracket of which at least half of the
    players have come from a higher score bracket is also treated as though it was
    homogeneous" - a bracket of ``n_players`` of whom ``n_moved_down`` moved down."""
    return n_moved_down > 0 and 2 * n_moved_down >= n_players


def treated_as_homogeneous(bracket: list[PlayerState], n_mdp: int, state: RoundState) -> bool:
    """:func:`a3_homogeneous` for a bracket whose first ``n_mdp`` players moved down, counted
    once C.1 has moved on the moved-down players who can meet none of its residents
    (:func:`moved_down_with_a_resident`; JaVaFo 1.4, tests/data/dutch-2013-endorse: s7046-r10, the 5.5 bracket, MDPs 2, 4, 5 and 1, of whom 1
    can meet none of the residents 3, 6, 7: 3 of 6, one bracket in which 2-3, 4-6 is generated
    first; s8547-r09, the 5.0 bracket, MDPs 1, 2, 3, 4, of whom only 3 can meet a resident
    (5, 7): 1 of 3, so 3 is paired first and B.6 keeps 5, who floated up two rounds before,
    from him: 3-7)."""
    movable = len(moved_down_with_a_resident(bracket, n_mdp, state))
    return a3_homogeneous(movable, len(bracket) - n_mdp + movable)


def moved_down_with_a_resident(bracket: list[PlayerState], n_mdp: int, state: RoundState) -> list[PlayerState]:
    """The moved-down players of the bracket (its first ``n_mdp``) who may meet one of its
    residents (B.1, B.2); C.1 moves the others on."""
    return [m for m in bracket[:n_mdp] if any(compatible(m, r, state) for r in bracket[n_mdp:])]


def landing_bracket(groups: list[list[PlayerState]], index: int, above: list[PlayerState],
                    state: RoundState) -> list[PlayerState]:
    """2013 C.1, C.12, C.13 (C.04.3.1): the bracket that downfloaters sent to scoregroup
    ``index`` are paired in.  The lowest bracket that cannot be paired is merged with the one
    above it, repeatedly; but the lowest bracket is paired with the players who float into
    it, so the merges reach the next scoregroup only when the players below it cannot all
    be paired (one of them may take the bye) even with any players of the next scoregroup
    or of the bracket ``above`` (the one whose downfloaters these are) coming down to them,
    each free to stay up (:func:`coverable`).  Otherwise a downfloater who can meet nobody
    of the next scoregroup sends the procedure back (C.1 -> C.12), as JaVaFo 1.4 reads it
    (tests/data/dutch-2013-endorse, s61-r10: merging whenever the players below cannot pair
    among themselves floats 14, whom no one of the 4.0 scoregroup may meet; s2059-r05: 20
    alone below takes the bye, so 22, who has met 21, the one player of the next scoregroup,
    may not float; s2085-r06: 6, 7, 8 below are paired with a floater of the 3.0 bracket
    coming down, so 4, who has met 3, may not float)."""
    landing = list(groups[index])
    k = index + 1
    while k < len(groups) and not coverable([p for g in groups[k:] for p in g], groups[index] + above, state):
        landing += groups[k]
        k += 1
    return landing


def last_bracket_partners(landing: list[PlayerState], state: RoundState) -> list[PlayerState]:
    """2013 C.1 with C.12 when downfloaters land in the last bracket (C.04.3.1): there an
    opponent "can be found" for a moved-down player only if the rest of the bracket can
    still be paired, bye included (B.1.b); otherwise the procedure goes back (C.12) for
    another downfloater, before any colour preference is given up (JaVaFo 1.4;
    tests/data/dutch-2013-endorse, s70-r08: 32 could meet only 31, whose pairing leaves 36,
    who may not take the bye).  The players of the last bracket who can be such an
    opponent: each question :func:`~cpswiss.solver.completion.completable`'s, put to one kept
    pairing mended where it breaks (:class:`~cpswiss.solver.completion.ShrinkingCompletion`),
    not afresh for every player of a large last bracket."""
    ask = ShrinkingCompletion(state)
    return [q for k, q in enumerate(landing) if ask(landing[:k] + landing[k + 1:])]


def c12_at_its_least(floater: PlayerState | None, landing: list[PlayerState], state: RoundState) -> bool:
    """2013 C.12 (C.04.3.1) met as well as any pairing meets it, for a bracket whose pairs leave
    at most one ``floater`` and whose downfloaters land in ``landing``, the next scoregroup: the
    floater has an opponent there and the landing bracket pairs with at most one of its players
    left, so :func:`~cpswiss.systems.dutch.units.stranded_downfloaters` counts none and
    :func:`~cpswiss.systems.dutch.units.landing_unpaired` counts its allowance (one), the least
    either counts.  Shown by pairing the floater and then the landing bracket in order
    (:func:`~cpswiss.solver.matchings.pairs_in_order`), those it leaves unpaired (but one of the
    landing bracket where they are odd) then placed by exchanges
    (:func:`~cpswiss.solver.completion.exchanged_in`); False where that does not show it (not a
    proof of the contrary).  A pairing chosen without C.12 that meets it so is the one chosen
    with it (docs/readings.md RN-35)."""
    players = ([floater] if floater is not None else []) + landing
    n = len(players)
    barred = barred_later(players, state)
    paired = pairs_in_order(n, [AllBut(b) for b in barred])
    if 2 * len(paired) >= n - 1 and (floater is None or any(0 in pair for pair in paired)):
        return True
    left_out: frozenset[int] = frozenset()
    if n % 2:  # one of the landing bracket stays unpaired: the last one the pairing in order left
        unpaired = [v for v in range(1 if floater is not None else 0, n) if all(v not in pair for pair in paired)]
        keep = unpaired[-1] if unpaired else n - 1
        left_out = frozenset([keep])
        paired = [pair for pair in paired if keep not in pair]
    return exchanged_in(n, paired, barred, left_out) is not None
