"""Rule sets as data: composition (extends, drop, replace, insert, order), user files,
the 'cpswiss rules' command, and explanations in each edition's words."""

from __future__ import annotations

import pytest
from conftest import REPO, SCENARIOS

from cpswiss.check.explain import explain_engine
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.rulesets.ruleset import available_rule_sets, diff, load_rule_set

SAMPLE_TRF = SCENARIOS / "seed-004" / "after-round-4.trf"


def test_editions_and_aliases():
    assert {"dutch-2017", "dutch-2026"} <= set(available_rule_sets())
    for alias in ("dutch", "dutch-2025"):
        assert load_rule_set(alias).name == "dutch-2026"


def test_2026_criteria_in_the_order_of_the_text():
    rules = load_rule_set("dutch-2026")
    assert [c.label for c in rules.criteria] == [f"[C{n}]" for n in range(1, 22)]
    assert rules.procedure.completion == "every-bracket"
    assert rules.state.unplayed_round_float == "pab-or-scored-above-loss"
    assert rules.criterion("pab-score").kind == "round"


def test_a_user_file_extends_an_edition(tmp_path):
    path = tmp_path / "variant.toml"
    path.write_text('extends = "dutch-2026"\nname = "no-c11"\ndrop = ["C11"]\n'
                    'order = ["C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C12"]\n'
                    '[[replace]]\nid = "C14"\nrounds_back = 3\n'
                    '[[insert]]\nafter = "C21"\nid = "X1"\nkind = "quality"\nunit = "repeated-float"\n'
                    'float = "down"\nrounds_back = 2\n[state]\nunplayed_round_float = "always"\n')
    rules = load_rule_set(str(path))
    ids = [c.id for c in rules.criteria]
    assert "C11" not in ids and ids.index("C12") < ids.index("C10") and ids[-1] == "X1"
    assert next(c for c in rules.criteria if c.id == "C14").params["rounds_back"] == 3
    assert rules.state.unplayed_round_float == "always"
    assert rules.procedure.completion == "every-bracket"  # inherited
    assert rules.aliases == ()  # aliases are a file's own
    changes = diff(load_rule_set("dutch-2026"), rules)
    assert any(line.startswith("- [C11]") for line in changes)
    assert "state.unplayed_round_float: pab-or-scored-above-loss -> always" in changes


@pytest.mark.parametrize("text, problem", [
    ('name = "x"\ndrop = ["C1"]\n', "need 'extends'"),
    ('extends = "dutch-2026"\nname = "x"\ndrop = ["C99"]\n', "no criterion 'C99'"),
    ('extends = "dutch-2026"\nname = "x"\n[state]\ncolour = 1\n', "\\[state\\] colour: unknown key"),
    ('extends = "nowhere"\nname = "x"\n', "unknown rule set 'nowhere'"),
    ('name = "x"\n[[criteria]]\nid = "C1"\nkind = "odd"\nunit = "no-rematch"\n', "kind .odd. is not one of"),
    ('name = [\n', "not valid TOML"),
])
def test_bad_rule_files_are_input_errors(tmp_path, text, problem):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=problem):
        load_rule_set(str(path))


# one deliberately broken rule file per class of mistake: each is named, with what is allowed,
# when the file loads (exit 3), never at pairing time and never taken as a default
BROKEN_RULE_FILES = [
    ('[procedure]\ncompletion = "every-brackets"\n',
     "[procedure] completion = 'every-brackets': not one of 'ppb', 'every-bracket'"),
    ('[colours]\nfirst_round = "alternate"\n', "[colours] first_round = 'alternate': not one of"),
    ('[state]\nbye_barred_by = ["pab", "forfeit"]\n', "[state] bye_barred_by = 'forfeit': not one of"),
    ('[state]\nsame_federation_apart = "two"\n', "[state] same_federation_apart = 'two': expected int"),
    ('[resolve]\nrelax = ["colour", "forbidden"]\n', "[resolve] relax = 'forbidden': not one of"),
    ('[[insert]]\nafter = "C6"\nid = "X"\nkind = "quality"\nunit = "colour-preferences"\n',
     "criterion X: unknown unit 'colour-preferences' for the dutch system"),
    ('system = "dubov-1997"\n', "system = 'dubov-1997': unknown pairing system (known: dutch, fide-1999"),
    ('refrence_engine = "x"\n', "refrence_engine: unknown key"),
    ('[switches]\nmaxi_threshold = "2^rounds"\n', "[switches]: the dutch system has no switches"),
    # a criterion's parameters: each unit's own table
    ('[[insert]]\nafter = "C21"\nid = "S1"\nkind = "quality"\nunit = "opponent-order"\nordr = "reverse"\n',
     "criterion S1 (opponent-order): ordr: unknown key (known: label, relaxation, order)"),
    ('[[insert]]\nafter = "C21"\nid = "S1"\nkind = "quality"\nunit = "opponent-order"\norder = "revers"\n',
     "criterion S1 (opponent-order): order = 'revers': not one of 'alternating', 'next'"),
    ('[[replace]]\nid = "C14"\nrounds_bak = 2\n', "criterion C14 (repeated-float): rounds_bak: unknown key (known: "
     "label, relaxation, rounds_back, float, remainder_homogeneous, topscorers_exempt, unpaired_downfloat)"),
    ('[[replace]]\nid = "C14"\nrounds_back = "two"\n', "criterion C14 (repeated-float): rounds_back = 'two': expected int"),
    ('[[replace]]\nid = "C18"\nfloat = "sideways"\n',
     "criterion C18 (repeated-float-score): float = 'sideways': not one of 'down', 'up'"),
    ('[[replace]]\nid = "C3"\nwaive = ["everything"]\n',
     "criterion C3 (absolute-colour-clash): waive = 'everything': not one of 'three-in-a-row', 'all'"),
    ('[[replace]]\nid = "C6"\nmeasure = "sum-of-squares"\n', "criterion C6 (pairs): measure: unknown key (known: label, relaxation)"),
]


