"""A file of a system cpswiss does not pair (a team file, a Double-Swiss file) is refused by
every command under every system flag or rule set: exit 3, one line naming the system the file
asks for, no output.  The check goes through the registry (a system declares the kinds of file
it pairs), so a system that pairs teams accepts the files the others refuse."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf, read_trf
from cpswiss.api import selection
from cpswiss.api.selection import check_pairs_file
from cpswiss.registry import system_named

TEAM_FILE = Path(__file__).parent / "data" / "team-sample" / "n006-r03of05-t097.trf"
DOUBLE_SWISS_FILE = Path(__file__).parent / "data" / "double-swiss.trf"
INDIVIDUAL_FILE = Path(__file__).parent / "data" / "dutch-2017-sample" / "n010-r05of07-t043.trf"
RULE_SETS = {"dutch": "dutch-2026", "dubov": "dubov-2026", "burstein": "burstein-2026", "lim": "fide-swiss-1999"}
TEAM_LINE = "this file asks for the Swiss Team Pairing System (C.04.6)"


def commands(flag: str, path: Path, out: Path) -> list[list[str]]:
    rules = RULE_SETS[flag]
    return [["pair", f"--{flag}", str(path), "-p", str(out)],
            ["pair", f"--{flag}", str(path), "-c"],
            ["pair", f"--{flag}", str(path), "-p", str(out), "--fix", "1-3"],  # what-if
            ["check", "--rules", rules, str(path)],
            ["explain", "--rules", rules, "--round", "2", str(path)],
            ["resolve", "--rules", rules, str(path)],
            ["state", "--rules", rules, str(path)]]


@pytest.mark.parametrize("flag", sorted(RULE_SETS))
@pytest.mark.parametrize("index", range(7), ids=["pair", "pair-c", "what-if", "check", "explain", "resolve", "state"])
def test_a_team_file_is_refused_by_every_command_under_every_system(flag: str, index: int, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    code = main(commands(flag, TEAM_FILE, out)[index])
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert code == 3
    assert len(lines) == 1 and TEAM_LINE in lines[0] and "FIDE_TEAM_TYPEA_MP_GP" in lines[0]
    assert str(TEAM_FILE) in lines[0]
    assert not out.exists() and captured.out == ""


def _without_team_records(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("310")) + "\n"


@pytest.mark.parametrize("flag", sorted(RULE_SETS))
@pytest.mark.parametrize("index", range(7), ids=["pair", "pair-c", "what-if", "check", "explain", "resolve", "state"])
def test_a_double_swiss_file_is_refused_by_every_command_under_every_system(
        flag: str, index: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert main(commands(flag, DOUBLE_SWISS_FILE, out)[index]) == 3
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "this file asks for the Double-Swiss System (C.04.5) (record 192 FIDE_DOUBLESWISS)" \
        in lines[0]
    assert not out.exists() and captured.out == ""


@pytest.mark.parametrize("code, asks", [("FIDE_TEAM_TYPEB_GP", TEAM_LINE),
                                        ("FIDE_DOUBLESWISS", "a Double-Swiss file (record 192 FIDE_DOUBLESWISS, C.04.5)"),
                                        ("FIDE_DOUBLESWISS_BAKU", "a Double-Swiss file (record 192 FIDE_DOUBLESWISS_BAKU")])
@pytest.mark.parametrize("flag", sorted(RULE_SETS))
def test_record_192_alone_names_the_system(code: str, asks: str, flag: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """An individual file under a team or Double-Swiss code: refused, naming that system (a file
    whose rounds are not two-game matches fails as a Double-Swiss file, saying so)."""
    text = INDIVIDUAL_FILE.read_text()
    path = tmp_path / "case.trf"
    path.write_text(f"192 {code}\n" + text)
    assert main(["pair", f"--{flag}", str(path), "-p", str(tmp_path / "out.txt")]) == 3
    err = capsys.readouterr().err.strip()
    assert asks in err and "\n" not in err


def test_the_team_records_alone_make_a_team_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TEAM_FILE.read_text().replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_DUTCH_2026")
    path = tmp_path / "case.trf"
    path.write_text(text)
    assert main(["pair", "--dutch", str(path), "-p", str(tmp_path / "out.txt")]) == 3
    err = capsys.readouterr().err
    assert TEAM_LINE in err and "6 team records (310)" in err


def test_the_refusal_goes_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registered system that declares team files pairs them; the others are told its flag,
    and it refuses an individual file."""
    team_system = replace(system_named("dubov"), name="team", title="Swiss Team System (C.04.6)", flag="team",
                          file_kinds=frozenset({"team"}), trf_codes={})
    dubov = system_named("dubov")
    monkeypatch.setattr(selection, "systems", lambda: (dubov, team_system))
    t = read_trf(TEAM_FILE)
    check_pairs_file(t)
    check_pairs_file(t, team_system)
    with pytest.raises(InputError, match=r"asks for the Swiss Team Pairing System \(C.04.6\).*the FIDE Dubov "
                                         r"System \(C.04.4.1\) does not pair it \(use --team\)"):
        check_pairs_file(t, dubov)
    with pytest.raises(InputError, match=r"is read as an individual tournament \(no record 192 names a system, "
                                         r"no 310 team records\); .*does not pair it"):
        check_pairs_file(read_trf(INDIVIDUAL_FILE), team_system)


def test_an_individual_file_is_paired_as_before() -> None:
    t = parse_trf(INDIVIDUAL_FILE.read_text(), "x.trf")
    assert t.kind == "individual"
    for name in RULE_SETS:
        check_pairs_file(t, system_named(name if name != "lim" else "fide-1999"))
