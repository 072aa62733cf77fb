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
    # a bracket step of at least this many possible pairs is first paired without its graph,
    # where its system has a way to (the Dutch system: by its players' classes,
    # :mod:`~cpswiss.systems.dutch.dense`; Burstein: by the fold order's first candidate, proven
    # by bounds, :mod:`~cpswiss.systems.burstein.first`; Dubov: by bounds on every criterion,
    # :mod:`~cpswiss.systems.dubov.dense`), the same pairing either way; None: the system's own
    # threshold; tests set it to 0 or to more pairs than any step has, to compare both ways
    without_graph_from_pairs: int | None = None

    def pairs_without_graph(self, players: int, system_threshold: int) -> bool:
        """Is a step of ``players`` players first paired without its graph: at least this
        setting's number of possible pairs, or the system's own ``system_threshold`` when unset?"""
        threshold = system_threshold if self.without_graph_from_pairs is None else self.without_graph_from_pairs
        return players * (players - 1) // 2 >= threshold
