"""A Double-Swiss match and what it means (C.04.5 Preface, Art. 1.4, 1.6, 2.1).

Every pairing is a match of two games between the same two players, played in succession
with the colours reversed, each game scored on its own (Preface).  A game gives each player
his own outcome, so the rare results the Preface lists (½-0, 0-½, 0-0) are games like any
other.  Readings (``scenarios/double-swiss-2026/README.md``): DS-1 meeting and forfeit, DS-2
the match colour, DS-3 the PAB value, DS-4 "won a match by forfeit", DS-14 requested byes.
Points are in tenths of a point, as everywhere in cpswiss.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cpswiss.tournament.model import Scoring
from cpswiss.tournament.state import BLACK, WHITE


class Outcome(enum.Enum):
    """One player's outcome of one game."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"

    @property
    def forfeited(self) -> bool:
        """The player did not play the game (he forfeited it)."""
        return self is Outcome.FORFEIT_LOSS

    @property
    def over_the_board(self) -> bool:
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    def points(self, scoring: Scoring) -> int:
        """The game's points for the player (a forfeit win scores as the scoring says, a win by
        default): the Preface counts a single forfeited game as played for the standings."""
        if self is Outcome.WIN:
            return scoring.win
        if self is Outcome.DRAW:
            return scoring.draw
        if self is Outcome.LOSS:
            return scoring.loss
        if self is Outcome.FORFEIT_WIN:
            return scoring.win if scoring.forfeit_win is None else scoring.forfeit_win
        return scoring.forfeit_loss


# The games the Preface allows, as (game-1 White's outcome, game-1 Black's outcome): a win
# against a loss, a draw, and the rare ½-0, 0-½, 0-0; a forfeit against a forfeit win, or a
# game both players forfeited.
_GAMES = frozenset({
    (Outcome.WIN, Outcome.LOSS), (Outcome.LOSS, Outcome.WIN), (Outcome.DRAW, Outcome.DRAW),
    (Outcome.DRAW, Outcome.LOSS), (Outcome.LOSS, Outcome.DRAW), (Outcome.LOSS, Outcome.LOSS),
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS), (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
})


@dataclass(frozen=True)
class Game:
    """One game of a match, seen from the two players of the match: ``first`` is the outcome of
    the player who had White in game 1 (whatever colour he has in this game), ``second`` the
    other's."""

    first: Outcome
    second: Outcome

    def __post_init__(self) -> None:
        if (self.first, self.second) not in _GAMES:
            raise ValueError(f"no game ends {self.first.value} {self.second.value} "
                             "(C.04.5 Preface: 1-0, ½-½, 0-1, ½-0, 0-½, 0-0, or a forfeit)")

    @property
    def played(self) -> bool:
        """Played over the board: nobody forfeited it."""
        return self.first.over_the_board and self.second.over_the_board


@dataclass(frozen=True)
class Match:
    """A match of a round: ``white`` had White in game 1 and Black in game 2, ``black`` the
    reverse (Art. 4.4).  ``games`` is empty while the match is still to be played."""

    white: int
    black: int
    games: tuple[Game, ...] = ()

    def __post_init__(self) -> None:
        if self.white == self.black:
            raise ValueError(f"player {self.white} cannot play a match against himself")
        if len(self.games) not in (0, 2):
            raise ValueError(f"a match has two games, not {len(self.games)} (C.04.5 Preface)")

    @property
    def players(self) -> tuple[int, int]:
        return self.white, self.black

    def opponent_of(self, player: int) -> int:
        self._check(player)
        return self.black if player == self.white else self.white

    def outcomes_of(self, player: int) -> tuple[Outcome, ...]:
        """The player's outcome of each game."""
        self._check(player)
        return tuple(g.first if player == self.white else g.second for g in self.games)

    @property
    def finished(self) -> bool:
        return bool(self.games)

    def forfeited_by(self, player: int) -> bool:
        """The player forfeited both games (Preface)."""
        outcomes = self.outcomes_of(player)
        return bool(outcomes) and all(o.forfeited for o in outcomes)

    @property
    def ended_by_forfeit(self) -> bool:
        """Preface: a match ends by forfeit only if at least one player forfeits both games."""
        return self.forfeited_by(self.white) or self.forfeited_by(self.black)

    @property
    def is_meeting(self) -> bool:
        """DS-1: the two have met ([C1]) unless the match ended by forfeit - a match in which
        each player forfeited one game included; a match still to be played is a meeting."""
        return not self.ended_by_forfeit

    @property
    def a_game_was_played(self) -> bool:
        """At least one game was played over the board (Art. 1.6); a match still to be played
        is taken as played, as a pending game is everywhere in cpswiss."""
        return not self.games or any(g.played for g in self.games)

    def colour_of(self, player: int) -> str | None:
        """DS-2, Art. 1.6: the colour of game 1 ('W' or 'B'), had only if a game was played."""
        self._check(player)
        if not self.a_game_was_played:
            return None
        return WHITE if player == self.white else BLACK

    def won_by_forfeit(self, player: int) -> bool:
        """DS-4, [C2]: the opponent forfeited both games and the player did not."""
        return self.forfeited_by(self.opponent_of(player)) and not self.forfeited_by(player)

    def points_of(self, player: int, scoring: Scoring) -> int:
        """The sum of the player's game points (Preface: points per game)."""
        return sum(o.points(scoring) for o in self.outcomes_of(player))

    def result_text(self, scoring: Scoring) -> str:
        """The match result from game-1 White's side, as the Preface writes it: ``1½-½``."""
        return f"{points_text(self.points_of(self.white, scoring))}-{points_text(self.points_of(self.black, scoring))}"

    def _check(self, player: int) -> None:
        if player not in (self.white, self.black):
            raise ValueError(f"player {player} is not in the match {self.white}-{self.black}")


def points_text(tenths: int) -> str:
    """Points the way match results are written: 1½, ½, 2, 0 (tenths that are not halves as
    decimals)."""
    whole, rest = divmod(tenths, 10)
    if rest == 0:
        return str(whole)
    if rest == 5:
        return ("" if whole == 0 else str(whole)) + "½"
    return f"{tenths / 10:g}"


def pab_points(scoring: Scoring) -> int:
    """DS-3, Art. 1.4: the PAB is worth a match with one game won and the other drawn (1.5
    under 1/½/0), unless the file states its value (162 ``P``)."""
    return scoring.win + scoring.draw if scoring.pab is None else scoring.pab


def half_bye_points(scoring: Scoring) -> int:
    """DS-14: a requested half-point bye covers a whole match: two draws, unless stated."""
    return 2 * scoring.draw if scoring.half_bye is None else scoring.half_bye


def full_bye_points(scoring: Scoring) -> int:
    """DS-14: a full-point bye covers a whole match: two wins, unless stated."""
    return 2 * scoring.win if scoring.full_bye is None else scoring.full_bye
