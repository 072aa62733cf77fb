"""Double-Swiss files (C.04.5): a match of two games in plain TRF-2026.

TRF-2026 gives a player one opponent, colour and result per round and has no record for the
games of a match; FIDE publishes no encoding for C.04.5.  cpswiss reads and writes the one an
engine that pairs C.04.5 uses (fideswiss, ADR 0007 "A Double-Swiss match takes two TRF
rounds"): under record ``192 FIDE_DOUBLESWISS`` (or ``CUSTOM_DOUBLESWISS``, each also with
``_BAKU``) match *k* is round columns 2k-1 (game 1) and 2k (game 2).  Rules checked here, each
failure one line naming the file, the line and the columns:

* both columns of a match name the same opponent with reversed colours, or both hold the same
  bye (``U``, ``H``, ``F``, ``Z``: byes apply to whole matches), or neither is written;
* ``142`` / ``XXR`` count columns (an even number);
* the bye values of ``162`` (``P``, ``F``, ``H``) are per match, defaults a game won and a game
  drawn for the PAB (C.04.5 Art. 1.4), two wins and two draws for the full- and half-point
  bye; the points column 81-84 counts a bye once.

Details and sources: ``docs/formats.md``."""

from __future__ import annotations

from cpswiss.errors import InputError
from cpswiss.formats.trf_colours import letter
from cpswiss.tournament.model import RoundEntry, Tournament, format_points

GAMES = 2
FIRST_COLUMN = 92  # the first column of round 1's block in a 001 record


def match_scoring_defaults(scoring: dict[str, int], symbols: set[str]) -> None:
    """The per-match bye values (tenths, in place) that no ``162`` symbol ``P``, ``F``, ``H``
    gives (``symbols``: those read): the PAB a win and a draw (C.04.5 Art. 1.4), the full-point
    bye two wins, the half-point bye two draws (``W`` and ``D`` are values per game)."""
    win, draw = scoring.get("win", 10), scoring.get("draw", 5)
    for symbol, key, value in (("P", "pab", win + draw), ("F", "full_bye", 2 * win), ("H", "half_bye", 2 * draw)):
        if symbol not in symbols:
            scoring[key] = value


def check_matches(t: Tournament) -> None:
    """The column pairs of every player agree (module docstring); 142 is even."""
    path = t.path
    what = f"a Double-Swiss file (record 192 {(t.system or '').strip()}, C.04.5)"
    if t.total_rounds is not None and t.total_rounds % GAMES:
        raise InputError(f"{what} counts games: the number of rounds ({t.total_rounds}) must be "
                         "even (two per match)", path, t.total_rounds_line)
    for pid, rec in t.players.items():
        for k in range(1, (len(rec.rounds) + 1) // GAMES + 1):
            first, second = rec.entry(GAMES * k - 1), rec.entry(GAMES * k)
            problem = _disagreement(first, second)
            if problem:
                column = FIRST_COLUMN + 10 * (GAMES * k - 2)
                raise InputError(f"{what}, match {k} (rounds {GAMES * k - 1}-{GAMES * k}, columns "
                                 f"{column}-{column + 17}): {problem}", path, rec.line)


def _disagreement(first: RoundEntry | None, second: RoundEntry | None) -> str:
    if first is None and second is None:
        return ""
    if first is None or second is None:
        return "only one game of the match is written (a match has two games, a bye covers both)"
    if first.kind.has_opponent != second.kind.has_opponent:
        return "a bye in one game only (byes apply to whole matches)"
    if not first.kind.has_opponent:
        if first.kind is not second.kind:
            return f"two different byes ({first.code} and {second.code})"
        return ""
    if first.opponent != second.opponent:
        return f"the games are against two opponents ({first.opponent} and {second.opponent})"
    if first.colour and second.colour and first.colour == second.colour:
        return f"both games with the same colour ({letter(first.colour)}); game 2 reverses game 1's colours"
    return ""


def scoring_line(t: Tournament) -> str:
    """A ``162`` record with the per-match bye values (always written in a Double-Swiss file, so
    that a reader that does not know the defaults of C.04.5 scores the byes right)."""
    s = t.scoring
    values = [("W", s.win), ("D", s.draw), ("L", s.loss), ("P", s.pab), ("F", s.full_bye), ("H", s.half_bye)]
    return ("162  " + "".join(f"{symbol}{format_points(value if value is not None else 0):>4}    "
                              for symbol, value in values)).rstrip()
