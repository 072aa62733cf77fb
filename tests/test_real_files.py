"""The real-file set (``tests/data/real-files/``, sources in its README): tournament files that
real programs wrote, each read through the command line - ``check`` and ``state`` on the file as
written, ``pair`` and ``state`` at every round it can be cut at - and compared with bbpPairings'
answers recorded in ``answers.json`` (5.0.1 for events before 2026 with ``--rules dutch-2017``,
6.0.0 after with ``--rules dutch-2026``; the tests never run bbpPairings).  A file cpswiss
refuses is refused word for word as below."""

from __future__ import annotations

import re

import pytest
from real_files import FOLDER, cut, for_comparison, load_answers

from cpswiss.cli import main
from cpswiss.formats.trf import read_trf

ANSWERS = load_answers()
FILES = sorted(ANSWERS)
CUTS = [(name, int(k)) for name in FILES for k in sorted(ANSWERS[name]["bbpPairings"]["cuts"], key=int)]

_POINTS_ADVICE = ("correct the results or the column (a half-point bye is written 0000 - H), or give "
                  "--recompute-points to score the players from their results")
# files refused as written, and why (the line, then the problem); bbpPairings refuses each of the
# points columns too ("The score for player N does not match the game results")
REFUSED = {
    "icu-bunratty-challengers-2011.trf": f"14: points column says 4.5 but the results add up to 4.0: {_POINTS_ADVICE}",
    "icu-bunratty-major-2011.trf": f"14: points column says 4.0 but the results add up to 3.5: {_POINTS_ADVICE}",
    "icu-bunratty-masters-2011.trf": f"29: points column says 2.5 but the results add up to 1.5: {_POINTS_ADVICE}",
    "icu-bunratty-minor-2011.trf": f"19: points column says 3.5 but the results add up to 3.0: {_POINTS_ADVICE}",
    "icu-irish-intermediate-champs-2011.trf":
        f"29: points column says 2.0 but the results add up to 1.5: {_POINTS_ADVICE}",
    "icu-irish-junior-champs-2011.trf": f"18: points column says 3.0 but the results add up to 2.5: {_POINTS_ADVICE}",
    "icu-armstrong-2012-with-bom.trf":
        " 042 start date '11.09.26' can be read as 2011-09-26 (dutch-2013) or 2026-09-11 (dutch-2026), which fall "
        "under different Dutch editions: name the edition with --rules (e.g. --rules dutch-2017) or a 192 record "
        "(e.g. 192 FIDE_DUTCH_2017)",
}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err.strip()


def text_of(name: str) -> str:
    return (FOLDER / name).read_bytes().decode("latin-1")  # the bytes as they are, whatever the encoding


def written(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1"))
    return path


def refusal(path, name: str) -> str:
    """The one line of a refusal: ``REFUSED`` holds what follows the file name and its colon."""
    return f"cpswiss: {path}:{REFUSED[name]}"


def test_the_set_is_what_its_readme_says():
    readme = (FOLDER / "README.md").read_text()
    assert len(FILES) >= 17 and all(f"`{name}`" in readme for name in FILES)
    assert sorted(p.name for p in FOLDER.glob("*.trf")) == FILES


@pytest.mark.parametrize("name", FILES)
def test_check_and_state_of_the_file_as_written(name, capsys):
    path = FOLDER / name
    bbp = ANSWERS[name]["bbpPairings"]
    if name in REFUSED:
        for command in (["check", path], ["state", path]):
            code, out, err = run(capsys, *command)
            assert (code, out, err) == (3, "", refusal(path, name))
        if "differ" in bbp["check"]:  # bbpPairings reads it: so does cpswiss under the rules named
            code, out, err = run(capsys, "check", path, "--rules", bbp["rules"])
            assert code in (0, 1), err
            assert _differing(out) == bbp["check"]["differ"]
        return
    code, out, err = run(capsys, "check", path, "--rules", bbp["rules"])
    assert code in (0, 1), err
    assert _differing(out) == bbp["check"]["differ"]
    code, out, err = run(capsys, "state", path)
    assert code == 0, err
    total = _total_rounds(text_of(name))
    last = read_trf(path).last_paired_round
    assert out.splitlines()[1] == (f"Final state after round {last} of {total} (the tournament is finished)"
                                   if total == last else f"State before round {last + 1} of {total or '?'}")
    code, out, err = run(capsys, "pair", "--dutch", path, "-p")
    if total == last:  # finished: nothing to pair, said with the line of XXR / 142
        lines = text_of(name).replace("\r", "\n").split("\n")
        line = next(i for i, x in enumerate(lines, 1) if x[:3] in ("XXR", "142"))
        assert (code, out, err) == (3, "", f"cpswiss: {path}:{line}: all {total} rounds (XXR/142) are already "
                                           "paired; nothing to pair")
    else:  # the round to be paired: paired, or no legal pairing where bbpPairings finds none either
        at_end = bbp["cuts"].get(str(last), {})
        assert code == (1 if at_end.get("exit") == 1 else 0), err


@pytest.mark.parametrize("name, k", CUTS)
def test_each_round_as_bbppairings_pairs_it(name, k, tmp_path, capsys):
    bbp = ANSWERS[name]["bbpPairings"]
    expected = bbp["cuts"][str(k)]
    path = written(tmp_path, name, for_comparison(text_of(name), k))
    out_file = tmp_path / "out.txt"
    code, out, err = run(capsys, "pair", "--dutch", path, "-p", out_file, "--rules", bbp["rules"])
    if expected.get("exit") == 1:  # bbpPairings: "No valid pairing exists"
        assert code == 1 and err.startswith("cpswiss: no round-pairing satisfies") and not out_file.exists()
        return
    assert code == 0, err
    words = out_file.read_text().split()
    ours = sorted([int(words[i]), int(words[i + 1])] for i in range(1, len(words), 2))
    assert int(words[0]) == len(expected["pairing"])
    assert ours == sorted(expected["pairing"])
    bare = written(tmp_path, "bare-" + name, cut(text_of(name), k))  # as an arbiter's file stood then
    options: list[str] = []
    if REFUSED.get(name, "").startswith(" 042"):  # its date names no edition: refused, whatever the round
        assert run(capsys, "state", bare) == (3, "", refusal(bare, name))
        options = ["--rules", bbp["rules"]]
    code, out, err = run(capsys, "state", bare, *options)
    assert code == 0, err
    assert out.splitlines()[1].startswith(f"State before round {k + 1} of ")


def _differing(check_output: str) -> list[int]:
    """The rounds the last line names: "all rounds agree", "round 3 differs", "rounds 3, 5 differ"."""
    last = check_output.strip().splitlines()[-1]
    if last == "all rounds agree":
        return []
    named = re.fullmatch(r"rounds? ([0-9, ]+) differs?", last)
    assert named is not None, last
    return [int(r) for r in named.group(1).split(", ")]


def _total_rounds(text: str) -> int | None:
    for line in text.replace("\r", "\n").split("\n"):
        if line[:3] in ("XXR", "142"):
            return int(line[3:].split()[0])
    return None
