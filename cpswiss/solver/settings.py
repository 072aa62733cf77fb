"""The solver's settings: CP-SAT's parameters, fixed so that the same input gives the same
pairing whatever the machine."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class SolverSettings:
    """CP-SAT parameters; fixed so that the same input gives the same pairing."""

    workers: int = 1
    time_limit: float = 120.0
    # pair small brackets on the model too, as the large ones, where a pairing system has a way
    # without it (the same pairing: for tests that put the model's proofs to the solver)
    small_brackets_on_model: bool = False
    # a bracket step of at least this many possible pairs is first paired by its players'
    # classes, without its graph, where that applies (the Dutch system's
    # :mod:`~cpswiss.systems.dutch.dense`; the same pairing); tests lower it to compare both ways
    dense_from_pairs: int = 100_000
    # a bracket of at least this many possible pairs is first paired by the fold order's first
    # candidate, proven by bounds without its graph, where that applies (the Burstein system's
    # :mod:`~cpswiss.systems.burstein.first`; the same pairing); tests lower it to compare both ways
    first_candidate_from_pairs: int = 100_000
    # a bracket step of at least this many possible pairs is first paired by bounds on every
    # criterion (the Dubov system's :mod:`~cpswiss.systems.dubov.dense`): cheap where the bounds
    # do not decide, so by default every step is; tests raise it to pair on the graph alone
    bounds_from_pairs: int = 0
