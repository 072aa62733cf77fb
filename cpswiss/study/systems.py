"""Tournaments of any pairing system for ``generate`` and ``study``: the generator a rule set's
system names in the registry (``PairingSystem.generator``), and the
measures every system shares, computed on competitors and matches
(:func:`cpswiss.tournament.competitors.competitors`) so that a study can set a team rule set
against another, or the Double-Swiss System against the Dutch one, on the same generated fields.

A study rule set may carry ``+baku`` (``team-2026+baku``): the rule set with Baku acceleration
(C.04.7) - for a team or Double-Swiss file as its record 192 asks for it (``_BAKU``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from cpswiss.errors import InputError
from cpswiss.formats.trf_writer import write_trf
from cpswiss.registry import PairingSystem, system_of, trf_code_of
from cpswiss.rulesets.ruleset import RuleSet, load_rule_set
from cpswiss.study.generate import GeneratorConfig, RoundLog, RoundSink, generate, generate_text
from cpswiss.tournament.colour import BLACK, WHITE
from cpswiss.tournament.competitors import EntryKind, competitors
from cpswiss.tournament.model import Tournament

BAKU = "+baku"


@dataclass(frozen=True)
class StudyRules:
    """A rule set as a study or ``generate`` names it: the rule set, with Baku acceleration or not."""

    rules: RuleSet
    baku: bool = False

    @classmethod
    def named(cls, name: str) -> StudyRules:
        base, baku = (name[:-len(BAKU)], True) if name.endswith(BAKU) else (name, False)
        return cls(load_rule_set(base), baku)

    @property
    def system(self) -> PairingSystem:
        return system_of(self.rules)

    @property
    def paired_by(self) -> RuleSet:
        """The rule set with Baku acceleration where ``+baku`` asks for it."""
        return self.rules.accelerated("baku") if self.baku else self.rules


class Generator(Protocol):
    """A tournament of a system's kind, every round paired by ``rules`` and played."""

    def __call__(self, config: GeneratorConfig, seed: int, rules: StudyRules, log: RoundSink | None,
                 trf26: bool) -> Tournament: ...


def _players(config: GeneratorConfig, seed: int, rules: StudyRules, log: RoundSink | None,
             trf26: bool) -> Tournament:
    """Players (:func:`cpswiss.study.generate.generate`)."""
    return generate(config, seed, rules.paired_by, trf26, log)


def _teams(config: GeneratorConfig, seed: int, rules: StudyRules, log: RoundSink | None,
           trf26: bool) -> Tournament:
    """Teams of ``BoardsNumber`` players, ``PlayersNumber`` being the teams
    (:mod:`cpswiss.study.team_generate`); ``+baku`` as a team file asks for it, by its record
    192 (``_BAKU``)."""
    from cpswiss.study.team_generate import simulate_tournament

    code = (trf_code_of(rules.rules) or "FIDE_TEAM") + ("_BAKU" if rules.baku else "")
    return simulate_tournament(config.players, config.boards, config.rounds, config.rounds, seed, code,
                               config.draw_percentage / 100, rules.rules, log)


def _two_game_matches(config: GeneratorConfig, seed: int, rules: StudyRules, log: RoundSink | None,
                      trf26: bool) -> Tournament:
    """Two-game matches on the players the individual generator draws
    (:func:`cpswiss.study.double_swiss.generate_field`)."""
    from cpswiss.study.double_swiss import generate_field

    return generate_field(config, seed, rules.paired_by, log)


# the generators a system may name (cpswiss.registry.PairingSystem.generator)
GENERATORS: dict[str, Generator] = {"players": _players, "teams": _teams, "two-game matches": _two_game_matches}


def generated(config: GeneratorConfig, seed: int, rules: StudyRules, log: RoundSink | None = None,
              trf26: bool = True) -> Tournament:
    """A tournament of the rule set's system, every round paired by it, by the generator the
    system names (:data:`GENERATORS`)."""
    generator = GENERATORS.get(rules.system.generator)
    if generator is None:
        raise InputError(f"the {rules.system.title} names no generator cpswiss has ({rules.system.generator!r})")
    return generator(config, seed, rules, log, trf26)


def generated_text(config: GeneratorConfig, seed: int, rule_set: str, trf26: bool = True,
                   log: RoundSink | None = None) -> str:
    """``cpswiss generate``: the tournament's TRF text (a team or Double-Swiss one always
    TRF-2026); ``log`` is told each round (each match) as it is played."""
    rules = StudyRules.named(rule_set)
    if rules.system.generator == "players" and not rules.baku:
        return generate_text(config, seed, rule_set, trf26, log)
    return write_trf(generated(config, seed, rules, log, trf26))


# ---------------------------------------------------------------------------
# The measures every system shares
# ---------------------------------------------------------------------------


def _rank_correlations(standings: list[int], strength: list[int]) -> tuple[float, float]:
    from scipy.stats import kendalltau, spearmanr

    final = {c: k for k, c in enumerate(standings)}
    strong = {c: k for k, c in enumerate(strength)}
    ids = sorted(final)
    if len(ids) < 2:
        return math.nan, math.nan
    return (float(kendalltau([final[c] for c in ids], [strong[c] for c in ids]).statistic),
            float(spearmanr([final[c] for c in ids], [strong[c] for c in ids]).statistic))


