"""Latency of ``POST /api/pair`` on the bundled benchmark rounds, against the engine alone.

    cpswiss serve --port 8000 &
    python -m cpswiss.server.latency http://127.0.0.1:8000 --repeat 30

For each file: p50 and p95 of the request as a client sees it (sequential requests after a
few warm-up ones), the median of the job in the worker (its ``Server-Timing``: parse, pair,
boards, TRF with the round appended, JSON), and p50 and p95 of :func:`cpswiss.api.pair` (the
call the server's job makes) on the same TRF in this process; the difference of the medians
(API - engine) is what the server adds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import urllib.request
from importlib import resources

FILES = ("n031-r03of10-t045.trf", "n100-r07of09-t051.trf")


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def through_api(url: str, trf: str, repeat: int, warm: int = 3) -> tuple[list[float], list[float]]:
    """Each request's seconds as the client sees it, and the job's in the worker (the
    ``Server-Timing`` header)."""
    body = json.dumps({"trf": trf}).encode()
    times, jobs = [], []
    for k in range(warm + repeat):
        request = urllib.request.Request(url + "/api/pair", body, {"Content-Type": "application/json"})
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()
            timing = response.headers.get("Server-Timing", "")
        if k >= warm:
            times.append(time.perf_counter() - started)
            jobs.append(float(timing.split("job;dur=")[1].split(",")[0]) / 1000)
    return times, jobs


def engine_alone(trf: str, repeat: int, warm: int = 3) -> list[float]:
    from cpswiss.api import pair
    from cpswiss.formats.trf import parse_trf

    tournament = parse_trf(trf)
    times = []
    for k in range(warm + repeat):
        started = time.perf_counter()
        pair(tournament)
        if k >= warm:
            times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="a running cpswiss serve, e.g. http://127.0.0.1:8000")
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    folder = resources.files("cpswiss.study.benchdata")
    print(f"{'file':<24} {'API p50':>8} {'API p95':>8} {'job p50':>8} {'engine p50':>11} {'engine p95':>11} "
          f"{'overhead p50':>13}")
    for name in FILES:
        trf = (folder / name).read_text(encoding="utf-8")
        api, jobs = through_api(args.url.rstrip("/"), trf, args.repeat)
        engine = engine_alone(trf, args.repeat)
        ms = lambda x: f"{x * 1000:.0f} ms"  # noqa: E731
        print(f"{name:<24} {ms(statistics.median(api)):>8} {ms(percentile(api, 95)):>8} {ms(statistics.median(jobs)):>8} "
              f"{ms(statistics.median(engine)):>11} {ms(percentile(engine, 95)):>11} "
              f"{ms(statistics.median(api) - statistics.median(engine)):>13}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
