"""A C.04.6 round explained in the text's words: the bye and why (Art. 3.4), each bracket with
its upfloaters and why those (3.5), the identifier chosen and what ruled out the ones before it
(3.6), each match's colours and the article that decided them (Art. 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cpswiss.systems.shared.topdown_account import ColouredMatch, MatchRound, TextWords
from cpswiss.systems.shared.topdown_explain import bracket_lines, bye_detail_lines, score_text

if TYPE_CHECKING:
    from cpswiss.systems.team.procedure import TeamRoundPairing

_COLOUR_ARTICLES = {
    "4.3.1": "neither team has played a match: the first-team takes the initial-colour if its TPN is odd, "
             "else the other",
    "4.3.2": "only one team has a colour preference: it is granted",
    "4.3.3": "the teams prefer opposite colours: both are granted",
    "4.3.4": "only one team has a strong preference: it is granted",
    "4.3.5": "White to the team with the lower colour difference",
    "4.3.6": "colours alternated from the most recent round in which one had White and the other Black",
    "4.3.7": "the first-team's preference is granted",
    "4.3.8": "the first-team's colour alternates from its last played match",
    "4.3.9": "the other team's colour alternates from its last played match",
}
WORDS = TextWords("C.04.6", "team", "White", "a PAB, a forfeit win or a full-point bye already", _COLOUR_ARTICLES,
                  {"[C8]": "[C8]", "[C9]": "[C9]", "[C10]": "[C10]"})


def match_round(pairing: TeamRoundPairing) -> MatchRound:
    """The round as the arbiter's tools read it (:mod:`cpswiss.systems.shared.topdown_account`)."""
    entrants = {e.tpn: e for e in pairing.entrants}
    return MatchRound(WORDS, pairing.round_no, [ColouredMatch(m.white, m.black, m.article) for m in pairing.matches],
                      pairing.bye, pairing.plan, pairing.state, pairing.rules, entrants, pairing)


def explain_text(pairing: TeamRoundPairing) -> str:
    """The account of a round paired with ``record_refusals`` (every value tried before the
    one chosen is named with the reason)."""
    teams = pairing.state.competitors
    out = [f"Round {pairing.round_no}: {pairing.rules.title}"]
    bye = pairing.plan.bye
    if bye is None:
        out.append("Art. 3.4: an even number of teams to pair - no pairing-allocated bye.")
    else:
        out.append(f"Art. 3.4: the pairing-allocated bye goes to team {bye.tpn} ({teams[bye.tpn].name}, "
                   f"score {score_text(teams[bye.tpn].score)}): of the teams [C2] allows, the lowest score, then "
                   f"most matches played, then the largest TPN, whose removal leaves a legal pairing.")
        out.extend(bye_detail_lines(bye, "a PAB, a forfeit win or a full-point bye already"))
    for n, b in enumerate(pairing.plan.brackets, start=1):
        out.extend(bracket_lines(n, b, pairing.plan.rules))
    out.append("Colours (Art. 4):")
    for m in pairing.matches:
        out.append(f"   {m.white} - {m.black}: first-team {m.first_team} (4.2); {m.article}: "
                   f"{_COLOUR_ARTICLES[m.article]}")
    return "\n".join(out)

