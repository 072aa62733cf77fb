"""A round paired by the top-down procedure (C.04.6 and C.04.5 Art. 3.3-3.6) as the arbiter's
tools read it, whichever of the two systems paired it: the matches with the article of Art. 4.3
that gave each its colours, the pairing-allocated bye, the procedure's record (the bye chosen,
each bracket), the state and rule set it was paired under - and the system's words for them
(:class:`TextWords`: its text's number, "team" or "player", what each colour article says).
Each system's explanation makes one (``match_round``); ``cpswiss/check/matches.py`` explains a
proposal against it, says what the arbiter's decisions change, and ranks the ways out of a round
with no legal pairing, once for both systems."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from cpswiss.colours.decoder import pairing_file_lines
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.systems.shared.records import SystemRecord
from cpswiss.systems.shared.topdown_types import Entrant, RoundPlan
from cpswiss.tournament.competition_state import CompetitionState


@dataclass(frozen=True)
class TextWords:
    """How a system's text names what the tools say.  ``text``: "C.04.6"; ``competitor``:
    "team" or "player"; ``white``: what the White of a match has ("White", "White in game 1");
    ``bye_bar``: what [C2] bars; ``colour_articles``: each article of 4.3 -> what it says;
    ``pairing_labels``: the procedure's labels of 3.6.4's criteria -> the text's (C.04.5 numbers
    C.04.6's [C10] as [C8] and has no [C8]/[C9] of its own: absent keys are not the text's)."""

    text: str
    competitor: str
    white: str
    bye_bar: str
    colour_articles: Mapping[str, str]
    pairing_labels: Mapping[str, str]

    def article(self, number: str) -> str:
        """``"2.1.1"`` -> ``"C.04.6 Art. 2.1.1"``."""
        return f"{self.text} Art. {number}"


@dataclass(frozen=True)
class ColouredMatch:
    """One match: its White (board 1 / game 1), its Black, and the article of 4.3 that decided."""

    white: int
    black: int
    article: str


@dataclass
class MatchRound:
    """A round of a team or Double-Swiss file as the procedure paired it (module docstring);
    ``entrants``: each competitor to pair as the procedure saw it (pairing score, matches
    played, [C2], float); ``result``: the system's own result (its ``explain_text`` reads it)."""

    words: TextWords
    round_no: int
    matches: list[ColouredMatch]
    bye: int | None
    plan: RoundPlan
    state: CompetitionState
    rules: RuleSet
    entrants: Mapping[int, Entrant]
    result: SystemRecord | None = field(repr=False, default=None)  # the system's own record of the round

    def lines(self) -> list[str]:
        """The pairing file (``-p``): the number of lines, ``white black`` per match, the PAB as
        ``tpn 0``."""
        return pairing_file_lines([(m.white, m.black) for m in self.matches], self.bye)

    def pairs(self) -> set[tuple[int, int]]:
        """The matches as (White, Black)."""
        return {(m.white, m.black) for m in self.matches}


__all__ = ["ColouredMatch", "MatchRound", "TextWords"]
