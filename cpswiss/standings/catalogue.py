"""Every tie-break of FIDE C.07, declared once as data, the way a rule set declares its criteria.

A :class:`Definition` says what a code is: its name and article, its type (C.07 Art. 4.3: A a
subset of games among the tied, B the competitor's own record, C opponents' final results, D
opponents' data before the round; combined as ``BC``, ``DB``...), how it is computed (``family``:
the module function that computes it), whether a higher value ranks first, whether its value is a
place inside the ties the list leaves (DE, EDE, TBR, BBE: C.07 Art. 6, 12.2, 12.3, 13.3), whether
it is a rating tie-break (Art. 10: not applicable with unrated players), which modifiers of the
code grammar it takes (TRF-2026 MTB26: ``/Cn /Mn`` Art. 14.1-14.4, ``/L`` Art. 14.5, ``/K`` Art.
13.4, ``/P`` Art. 6.1.1, ``/F`` Art. 8.3, ``/R`` Art. 7.8 / 10.6) and whether it needs a team file.

``VUR``, ``NUM`` and ``PTS`` are helpers of the corpus and of record 212 (the points), not C.07
tie-breaks; ``GE`` is the 2023 name of REP.
"""

from __future__ import annotations

from dataclasses import dataclass

# how a definition is computed: the function of cpswiss.standings that owns it
SCORE, OWN, PROGRESSIVE, KOYA, OPPONENTS, AVERAGE_BH, RATING, AVERAGE_RATING, ENCOUNTER, \
    BOARDS, BOARD_COUNT, STRENGTH, STANDARD = (
        "score", "own", "progressive", "koya", "opponents", "average-bh", "rating", "average-rating",
        "encounter", "boards", "board-count", "strength", "standard")
SEED001 = "seed-001"


@dataclass(frozen=True)
class Definition:
    """One tie-break of C.07 (or a helper) as data."""

    code: str
    name: str
    article: str
    type: str  # C.07 Art. 4.3: A, B, C, D and their combinations
    family: str  # how it is computed (the constants above)
    modifiers: str = ""  # the modifier letters it takes: C M L K P F R
    higher_first: bool = True
    place: bool = False  # the value is a place inside the ties left (0: it separates nobody)
    rating: bool = False  # Art. 10: dropped when a competitor is unrated
    team_only: bool = False
    individual_only: bool = False
    cut_one_column: bool = False  # Art. 5 table: the Cut-1 column marks it
    decimals: int = 1  # as values are shown: 0 counts, places and ratings; 1 points; 2 products, averages

    def takes(self, letter: str) -> bool:
        return letter in self.modifiers


