"""``cpswiss serve``: every endpoint against a real server on 127.0.0.1 (a child process on a
free port), compared with the library calls the command line makes; bad input, oversized
bodies, unknown rule sets; a bounded concurrency run (the 50-client soak: ``-m soak``)."""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from test_server_fixtures import DATA, REPO, bench, running_server, with_colours_swapped

from cpswiss.api import pair_tournament
from cpswiss.check.explain import account_of, check_tournament
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.rulesets.ruleset import available_rule_sets, describe, diff, load_rule_set
from cpswiss.server.pool import LARGE_TOURNAMENT, Workers, player_count

N031 = "n031-r03of10-t045.trf"
N100 = "n100-r07of09-t051.trf"
N300 = "n300-r07of09-t055.trf"
N1000 = "n1000-r02of09-bbp-s5.trf"
IMPOSSIBLE = DATA / "impossible-sample" / "n006-r05of05-t015.trf"


@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


def assert_error(status: int, answer: dict, expected_status: int, exit_code: int, contains: str = "") -> None:
    assert status == expected_status, answer
    assert answer["exit_code"] == exit_code
    assert "\n" not in answer["error"] and "Traceback" not in answer["error"]
    assert contains in answer["error"]


# ---------------------------------------------------------------- rules, samples, docs


def test_rules_list_show_diff(server):
    status, rules = server.get("/api/rules")
    assert status == 200
    assert [r["file"] for r in rules] == available_rule_sets()
    status, shown = server.get("/api/rules/dutch-2017")
    assert status == 200 and shown["lines"] == describe(load_rule_set("dutch-2017"))
    status, compared = server.get("/api/rules/diff?a=dutch-2017&b=dutch-2026")
    assert status == 200 and compared["lines"] == diff(load_rule_set("dutch-2017"), load_rule_set("dutch-2026"))


def test_unknown_rule_set_and_server_paths_refused(server):
    status, answer = server.get("/api/rules/no-such-rules")
    assert_error(status, answer, 400, 3, "unknown rule set 'no-such-rules'; known: ")
    for name in ("/etc/passwd", "../models/dutch-2026.toml", str(REPO / "models" / "dutch-2026.toml")):
        status, answer = server.post("/api/pair", {"trf": bench(N031), "rules": name})
        assert_error(status, answer, 400, 3, f"unknown rule set {name!r}")
    status, answer = server.post("/api/pair", {"trf": bench(N031), "accelerate": "table:/etc/passwd"})
    assert_error(status, answer, 422, 3, "accelerate")


def test_samples_and_openapi(server):
    status, names = server.get("/api/samples")
    assert status == 200 and N031 in names and N100 in names
    status, text = server.get(f"/api/samples/{N031}")
    assert status == 200 and text == bench(N031)
    status, answer = server.get("/api/samples/__init__.py")
    assert status == 404 and "no bundled tournament '__init__.py'" in answer["error"]
    status, answer = server.get("/api/samples/..%2F..%2Fcli.py")
    assert status == 404
    status, spec = server.get("/openapi.json")
    assert status == 200
    for path in ("/api/pair", "/api/explain", "/api/check", "/api/resolve", "/api/state", "/api/rules",
                 "/api/rules/{name}", "/api/rules/diff", "/api/generate"):
        assert path in spec["paths"], path
    assert "fix" in spec["components"]["schemas"]["PairRequest"]["properties"]
    status, page = server.get("/docs")
    assert status == 200 and "swagger" in page.lower()
    status, page = server.get("/")
    assert status == 200 and '<input type="file" id="file"' in page


# ---------------------------------------------------------------- commands


def test_state_as_the_cli(server):
    status, answer = server.post("/api/state", {"trf": bench(N031)})
    assert status == 200 and answer["round"] == 3 and answer["total_rounds"] == 10
    assert len(answer["players"]) == 31
    first = answer["players"][0]
    assert {"id", "score", "colours", "preference", "float_1", "bye_eligible", "opponents"} <= set(first)


def test_state_of_a_finished_tournament_and_points_left_empty(server):
    from real_files import FOLDER, cut

    finished = (FOLDER / "fide-c07-exercise-swiss-9.trf").read_text()
    status, answer = server.post("/api/state", {"trf": finished})
    assert status == 200 and (answer["round"], answer["total_rounds"], answer["finished"]) == (10, 9, True)
    zeroed = "\n".join(line[:80] + " 0.0" + line[84:] if line.startswith("001") else line
                       for line in cut((FOLDER / "fide-c07-exercise-swiss-9.trf").read_text(), 5).splitlines())
    status, answer = server.post("/api/state", {"trf": zeroed})
    assert_error(status, answer, 400, 3, "every points column (81-84) is 0.0 but the results score")
    status, answer = server.post("/api/state", {"trf": zeroed, "recompute_points": True})
    assert status == 200 and (answer["round"], answer["finished"]) == (6, False)


