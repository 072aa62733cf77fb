"""``cpswiss serve``: the arbiter's web page and a JSON API for pairing software.

Every command has an endpoint that takes what the command takes, as JSON with the TRF as
text, and answers what its ``--json`` prints (:mod:`cpswiss.server.jobs`).  The work runs in
worker processes (:mod:`cpswiss.server.pool`); nothing a client sends is written to disk.

Errors answer ``{"error": one line, "exit_code", "kind", "details"}`` with the command
line's one-line message and exit code, and an HTTP status by the exit code's class:

=====================================  ======  =====================================
what                                   status  exit code / error
=====================================  ======  =====================================
malformed TRF, an impossible decision  400     3 (InputError), 5 (FileAccessError)
unknown rule set or acceleration       400     3
request not the schema (JSON, types)   422     3
body over 10 MB, tournament too large  413     4 (TooLargeError)
no legal pairing (with certificate)    409     1 (NoPairingError; ``details``)
solver time limit reached              503     2 (UnprovenError)
pairing beyond this engine             501     2 (EngineLimitError)
worker process lost                    503     2
a bug                                  500     2
=====================================  ======  =====================================
"""

from __future__ import annotations

import functools
import time
from contextlib import asynccontextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cpswiss import errors
from cpswiss.server.answers import (
    MatchCheckAnswer, MatchExplainAnswer, MatchPairAnswer, MatchResolveAnswer, MatchStateAnswer,
)
from cpswiss.server.models import (
    CheckRequest,
    ExplainRequest,
    GenerateRequest,
    PairRequest,
    ResolveRequest,
    StateRequest,
)
from cpswiss.server.pool import LARGE_TOURNAMENT, Workers
from cpswiss.server.standings import StandingsAnswer, StandingsRequest, standings_answer

MAX_BODY = 10 * 1024 * 1024  # bytes
MAX_GENERATED_PLAYERS = 200  # a generated tournament is paired round by round: larger ones via the CLI

STATUS_BY_EXIT_CODE = {errors.EXIT_INVALID_INPUT: 400, errors.EXIT_FILE_ACCESS: 400, errors.EXIT_TOO_LARGE: 413,
                       errors.EXIT_NO_PAIRING: 409}
STATUS_BY_KIND = {"UnprovenError": 503, "EngineLimitError": 501, "WorkerLost": 503}


class ErrorAnswer(BaseModel):
    """Every error: the command line's one-line message, its exit code, the error class, and
    for no pairing the certificate's lines."""

    error: str
    exit_code: int
    kind: str
    details: list[str] = []


ERRORS: dict[int | str, dict[str, Any]] = {status: {"model": ErrorAnswer} for status in (400, 409, 413, 422, 501, 503)}


def answers(matches: type[BaseModel], individual: str) -> dict[int | str, dict[str, Any]]:
    """The responses of a command's endpoint: the errors, and its answer - for a team or
    Double-Swiss file the typed model ``matches``, for an individual system what its ``--json``
    prints (``individual``)."""
    return {**ERRORS, 200: {"model": dict[str, Any] | matches,
                            "description": f"a team or Double-Swiss file: {matches.__name__}; "
                                           f"an individual system: {individual}"}}


def status_of(error: dict) -> int:
    """The HTTP status of a job's error (see the module docstring)."""
    if error["kind"] in STATUS_BY_KIND:
        return STATUS_BY_KIND[error["kind"]]
    return STATUS_BY_EXIT_CODE.get(error["exit_code"], 500)


def error_response(status: int, message: str, exit_code: int, kind: str, details: list[str] | None = None):
    return JSONResponse({"error": " ".join(message.split()), "exit_code": exit_code, "kind": kind,
                         "details": details or []}, status_code=status)


class BodyTooLarge(HTTPException):
    def __init__(self) -> None:
        super().__init__(413, f"request body over {MAX_BODY // (1024 * 1024)} MB")


