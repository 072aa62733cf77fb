"""``POST /api/state`` on a file whose last round is paired but not played (``pair
--write-trf`` writes it), for an individual, a team and a Double-Swiss file: the round marked as
paired (``round_paired``) and each competitor's pairing as ``cpswiss state`` prints it in its
column 'paired'; the same state as before the round was paired."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from test_server_fixtures import REPO

from cpswiss.cli import main
from cpswiss.server.answers import MatchStateAnswer
from cpswiss.server.app import create_app
from cpswiss.server.pool import Workers

DATA = REPO / "tests" / "data"
FILES = [("--dutch", DATA / "colour-limits" / "cd-against-three-in-a-row.trf", 7),
         ("--team", DATA / "team-2026-sample" / "disputed-n006-r02of05-t017.trf", 2),
         ("--double-swiss", DATA / "double-swiss.trf", 3)]


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(Workers.create(1, 1))) as c:
        yield c


def run(capsys, *argv) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert err == ""
    return code, out


def rows(answer: dict) -> dict[int, dict]:
    return {row["id"]: row for row in answer.get("players", answer.get("competitors", []))}


@pytest.mark.parametrize(("flag", "source", "round_no"), FILES)
def test_state_of_a_paired_round_names_each_pairing(client, capsys, tmp_path, flag, source, round_no):
    paired = tmp_path / "paired.trf"
    code, pairing = run(capsys, "pair", flag, source, "-p", "--write-trf", paired)
    assert code == 0
    boards = [tuple(map(int, line.split())) for line in pairing.splitlines()[1:]]
    code, printed = run(capsys, "state", paired)
    assert code == 0
    table = printed.splitlines()[2:]
    assert table[0].split()[-1] == "paired"
    shown = {int(line.split()[0]): line for line in table[1:]}

    response = client.post("/api/state", json={"trf": paired.read_text()})
    assert response.status_code == 200, response.json()
    answer = response.json()
    if flag != "--dutch":
        MatchStateAnswer.model_validate(answer)
    assert (answer["round"], answer["round_paired"], answer["finished"]) == (round_no, True, False)
    found = rows(answer)
    assert found.keys() == shown.keys()
    for cid, row in found.items():  # the command line's last column
        assert shown[cid].endswith(f" {row['paired']}"), (shown[cid], row["paired"])
    for white, black in boards:
        assert (found[white]["paired"], found[black]["paired"]) == (f"{black} w", f"{white} b")

    before = client.post("/api/state", json={"trf": source.read_text()}).json()  # the round not yet paired
    assert before["round"] == round_no and before["round_paired"] is False
    assert all(row["paired"] is None for row in rows(before).values())
    assert {cid: {k: v for k, v in row.items() if k != "paired"} for cid, row in found.items()} == \
        {cid: {k: v for k, v in row.items() if k != "paired"} for cid, row in rows(before).items()}


def test_the_openapi_schema_documents_the_paired_round(client):
    schema = client.get("/openapi.json").json()
    models = schema["components"]["schemas"]
    assert "round_paired" in models["MatchStateAnswer"]["properties"]
    assert "paired" in models["CompetitorRow"]["properties"]
    described = schema["paths"]["/api/state"]["post"]["responses"]["200"]["description"]
    assert "round_paired" in described and "'paired'" in described