def test_pair_is_the_cli_pairing_with_the_trf_appended(server):
    text = bench(N100)
    status, answer = server.post("/api/pair", {"trf": text, "name": "n100.trf"})
    assert status == 200, answer
    result = pair_tournament(parse_trf(text, "n100.trf"))
    assert answer["pairing_file"] == "\n".join(result.pairing.lines()) + "\n"
    assert answer["round"] == 7
    assert [(b["white"], b["black"]) for b in answer["boards"]] == [(b.white, b.black) for b in result.pairing.boards]
    appended = parse_trf(answer["trf"])
    assert appended.last_paired_round == 7
    boards, byes = appended.pairing_of(7)
    assert sorted(boards) == sorted((b.white, b.black) for b in result.pairing.boards)
    assert byes == ([result.pairing.bye] if result.pairing.bye else [])
    _, _, headers = server.request("POST", "/api/pair", json.dumps({"trf": text}).encode(),
                                   {"Content-Type": "application/json"})
    assert headers["server-timing"].startswith("job;dur=") and ", server;dur=" in headers["server-timing"]


def test_pair_with_explanation_is_the_cli_account(server):
    text = bench(N031)
    status, answer = server.post("/api/pair", {"trf": text, "name": "n031.trf", "explain": True})
    assert status == 200
    result = pair_tournament(parse_trf(text, "n031.trf"))
    account = account_of(result, None, "n031.trf")
    assert answer["explanation"]["text"] == account.text()
    assert answer["explanation"]["bye"] == account.bye


def test_what_if_fix_forbid_bye_absent(server):
    text = bench(N031)
    status, answer = server.post("/api/pair", {"trf": text, "fix": ["1-2"], "forbid": ["3-6"], "absent": [31]})
    assert status == 200, answer
    pairs = {frozenset((b["white"], b["black"])) for b in answer["boards"]}
    assert frozenset((1, 2)) in pairs and frozenset((3, 6)) not in pairs
    assert all(31 not in pair for pair in pairs) and (answer["bye"] or {}).get("id") != 31
    assert answer["whatif"]["lines"][0] == "What if --fix 1-2 --forbid 3-6 --absent 31:"
    assert answer["whatif"]["changed"] is True
    status, answer = server.post("/api/pair", {"trf": text, "bye": 24})
    assert status == 200 and answer["bye"]["id"] == 24


def test_impossible_decisions_are_one_line_400(server):
    text = bench(N031)
    status, answer = server.post("/api/pair", {"trf": text, "fix": ["1-1"]})
    assert_error(status, answer, 400, 3, "fix 1-1: a player cannot meet themself")
    status, answer = server.post("/api/pair", {"trf": text, "forbid": ["1-99"]})
    assert_error(status, answer, 400, 3, "there is no player 99")
    status, answer = server.post("/api/pair", {"trf": text, "fix": ["1-16"]})  # they met in round 1
    assert_error(status, answer, 400, 3, "fix 1-16")


def test_explain_a_proposal_and_a_round(server):
    text = bench(N031)
    status, paired = server.post("/api/pair", {"trf": text})
    boards = [[b["white"], b["black"]] for b in paired["boards"]]
    proposal = {"boards": boards, "bye": paired["bye"]["id"]}
    status, answer = server.post("/api/explain", {"trf": text, "pairing": proposal})
    assert status == 200 and answer["agrees"] is True and answer["decisive"] is None
    (w1, b1), (w2, b2) = boards[0], boards[1]
    swapped = {"boards": [[w1, b2], [w2, b1], *boards[2:]], "bye": paired["bye"]["id"]}
    status, answer = server.post("/api/explain", {"trf": text, "pairing": swapped})
    assert status == 200 and answer["agrees"] is False
    assert answer["decisive"]["article"] and "Verdict: the proposal is not the pairing" in answer["text"]
    status, answer = server.post("/api/explain", {"trf": text, "round": 2})
    assert status == 200 and answer["agrees"] is True
    status, answer = server.post("/api/explain", {"trf": text, "round": 5})
    assert_error(status, answer, 400, 3, "round 5 is not in the file (rounds 1-2 are paired)")
    status, answer = server.post("/api/explain", {"trf": text, "pairing": {"boards": [[1, 999]], "bye": None}})
    assert_error(status, answer, 400, 3, "player 999 is not in the tournament")