class BodyLimit:
    """Refuse a body over ``MAX_BODY`` bytes: by its Content-Length before reading, or while
    reading a body sent in chunks."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY:
            exc = BodyTooLarge()
            await error_response(413, exc.detail, errors.EXIT_TOO_LARGE, "TooLargeError")(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise BodyTooLarge()
            return message

        await self.app(scope, limited, send)


# ---------------------------------------------------------------------------
# Rule sets and bundled tournaments (read in this process: small, cached)
# ---------------------------------------------------------------------------


@functools.cache
def rule_sets() -> tuple[dict, ...]:
    """``cpswiss rules``: name, title, aliases and system of each bundled rule set."""
    from cpswiss.rulesets.ruleset import available_rule_sets, load_rule_set

    return tuple({"name": r.name, "file": name, "title": r.title, "aliases": list(r.aliases), "system": r.system}
                 for name in available_rule_sets() for r in [load_rule_set(name)])


@functools.cache
def rule_set_names() -> frozenset[str]:
    return frozenset(n for r in rule_sets() for n in [r["file"], r["name"], *r["aliases"]])


def known_rule_set(name: str) -> str:
    """A bundled rule set's name or alias; anything else (a TOML path on the server) is refused
    with the command line's message."""
    if name not in rule_set_names():
        known = ", ".join(sorted(rule_set_names()))
        raise RuleSetUnknown(f"unknown rule set {name!r}; known: {known}")
    return name


class RuleSetUnknown(Exception):
    pass


def samples() -> dict[str, Traversable]:
    """The bundled tournaments: the benchmark set (``cpswiss/study/benchdata``) and the page's
    own team and Double-Swiss examples (``cpswiss/server/samples``)."""
    folders = (resources.files("cpswiss.study.benchdata"), resources.files("cpswiss.server") / "samples")
    return {p.name: p for folder in folders for p in folder.iterdir() if p.name.endswith(".trf")}


STATIC = resources.files("cpswiss.server") / "static"


# ---------------------------------------------------------------------------
# The application
# ---------------------------------------------------------------------------


