"""``POST /api/standings``: the standings of ``cpswiss standings`` (FIDE C.07) as JSON, and on
request why one competitor ranks ahead of another (``cpswiss explain --standings A B``).

The work is light (no solver): :mod:`cpswiss.server.app` runs it in the server's thread pool,
not in the worker lanes.  Bad input answers 400 with the command line's one line and exit code 3;
a request that is not the schema 422 (the application's handler).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from cpswiss.server.models import Strict

class StandingsRequest(Strict):
    """What ``cpswiss standings`` takes, with the TRF as text."""

    trf: str = Field(description="the tournament as TRF text (individual, team or Double-Swiss)", min_length=1)
    name: str | None = Field(None, max_length=120, description="the file's name, used in messages")
    tiebreaks: str | None = Field(None, max_length=400,
                                  description="the list in the TRF-2026 code grammar, comma-separated "
                                              "(BH/C1,BH,SB; :MP / :GP for teams); default: the file's 212 / "
                                              "202, else the rule set's default, else C.07's usual list")
    edition: Literal["2024", "2026"] | None = Field(None, description="C.07 of 1 August 2024 or of 1 March 2026; "
                                                                      "default: by the start date 042")
    round: int | None = Field(None, ge=0, le=999, description="the standings after this round (default: the "
                                                              "last complete round)")
    system: Literal["swiss", "roundrobin"] | None = Field(None, description="default: by record 092 / 192")
    recompute_points: bool = Field(False, description="score the competitors from their results")
    explain: tuple[int, int] | None = Field(None, description="two competitors' ids: why the first ranks ahead of "
                                                              "the second, or not (the deciding tie-break)")


class StandingsRow(Strict):
    rank: int = Field(description="shared by competitors the list does not separate (C.07 Art. 4.2)")
    id: int = Field(description="the pairing number (a team's 310 number)")
    name: str
    values: dict[str, float | None] = Field(description="per tie-break of the list (the points first); null: "
                                                        "not applicable (Art. 10)")


class StandingsAnswer(Strict):
    round: int
    edition: str = Field(description="2024 or 2026")
    edition_reason: str = Field(description="why: --edition, the start date 042, the rules in force")
    system: str
    team: bool
    tiebreaks: list[str] = Field(description="the list, the points first: the keys of every row's values")
    list_from: str = Field(description="where the list comes from: the request, record 212 / 202, a default")
    not_applicable: dict[str, str] = Field(description="tie-break -> why it breaks no tie")
    rows: list[StandingsRow] = Field(description="in rank order")
    explanation: dict[str, object] | None = Field(
        None, description="with 'explain': ahead (an id, null: a shared place), the deciding tie-break, the lines "
                          "of 'cpswiss explain --standings'")


def standings_answer(body: StandingsRequest) -> dict[str, object]:
    """The answer to a request; a :class:`~cpswiss.errors.CpswissError` for bad input."""
    from fractions import Fraction

    from cpswiss.api.standings import rule_set_default
    from cpswiss.formats.trf import parse_trf
    from cpswiss.standings import compute_standings
    from cpswiss.standings.explain import explain_order

    t = parse_trf(body.trf, body.name or "<input>", recompute_points=body.recompute_points)
    s = compute_standings(t, body.tiebreaks, body.edition, body.round, body.system,
                          rule_set_default(t) if body.tiebreaks is None else None)
    explanation = None
    if body.explain is not None:
        explanation = explain_order(s, body.explain[0], body.explain[1], t).as_dict()
    return {
        "round": s.round, "edition": s.edition, "edition_reason": s.edition_reason, "system": s.system,
        "team": s.team, "tiebreaks": list(s.headers),
        "list_from": "the request's tiebreaks" if body.tiebreaks is not None else s.list_reason,
        "not_applicable": {s.tiebreaks[i].text: why for i, why in s.not_applicable.items()},
        "rows": [{"rank": r.rank, "id": r.id, "name": r.name,
                  "values": {h: float(v) if isinstance(v, Fraction) else v for h, v in zip(s.headers, r.values)}}
                 for r in s.rows],
        "explanation": explanation,
    }
