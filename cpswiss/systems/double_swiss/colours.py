"""The colours of a Double-Swiss match (C.04.5 Art. 4): who has White in game 1.

Colours come last, once the whole round is paired (Art. 3.3.2), and never decide who meets
whom: C.04.5 has no colour preference and no colour criterion.  The player given White plays
game 1 with White and game 2 with Black (4.4).  A player's colours are the colours of his
matches with a colour (Art. 1.6, reading DS-2), oldest first; rounds without one (byes, matches
ended by forfeit, a match in which each forfeited a game) are left out (C.04.2 Art. 3.4).
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.systems.double_swiss.switches import FewerWhites
from cpswiss.tournament.colour import BLACK, WHITE, Colour, opposite


@dataclass(frozen=True)
class ColourFacts:
    """What Art. 4 reads of one player of a pair."""

    tpn: int
    score: int  # tenths: the score that ranks the pair's players (4.2; DS-11)
    colours: tuple[Colour, ...]  # of the matches with a colour, oldest first

    @property
    def whites(self) -> int:
        return self.colours.count(WHITE)

    @property
    def colour_difference(self) -> int:
        return self.whites - self.colours.count(BLACK)

    @property
    def has_played_a_match(self) -> bool:
        """DS-9, 4.3.1: he has had a match colour."""
        return bool(self.colours)


@dataclass(frozen=True)
class MatchColours:
    """The colours given to a pair: ``white`` has White in game 1; ``rule`` is the article of
    4.3 that decided it ("4.3.1" .. "4.3.5")."""

    white: int
    black: int
    rule: str
    higher_ranked: int


def higher_ranked(a: ColourFacts, b: ColourFacts) -> tuple[ColourFacts, ColourFacts]:
    """Art. 4.2 (DS-11): the higher score, then the smaller TPN; (higher-ranked, other)."""
    return (a, b) if (-a.score, a.tpn) < (-b.score, b.tpn) else (b, a)


def allocate(a: ColourFacts, b: ColourFacts, initial_colour: Colour = WHITE,
             fewer_whites: FewerWhites = "count") -> MatchColours:
    """Art. 4.3, the first rule that applies, for the higher-ranked player (4.2) HRP:

    4.3.1 neither has played a match: the HRP gets the initial colour (4.1, ``initial_colour``)
    if his TPN is odd, the other colour if even; 4.3.2 White to the one with fewer Whites
    (DS-8: a count; ``fewer_whites="difference"`` compares White minus Black); 4.3.3 alternate
    from the most recent round in which they had different colours (the histories compared from
    their ends, DS-10); 4.3.4 the HRP alternates from his last colour; 4.3.5 the opponent
    alternates from his.  One of 4.3.4/4.3.5 applies whenever 4.3.1 does not (DS-9)."""
    hrp, other = higher_ranked(a, b)

    def hrp_gets(colour: Colour, rule: str) -> MatchColours:
        white, black = (hrp, other) if colour == WHITE else (other, hrp)
        return MatchColours(white.tpn, black.tpn, rule, hrp.tpn)

    if not hrp.has_played_a_match and not other.has_played_a_match:
        return hrp_gets(initial_colour if hrp.tpn % 2 else opposite(initial_colour), "4.3.1")
    if fewer_whites == "count":
        mine, theirs = hrp.whites, other.whites
    else:
        mine, theirs = hrp.colour_difference, other.colour_difference
    if mine != theirs:
        return hrp_gets(WHITE if mine < theirs else BLACK, "4.3.2")
    for own, opponents in zip(reversed(hrp.colours), reversed(other.colours)):
        if own != opponents:
            return hrp_gets(opposite(own), "4.3.3")
    if hrp.colours:
        return hrp_gets(opposite(hrp.colours[-1]), "4.3.4")
    return hrp_gets(other.colours[-1], "4.3.5")
