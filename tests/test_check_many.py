"""``cpswiss check`` of many files and folders in one process: a line per tournament in the
words of the single-file check, a summary, --json records, a refused file one line among the
others, the exit codes; one file keeps today's output."""

from __future__ import annotations

import json

import pytest

from cpswiss.cli import main
from cpswiss.study.generate import GeneratorConfig, generate_text

CONFIG = GeneratorConfig(players=12, rounds=4, draw_percentage=30, half_point_bye_rate=6)


def _reversed_round_two(text: str) -> str:
    """Every round-2 colour swapped (the block at columns 102-111): a tournament whose round 2
    is not the rules' pairing."""
    out = []
    for line in text.splitlines():
        if line.startswith("001") and len(line) > 107 and line[106] in "wb" and line[101:105].strip() != "0000":
            line = line[:106] + {"w": "b", "b": "w"}[line[106]] + line[107:]
        out.append(line)
    return "\n".join(out) + "\n"


@pytest.fixture
def folder(tmp_path):
    good = tmp_path / "cases"
    (good / "more").mkdir(parents=True)
    (good / "a.trf").write_text(generate_text(CONFIG, 1, "dutch-2026", trf26=True))
    (good / "more" / "b.trf").write_text(generate_text(CONFIG, 2, "dutch-2026", trf26=True))
    (good / "notes.txt").write_text("not a tournament")
    return good


def test_a_folder_and_files_are_checked_in_one_process_a_line_each(folder, tmp_path, capsys):
    bad = tmp_path / "broken.trf"
    bad.write_text("012 nothing here\n")
    differs = tmp_path / "differs.trf"
    differs.write_text(_reversed_round_two(generate_text(CONFIG, 3, "dutch-2026", trf26=True)))
    code = main(["check", str(folder), str(bad), str(differs)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{folder / 'a.trf'}: all rounds agree (4 rounds)"
    assert lines[1] == f"{folder / 'more' / 'b.trf'}: all rounds agree (4 rounds)"
    assert lines[2].startswith(f"{bad}: refused: ") and "no player record" in lines[2]
    assert lines[3] == f"{differs}: rounds 2, 3, 4 differ (of 4 rounds)"
    assert lines[4].startswith("tournaments 4, rounds 12: 2 agreeing, 1 differing (")
    assert lines[4].endswith(", 1 refused")
    assert code == 1  # a tournament differs


def test_exit_codes_for_many(folder, tmp_path, capsys):
    assert main(["check", str(folder)]) == 0
    missing = tmp_path / "missing.trf"
    assert main(["check", str(folder), str(missing)]) == 3  # nothing differs, a file refused
    out = capsys.readouterr().out
    assert f"{missing}: refused: " in out and "cannot read file" in out


def test_json_gives_one_record_per_tournament_then_the_summary(folder, tmp_path, capsys):
    differs = tmp_path / "differs.trf"
    differs.write_text(_reversed_round_two(generate_text(CONFIG, 3, "dutch-2026", trf26=True)))
    assert main(["check", str(folder), str(differs), "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in records[:3]] == ["agree", "agree", "differ"]
    assert records[2]["differing_rounds"][0] == 2 and records[2]["differing"][0]["colours"]
    assert records[3] == {"summary": {"tournaments": 3, "rounds": 12, "agreeing": 2, "differing": 1, "refused": 0,
                                      "errors": 0, "differing_rounds": len(records[2]["differing_rounds"]),
                                      "ranks_checked": 0, "ranks_out_of_order": 0}}
    assert records[0]["ranks"]["checked"] is False  # ranks, but no list: not checked (TB-17)


def test_one_file_keeps_the_single_file_check(folder, capsys):
    assert main(["check", str(folder / "a.trf")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "round 1: agrees" and out[-1] == "all rounds agree"


def test_the_bench_times_one_process_for_all_files_against_a_command_per_file(folder, capsys):
    assert main(["bench", str(folder / "more"), str(folder / "a.trf"), "--check", "--one-process",
                 "--compare", "test -f {trf}"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "cpswiss check, one process: tournaments 2, rounds 8: 2 agreeing, 0 differing (0 rounds), 0 refused"
    assert out[1].startswith("files 2: cpswiss ") and "(0 non-zero exits); ratio " in out[1]


def test_one_process_needs_check_and_compare(folder, capsys):
    assert main(["bench", str(folder), "--one-process"]) == 3
    assert "--one-process goes with --check and --compare" in capsys.readouterr().err


def test_a_folder_of_team_and_double_swiss_files_is_checked_as_one_file_is(tmp_path, capsys):
    """Every system in one run: a team file and a Double-Swiss file get the verdict the
    single-file check gives them (not a refusal), in the same words."""
    from pathlib import Path

    data = Path(__file__).parent / "data"
    team, double = tmp_path / "team.trf", tmp_path / "double.trf"
    team.write_text((data / "team-2026-sample" / "n009-r02of07-t037.trf").read_text())
    double.write_text((data / "double-swiss.trf").read_text())
    assert main(["check", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{double}: rounds 1, 2 differ (of 2 rounds)", f"{team}: all rounds agree (1 round)",
                     "tournaments 2, rounds 3: 1 agreeing, 1 differing (2 rounds), 0 refused"]


def test_a_folder_line_names_the_one_round_that_differs(tmp_path, capsys):
    differs = tmp_path / "differs.trf"
    differs.write_text(_reversed_round_two(generate_text(CONFIG, 3, "dutch-2026", trf26=True)))
    assert main(["check", str(tmp_path), "--round", "2"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{differs}: round 2 differs (of 1 round)"


def test_many_files_have_their_rank_columns_checked_as_one_file_has(tmp_path, capsys):
    """The rank column of every file checked against its 202 list (C.07 Art. 4.2), as the
    one-file check does: a team file's 310 ranks in order, then the same file with the ranks
    of teams 2 and 3 swapped (EDE puts 2 ahead: it won their match) - exit 1 for the run."""
    from pathlib import Path

    data = Path(__file__).parent / "data" / "standings"
    text = (data / "team-sample-shape.trf").read_text().split("\n")
    ranks = {"310   2": "  3", "310   3": "  2"}
    swapped = [line[:68] + ranks[line[:7]] + line[71:] if line[:7] in ranks else line for line in text]
    (tmp_path / "a.trf").write_text("\n".join(text))
    (tmp_path / "b.trf").write_text("\n".join(swapped))
    assert main(["check", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("; ranks: the rank column of 4 competitors follows the tie-break list")
    assert "; ranks: the file ranks 3 (2) ahead of 2 (3), but EDET/P puts 2 ahead" in lines[1]
    assert lines[2].endswith("; rank columns 2 checked, 1 out of order")
    assert main(["check", str(tmp_path), "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[0]["ranks"]["agrees"] is True and records[1]["ranks"]["agrees"] is False
    assert records[1]["ranks"]["explanation"]["tiebreak"] == "EDET/P"
    assert records[2]["summary"]["ranks_out_of_order"] == 1
