"""The rule file's ``[switches]`` table of the Swiss Team Pairing System (C.04.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class TeamSwitches:
    """What a competition chooses (Art. 1.2.1, 1.7; record 192) and the readings where the
    text leaves a choice (docs/team-2026.md).

    ``primary``: the score that pairs (1.2.1: match or game points); ``secondary_used``: the
    other score decides the first-team (4.2.2); ``colour_preferences``: Type A, Type B or
    none (1.7); ``c6``: TS-2, [C6] pass/fail or graded; ``last_round_zero_cd``: TS-5, Type B
    in the last round with CD 0 and the last two colours equal: the strong clause or the
    no-preference clause; ``first_team_score``: TS-6, the score 4.2.1 compares under
    acceleration (the standings or the pairing score); ``parity_numbers``: TS-7, the number
    whose parity 4.3.1 reads - the TPN as given, or the team's rank among the teams that have
    arrived (to be paired now, or paired in an earlier round); ``forfeit_is_meeting``: TS-8,
    whether a match forfeited as a whole counts as a meeting for [C1]."""

    primary: Literal["match-points", "game-points"] = "match-points"
    secondary_used: bool = True
    colour_preferences: Literal["A", "B", "none"] = "A"
    c6: Literal["pass-fail", "graded"] = "pass-fail"
    last_round_zero_cd: Literal["strong", "none"] = "strong"
    first_team_score: Literal["standings", "pairing"] = "standings"
    parity_numbers: Literal["tpn", "arrived"] = "tpn"
    forfeit_is_meeting: bool = False
