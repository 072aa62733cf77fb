"""A real ``cpswiss serve`` on 127.0.0.1 for the server tests (API and browser): a free port,
the command line's own entry point in a child process, stopped at the end."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "cpswiss" / "study" / "benchdata"
DATA = REPO / "tests" / "data"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    url: str
    port: int
    process: subprocess.Popen
    log: Path

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
                timeout: float = 120) -> tuple[int, bytes, dict]:
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read(), dict(response.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read(), dict(exc.headers)

    def get(self, path: str) -> tuple[int, object]:
        status, body, headers = self.request("GET", path)
        return status, json.loads(body) if "json" in headers.get("content-type", "") else body.decode()

    def post(self, path: str, payload: dict, timeout: float = 120) -> tuple[int, dict]:
        status, body, _ = self.request("POST", path, json.dumps(payload).encode(),
                                       {"Content-Type": "application/json"}, timeout)
        return status, json.loads(body)

    def post_raw(self, path: str, body: bytes, content_type: str = "application/json") -> tuple[int, str]:
        status, answer, _ = self.request("POST", path, body, {"Content-Type": content_type})
        return status, answer.decode()

    def post_declared(self, path: str, length: int) -> tuple[int, str]:
        """Headers announcing a body of ``length`` bytes, then only its first kilobyte: the
        server must answer from the headers."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.putrequest("POST", path)
            connection.putheader("Content-Type", "application/json")
            connection.putheader("Content-Length", str(length))
            connection.endheaders(b"{" + b" " * 1023)
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def post_chunked(self, path: str, chunks) -> tuple[int, str]:
        """A body sent in chunks, without a Content-Length."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.putrequest("POST", path)
            connection.putheader("Content-Type", "application/json")
            connection.putheader("Transfer-Encoding", "chunked")
            connection.endheaders()
            try:
                for chunk in chunks:
                    connection.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                connection.send(b"0\r\n\r\n")
            except (BrokenPipeError, ConnectionResetError):
                pass  # the server answered and closed before the end of the body
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def memory_kb(self) -> int:
        """Resident memory of the server and its worker processes (Linux /proc)."""
        total = 0
        for pid in [self.process.pid, *_children(self.process.pid)]:
            with contextlib.suppress(OSError):
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        return total


def _children(pid: int) -> list[int]:
    found = []
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split():
            found += [int(child), *_children(int(child))]
    return found


@contextlib.contextmanager
def running_server(timeout: float = 90):
    """``python -m cpswiss.cli serve --port P`` until the block ends; its log is shown when
    it does not start."""
    port = free_port()
    log = Path(tempfile.mkstemp(prefix="cpswiss-serve-", suffix=".log")[1])
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "cpswiss.cli", "serve", "--host", "127.0.0.1",
                                    "--port", str(port)], stdout=out, stderr=subprocess.STDOUT, env=env,
                                   cwd=REPO)
    server = Server(f"http://127.0.0.1:{port}", port, process, log)
    try:
        deadline = time.monotonic() + timeout
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"cpswiss serve exited: {log.read_text()}")
            with contextlib.suppress(OSError):
                if server.request("GET", "/api/health", timeout=5)[0] == 200:
                    break
            if time.monotonic() > deadline:
                raise RuntimeError(f"cpswiss serve did not start in {timeout} s: {log.read_text()}")
            time.sleep(0.2)
        yield server
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.unlink(missing_ok=True)


def bench(name: str) -> str:
    return (BENCH / name).read_text(encoding="utf-8")


def with_colours_swapped(trf: str, player: int, round_no: int) -> str:
    """The TRF with the colours of one played game swapped for both players (a planted
    difference for ``check``): the colour is column 97 + 10 (round - 1) of a 001 record."""
    lines = trf.splitlines()
    column = 96 + 10 * (round_no - 1)
    records = {int(line[4:8]): k for k, line in enumerate(lines) if line.startswith("001")}
    opponent = int(lines[records[player]][column - 5:column - 1])
    for pid in (player, opponent):
        line = lines[records[pid]]
        swapped = {"w": "b", "b": "w"}[line[column]]
        lines[records[pid]] = line[:column] + swapped + line[column + 1:]
    return "\n".join(lines) + "\n"
