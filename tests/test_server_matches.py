"""The JSON API on team files (C.04.6) and Double-Swiss files (C.04.5), through the ASGI app
(FastAPI's TestClient, real worker processes): each answer validated against its typed model
and compared with the library calls the command line makes - pair, what-if, state, check,
explain, resolve, generate; the system chosen by the file or by ``system``; planted colour
errors found by ``check`` with their article; refusals in one line."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_server_fixtures import REPO, with_colours_swapped

from cpswiss.api import matches_text, pair_matches
from system_results import double_swiss_state_rows, pair_double_swiss_tournament, pair_team_tournament, team_state_rows
from cpswiss.formats.trf import parse_trf
from cpswiss.server.answers import (
    MatchCheckAnswer, MatchExplainAnswer, MatchPairAnswer, MatchResolveAnswer, MatchStateAnswer,
)
from cpswiss.server.app import create_app
from cpswiss.server.pool import Workers

SAMPLES = REPO / "cpswiss" / "server" / "samples"
TEAM = "team-n009-r02of05.trf"
DOUBLE = "double-swiss-n011-r02of05.trf"


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Workers.create(1, 1))) as c:
        yield c


def text(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def post(client, path: str, **body):
    response = client.post(path, json=body)
    return response.status_code, response.json()


def assert_refused(answer: tuple[int, dict], status: int, contains: str) -> None:
    code, data = answer
    assert code == status, data
    assert "\n" not in data["error"] and contains in data["error"]


def test_samples_list_the_team_and_double_swiss_examples(client):
    names = client.get("/api/samples").json()
    assert TEAM in names and DOUBLE in names
    assert client.get(f"/api/samples/{TEAM}").text == text(TEAM)


def test_pair_a_team_file_as_pair_team_does(client):
    status, data = post(client, "/api/pair", trf=text(TEAM), name=TEAM)
    assert status == 200
    answer = MatchPairAnswer.model_validate(data)
    expected = pair_matches(parse_trf(text(TEAM)))
    assert answer.system == "team" and answer.round == 3
    assert [(m.white.id, m.black.id, m.article) for m in answer.matches] == \
        [(m.white, m.black, m.article) for m in expected.matches]
    assert answer.bye is not None and answer.bye.id == expected.bye == 7
    first = answer.matches[0]
    assert (first.white.name, first.white.score_text) == ("Team 001", "4 MP 7 GP")
    assert (first.black.name, first.black.match_points, first.black.game_points) == ("Team 002", 4.0, 5.5)
    # the board order of each team, colours by the default sequence: White on the odd boards for
    # the team with White on board 1
    members = {1: range(1, 5), 2: range(5, 9)}
    assert [(g.number, g.white, g.black) for g in first.games] == [(1, 1, 5), (2, 6, 2), (3, 3, 7), (4, 8, 4)]
    assert all(g.white in members[1] or g.white in members[2] for g in first.games)
    assert answer.pairing_file == "\n".join(expected.lines()) + "\n"
    appended = parse_trf(answer.trf)  # the round appended: each board's players pending, as the games say
    for g in first.games:
        white, black = appended.players[g.white].entry(3), appended.players[g.black].entry(3)
        assert (white.opponent, white.colour, black.opponent, black.colour) == (g.black, "W", g.white, "B")
    assert answer.rule_set.endswith("(record 192 FIDE_TEAM_TYPEA_MP_GP)") and answer.explanation is None


def test_pair_a_double_swiss_file_with_both_games_and_the_explanation(client):
    status, data = post(client, "/api/pair", trf=text(DOUBLE), explain=True)
    assert status == 200
    answer = MatchPairAnswer.model_validate(data)
    expected = pair_matches(parse_trf(text(DOUBLE)), record_refusals=True)
    assert answer.system == "double-swiss" and answer.round == 3
    assert [(m.white.id, m.black.id, m.article) for m in answer.matches] == \
        [(m.white, m.black, m.article) for m in expected.matches]
    for m in answer.matches:
        one, two = m.games
        assert (one.number, one.white, one.black) == (1, m.white.id, m.black.id)
        assert (two.number, two.white, two.black) == (2, m.black.id, m.white.id)
    assert answer.bye is not None and (answer.bye.id, answer.bye.score_text) == (9, "1.0")
    assert answer.matches[0].white.score_text == "3.0" and answer.matches[0].white.match_points is None

    assert answer.explanation == matches_text(expected)
    assert "Art. 3.4" in answer.explanation


def test_state_of_teams_and_of_double_swiss_players(client):
    status, data = post(client, "/api/state", trf=text(TEAM))
    assert status == 200
    teams = MatchStateAnswer.model_validate(data)
    rows = team_state_rows(parse_trf(text(TEAM)))
    assert (teams.system, teams.round, teams.total_rounds) == ("team", 3, 5)
    assert [(c.id, c.name, c.match_points, c.game_points, c.colour_difference, c.preference) for c in
            teams.competitors] == [(r["tpn"], r["team"], r["MP"], r["GP"], r["CD"], r["preference"]) for r in rows]
    status, data = post(client, "/api/state", trf=text(DOUBLE))
    players = MatchStateAnswer.model_validate(data)
    rows = double_swiss_state_rows(parse_trf(text(DOUBLE)))
    assert (players.system, players.round, players.total_rounds) == ("double-swiss", 3, 5)
    assert [(c.id, c.score, c.whites, c.bye_eligible) for c in players.competitors] == \
        [(r["tpn"], r["pairing score"], r["whites"], r["PAB allowed"]) for r in rows]
    assert next(c for c in players.competitors if c.id == 2).bye_eligible is False  # had the PAB in round 2


def test_check_finds_a_planted_team_colour_with_its_article(client):
    status, data = post(client, "/api/check", trf=text(TEAM))
    assert status == 200 and MatchCheckAnswer.model_validate(data).agrees
    planted = text(TEAM)
    for member in range(1, 5):  # team 1's match of round 2, every board's colours reversed
        planted = with_colours_swapped(planted, member, 2)
    status, data = post(client, "/api/check", trf=planted)
    report = MatchCheckAnswer.model_validate(data)
    assert [r.agrees for r in report.rounds] == [True, False]
    assert any("Art. 4" in f for f in report.rounds[1].findings), report.rounds[1].findings


def test_check_finds_a_planted_double_swiss_match_colour(client):
    status, data = post(client, "/api/check", trf=text(DOUBLE))
    assert status == 200 and MatchCheckAnswer.model_validate(data).agrees
    planted = with_colours_swapped(with_colours_swapped(text(DOUBLE), 1, 3), 1, 4)  # match 2 of player 1
    report = MatchCheckAnswer.model_validate(post(client, "/api/check", trf=planted)[1])
    assert [r.agrees for r in report.rounds] == [True, False]
    assert report.rounds[1].findings == ["played 7-1 with colours reversed (rules: 1-7, C.04.5 Art. 4.3.4)"]


def test_explain_a_team_proposal(client):
    engine = pair_team_tournament(parse_trf(text(TEAM)))
    boards = [[m.white, m.black] for m in engine.matches]
    status, data = post(client, "/api/explain", trf=text(TEAM), pairing={"boards": boards, "bye": engine.bye})
    assert status == 200
    same = MatchExplainAnswer.model_validate(data)
    assert same.agrees is True and not same.problems and "Art. 3.4" in same.text
    boards[0] = boards[0][::-1]
    other = MatchExplainAnswer.model_validate(post(client, "/api/explain", trf=text(TEAM),
                                                   pairing={"boards": boards, "bye": engine.bye})[1])
    assert other.agrees is False
    m = engine.matches[0]
    assert other.differences[0].startswith(f"C.04.6 Art. {m.article}: {m.black}-{m.white}: the proposal gives White to "
                                           f"{m.black}; Art. {m.article} gives it to {m.white}")
    assert_refused(post(client, "/api/explain", trf=text(TEAM), pairing={"boards": [[1, 99]]}), 400,
                   "team 99 is not in the tournament")


def test_explain_a_round_of_a_double_swiss_file(client):
    status, data = post(client, "/api/explain", trf=text(DOUBLE), round=2)
    assert status == 200
    answer = MatchExplainAnswer.model_validate(data)
    assert (answer.round, answer.agrees, answer.differences) == (2, True, [])


def test_the_system_field_chooses_as_the_flag_does(client):
    assert_refused(post(client, "/api/pair", trf=text(TEAM), system="dutch"), 400,
                   "asks for the Swiss Team Pairing System (C.04.6)")
    assert_refused(post(client, "/api/pair", trf=text(DOUBLE), system="team"), 400, "Double-Swiss")
    assert_refused(post(client, "/api/pair", trf=text(TEAM), system="chess960"), 400, "system 'chess960': unknown")
    status, data = post(client, "/api/pair", trf=text(TEAM), system="team", rules="team-2026-b-mp")
    assert status == 200 and data["rule_set_name"] == "team-2026-b-mp"
    assert_refused(post(client, "/api/pair", trf=text(TEAM), rules="double-swiss-2026"), 400,
                   "the FIDE Double-Swiss System (C.04.5) does not pair it")
    individual = (REPO / "cpswiss" / "study" / "benchdata" / "n031-r03of10-t045.trf").read_text()
    status, data = post(client, "/api/pair", trf=individual, system="dubov")
    assert status == 200 and data["rule_set_name"] == "dubov-2026"
    assert_refused(post(client, "/api/pair", trf=individual, system="dubov", rules="dutch-2026"), 400,
                   "--dubov pairs with the")


def test_what_if_on_a_team_file_as_pair_team_fix_does(client):
    from cpswiss.check.decisions import Decisions
    from cpswiss.check.matches import what_if_matches

    assert_refused(post(client, "/api/pair", trf=text(TEAM), fix=["1-3"]), 400,
                   "--fix 1-3: 1 and 3 have met before ([C1], C.04.6 Art. 2.1.1)")
    status, data = post(client, "/api/pair", trf=text(TEAM), fix=["1-4"], explain=True)
    assert status == 200
    answer = MatchPairAnswer.model_validate(data)
    expected = what_if_matches(parse_trf(text(TEAM)), Decisions(fix=((1, 4),)), record_refusals=True)
    assert [(m.white.id, m.black.id) for m in answer.matches] == [(m.white, m.black) for m in expected.result.matches]
    assert {1, 4} in [{m.white.id, m.black.id} for m in answer.matches]
    assert answer.whatif is not None and answer.whatif.changed
    assert (answer.whatif.decisions, answer.whatif.first) == ("--fix 1-4", str(expected.first))
    assert answer.whatif.lines == expected.lines() and answer.whatif.lines[0] == "What if --fix 1-4:"
    assert answer.whatif.first.startswith("[C4] C.04.6 Art. 2.3.1: bracket 1")
    assert [(m.white, m.black) for m in answer.whatif.baseline.matches] == \
        [(m.white, m.black) for m in pair_team_tournament(parse_trf(text(TEAM))).matches]
    assert answer.explanation is not None and answer.explanation.startswith("Round 3")
    status, data = post(client, "/api/pair", trf=text(TEAM), fix=["1-2"])  # the rules' own match
    kept = MatchPairAnswer.model_validate(data).whatif
    assert kept is not None and not kept.changed and kept.lines[1].endswith("nothing changes")


def test_what_if_on_a_double_swiss_file_forbids_a_match(client):
    engine = pair_double_swiss_tournament(parse_trf(text(DOUBLE)))
    first = engine.pairing.boards[0]
    status, data = post(client, "/api/pair", trf=text(DOUBLE), forbid=[f"{first.white}-{first.black}"])
    assert status == 200
    answer = MatchPairAnswer.model_validate(data)
    assert {first.white, first.black} not in [{m.white.id, m.black.id} for m in answer.matches]
    assert answer.whatif is not None and answer.whatif.changed and answer.whatif.first
    assert_refused(post(client, "/api/pair", trf=text(DOUBLE), initial_colour="black"), 400, "record 152")


def test_resolve_an_impossible_team_round_and_a_legal_one(client):
    from cpswiss.check.matches_resolve import resolve_matches

    impossible = (REPO / "tests" / "data" / "impossible-matches" / "team-n004-r04of05.trf").read_text()
    code, data = post(client, "/api/pair", trf=impossible)
    assert code == 409 and data["exit_code"] == 1 and "\n" not in data["error"]
    status, data = post(client, "/api/resolve", trf=impossible, count=2)
    assert status == 200
    answer = MatchResolveAnswer.model_validate(data)
    expected = resolve_matches(parse_trf(impossible), count=2)
    assert (answer.system, answer.round, answer.legal) == ("team", 4, False)
    assert [(a.rank, a.how, a.breaks) for a in answer.alternatives] == \
        [(a.rank, a.how, [str(f) for f in a.violations]) for a in expected.alternatives]
    assert all(any("[C1]" in b for b in a.breaks) for a in answer.alternatives)
    assert answer.text == expected.text()
    legal = MatchResolveAnswer.model_validate(post(client, "/api/resolve", trf=text(TEAM), count=1)[1])
    rules = pair_team_tournament(parse_trf(text(TEAM)))
    assert legal.legal and [(m.white, m.black) for m in legal.alternatives[0].pairing.matches] == \
        [(m.white, m.black) for m in rules.matches] and legal.alternatives[0].breaks == []


def test_acceleration_of_a_team_file_is_refused_in_one_line(client):
    assert_refused(post(client, "/api/pair", trf=text(TEAM), accelerate="baku"), 400, "record 192")


@pytest.mark.parametrize(("rules", "marker"), [("team-2026-b-mp", "\n310 "), ("double-swiss-2026", "FIDE_DOUBLESWISS"),
                                               ("team-2026+baku", "_BAKU")])
def test_generate_team_and_double_swiss_tournaments(client, rules, marker):
    status, data = post(client, "/api/generate", config={"PlayersNumber": 7, "RoundsNumber": 2}, seed=3, rules=rules,
                        format="trf26")
    assert status == 200 and marker in data["trf"]
    checked = MatchCheckAnswer.model_validate(post(client, "/api/check", trf=data["trf"])[1])
    assert checked.agrees and len(checked.rounds) == 2


def test_openapi_documents_the_answers_and_the_system_field(client):
    schema = client.get("/openapi.json").json()
    components = schema["components"]["schemas"]
    assert {"MatchPairAnswer", "MatchStateAnswer", "MatchCheckAnswer", "MatchExplainAnswer", "Game"} <= set(components)
    answer = schema["paths"]["/api/pair"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert {"$ref": "#/components/schemas/MatchPairAnswer"} in answer["anyOf"]
    assert "double-swiss" in components["PairRequest"]["properties"]["system"]["description"]


def test_explain_a_double_swiss_proposal_names_the_first_article(client):
    engine = pair_double_swiss_tournament(parse_trf(text(DOUBLE)))
    boards = [[b.black, b.white] for b in engine.pairing.boards]  # every match's colours reversed
    answer = MatchExplainAnswer.model_validate(post(client, "/api/explain", trf=text(DOUBLE),
                                                    pairing={"boards": boards, "bye": engine.pairing.bye})[1])
    first = engine.pairing.boards[0]
    assert answer.agrees is False and not answer.problems
    assert answer.differences[0].startswith(f"C.04.5 Art. {first.article}: {first.black}-{first.white}: the "
                                            f"proposal gives White in game 1 to {first.black}")


@pytest.mark.parametrize("rules", ["team-2026", "double-swiss-2026"])
def test_state_of_a_finished_file_of_matches_is_its_final_state(client, rules, tmp_path):
    """As for individual files: once every round is paired, `state` shows the competitors after
    the last one (their final scores), not the refusal that there is nothing to pair."""
    import subprocess
    import sys

    finished = tmp_path / "finished.trf"
    made = subprocess.run([sys.executable, "-m", "cpswiss.cli", "generate", "--rules", rules, "--players", "7",
                           "--rounds", "3", "--seed", "3", "-o", str(finished)], capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    shown = subprocess.run([sys.executable, "-m", "cpswiss.cli", "state", str(finished)], capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[1] == "Final state after round 3 of 3 (the tournament is finished)"
    status, data = post(client, "/api/state", trf=finished.read_text())
    assert status == 200, data
    answer = MatchStateAnswer.model_validate(data)
    t = parse_trf(finished.read_text())
    rows = team_state_rows(t) if rules.startswith("team") else double_swiss_state_rows(t)
    assert answer.finished and answer.total_rounds == 3
    scores = [(c.id, c.match_points if rules.startswith("team") else c.score) for c in answer.competitors]
    assert scores == [(r["tpn"], r["MP"] if rules.startswith("team") else r["pairing score"]) for r in rows]
    points = {pid: t.computed_points(record) for pid, record in t.players.items()}
    assert sum(points.values()) > 0 and not post(client, "/api/pair", trf=finished.read_text())[0] == 200