def test_check_finds_a_planted_difference(server):
    status, answer = server.post("/api/check", {"trf": bench(N031)})
    assert status == 200 and answer["agrees"] is True
    planted = with_colours_swapped(bench(N031), 1, 1)
    status, answer = server.post("/api/check", {"trf": planted, "rounds": [1]})
    assert status == 200 and answer["agrees"] is False
    assert answer["rounds"][0]["colours"] == [[1, 16]]
    assert answer == json.loads(json.dumps(check_tournament(parse_trf(planted), rounds=[1]).as_dict(), default=str)) \
        | {"text": answer["text"]}


def test_no_pairing_is_409_with_the_certificate_and_resolve_ranks(server):
    text = IMPOSSIBLE.read_text(encoding="utf-8")
    status, answer = server.post("/api/pair", {"trf": text, "name": IMPOSSIBLE.name})
    assert_error(status, answer, 409, 1, "no round-pairing satisfies")
    assert answer["kind"] == "NoPairingError"
    assert any("Tutte" in line for line in answer["details"])
    status, answer = server.post("/api/resolve", {"trf": text, "count": 2})
    assert status == 200 and answer["legal"] is False
    assert 1 <= len(answer["alternatives"]) <= 2 and answer["alternatives"][0]["violations"]


def test_generate(server):
    config = {"PlayersNumber": 12, "RoundsNumber": 3}
    status, answer = server.post("/api/generate", {"config": config, "seed": 4})
    assert status == 200
    t = parse_trf(answer["trf"])
    assert len(t.players) == 12 and t.last_paired_round == 3
    status, again = server.post("/api/generate", {"config": config, "seed": 4})
    assert again["trf"] == answer["trf"]
    status, answer = server.post("/api/generate", {"config": {"Players": 12}})
    assert_error(status, answer, 400, 3, "unknown generator key 'Players'")
    status, answer = server.post("/api/generate", {"config": {"PlayersNumber": 5000}})
    assert_error(status, answer, 413, 4, "use 'cpswiss generate'")


# ---------------------------------------------------------------- bad input


def test_malformed_trf_is_the_cli_message(server):
    bad = bench(N031).replace("001    7", "001    X", 1)
    with pytest.raises(InputError) as cli:
        parse_trf(bad, "mine.trf")
    status, answer = server.post("/api/pair", {"trf": bad, "name": "mine.trf"})
    assert_error(status, answer, 400, 3)
    assert answer["error"] == cli.value.one_line()
    status, answer = server.post("/api/state", {"trf": "hello"})
    assert_error(status, answer, 400, 3, "no player record")


@pytest.mark.parametrize("body, words", [
    (b"{not json", "JSON"),
    (b"{}", "trf: Field required"),
    (b'{"trf": 5}', "trf: Input should be a valid string"),
    (b'{"trf": "x", "bye": "seven"}', "bye"),
    (b'{"trf": "x", "time_limit": 100000}', "time_limit"),
    (b'{"trf": "x", "surprise": 1}', "surprise"),
    (b"[1, 2]", "valid dictionary"),
])
def test_requests_not_the_schema_are_422(server, body, words):
    status, text = server.post_raw("/api/pair", body)
    answer = json.loads(text)
    assert_error(status, answer, 422, 3, words)


def test_oversized_bodies_are_413(server):
    status, text = server.post_declared("/api/pair", 11 * 1024 * 1024)
    assert status == 413 and json.loads(text)["error"] == "request body over 10 MB"
    status, text = server.post_chunked("/api/pair", (b"x" * (1024 * 1024) for _ in range(12)))
    assert status == 413 and "over 10 MB" in text
    status, _ = server.get("/api/health")  # still serving
    assert status == 200


def test_serve_without_fastapi_says_how_to_install():
    code = ("import sys; sys.modules['fastapi'] = None; from cpswiss.cli import main; "
            "sys.exit(main(['serve', '--port', '1']))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=REPO)
    assert run.returncode == 3
    assert run.stderr.strip().splitlines() == [
        "cpswiss: cpswiss serve needs the serve extras (fastapi is missing): pip install 'cpswiss[serve]'"]


# ---------------------------------------------------------------- concurrency


def hammer(server, clients: int, seconds: float) -> dict:
    """``clients`` threads posting pair (31 players), state and check for ``seconds``: the
    answers that were not 200, and each pair's latency."""
    small = bench(N031)
    payloads = [("/api/pair", {"trf": small}), ("/api/state", {"trf": small}),
                ("/api/check", {"trf": small, "rounds": [2]}), ("/api/pair", {"trf": small, "bye": 24})]
    stop = time.monotonic() + seconds
    failures: list[tuple[int, str]] = []
    latencies: list[float] = []
    lock = threading.Lock()

    def client(k: int) -> None:
        n = k
        while time.monotonic() < stop:
            path, payload = payloads[n % len(payloads)]
            n += 1
            started = time.perf_counter()
            status, answer = server.post(path, payload, timeout=180)
            with lock:
                latencies.append(time.perf_counter() - started)
                if status != 200:
                    failures.append((status, answer.get("error", "")))

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(client, range(clients)))
    return {"failures": failures, "requests": len(latencies), "p50": statistics.median(latencies),
            "max": max(latencies)}


