"""The API's request bodies: what each command takes on the command line, as JSON.

A tournament always arrives as TRF text (``trf``), never as a path on the server; a rule set
as the name or alias of a bundled one (a TOML path is a server path, refused); an
acceleration as a method name (``table:FILE.csv`` names a server file, refused).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cpswiss.rulesets.model import EDITION_IN_FORCE

ACCELERATION = r"^(none|baku|baku-2017|baku-2026|three-group|five-group(:[0-9]+(\.[0-9]+)?)?)$"
MAX_TIME_LIMIT = 120.0


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TournamentRequest(Strict):
    trf: str = Field(description="the tournament as TRF text (TRF16 or TRF-2026)", min_length=1)
    name: str | None = Field(None, max_length=120, description="the file's name, used in messages")
    rules: str | None = Field(None, max_length=80, description="rule set name or alias (GET /api/rules); "
                                                               "default: record 192, else the start date "
                                                               "(042), else the edition in force")
    system: str | None = Field(None, max_length=40, pattern=r"^[a-z0-9-]+$",
                               description="the pairing system by its command-line flag (dutch, lim, dubov, "
                                           "burstein, team, double-swiss), as 'cpswiss pair --team'; default: "
                                           "the one the file asks for (team records 310, a two-game round, "
                                           "else record 192)")
    time_limit: float = Field(30.0, gt=0, le=MAX_TIME_LIMIT,
                              description="seconds per solver call; reaching it is an error, never a guess")
    recompute_points: bool = Field(False, description="score the players from the results instead of checking "
                                                      "the points columns (for files that leave them 0.0)")


class Accelerated(TournamentRequest):
    accelerate: str | None = Field(None, pattern=ACCELERATION,
                                   description="virtual points by a method; XXA/250 records in the file win")


class PairRequest(Accelerated):
    """``cpswiss pair``: the arbiter's decisions, as ``--fix 3-7 --forbid 5-9 --bye 12 --absent 4``."""

    initial_colour: Literal["white", "black"] | None = None
    fix: list[str] = Field(default_factory=list, max_length=500, description="pairs 'A-B' that must meet")
    forbid: list[str] = Field(default_factory=list, max_length=500, description="pairs 'A-B' that must not meet")
    bye: int | None = Field(None, ge=1, le=9999, description="the player who takes the pairing-allocated bye")
    absent: list[int] = Field(default_factory=list, max_length=9999, description="players not paired this round")
    explain: bool = Field(False, description="also the account: brackets, why each float, the bye, each colour")


class ProposedPairing(Strict):
    boards: list[tuple[int, int]] = Field(max_length=5000, description="[white, black] per board")
    bye: int | None = None


class ExplainRequest(Accelerated):
    """``cpswiss explain``: a proposed pairing of the next round, or a round of the file."""

    pairing: ProposedPairing | None = None
    round: int | None = Field(None, ge=1, le=99)


class CheckRequest(Accelerated):
    rounds: list[int] | None = Field(None, max_length=99, description="only these rounds (default: all)")


class ResolveRequest(Accelerated):
    count: int = Field(3, ge=1, le=10, description="how many alternatives")


class StateRequest(TournamentRequest):
    pass


class GenerateRequest(Strict):
    config: dict[str, int] = Field(description="RTG keys: PlayersNumber, RoundsNumber, DrawPercentage, ...")
    seed: int = Field(1, ge=0, le=2**31)
    rules: str = Field(EDITION_IN_FORCE, max_length=80,
                       description="the rule set that pairs every round, any system's; '+baku' adds Baku "
                                   "acceleration; a team rule set makes PlayersNumber teams of BoardsNumber "
                                   "players, a Double-Swiss one two-game matches")
    format: Literal["trf16", "trf26"] = "trf16"
