"""C.04.6 Art. 1.6, 1.7 and 4: a team's colour difference and preference, and each match's
colours with the article that decided them.

A team's colour is the one scheduled for its board-1 player, in played matches only (1.6.1);
``history`` is that sequence, oldest first.  Basic Rules 6 and 7 never apply (Art. 0): no colour
is ever absolute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cpswiss.systems.shared.topdown import NO_WISH, Wish
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite

PreferenceType = Literal["A", "B", "none"]


def colour_difference(history: Sequence[Colour]) -> int:
    """Art. 1.6.2: matches with White minus matches with Black."""
    return sum(1 if c == WHITE else -1 for c in history)


def preference(history: Sequence[Colour], kind: PreferenceType, last_round: bool,
               last_round_zero_cd: Literal["strong", "none"] = "strong") -> Wish:
    """Art. 1.7: the team's colour preference.  Type A (1.7.1): White when CD < -1, or CD is 0
    or -1 and the last two played matches were Black; Black mirror-wise; else none.  Type B
    (1.7.2): strong under the same conditions; mild White when CD = -1, or CD = 0 and (not in
    the last round) the last played match was Black; mild Black mirror-wise; none before any
    played match or with CD 0 in the last round.  ``last_round_zero_cd`` (TS-5): a team with
    CD 0 in the last round whose last two matches had the same colour - the strong clause
    ("strong") or the no-preference clause ("none")."""
    if kind == "none" or not history:
        return NO_WISH
    cd = colour_difference(history)
    last_two = tuple(history[-2:])
    strong: Colour | None = None
    if cd < -1 or (cd in (0, -1) and last_two == (BLACK, BLACK)):
        strong = WHITE
    elif cd > 1 or (cd in (0, 1) and last_two == (WHITE, WHITE)):
        strong = BLACK
    if kind == "A":
        return Wish(strong) if strong else NO_WISH
    if strong and not (last_round and cd == 0 and last_round_zero_cd == "none"):
        return Wish(strong, strong=True)
    if cd == 0 and last_round:
        return NO_WISH
    if cd == -1 or (cd == 0 and history[-1] == BLACK):
        return Wish(WHITE)
    if cd == 1 or (cd == 0 and history[-1] == WHITE):
        return Wish(BLACK)
    return NO_WISH


@dataclass(frozen=True)
class TeamColourState:
    """What Art. 4 reads of a team: TPN, primary and secondary score (4.2), the colours of its
    played matches oldest first (1.6), its preference (1.7), and the number whose parity 4.3.1
    reads (0: the TPN)."""

    tpn: int
    primary: float
    secondary: float
    history: tuple[Colour, ...]
    wish: Wish
    parity_number: int = 0


@dataclass(frozen=True)
class MatchColours:
    """A match's colours: the team with White (board 1), the one with Black, the article that
    decided it and the first-team (4.2)."""

    white: int
    black: int
    article: str
    first_team: int


def first_team(a: TeamColourState, b: TeamColourState, secondary_used: bool) -> tuple[TeamColourState, TeamColourState]:
    """Art. 4.2: (first-team, other): the higher primary score (4.2.1), else the higher
    secondary score unless the competition does not use it (4.2.2), else the smaller TPN
    (4.2.3)."""
    def key(t: TeamColourState) -> tuple[float, float, int]:
        return (-t.primary, -t.secondary if secondary_used else 0.0, t.tpn)
    return (a, b) if key(a) <= key(b) else (b, a)


def allocate(a: TeamColourState, b: TeamColourState, initial_colour: Colour, secondary_used: bool,
             type_b: bool) -> MatchColours:
    """Art. 4.3: the first of 4.3.1-4.3.9 that applies."""
    first, other = first_team(a, b, secondary_used)

    def give(team: TeamColourState, colour: Colour, article: str) -> MatchColours:
        partner = other if team is first else first
        white, black = (team, partner) if colour == WHITE else (partner, team)
        return MatchColours(white.tpn, black.tpn, article, first.tpn)

    if not first.history and not other.history:  # 4.3.1
        number = first.parity_number or first.tpn
        return give(first, initial_colour if number % 2 else opposite(initial_colour), "4.3.1")
    wf, wo = first.wish.colour, other.wish.colour
    if (wf is None) != (wo is None):  # 4.3.2
        return give(first, wf, "4.3.2") if wf is not None else give(other, wo or WHITE, "4.3.2")
    if wf is not None and wo is not None and wf != wo:  # 4.3.3
        return give(first, wf, "4.3.3")
    if type_b and wf is not None and first.wish.strong != other.wish.strong:  # 4.3.4
        return give(first, wf, "4.3.4") if first.wish.strong else give(other, wo or WHITE, "4.3.4")
    cd_first, cd_other = colour_difference(first.history), colour_difference(other.history)
    if cd_first != cd_other:  # 4.3.5
        return give(first, WHITE if cd_first < cd_other else BLACK, "4.3.5")
    for cf, co in zip(reversed(first.history), reversed(other.history)):  # 4.3.6
        if cf != co:
            return give(first, opposite(cf), "4.3.6")
    if wf is not None:  # 4.3.7
        return give(first, wf, "4.3.7")
    if first.history:  # 4.3.8
        return give(first, opposite(first.history[-1]), "4.3.8")
    return give(other, opposite(other.history[-1]), "4.3.9")  # 4.3.9: the other has played (4.3.1)
