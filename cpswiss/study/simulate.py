"""Synthetic tournaments for benchmarks: pair with the engine, play by ratings, repeat.

``python -m cpswiss.study.simulate N ROUNDS TOTAL OUT.trf [--quick] [--seed S]``
writes a TRF of N players after ROUNDS rounds of a TOTAL-round event: every
round is paired by the engine (or, with ``--quick``, by a simple Swiss-like
rule, to make large histories fast), and each game's result is drawn from the
Elo expectation with a fixed seed, so the same arguments always give the same
file.  Used to make the bundled benchmark cases (``cpswiss/study/benchdata``); not
part of pairing.
"""

from __future__ import annotations

import random
from dataclasses import replace

from cpswiss.api import pair_tournament
from cpswiss.formats.trf import (
    PlayerRecord,
    RoundEntry,
    RoundKind,
    Tournament,
    parse_trf,
    write_trf,
)
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.tournament.state import build_state


def initial_tournament(n: int, total_rounds: int, seed: int) -> Tournament:
    """N players with distinct ratings in descending order (pairing number = rank)."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1400, 2700) for _ in range(n)), reverse=True)
    lines = ["012 cpswiss synthetic tournament", f"XXR {total_rounds}", "XXC white1"]
    for pid, rating in enumerate(ratings, start=1):
        name = f"Player {pid:04d}"
        lines.append(f"001 {pid:4d}      {name:<33} {rating:4d} {'':3} {'':>11} {'':10} {'0.0':>4} {pid:4d}")
    return parse_trf("\n".join(lines) + "\n", "<synthetic>")


def quick_pairing(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
    """A Swiss-like pairing without the engine, for making large histories fast: players by
    score and number, each paired with the next one he has not met, colours by balance.
    Not the FIDE pairing; only the round being benchmarked is paired by the rules."""
    state = build_state(t, load_rule_set("dutch-2017").state)
    order = [p for p in state.to_pair]
    bye = None
    if len(order) % 2:
        bye = next(p for p in reversed(order) if p.bye_eligible).id
        order = [p for p in order if p.id != bye]
    boards = []
    waiting = list(order)
    while waiting:
        p = waiting.pop(0)
        q = next((q for q in waiting if q.id not in p.opponents), waiting[0])
        waiting.remove(q)
        if p.colour_difference > q.colour_difference or (
                p.colour_difference == q.colour_difference and p.colours[-1:] == ("W",)):
            p, q = q, p
        boards.append((p.id, q.id))
    return boards, bye


def play_round(t: Tournament, rng: random.Random, quick: bool = False) -> Tournament:
    """Pair the next round (with the engine, or :func:`quick_pairing`) and fill in results
    drawn from the ratings."""
    if quick:
        boards, bye = quick_pairing(t)
    else:
        result = pair_tournament(t, "dutch-2017")
        boards, bye = [(b.white, b.black) for b in result.pairing.boards], result.pairing.bye
    entries: dict[int, RoundEntry] = {}
    for white, black in boards:
        w, b = t.players[white], t.players[black]
        expected = 1 / (1 + 10 ** ((b.rating - w.rating) / 400))
        draw = 0.25
        u = rng.random()
        code_w = "1" if u < expected - draw / 2 else "=" if u < expected + draw / 2 else "0"
        code_b = {"1": "0", "0": "1", "=": "="}[code_w]
        entries[w.pairing_no] = RoundEntry(RoundKind.GAME, b.pairing_no, "w", code_w)
        entries[b.pairing_no] = RoundEntry(RoundKind.GAME, w.pairing_no, "b", code_b)
    if bye is not None:
        entries[bye] = RoundEntry(RoundKind.PAB, None, None, "U")
    players: dict[int, PlayerRecord] = {}
    for pid, record in t.players.items():
        rounds = list(record.rounds) + [entries.get(pid)]
        new = replace(record, rounds=rounds)
        new.points_column = t.computed_points(new)
        players[pid] = new
    return replace(t, players=players)


def simulate(n: int, rounds: int, total_rounds: int, seed: int = 1, quick: bool = False) -> str:
    """The TRF text of a synthetic tournament after ``rounds`` rounds."""
    rng = random.Random(seed)
    t = initial_tournament(n, total_rounds, seed)
    for _ in range(rounds):
        t = play_round(t, rng, quick)
    return write_trf(t)


__all__ = ["simulate"]


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m cpswiss.study.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("players", type=int)
    parser.add_argument("rounds", type=int, help="rounds to play")
    parser.add_argument("total", type=int, help="rounds of the event (XXR)")
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="history paired by a simple rule, not the engine")
    args = parser.parse_args()
    with open(args.output, "w", encoding="utf-8") as handle:
        handle.write(simulate(args.players, args.rounds, args.total, args.seed, args.quick))


if __name__ == "__main__":
    main()
