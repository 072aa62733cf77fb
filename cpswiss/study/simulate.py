"""Synthetic histories for benchmarks: a tournament generated up to the round to benchmark.

``python -m cpswiss.study.simulate N ROUNDS TOTAL OUT.trf [--quick] [--seed S]``
writes a TRF of N players after ROUNDS rounds of a TOTAL-round event, made by
:func:`cpswiss.study.generate.generate` (ratings 1400-2700, 25% draws, nobody absent):
every round paired by the 2017 rules, or with ``--quick`` by a simple Swiss-like rule
(:func:`quick_pairing`), to make large histories fast; only the round benchmarked is then
paired by the rules.  The same arguments always give the same file.  Used to make the
bundled benchmark cases (``cpswiss/study/benchdata``); not part of pairing.
"""

from __future__ import annotations

from cpswiss.formats.trf_writer import write_trf
from cpswiss.tournament.colour import WHITE
from cpswiss.tournament.model import Tournament
from cpswiss.rulesets.ruleset import load_rule_set
from cpswiss.study.generate import GeneratorConfig, generate
from cpswiss.tournament.state import build_state


def quick_pairing(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
    """A Swiss-like pairing without the engine, for making large histories fast: players by
    score and number, each paired with the next one he has not met, colours by balance.
    Not the FIDE pairing; only the round being benchmarked is paired by the rules."""
    state = build_state(t, load_rule_set("dutch-2017").state)
    order = list(state.to_pair)
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
                p.colour_difference == q.colour_difference and p.colours[-1:] == (WHITE,)):
            p, q = q, p
        boards.append((p.id, q.id))
    return boards, bye


def simulate(n: int, rounds: int, total_rounds: int, seed: int = 1, quick: bool = False) -> str:
    """The TRF text of a synthetic tournament after ``rounds`` rounds."""
    config = GeneratorConfig(players=n, rounds=total_rounds, draw_percentage=25, lowest_rating=1400,
                             highest_rating=2700)
    return write_trf(generate(config, seed, "dutch-2017", play=rounds, pairing=quick_pairing if quick else None))


__all__ = ["quick_pairing", "simulate"]


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
