"""Worker processes that run the jobs outside the event loop.

Two lanes, each a pool of worker processes: tournaments with more than
``LARGE_TOURNAMENT`` players go to the ``large`` lane, the others to the ``small`` one, so a
1,000-player round occupies its own worker and never delays a 30-player round queued behind
it (processes, not threads: the engine is Python as much as CP-SAT, and would share one GIL).
Every solver call inside a job keeps the solver's time limit (the request's
``time_limit``); reaching it is an error, never a guess.  A worker that dies (out of memory,
killed) breaks its pool: the pool is replaced and the request answered with an error.
Each worker pairs a bundled round when it starts (:func:`~cpswiss.server.jobs.warm_up`), and
:meth:`Workers.start` returns once all are warm, so the server takes requests warm.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from cpswiss.server.jobs import timed_job, warm_up

LARGE_TOURNAMENT = 200  # players (001 records) from which a tournament takes the large lane


def player_count(trf: str) -> int:
    """The number of player records, counted without parsing (the lane choice only)."""
    return trf.count("\n001 ") + trf.startswith("001 ")


@dataclass
class Lane:
    """One pool of worker processes, replaced when a worker dies."""

    name: str
    workers: int
    executor: ProcessPoolExecutor | None = field(default=None, repr=False)

    def start(self) -> list[Future]:
        """Start the workers now, not on the first request: each is ready (warm) when its
        future is done."""
        context = multiprocessing.get_context("spawn")  # no fork of a running event loop
        self.executor = ProcessPoolExecutor(self.workers, mp_context=context, initializer=warm_up)
        return [self.executor.submit(int) for _ in range(self.workers)]

    def stop(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
            self.executor = None

    async def run(self, job: str, request: dict) -> tuple[dict, float]:
        """The job's answer and the seconds it took in the worker."""
        if self.executor is None:
            self.start()
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, timed_job, job, request)
        except BrokenProcessPool:
            self.executor = None  # the next request starts a fresh pool
            return {"error": {"message": f"a worker process of the {self.name} lane stopped (out of memory?); "
                                         "the request was not answered",
                              "exit_code": 2, "kind": "WorkerLost", "details": []}}, 0.0


@dataclass
class Workers:
    """The small and the large lane."""

    small: Lane
    large: Lane

    @classmethod
    def create(cls, small_workers: int | None = None, large_workers: int = 1) -> Workers:
        small = small_workers or max(1, min(4, os.cpu_count() or 1))
        return cls(Lane("small", small), Lane("large", large_workers))

    async def start(self) -> None:
        """Start both lanes and wait until every worker is warm."""
        await asyncio.gather(*(asyncio.wrap_future(f) for f in self.small.start() + self.large.start()))

    def stop(self) -> None:
        self.small.stop()
        self.large.stop()

    async def run(self, job: str, request: dict) -> tuple[dict, float]:
        trf = request.get("trf") or ""
        lane = self.large if player_count(trf) > LARGE_TOURNAMENT else self.small
        if job == "generate" and request["config"].get("PlayersNumber", 0) > LARGE_TOURNAMENT:
            lane = self.large
        return await lane.run(job, request)