@pytest.mark.parametrize("body, message", BROKEN_RULE_FILES)
def test_a_broken_rule_file_is_one_line_naming_the_key(tmp_path, capsys, body, message):
    path = tmp_path / "mine.toml"
    path.write_text('extends = "dutch-2026"\nname = "mine"\n' + body)
    assert main(["pair", "--dutch", str(SAMPLE_TRF), "--rules", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"cpswiss: {path}: ") and message in err and len(err.strip().splitlines()) == 1


def test_a_systems_switches_are_checked_too(tmp_path, capsys):
    path = tmp_path / "lim.toml"
    path.write_text('extends = "fide-swiss-1999"\nname = "mine"\n[switches]\nmaxi_threshold = "2n"\n'
                    "maxi_gap = 50\n")
    assert main(["rules", "show", str(path)]) == 3
    assert "[switches] maxi_gap: unknown key (known: maxi_threshold, maxi_rating_gap)" in capsys.readouterr().err
    path.write_text('extends = "fide-swiss-1999"\nname = "mine"\n[switches]\nmaxi_threshold = "2n"\n')
    assert main(["rules", "show", str(path)]) == 3
    assert "[switches] maxi_threshold = '2n': not one of '', '2^rounds', '2*rounds'" in capsys.readouterr().err
    path.write_text('extends = "fide-swiss-1999"\nname = "mine"\n[switches]\nmaxi_threshold = "2*rounds"\n')
    assert main(["rules", "show", str(path)]) == 0
    assert "switches.maxi_threshold = 2*rounds" in capsys.readouterr().out


def test_a_cycle_of_extends_is_an_input_error(tmp_path):
    (tmp_path / "a.toml").write_text(f'extends = "{tmp_path / "b.toml"}"\nname = "a"\n')
    (tmp_path / "b.toml").write_text(f'extends = "{tmp_path / "a.toml"}"\nname = "b"\n')
    with pytest.raises(InputError, match="cycle"):
        load_rule_set(str(tmp_path / "a.toml"))


def test_rules_command(capsys):
    assert main(["rules"]) == 0
    assert "dutch-2026" in capsys.readouterr().out
    assert main(["rules", "show", "dutch"]) == 0
    out = capsys.readouterr().out
    assert "[C9]   quality    pab-unplayed-games" in out and "C.04.3 Art. 2.4.4" in out
    assert main(["rules", "diff", "dutch-2017", "dutch-2026"]) == 0
    assert "procedure.completion: ppb -> every-bracket" in capsys.readouterr().out
    assert main(["rules", "show", "no-such-rules"]) == 3


def test_explanations_speak_the_edition():
    new = explain_engine(SCENARIOS / "seed-004" / "after-round-4.trf", rule_set="dutch-2026")
    colours = {f.players: f.article for f in new.colours}
    assert colours[(14, 12)] == "C.04.3 Art. 5.2.4"
    notes = [n for a in new.brackets for n in a.notes]
    assert "14 Robert (1.5) floats down: C.04.3 Art. 2.4.7 [C12]" in "\n".join(notes)
    assert any(n.startswith("[C6]: 3 players") for n in notes)
    old = explain_engine(SCENARIOS / "seed-004" / "after-round-4.trf", rule_set="dutch-2017")
    assert {f.players: f.article for f in old.colours}[(14, 12)] == "C.04.3 E.4"


def test_bench_compare_times_another_command_on_the_same_files(capsys):
    import sys

    case = SCENARIOS / "seed-004" / "after-round-4.trf"
    other = f"{sys.executable} -m cpswiss.cli pair --dutch {{trf}} -p {{out}} --rules dutch-2026"
    assert main(["bench", str(case), "--rules", "dutch-2026", "--compare", other]) == 0
    out = capsys.readouterr().out
    assert "after-round-4.trf" in out and out.rstrip().splitlines()[1].endswith("yes")
    assert "median ratio (cpswiss / other, whole processes)" in out and "; CPU median " in out
    cpu_ratio = float(out.rstrip().splitlines()[1].split()[4])  # the same command twice
    assert 0 < cpu_ratio < 10
    assert main(["bench", str(case), "--compare", "true"]) == 3


def test_bench_compare_reports_the_peak_memory_of_each_process_and_its_children(capsys):
    """The other command's peak is that of the largest process it ran (here a child of the
    shell holding 160 MB), per file and in the summary."""
    import sys

    case = SCENARIOS / "seed-004" / "after-round-4.trf"
    other = f"{sys.executable} -c 'held = bytearray(160 * 2**20)' {{trf}}"
    assert main(["bench", str(case), "--rules", "dutch-2026", "--compare", other]) == 0
    lines = capsys.readouterr().out.rstrip().splitlines()
    ours_mb, other_mb = (int(word) for word in lines[1].split()[5:7])
    assert other_mb >= 160 and 0 < ours_mb
    assert lines[-1].endswith(f"peak memory {ours_mb} MB against {other_mb} MB")


def test_bench_compare_pairs_each_file_by_the_system_it_asks_for(capsys):
    """Without --rules, ``bench --compare`` pairs a team file with --team and an individual one
    with --dutch (each file by its kind and record 192, as ``pair`` would be asked to)."""
    import sys

    team = sorted((REPO / "tests" / "data" / "team-2026-sample").glob("n*.trf"))[0]
    individual = SCENARIOS / "seed-004" / "after-round-4.trf"
    other = f"{sys.executable} -m cpswiss.cli pair --{{flag}} {{trf}} -p {{out}}"
    for case, flag in ((team, "team"), (individual, "dutch")):
        assert main(["bench", str(case), "--compare", other.replace("{flag}", flag)]) == 0
        assert capsys.readouterr().out.rstrip().splitlines()[1].endswith("yes"), case


def test_bench_check_times_whole_tournament_checks_against_another_command(capsys):
    """``bench --check --compare``: per file the time of ``cpswiss check`` (every round
    re-paired), the other command's, their ratio, the check's verdict and the other's exit."""
    case = SCENARIOS / "seed-004" / "after-round-4.trf"
    assert main(["bench", "--check", str(case), "--compare", "true {trf}"]) == 0
    out = capsys.readouterr().out
    row = out.rstrip().splitlines()[1]
    assert row.startswith("after-round-4.trf") and row.endswith("round 3 differs / exit 0")
    assert "median ratio (cpswiss / other, whole processes)" in out and "total" in out
    summary = out.rstrip().splitlines()[-1]
    ours_cpu = float(summary.split("; CPU ")[1].split(" s against")[0])
    assert ours_cpu > 0.05  # a Python process that re-pairs three rounds; `true` uses next to none
    assert main(["bench", "--check", str(case), "--compare", "true"]) == 3


@pytest.mark.parametrize("body, message", [
    ('[[replace]]\nid = "10.9a"\ntype = "d"\n', "criterion 10.9a (floater-type): type = 'd': not one of 'a', 'b', 'c'"),
    ('[[replace]]\nid = "12.2"\nmaxi = "swaps"\n',
     "criterion 12.2 (colour-preference): maxi = 'swaps': not one of 'exchanges'"),
    ('[[replace]]\nid = "9.3"\nrelaxation = "C.10.e"\n', "criterion 9.3 (pairs): relaxation: unknown key (known: label)"),
])
def test_a_criterions_parameters_are_checked_for_every_system(tmp_path, capsys, body, message):
    path = tmp_path / "lim.toml"
    path.write_text('extends = "fide-swiss-1999"\nname = "mine"\n' + body)
    assert main(["rules", "show", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.startswith(f"cpswiss: {path}: ") and message in err and len(err.strip().splitlines()) == 1


def test_each_system_declares_exactly_the_units_it_implements():
    from cpswiss.registry import system_named
    from cpswiss.systems.burstein import units as burstein
    from cpswiss.systems.dubov import units as dubov
    from cpswiss.systems.dutch import units as dutch
    from cpswiss.systems.fide1999 import units as fide1999
    from cpswiss.tournament.compatibility import ABSOLUTE_UNITS

    implemented = {
        "dutch": set(dutch.UNITS) | dutch.ROUND_UNITS,
        "fide-1999": set(fide1999.UNITS) | fide1999.ROUND_UNITS,
        "dubov": set(dubov.UNITS),
        "burstein": set(burstein.UNITS) | {"completion"},  # [C4] holds by construction
    }
    for name, units in implemented.items():
        assert set(system_named(name).criteria()) == units | ABSOLUTE_UNITS, name

