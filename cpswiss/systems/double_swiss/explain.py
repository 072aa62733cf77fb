"""A C.04.5 round explained in the text's words: the pairing-allocated bye and why (Art. 3.4),
each bracket with its upfloaters and why those (3.5), the identifier chosen and what ruled out
the ones before it (3.6), each match's colours - who has White in game 1 - and the article that
decided them (Art. 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpswiss.errors import InputError
from cpswiss.systems.shared.topdown_account import ColouredMatch, MatchRound, TextWords
from cpswiss.systems.shared.topdown_explain import bracket_lines, bye_detail_lines, score_text

if TYPE_CHECKING:
    from cpswiss.systems.double_swiss.procedure import DoubleSwissRoundResult

COLOUR_ARTICLES = {
    "4.3.1": "neither player has played a match: the higher-ranked player takes the initial colour if his TPN "
             "is odd, else the other",
    "4.3.2": "White to the player with fewer Whites",
    "4.3.3": "colours alternated from the most recent round in which the two had different colours",
    "4.3.4": "the higher-ranked player's colour alternates from his last match",
    "4.3.5": "the opponent's colour alternates from his last match",
}
# the procedure's values are labelled by the rule file (C.04.5's [C8] is C.04.6's [C10]; C.04.5
# has no colour preference, so no criterion of C.04.6's [C8]/[C9])
_PAIRING_LABELS = {"[C8]": "[C8]"}
WORDS = TextWords("C.04.5", "player", "White in game 1", "a PAB, a match won by forfeit or a full-point bye already",
                  COLOUR_ARTICLES, _PAIRING_LABELS)


def match_round(result: DoubleSwissRoundResult) -> MatchRound:
    """The round as the arbiter's tools read it (:mod:`cpswiss.systems.shared.topdown_account`);
    a round paired from a tournament (with its state and rule set)."""
    if result.state is None or result.rules is None:
        raise InputError("a Double-Swiss round paired without a tournament has no state to explain against")
    pairing = result.pairing
    entrants = {e.tpn: e for e in result.entrants}
    return MatchRound(WORDS, pairing.round_no,
                      [ColouredMatch(b.white, b.black, b.article) for b in pairing.boards], pairing.bye,
                      result.plan, result.state, result.rules, entrants, result)


def explain_text(result: DoubleSwissRoundResult) -> str:
    """The account of a round (with ``record_refusals``, every value tried before the one chosen
    is named with the reason)."""
    pairing, plan = result.pairing, result.plan
    title = result.rules.title if result.rules is not None else "FIDE Double-Swiss System (C.04.5)"
    score = {c.id: c.score for c in result.state.competitors.values()} if result.state is not None else {}
    out = [f"Round {pairing.round_no}: {title}"]
    bye = plan.bye
    if bye is None:
        out.append("Art. 3.4: an even number of players to pair - no pairing-allocated bye.")
    else:
        out.append(f"Art. 3.4: the pairing-allocated bye (worth a game won and a game drawn, 1.4) goes to "
                   f"{bye.tpn}" + (f" (score {score_text(score[bye.tpn])})" if bye.tpn in score else "") +
                   ": of the players [C2] allows, the lowest score, then most matches played, then the largest "
                   "TPN, whose removal leaves a legal pairing of the others.")
        out.extend(bye_detail_lines(bye, "a PAB, a match won by forfeit or a full-point bye already"))
    for n, b in enumerate(plan.brackets, start=1):
        out.extend(bracket_lines(n, b, plan.rules))
    out.append("Colours (Art. 4; 4.4: White plays game 1 with White, game 2 with Black):")
    for board in pairing.boards:
        out.append(f"   {board.white} - {board.black}: higher-ranked {board.decider} (4.2); {board.article}: "
                   f"{COLOUR_ARTICLES[board.article]}")
    return "\n".join(out)