def create_app(workers: Workers | None = None) -> FastAPI:
    """The application; ``workers``: the worker lanes (default: :meth:`Workers.create`)."""
    lanes = workers or Workers.create()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await lanes.start()  # the server accepts requests once every worker is warm
        yield
        lanes.stop()

    app = FastAPI(title="cpswiss", lifespan=lifespan,
                  description="FIDE Swiss pairing engine: the commands of the `cpswiss` command line as JSON. "
                              "Tournaments travel as TRF text: individual, team (C.04.6) or Double-Swiss "
                              "(C.04.5) files, the system chosen by `system` or by the file; errors carry the command line's one-line "
                              "message and exit code (status by class: 400 invalid input, 422 not the "
                              "schema, 413 too large, 409 no legal pairing, 503 time limit).")
    app.add_middleware(BodyLimit)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError):
        problems = [f"{'.'.join(str(x) for x in e['loc'] if x != 'body') or 'body'}: {e['msg']}"
                    for e in exc.errors()]
        return error_response(422, "; ".join(problems), errors.EXIT_INVALID_INPUT, "InvalidRequest")

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        kind = "TooLargeError" if exc.status_code == 413 else "HTTPError"
        code = errors.EXIT_TOO_LARGE if exc.status_code == 413 else errors.EXIT_INVALID_INPUT
        return error_response(exc.status_code, str(exc.detail), code, kind)

    @app.exception_handler(RuleSetUnknown)
    async def unknown_rule_set(request: Request, exc: RuleSetUnknown):
        return error_response(400, str(exc), errors.EXIT_INVALID_INPUT, "InputError")

    async def run(job: str, body: BaseModel):
        request = body.model_dump()
        if request.get("rules") == "":
            request["rules"] = None
        if request.get("rules") is not None:
            known_rule_set(request["rules"].removesuffix("+baku") if job == "generate" else request["rules"])
        started = time.perf_counter()
        answer, job_seconds = await lanes.run(job, request)
        if "error" in answer:
            e = answer["error"]
            response = error_response(status_of(e), e["message"], e["exit_code"], e["kind"], e["details"])
        else:
            response = JSONResponse(answer)  # plain JSON data already (jobs._plain): no second encoding pass
        response.headers["Server-Timing"] = (f"job;dur={job_seconds * 1000:.1f}, "
                                             f"server;dur={(time.perf_counter() - started) * 1000:.1f}")
        return response

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def page():
        return HTMLResponse((STATIC / "index.html").read_text(encoding="utf-8"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")

    @app.get("/api/health", tags=["server"])
    async def health() -> dict:
        return {"ok": True, "small_workers": lanes.small.workers, "large_workers": lanes.large.workers,
                "large_from_players": LARGE_TOURNAMENT + 1}

    @app.get("/api/rules", tags=["rules"], summary="cpswiss rules: the bundled rule sets")
    async def rules_list() -> list[dict]:
        return list(rule_sets())

    @app.get("/api/rules/diff", tags=["rules"], summary="cpswiss rules diff A B: what B changes against A",
             responses=ERRORS)
    async def rules_diff(a: str = Query(max_length=80), b: str = Query(max_length=80)):
        from cpswiss.rulesets.ruleset import diff, load_rule_set

        left, right = load_rule_set(known_rule_set(a)), load_rule_set(known_rule_set(b))
        return {"a": left.name, "b": right.name, "lines": diff(left, right)}

    @app.get("/api/rules/{name}", tags=["rules"], summary="cpswiss rules show NAME: the criteria in order",
             responses=ERRORS)
    async def rules_show(name: str):
        from cpswiss.rulesets.ruleset import describe, load_rule_set

        rules = load_rule_set(known_rule_set(name))
        return {"name": rules.name, "title": rules.title, "lines": describe(rules),
                "criteria": [{"label": c.label, "kind": c.kind, "unit": c.unit, "article": c.article}
                             for c in rules.criteria]}

    @app.get("/api/samples", tags=["server"], summary="the bundled tournaments (benchmark set)")
    async def samples_list() -> list[str]:
        return sorted(samples())

    @app.get("/api/samples/{name}", tags=["server"], response_class=PlainTextResponse, responses=ERRORS)
    async def sample(name: str):
        files = samples()
        if name not in files:
            raise HTTPException(404, f"no bundled tournament {name!r}; known: {', '.join(sorted(files))}")
        return PlainTextResponse(files[name].read_text(encoding="utf-8"))

    @app.post("/api/state", tags=["commands"], summary="cpswiss state: each player (team) before the round",
              responses=answers(MatchStateAnswer, "round, rule set and each player's state; "
                                                         "round_paired: the round is paired but not played, "
                                                         "each player's 'paired' his block of it ('4 w')"))
    async def state(body: StateRequest):
        return await run("state", body)

    @app.post("/api/pair", tags=["commands"],
              responses=answers(MatchPairAnswer, "the boards, bye, pairing file, TRF and explanation"),
              summary="cpswiss pair: the next round (with the arbiter's decisions: what-if), the pairing "
                      "file and the TRF with the round appended")
    async def pair(body: PairRequest):
        return await run("pair", body)

    @app.post("/api/explain", tags=["commands"],
              responses=answers(MatchExplainAnswer, "the account of 'cpswiss explain --json'"),
              summary="cpswiss explain: is a proposed pairing (or a round of the file) the rules' pairing?")
    async def explain(body: ExplainRequest):
        return await run("explain", body)

    @app.post("/api/check", tags=["commands"],
              responses=answers(MatchCheckAnswer, "the report of 'cpswiss check --json'"),
              summary="cpswiss check: re-pair each round of the file and compare")
    async def check(body: CheckRequest):
        return await run("check", body)

    @app.post("/api/resolve", tags=["commands"],
              responses=answers(MatchResolveAnswer, "the alternatives of 'cpswiss resolve --json'"),
              summary="cpswiss resolve: the least-bad pairings when no legal one exists")
    async def resolve(body: ResolveRequest):
        return await run("resolve", body)

    @app.post("/api/standings", tags=["commands"], response_model=StandingsAnswer,
              responses={k: v for k, v in ERRORS.items() if k in (400, 413, 422)},
              summary="cpswiss standings: the ranking after a round under a tie-break list (FIDE C.07), "
                      "and why one competitor ranks ahead of another (explain --standings)")
    def standings(body: StandingsRequest):  # no solver: the thread pool, not the worker lanes
        try:
            return JSONResponse(standings_answer(body))
        except errors.CpswissError as e:
            status = STATUS_BY_EXIT_CODE.get(e.exit_code, 500)
            return error_response(status, str(e), e.exit_code, type(e).__name__)

    @app.post("/api/generate", tags=["commands"], responses=ERRORS,
              summary="cpswiss generate: a random tournament, every round paired by a rule set")
    async def generate(body: GenerateRequest):
        players = body.config.get("PlayersNumber", 100)
        if players > MAX_GENERATED_PLAYERS:
            return error_response(413, f"PlayersNumber {players}: the server generates up to "
                                       f"{MAX_GENERATED_PLAYERS} players (use 'cpswiss generate')",
                                  errors.EXIT_TOO_LARGE, "TooLargeError")
        return await run("generate", body)

    return app


def serve(host: str = "127.0.0.1", port: int = 8000) -> int:
    """Run the server until interrupted (``cpswiss serve``)."""
    import uvicorn

    uvicorn.run(create_app(), host=host, port=port, log_level="info")
    return errors.EXIT_OK
