"""The ``[switches]`` table of a Double-Swiss rule file: the readings of C.04.5 that have a real
alternative (``docs/double-swiss-2026.md``).  The defaults are
the readings taken."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from cpswiss.errors import InputError

TABLE = "switches"

MatchesPlayed = Literal["meetings", "with-a-game-played"]
FewerWhites = Literal["count", "difference"]
Score = Literal["pairing", "standings"]
UpfloaterLookAhead = Literal["pass-fail", "graded"]
BakuWin = Literal["match", "game"]


@dataclass(frozen=True)
class DoubleSwissSwitches:
    """``float_exemption_rounds``: [C7]/[C8] lapse in the last 1 (DS-6) or 2 rounds;
    ``pab_matches_played``: what 3.4.3 counts (DS-5); ``fewer_whites``: 4.3.2 as a count of
    Whites or the colour difference (DS-8); ``ranking_score``: the score of 4.2 (DS-11);
    ``float_score``: the scores of 1.5 under acceleration (DS-7); ``c6``: [C6] pass/fail or
    graded (DS-13, the shared procedure's TS-2); ``baku_win``: C.04.7's "points for a win" as a
    won match or a won game (DS-15)."""

    float_exemption_rounds: int = 1
    pab_matches_played: MatchesPlayed = "meetings"
    fewer_whites: FewerWhites = "count"
    ranking_score: Score = "pairing"
    float_score: Score = "pairing"
    c6: UpfloaterLookAhead = "pass-fail"
    baku_win: BakuWin = "match"

    def __post_init__(self) -> None:
        if self.float_exemption_rounds not in (1, 2):
            raise InputError(f"[{TABLE}] float_exemption_rounds: {self.float_exemption_rounds!r} "
                             "(expected 1 or 2: the last round, or the last two)")
        for name, kind in (("pab_matches_played", MatchesPlayed), ("fewer_whites", FewerWhites),
                           ("ranking_score", Score), ("float_score", Score),
                           ("c6", UpfloaterLookAhead), ("baku_win", BakuWin)):
            value = getattr(self, name)
            if value not in get_args(kind):
                raise InputError(f"[{TABLE}] {name}: unknown value {value!r} "
                                 f"(expected {' or '.join(repr(v) for v in get_args(kind))})")
