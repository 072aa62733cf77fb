"""``POST /api/standings`` against a real server: the standings as the library computes them
(rows, values, ranks, the edition and its reason), the explanation of two rows, a team and a
Double-Swiss file, bad input in one line (400) and requests not the schema (422), the OpenAPI
documentation."""

from __future__ import annotations

import json

import pytest
from test_server_fixtures import DATA, running_server

from cpswiss.formats.trf import parse_trf
from cpswiss.standings import compute_standings
from cpswiss.standings.explain import explain_order

STANDINGS = DATA / "standings"


@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


def test_the_standings_are_the_librarys(server):
    text = (STANDINGS / "ranked.trf").read_text()
    status, answer = server.post("/api/standings", {"trf": text, "tiebreaks": "BH,SB", "edition": "2026"})
    assert status == 200, answer
    s = compute_standings(parse_trf(text, "<input>"), "BH,SB", "2026")
    assert answer["edition"] == "2026" and answer["edition_reason"] == "--edition"
    assert answer["list_from"] == "the request's tiebreaks"
    assert answer["tiebreaks"] == ["PTS", "BH", "SB"] and answer["round"] == 4
    assert [(r["id"], r["rank"]) for r in answer["rows"]] == [(r.id, r.rank) for r in s.rows]
    assert [(r["id"], r["rank"]) for r in answer["rows"]][:3] == [(5, 1), (4, 2), (1, 3)]  # the 2026 caps
    assert answer["rows"][0]["values"] == {"PTS": 3.5, "BH": 6.0, "SB": 4.5}  # 1x1 + 0.5x1 + 1.5x1 + 3x0.5
    assert answer["explanation"] is None


def test_the_files_list_and_the_start_date(server):
    status, answer = server.post("/api/standings", {"trf": (STANDINGS / "ranked.trf").read_text()})
    assert status == 200
    assert answer["list_from"] == "record 212 (line 5)" and answer["tiebreaks"] == ["PTS", "BH/C1", "BH", "SB"]
    assert answer["edition_reason"] == "start date 2026/05/01 (042) from 1 March 2026"


def test_two_rows_explained(server):
    text = (STANDINGS / "unrated.trf").read_text()
    status, answer = server.post("/api/standings", {"trf": text, "tiebreaks": "ARO,BH/C1", "explain": [4, 5]})
    assert status == 200
    t = parse_trf(text, "<input>")
    expected = explain_order(compute_standings(t, "ARO,BH/C1"), 4, 5, t)
    assert answer["explanation"]["ahead"] == 5 and answer["explanation"]["tiebreak"] == "BH/C1"
    assert answer["explanation"]["text"] == expected.lines()
    assert answer["not_applicable"] == {"ARO": "not applicable: a competitor is unrated (C.07 Art. 10)"}
    assert all(r["values"]["ARO"] is None for r in answer["rows"])


def test_a_team_and_a_double_swiss_file(server):
    status, answer = server.post("/api/standings", {"trf": (STANDINGS / "team.trf").read_text(),
                                                    "tiebreaks": "MPTS,EDE,EMGSB/C1", "explain": [3, 2]})
    assert status == 200 and answer["team"] is True
    assert [r["id"] for r in answer["rows"]] == [1, 2, 3, 4]
    assert answer["explanation"]["ahead"] == 2 and answer["explanation"]["tiebreak"] == "EDE"
    status, answer = server.post("/api/standings", {"trf": (DATA / "double-swiss.trf").read_text(),
                                                    "tiebreaks": "BH"})
    assert status == 200 and answer["team"] is False
    s = compute_standings(parse_trf((DATA / "double-swiss.trf").read_text(), "<input>"), "BH")
    assert [(r["id"], r["rank"], r["values"]["BH"]) for r in answer["rows"]] == \
        [(r.id, r.rank, float(r.values[1])) for r in s.rows]


@pytest.mark.parametrize("body, status, words", [
    ({"tiebreaks": "XYZ"}, 400, "unknown tie-break 'XYZ'"),
    ({"tiebreaks": "BH", "round": 9}, 400, "--round 9"),
    ({"tiebreaks": "BH", "explain": [4, 99]}, 400, "no competitor 99"),
    ({"tiebreaks": "BH", "edition": "2019"}, 422, "edition"),
    ({"tiebreaks": "BH", "explain": [4]}, 422, "explain"),
    ({"surprise": 1}, 422, "surprise"),
])
def test_bad_input_in_one_line(server, body, status, words):
    code, answer = server.post("/api/standings", {"trf": (STANDINGS / "ranked.trf").read_text(), **body})
    assert code == status, answer
    assert answer["exit_code"] == 3 and "\n" not in answer["error"] and words in answer["error"]


def test_openapi_documents_the_endpoint(server):
    status, spec = server.get("/openapi.json")
    assert status == 200
    post = spec["paths"]["/api/standings"]["post"]
    assert post["summary"].startswith("cpswiss standings")
    assert {"200", "400", "422"} <= set(post["responses"])
    request = spec["components"]["schemas"]["StandingsRequest"]["properties"]
    assert {"trf", "tiebreaks", "edition", "round", "explain"} <= set(request)
    answer = spec["components"]["schemas"]["StandingsAnswer"]["properties"]
    assert {"rows", "edition", "edition_reason", "tiebreaks"} <= set(answer)
    assert json.dumps(spec).count("StandingsRow") >= 1


def test_the_1999_rules_rank_by_seed_001s_order(server):
    status, answer = server.post("/api/standings", {"trf": (STANDINGS / "seed001-rated.trf").read_text(),
                                                    "explain": [1, 4]})
    assert status == 200
    assert answer["list_from"] == "the 1987-99 rules' default order (seed 001 section 16)"
    assert answer["tiebreaks"] == ["PTS", "OTHER_1999"]
    assert [r["id"] for r in answer["rows"]][:2] == [4, 1] and answer["explanation"]["ahead"] == 4