_ALL = (
    Definition("PTS", "points", "C.07 Art. 2 (the score)", "B", SCORE),
    Definition("MPTS", "match points", "C.07 Art. 11 (match points)", "B", SCORE, team_only=True),
    Definition("GPTS", "game points", "C.07 Art. 11 (game points)", "B", SCORE, team_only=True),
    Definition("MPVGP", "match points or game points", "C.07 Art. 13.1", "B", SCORE, team_only=True),
    Definition("DE", "direct encounter", "C.07 Art. 6", "A", ENCOUNTER, "P", higher_first=False, place=True, decimals=0),
    Definition("EDE", "extended direct encounter", "C.07 Art. 13.3", "A", ENCOUNTER, "P", higher_first=False,
               place=True, team_only=True, decimals=0),
    # 13.3.2 (2026): EDE, then for two teams still level on MP and GP the Art. 12 steps named
    Definition("EDET", "extended direct encounter, then top board results", "C.07 Art. 13.3.2", "A", ENCOUNTER,
               "P", higher_first=False, place=True, team_only=True, decimals=0),
    Definition("EDEB", "extended direct encounter, then bottom board elimination", "C.07 Art. 13.3.2", "A",
               ENCOUNTER, "P", higher_first=False, place=True, team_only=True, decimals=0),
    Definition("EDEBT", "extended direct encounter, then board count and top board results", "C.07 Art. 13.3.2",
               "A", ENCOUNTER, "P", higher_first=False, place=True, team_only=True, decimals=0),
    Definition("EDEBB", "extended direct encounter, then board count and bottom board elimination",
               "C.07 Art. 13.3.2", "A", ENCOUNTER, "P", higher_first=False, place=True, team_only=True, decimals=0),
    Definition("WIN", "number of wins", "C.07 Art. 7.1", "B", OWN, decimals=0),
    Definition("WON", "number of games won", "C.07 Art. 7.2", "B", OWN, decimals=0),
    Definition("BPG", "games played with Black", "C.07 Art. 7.3", "B", OWN, decimals=0),
    Definition("BWG", "games won with Black", "C.07 Art. 7.4", "B", OWN, decimals=0),
    Definition("PS", "progressive scores", "C.07 Art. 7.5", "B", PROGRESSIVE, "C", cut_one_column=True),
    Definition("REP", "rounds one elected to play", "C.07 Art. 7.6", "B", OWN, decimals=0),
    Definition("GE", "rounds one elected to play (the 2023 name of REP)", "C.07 Art. 7.6", "B", OWN, decimals=0),
    Definition("STD", "standard points", "C.07 Art. 7.7 (2026)", "B", STANDARD),
    Definition("TPN", "tournament pairing number", "C.07 Art. 7.8 (2026)", "B", OWN, "R", higher_first=False, decimals=0),
    Definition("BH", "Buchholz", "C.07 Art. 8.1", "C", OPPONENTS, "CMP", cut_one_column=True),
    Definition("AOB", "average of opponents' Buchholz", "C.07 Art. 8.2", "CC", AVERAGE_BH, "F", decimals=2),
    Definition("FB", "Fore Buchholz", "C.07 Art. 8.3", "D", OPPONENTS, "CM", cut_one_column=True),
    Definition("SB", "Sonneborn-Berger", "C.07 Art. 9.1", "BC", OPPONENTS, "CMP", cut_one_column=True, decimals=2),
    Definition("KS", "Koya system", "C.07 Art. 9.2", "BC", KOYA, "L"),
    Definition("ARO", "average rating of opponents", "C.07 Art. 10.1", "D", RATING, "CM", rating=True,
               cut_one_column=True, decimals=0),
    Definition("TPR", "tournament performance rating", "C.07 Art. 10.2", "DB", RATING, "CM", rating=True, decimals=0),
    Definition("PTP", "perfect tournament performance", "C.07 Art. 10.3", "DB", RATING, "CM", rating=True, decimals=0),
    Definition("APRO", "average TPR of opponents", "C.07 Art. 10.4", "DC", AVERAGE_RATING, rating=True, decimals=0),
    Definition("APPO", "average PTP of opponents", "C.07 Art. 10.5", "DC", AVERAGE_RATING, rating=True, decimals=0),
    Definition("RTNG", "rating", "C.07 Art. 10.6 (2026)", "B", RATING, "R", rating=True, decimals=0),
    Definition("BC", "board count", "C.07 Art. 12.1", "B", BOARD_COUNT, higher_first=False, team_only=True),
    Definition("TBR", "top board results", "C.07 Art. 12.2", "B", BOARDS, higher_first=False, place=True,
               team_only=True, decimals=0),
    Definition("BBE", "bottom board elimination", "C.07 Art. 12.3", "B", BOARDS, higher_first=False,
               place=True, team_only=True, decimals=0),
    Definition("EMMSB", "extended Sonneborn-Berger: opponent's MP x MP scored", "C.07 Art. 13.2", "BC",
               OPPONENTS, "CMP", team_only=True, cut_one_column=True, decimals=2),
    Definition("EMGSB", "extended Sonneborn-Berger: opponent's MP x GP scored", "C.07 Art. 13.2", "BC",
               OPPONENTS, "CMP", team_only=True, cut_one_column=True, decimals=2),
    Definition("EGMSB", "extended Sonneborn-Berger: opponent's GP x MP scored", "C.07 Art. 13.2", "BC",
               OPPONENTS, "CMP", team_only=True, cut_one_column=True, decimals=2),
    Definition("EGGSB", "extended Sonneborn-Berger: opponent's GP x GP scored", "C.07 Art. 13.2", "BC",
               OPPONENTS, "CMP", team_only=True, cut_one_column=True, decimals=2),
    Definition("SSSC", "scores and schedule strength combination", "C.07 Art. 13.4", "BC", STRENGTH, "KF",
               team_only=True, decimals=2),
    Definition("OTHER_1999", "the 1987-99 rules' order: opponents' ratings summed, lowest cut one by one, "
               "else progressive scores and their cuts", "seed 001 section 16 (C.07 Art. 4.1: self-defined)", "DB",
               SEED001, higher_first=False, place=True, individual_only=True, decimals=0),
    Definition("VUR", "voluntarily unplayed rounds (helper: C.07 Art. 16.1)", "C.07 Art. 16.1", "B", OWN, decimals=0),
    Definition("NUM", "games played over the board (helper)", "C.07 Art. 15.1", "B", OWN, decimals=0),
)

DEFINITIONS: dict[str, Definition] = {d.code: d for d in _ALL}

# the score the opponents' sums read for an opponent met over the board
ADJUSTED, ZERO_BYE_RUNS_AS_DRAWS, AS_AWARDED = "adjusted", "zero-bye-runs-as-draws", "as-awarded"


@dataclass(frozen=True)
class UnplayedRounds:
    """How a sum over the opponents (BH, FB, SB, ESB) counts the rounds, declared as data: the
    score an opponent met over the board contributes (``seen``: :data:`ADJUSTED`, C.07 Art. 16.3;
    :data:`ZERO_BYE_RUNS_AS_DRAWS`, the opponent's trailing series of zero-point byes as draws;
    :data:`AS_AWARDED`, his score as it stands), and what a round without a game contributes
    (``dummy``: C.07 Art. 16.4's dummy - the own final score, the 2026 caps, the cut exception of
    16.5 - or, when False, a game against oneself: the own current score, no cap, no exception)."""

    name: str
    article: str
    seen: str
    dummy: bool


# C.07 Art. 16: the default of every opponents' sum of a tie-break list
C07_UNPLAYED = UnplayedRounds("C.07", "C.07 Art. 16", ADJUSTED, True)
# C.04.4.2 Art. 1.7.2: the Burstein Index - an unplayed round is a game against oneself; a series
# of zero-point byes up to the current round counts as draws for the opponents (reading R-2 of
# scenarios/burstein-2026/README.md), or, with the rule file's switch, is not counted
BURSTEIN_UNPLAYED = UnplayedRounds("Burstein", "C.04.4.2 Art. 1.7.2", ZERO_BYE_RUNS_AS_DRAWS, False)
BURSTEIN_UNPLAYED_AS_AWARDED = UnplayedRounds("Burstein (zero-point byes not counted)", "C.04.4.2 Art. 1.7.2",
                                              AS_AWARDED, False)
ESB_CODES = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")
# C.07 Art. 13.3.2: the named EDE chains and the Art. 12 steps each applies after EDE
EDE_CHAINS: dict[str, tuple[str, ...]] = {"EDET": ("TBR",), "EDEB": ("BBE",), "EDEBT": ("BC", "TBR"),
                                          "EDEBB": ("BC", "BBE")}


def definition(code: str) -> Definition | None:
    """The declaration of a code (upper case), None when C.07 has no such tie-break."""
    return DEFINITIONS.get(code.upper())