def test_concurrent_clients_all_answered(server):
    outcome = hammer(server, clients=20, seconds=5)
    assert outcome["failures"] == []
    assert outcome["requests"] >= 20


def small_beside_large(server, large_file: str, count: int) -> None:
    """``count`` rounds of ``large_file`` queue in the large lane; a 31-player round sent after
    them is not held up behind them: answered before the last of them, in the time of its own
    solve (opt-in, ``-m soak``: a 1,000-player round takes about a minute, far longer than the
    head start)."""
    finished: dict[str, float] = {}
    statuses: dict[str, int] = {}

    def send(label: str, name: str) -> None:
        statuses[label] = server.post("/api/pair", {"trf": bench(name)}, timeout=600)[0]
        finished[label] = time.perf_counter()

    large = [threading.Thread(target=send, args=(f"large {k}", large_file)) for k in range(count)]
    for thread in large:
        thread.start()
    time.sleep(0.3)
    started = time.perf_counter()
    send("small", N031)
    for thread in large:
        thread.join(600)
    assert statuses == {"small": 200} | {f"large {k}": 200 for k in range(count)}
    print(f"\n{count} x {large_file}: the last answered after {max(finished.values()) - started + 0.3:.1f} s; "
          f"{N031} sent after them answered in {finished['small'] - started:.2f} s")
    assert finished["small"] < max(finished[f"large {k}"] for k in range(count))
    assert finished["small"] - started < 5.0


def test_a_small_round_is_not_queued_behind_large_ones(tmp_path):
    """The server's two lanes (``cpswiss/server/pool.py``), as ``create_app`` runs them, with
    real worker processes and no timing: the large lane's one worker is held by a job that
    reads a FIFO the test opens for writing only at the end, and three 300-player rounds
    queue behind it.  A 31-player round sent after them is answered while the held job and
    all three are still waiting, which it can be only from another lane; released, the
    large lane answers the three.  Each answer is the library's pairing."""
    gate = tmp_path / "gate"
    os.mkfifo(gate)

    def request(name: str) -> dict:
        return {"trf": bench(name), "name": name, "time_limit": 60.0}

    async def scenario() -> tuple[dict, list[bool], list[dict]]:
        workers = Workers.create(small_workers=1, large_workers=1)
        await workers.start()
        assert workers.large.executor is not None
        held = asyncio.wrap_future(workers.large.executor.submit(gate.read_text))
        large = [asyncio.create_task(workers.run("pair", request(N300))) for _ in range(3)]
        try:
            small, _ = await asyncio.wait_for(workers.run("pair", request(N031)), 120)  # a hang guard only
            waiting = [not task.done() for task in large] + [not held.done()]
        finally:
            await asyncio.to_thread(gate.write_text, "go")  # the held worker reads it and is free
        answers = [answer for answer, _ in await asyncio.gather(*large)]
        assert await held == "go"
        workers.stop()
        return small, waiting, answers

    small, waiting, answers = asyncio.run(scenario())
    assert waiting == [True, True, True, True]
    assert small["pairing_file"].splitlines() == pair_tournament(parse_trf(bench(N031))).pairing.lines()
    assert player_count(bench(N031)) <= LARGE_TOURNAMENT < player_count(bench(N300))
    large_pairing = pair_tournament(parse_trf(bench(N300))).pairing.lines()
    assert [answer["pairing_file"].splitlines() for answer in answers] == [large_pairing] * 3


@pytest.mark.soak
def test_a_1000_player_round_does_not_hold_up_a_small_one(server):
    """A 1,000-player round (about a minute on 2 cores) and a 31-player round sent after it,
    through a running server (the default run proves the lanes without timing, above)."""
    small_beside_large(server, N1000, 1)


@pytest.mark.soak
def test_soak_50_clients_60_seconds(server):
    """50 clients for 60 s: no failure; memory of the server and its workers before and after
    (printed; run with -s to read it)."""
    server.post("/api/pair", {"trf": bench(N031)})
    before = server.memory_kb()
    outcome = hammer(server, clients=50, seconds=60)
    after = server.memory_kb()
    print(f"\nsoak: {outcome['requests']} requests, {len(outcome['failures'])} failures, p50 "
          f"{outcome['p50'] * 1000:.0f} ms, max {outcome['max'] * 1000:.0f} ms; memory {before // 1024} MB "
          f"before, {after // 1024} MB after")
    assert outcome["failures"] == []
    assert after < before * 1.5 + 50 * 1024
