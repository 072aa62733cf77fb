"""Simulated team tournaments (C.04.6), for benchmarks and tests: teams of ``boards`` players
with ratings around a team strength, each round paired by cpswiss and its boards played out
(a win, draw or loss by the rating difference), written as TRF-2026 (``001`` players with every
board game, ``310`` teams, ``142``, ``152``, ``192``, ``362``).

    python -m cpswiss.study.team_generate TEAMS BOARDS ROUNDS PLAYED OUT [--seed N] [--code C]

writes the tournament after ``PLAYED`` rounds (the next round to pair is ``PLAYED + 1``).
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import replace

from cpswiss.api import pair_matches
from cpswiss.tournament.paired_round import with_round
from cpswiss.formats.trf import parse_trf
from cpswiss.formats.trf_teams import with_member_pab_points
from cpswiss.formats.trf_writer import write_trf
from cpswiss.rulesets.ruleset import RuleSet
from cpswiss.study.generate import RoundLog, RoundSink
from cpswiss.tournament.colour import WHITE, opposite
from cpswiss.tournament.model import RoundEntry, RoundKind, Tournament


def _player_line(number: int, rating: int) -> str:
    line = [" "] * 89
    line[0:3] = "001"
    line[4:8] = f"{number:4d}"
    line[9] = "m"
    name = f"Player{number:04d}"
    line[14:14 + len(name)] = name
    line[48:52] = f"{rating:4d}"
    line[53:56] = "FID"
    line[80:84] = " 0.0"
    line[85:89] = f"{number:4d}"
    return "".join(line)


def _team_line(tpn: int, members: list[int]) -> str:
    head = f"310 {tpn:3d} {f'Team {tpn:03d}':<32} {f'T{tpn:03d}':<5}"
    return head.ljust(73) + " ".join(f"{m:4d}" for m in members)


def start_text(teams: int, boards: int, rounds: int, seed: int, code: str) -> tuple[str, dict[int, int]]:
    """The tournament before round 1, and each player's rating."""
    rng = random.Random(seed)
    ratings: dict[int, int] = {}
    lines = [f"012 Simulated team tournament (seed {seed})", f"062 {teams * boards}", f"082 {teams}",
             f"142 {rounds}", f"152 {rng.choice('WB')}", f"192 {code}", "362 TW 2.0   TD 1.0   TL 0.0"]
    strengths = sorted((rng.gauss(2100, 200) for _ in range(teams)), reverse=True)
    players, team_lines = [], []
    for t, strength in enumerate(strengths, start=1):
        members = list(range((t - 1) * boards + 1, t * boards + 1))
        for board, pid in enumerate(members):
            ratings[pid] = max(1000, int(strength + 60 * (boards / 2 - board) + rng.gauss(0, 60)))
            players.append(_player_line(pid, ratings[pid]))
        team_lines.append(_team_line(t, members))
    return "\n".join(lines + players + team_lines) + "\n", ratings


def play_round(t: Tournament, round_no: int, ratings: dict[int, int], rng: random.Random,
               draw: float = 0.3) -> Tournament:
    """The round's pending boards played out by the ratings (``draw``: the draw rate)."""
    players = {}
    for pid, record in t.players.items():
        entry = record.entry(round_no)
        if entry is not None and entry.kind is RoundKind.PENDING and entry.opponent is not None:
            gap = ratings[pid] - ratings[entry.opponent] + (30 if entry.colour == WHITE else -30)
            expected = 1 / (1 + 10 ** (-gap / 400))
            if pid < entry.opponent:
                u = rng.random()
                code = "1" if u < expected - draw / 2 else "=" if u < expected + draw / 2 else "0"
                rounds = list(record.rounds)
                rounds[round_no - 1] = RoundEntry(RoundKind.GAME, entry.opponent, entry.colour, code)
                players[pid] = replace(record, rounds=rounds)
    for pid, record in list(players.items()):
        entry = record.entry(round_no)
        assert entry is not None and entry.opponent is not None
        other = t.players[entry.opponent]
        mirror = {"1": "0", "0": "1", "=": "="}[entry.code]
        rounds = list(other.rounds)
        rounds[round_no - 1] = RoundEntry(RoundKind.GAME, pid, opposite(entry.colour), mirror)
        players[entry.opponent] = replace(other, rounds=rounds)
    merged = {pid: players.get(pid, record) for pid, record in t.players.items()}
    result = replace(t, players=merged)
    scored = with_member_pab_points(result, t.number_of_boards())  # a member's U at the 320 share
    for record in merged.values():
        if record.points_column is not None:
            record.points_column = scored.computed_points(record)
    return result


def simulate(teams: int, boards: int, rounds: int, played: int, seed: int = 1,
             code: str = "FIDE_TEAM_TYPEA_MP_GP", draw: float = 0.3) -> str:
    """The TRF-2026 text of the tournament after ``played`` rounds."""
    return write_trf(simulate_tournament(teams, boards, rounds, played, seed, code, draw))


def simulate_tournament(teams: int, boards: int, rounds: int, played: int, seed: int = 1,
                        code: str = "FIDE_TEAM_TYPEA_MP_GP", draw: float = 0.3, rules: RuleSet | None = None,
                        log: RoundSink | None = None) -> Tournament:
    """The tournament after ``played`` rounds, each paired under ``rules`` (default: the one
    record 192 ``code`` names; a ``_BAKU`` code adds Baku acceleration); ``log``: each round as
    a study reads it (the matches by team number, the teams' primary scores before it)."""
    rng = random.Random(seed + 1)
    text, ratings = start_text(teams, boards, rounds, seed, code)
    t = parse_trf(text)
    for r in range(1, played + 1):
        start = time.perf_counter()
        pairing = pair_matches(t, rules)
        seconds = time.perf_counter() - start
        if log is not None:
            scores = {c.id: c.real_score for c in pairing.state.competitors.values()}
            log.append(RoundLog(r, [(m.white, m.black) for m in pairing.matches], pairing.bye, scores, seconds))
        paired = with_round(pairing.state.tournament, r, [(m.white, m.black) for m in pairing.matches], pairing.bye)
        t = parse_trf(write_trf(play_round(paired, r, ratings, rng, draw)))
    return t


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m cpswiss.study.team_generate")
    for name in ("teams", "boards", "rounds", "played"):
        ap.add_argument(name, type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--code", default="FIDE_TEAM_TYPEA_MP_GP")
    args = ap.parse_args(argv)
    with open(args.out, "w", encoding="ascii", newline="") as f:
        f.write(simulate(args.teams, args.boards, args.rounds, args.played, args.seed, args.code))


if __name__ == "__main__":
    main()
