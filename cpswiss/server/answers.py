"""The API's answers for the systems of matches - the Swiss Team Pairing System (C.04.6) and the
Double-Swiss System (C.04.5) - as typed models, documented in the OpenAPI schema and checked by
the tests.  A competitor is a team or a Double-Swiss player; a match has the games of its boards
(a team: one game a board, by the board order) or of its two rounds (Double-Swiss: game 2 with
the colours of game 1 reversed).  The answers for the individual systems are what their
commands' ``--json`` print (:mod:`cpswiss.server.jobs`)."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field

MatchSystem = Annotated[str, Field(description="the pairing system, by its name in the registry: "
                                             "team (C.04.6), double-swiss (C.04.5)")]


class Competitor(BaseModel):
    """A team or a Double-Swiss player, with the scores it is paired on (points, not tenths)."""

    id: int = Field(description="team pairing number (310) or player pairing number")
    name: str
    score: float = Field(description="the primary score as paired (with any virtual points of Baku acceleration)")
    real_score: float = Field(description="the primary score without virtual points")
    match_points: float | None = Field(None, description="a team's match points")
    game_points: float = Field(description="a team's game points; a Double-Swiss player's points")
    score_text: str = Field(description="the scores as the command line prints them: '3 MP 9 GP', '2.5'")


class Game(BaseModel):
    """One game of a match: board number (team) or game number (Double-Swiss), the player with
    White and the player with Black (0: an empty board)."""

    number: int
    white: int
    white_name: str
    black: int
    black_name: str


class Match(BaseModel):
    """A match: ``white`` has White on board 1 (team, Art. 1.6.1) or in game 1 (Double-Swiss,
    Art. 1.6); ``article`` is the rule of Art. 4 that gave the colours."""

    number: int
    white: Competitor
    black: Competitor
    article: str
    games: list[Game]


class PairedMatch(BaseModel):
    """A match by pairing numbers: White of board 1 / game 1, Black, the colour article of Art. 4."""

    white: int
    black: int
    article: str


class PairedRound(BaseModel):
    matches: list[PairedMatch]
    bye: int | None


class MatchWhatIf(BaseModel):
    """The round under the arbiter's decisions against the rules' pairing (``baseline``)."""

    decisions: str = Field(description="the decisions as the command line writes them: '--fix 1-2 --bye 7'")
    changed: bool
    first: str | None = Field(description="the first rule the decided pairing departs from, with its article")
    changes: list[str] = Field(description="the matches (and the PAB) only one of the two pairings makes")
    lines: list[str] = Field(description="the report as 'cpswiss pair ... --fix' prints it")
    baseline: PairedRound


class MatchPairAnswer(BaseModel):
    """``cpswiss pair --team FILE`` / ``--double-swiss FILE``: the round, the pairing file
    (``-p``), the TRF with the round appended (``--write-trf``) and, asked for, the explanation."""

    system: MatchSystem
    round: int
    rule_set: str = Field(description="the rule set's title and why it was chosen")
    rule_set_name: str
    matches: list[Match]
    bye: Competitor | None
    pairing_file: str
    trf: str
    explanation: str | None = Field(None, description="with explain: the round in the text's words")
    whatif: MatchWhatIf | None = Field(None, description="with fix, forbid, bye or absent: what changed")


class CompetitorRow(BaseModel):
    """A competitor before the round, as ``cpswiss state`` prints it."""

    id: int
    name: str
    score: float = Field(description="the primary score as paired")
    match_points: float | None = None
    game_points: float | None = None
    colours: str = Field(description="W/B of the matches played, oldest first ('-': none)")
    colour_difference: int | None = Field(None, description="team: Whites minus Blacks (Art. 1.6.2)")
    whites: int | None = Field(None, description="Double-Swiss: matches with White in game 1")
    preference: str | None = Field(None, description="team: the colour preference (Art. 1.7)")
    floated: str = Field(description="the float of the previous round")
    bye_eligible: bool = Field(description="may take the pairing-allocated bye ([C2])")
    matches_played: int
    available: bool = Field(description="to be paired this round")
    paired: str | None = Field(None, description="the round paired but not played (round_paired): the "
                                                 "competitor's match of it, opponent and match colour ('4 w'), "
                                                 "'bye' (the PAB) or '-'")


class MatchStateAnswer(BaseModel):
    """``cpswiss state`` of a team or Double-Swiss file."""

    system: MatchSystem
    round: int
    total_rounds: int | None
    finished: bool = Field(False, description="every round is paired: the competitors after the last one")
    round_paired: bool = Field(False, description="the round is paired but its results are not in (the file "
                                                  "'pair --write-trf' writes): each competitor's 'paired' is "
                                                  "its match of it")
    rule_set: str
    rule_set_name: str
    competitors: list[CompetitorRow]


class MatchRoundCheck(BaseModel):
    round_no: int
    agrees: bool
    findings: list[str] = Field(description="what the file breaks and where the rules pair otherwise, each "
                                            "with its article")


class MatchCheckAnswer(BaseModel):
    """``cpswiss check`` of a team or Double-Swiss file: every round re-paired and compared."""

    system: MatchSystem
    agrees: bool
    rounds: list[MatchRoundCheck]
    text: str


class MatchExplainAnswer(BaseModel):
    """``cpswiss explain`` of a team or Double-Swiss file: the next round in the text's words
    and, for a proposal, what it breaks and where it differs (``agrees``: it is the rules'
    pairing; None without a proposal)."""

    system: MatchSystem
    round: int
    agrees: bool | None
    problems: list[str]
    differences: list[str]
    text: str


class MatchAlternative(BaseModel):
    """One way to pair a round of matches: the system's own pairing with some bars lifted."""

    rank: int
    how: str = Field(description="which bars are lifted: 'allowing 1-4 (met in round 2)', 'the PAB to 5'")
    pairing: PairedRound
    breaks: list[str] = Field(description="the absolute rules it breaks, each with its article")
    costs: dict[str, int]
    report: list[str] = Field(description="where it parts from the first alternative")


class MatchResolveAnswer(BaseModel):
    """``cpswiss resolve`` of a team or Double-Swiss file (Art. 3.3.3: the Chief Arbiter decides):
    with ``legal`` the rules' pairing first, then the pairings without each of its matches;
    else the least-bad pairings, the rules in ``relax`` given up first first."""

    system: MatchSystem
    round: int
    legal: bool
    relax: list[str]
    alternatives: list[MatchAlternative]
    text: str


__all__ = ["Competitor", "CompetitorRow", "Game", "Match", "MatchAlternative", "MatchCheckAnswer",
           "MatchExplainAnswer", "MatchPairAnswer", "MatchResolveAnswer", "MatchStateAnswer", "MatchSystem", "MatchWhatIf",
           "PairedMatch", "PairedRound"]
