"""The working parameters of the 2013 Dutch procedure (C.04.3.1 A.6, A.8), for explanations.

The 2013 text (Istanbul 2012) pairs a bracket by a search controlled by P (pairs), M
(moved-down players) and X / Z (pairs allowed to miss a colour preference, a strong one);
the engine reaches the same pairing through the edition's priority order, and prints
these parameters so that an arbiter can follow the text's own bookkeeping.
"""

from __future__ import annotations

from dataclasses import dataclass

from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.state import PlayerState, Strength


@dataclass(frozen=True)
class BracketParameters:
    """P0, M0, X1 and (even rounds only) Z1 of one bracket (A.6.b, A.6.c, A.8.a, A.8.b)."""

    p0: int
    m0: int
    x1: int
    z1: int | None

    def __str__(self) -> str:
        z = f", Z1 = {self.z1}" if self.z1 is not None else ""
        return f"P0 = {self.p0}, M0 = {self.m0}, X1 = {self.x1}{z} (A.6, A.8)"

    def text(self, style: str) -> str:
        """The parameters as the edition's procedure names them: ``A.6-A.8`` (2013, as
        :meth:`__str__`) or ``p-x`` (1992-98: p = the players who came down, or half a
        homogeneous group, A.6; x of A.8, the same count as 2013's X1 without variable
        preferences, which 1998 does not have)."""
        if style == "p-x":
            return f"p = {self.m0 or self.p0}, x = {self.x1} (A.6, A.8)"
        return str(self)


def variable_preference(p: PlayerState, round_no: int) -> bool:
    """A.7.e: in an even-numbered round, a mild preference of a player who has played an
    even number of games (so has an unplayed round) is variable."""
    return round_no % 2 == 0 and p.strength is Strength.MILD and p.games_played % 2 == 0


def bracket_parameters(players: list[PlayerState], n_mdp: int, round_no: int,
                       style: str = "A.6-A.8") -> BracketParameters:
    """A.6 and A.8 (C.04.3.1): P0 = the bracket's players // 2, M0 = its MDPs, and

    X1 = P0 - W - w - a when B + b > W + w, else P0 - B - b - a;
    Z1 = P0 - W - b - w - a when B > W, else P0 - B - b - w - a (even rounds, as the rule
    text of seed 002 words the condition; the commentary's derivation uses B + b > W + w);

    W / B: players preferring white / black, w / b: the variable ones (A.7.e) among them
    (counted apart from W and B), a: players without a preference; negative values are 0.
    Under ``style = "p-x"`` (1992-98) no preference is variable.
    """
    w = b = white = black = none = 0
    for p in players:
        if p.preference is None:
            none += 1
        elif style == "A.6-A.8" and variable_preference(p, round_no):
            w, b = (w + 1, b) if p.preference == WHITE else (w, b + 1)
        elif p.preference == WHITE:
            white += 1
        else:
            black += 1
    p0 = len(players) // 2
    x1 = p0 - white - w - none if black + b > white + w else p0 - black - b - none
    z1 = None
    if round_no % 2 == 0:
        z1 = max(0, p0 - white - b - w - none if black > white else p0 - black - b - w - none)
    return BracketParameters(p0, n_mdp, max(0, x1), z1)


__all__ = ["BracketParameters", "bracket_parameters", "variable_preference"]