def match_measures(t: Tournament, rules: StudyRules, log: list[RoundLog], top_k: int) -> dict:
    """The measures of one tournament that mean the same for every system, on its competitors
    (players or teams) and their matches (a Dutch round is a match of one game):

    - ranking: ``kendall_tau``, ``spearman`` of the final standings (primary score, then the
      secondary one for teams, then pairing number) against strength (rating; a team's mean
      rating), ``topk_recall`` of the ``top_k`` strongest;
    - colours: ``cd2_competitors`` (|match Whites - match Blacks| >= 2), ``three_in_a_row``
      (the same match colour three times running), ``game_colour_diff_mean`` (each player's
      |games with White - games with Black|, averaged over the players: what a second game with
      the colours reversed does to the balance);
    - scores: ``score_sd`` (population SD of the final primary scores as a fraction of the most a
      competitor can score in the rounds paired: 1 a round for a player, 2 for a two-game match,
      a match win's points or one a board for a team), ``ties_for_first``,
      ``distinct_scores``;
    - pairing: ``rematches`` (pairs of competitors who met in more than one played match),
      ``pabs``, ``float_pairs`` (matches between competitors of different scores),
      ``seconds_per_round``."""
    found = competitors(t)
    by_match = rules.system.scores_by_match
    mp_primary = by_match and getattr(rules.rules.switches, "primary", "") == "match-points"
    primary = {c.id: sum((e.match_points if mp_primary else e.game_points) for e in c.entries if e) for c in
               found.values()}
    secondary = {c.id: sum((e.game_points if mp_primary else e.match_points) for e in c.entries if e) if
                 by_match else 0 for c in found.values()}
    rating = {pid: r.rating or 0 for pid, r in t.players.items()}
    strength_of = {c.id: sum(rating.get(m, 0) for m in c.members) / max(1, len(c.members)) for c in found.values()}
    strength = sorted(found, key=lambda c: (-strength_of[c], c))
    standings = sorted(found, key=lambda c: (-primary[c], -secondary[c], c))
    tau, rho = _rank_correlations(standings, strength)
    k = min(top_k, len(found))
    row: dict = {"competitors": len(found), "kendall_tau": tau, "spearman": rho,
                 "topk_recall": len(set(strength[:k]) & set(standings[:k])) / k if k else math.nan}
    cd2 = streaks = pabs = 0
    met: dict[frozenset[int], int] = {}
    for c in found.values():
        colours = [e.colour_had for e in c.entries if e is not None and e.colour_had]
        cd2 += abs(colours.count(WHITE) - colours.count(BLACK)) >= 2
        streaks += sum(1 for j in range(2, len(colours)) if colours[j] == colours[j - 1] == colours[j - 2])
        pabs += sum(1 for e in c.entries if e is not None and e.kind is EntryKind.PAB)
        for e in c.entries:
            if e is not None and e.played and e.opponent is not None:
                key = frozenset((c.id, e.opponent))
                met[key] = met.get(key, 0) + 1
    game_diffs = []
    for record in t.players.values():
        played = [e.colour for e in record.rounds if e is not None and e.played]
        if played:
            game_diffs.append(abs(played.count(WHITE) - played.count(BLACK)))
    finals = [v / (max(1, len(log)) * _most_a_round(t, rules, mp_primary)) for v in primary.values()]
    mean = sum(finals) / len(finals) if finals else 0.0
    row.update({
        "cd2_competitors": cd2, "three_in_a_row": streaks,
        "game_colour_diff_mean": sum(game_diffs) / len(game_diffs) if game_diffs else math.nan,
        "score_sd": math.sqrt(sum((v - mean) ** 2 for v in finals) / len(finals)) if finals else math.nan,
        "ties_for_first": sum(1 for v in primary.values() if v == max(primary.values(), default=0)),
        "distinct_scores": len(set(primary.values())),
        "rematches": sum(1 for n in met.values() if n > 2),  # each match counted from both sides
        "pabs": pabs,
        "float_pairs": sum(1 for entry in log for w, b in entry.boards if entry.scores.get(w) != entry.scores.get(b)),
        "seconds_per_round": sum(e.seconds for e in log) / len(log) if log else 0.0,
    })
    row["rematch_free"] = row["rematches"] == 0
    return row


def _most_a_round(t: Tournament, rules: StudyRules, mp_primary: bool) -> int:
    """The most primary score (tenths) a competitor can make in one round."""
    if rules.system.scores_by_match:
        return (t.match_scoring.win if t.match_scoring is not None else 20) if mp_primary else \
            10 * t.number_of_boards()
    return 10 * t.games_per_round


def check_study_rule_sets(names: tuple[str, ...], source: str) -> tuple[StudyRules, ...]:
    """The study's rule sets, each read once (an unknown one: InputError naming the study)."""
    try:
        return tuple(StudyRules.named(name) for name in names)
    except InputError as exc:
        raise InputError(exc.problem, source) from None


__all__ = ["StudyRules", "check_study_rule_sets", "generated", "generated_text", "match_measures"]
