"""Generated tournaments and studies of rule sets: reproducible files that pass the checker,
equal terms across rule sets, the same numbers with any number of workers, resumption, Dask."""

from __future__ import annotations

import pandas as pd
import pytest

from cpswiss.check.explain import check_tournament
from cpswiss.cli import main
from cpswiss.errors import InputError
from cpswiss.formats.trf import parse_trf
from cpswiss.tournament.model import RoundKind
from cpswiss.study.generate import GeneratorConfig, generate, generate_text
from cpswiss.study.study import StudySpec, assemble, execute, run_study, summarise

CONFIG = GeneratorConfig(players=16, rounds=5, draw_percentage=30, forfeit_rate=8, retired_rate=8,
                         half_point_bye_rate=4, zero_point_bye_rate=6, late_entry_rate=6)
SMALL_STUDY = """name = "small"
tournaments = 3
seed = 5
rule_sets = ["dutch-2017", "dutch-2026-baku"]
top_k = 4
[generator]
PlayersNumber = 14
RoundsNumber = 4
DrawPercentage = 30
HalfPointByeRate = 5
"""


def _write_config(tmp_path, text: str):
    path = tmp_path / "rtg.txt"
    path.write_text(text)
    return path


def test_same_seed_same_file_byte_for_byte(tmp_path):
    config = _write_config(tmp_path, "PlayersNumber=12\nRoundsNumber=4\nDrawPercentage=25\nForfeitRate=10\n")
    a, b, c = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"
    for out, seed in ((a, "3"), (b, "3"), (c, "4")):
        assert main(["generate", str(config), "-o", str(out), "--seed", seed, "--rules", "dutch-2017"]) == 0
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


@pytest.mark.parametrize("rules", ["dutch-2017", "dutch-2026", "dutch-2013"])
def test_every_generated_round_is_the_rule_sets_pairing(rules):
    t = parse_trf(generate_text(CONFIG, 11, rules))
    report = check_tournament(t, rules)
    assert report.agrees, report.text()
    kinds = {e.kind for r in t.players.values() for e in r.rounds if e is not None}
    # the rates make every kind of round appear in this seed
    assert {RoundKind.GAME, RoundKind.FORFEIT_WIN, RoundKind.HALF_BYE, RoundKind.ZERO_BYE} <= kinds
    assert t.total_rounds == 5 and t.last_paired_round == 5


def test_trf_2026_output_names_its_edition():
    text = generate_text(CONFIG, 2, "dutch-2026", trf26=True)
    assert "\n142 5\n" in text and "\n192 FIDE_DUTCH_2026\n" in text
    assert check_tournament(parse_trf(text)).agrees  # the edition taken from record 192


def test_rule_sets_compared_on_equal_terms():
    """The same seed: the same players, the same absences, and the same result wherever the
    two rule sets pair the same two players in a round."""
    a, b = generate(CONFIG, 9, "dutch-2017"), generate(CONFIG, 9, "dutch-2026-baku")
    assert [(r.pairing_no, r.rating) for r in a.players.values()] == \
        [(r.pairing_no, r.rating) for r in b.players.values()]
    def absent(t, r):
        return {p for p, rec in t.players.items()
                if rec.entry(r) is not None and rec.entry(r).kind in (RoundKind.HALF_BYE, RoundKind.ZERO_BYE)}

    assert absent(a, 1) == absent(b, 1)
    shared = 0
    for r in range(1, CONFIG.rounds + 1):
        for pid, rec in a.players.items():
            ea, eb = rec.entry(r), b.players[pid].entry(r)
            if ea is not None and eb is not None and ea.opponent and ea.opponent == eb.opponent \
                    and ea.colour == eb.colour:
                shared += 1
                assert ea.code == eb.code
    assert shared > 0


def test_bad_configuration_is_one_line(tmp_path, capsys):
    config = _write_config(tmp_path, "PlayersNumber=12\nRoundsNumbr=4\n")
    assert main(["generate", str(config), "-o", str(tmp_path / "x.trf")]) == 3
    err = capsys.readouterr().err.strip()
    assert "unknown generator key 'RoundsNumbr'" in err and "\n" not in err
    assert not (tmp_path / "x.trf").exists()


def _table(folder) -> pd.DataFrame:
    return pd.read_csv(folder / "results.csv").drop(columns=["seconds_per_round"])


def test_study_same_numbers_with_one_or_two_workers_and_after_a_resume(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text(SMALL_STUDY)
    run_study(study, tmp_path / "one", workers=1, progress=False)
    run_study(study, tmp_path / "two", workers=2, progress=False)
    assert _table(tmp_path / "one").equals(_table(tmp_path / "two"))
    # interrupted after two tournaments, then resumed: the two are not redone
    spec = StudySpec.read(study)
    assert execute(spec, tmp_path / "resumed" / "rows", workers=1, progress=False, limit=2) == 2
    text = run_study(study, tmp_path / "resumed", workers=2, progress=False)
    assert "3 tournaments x 2 rule sets" in text
    assert execute(spec, tmp_path / "resumed" / "rows", workers=1, progress=False) == 0
    assert _table(tmp_path / "resumed").equals(_table(tmp_path / "one"))
    frame = pd.read_parquet(tmp_path / "one" / "results.parquet")
    assert len(frame) == 6 and set(frame.rule_set) == {"dutch-2017", "dutch-2026-baku"}
    assert frame.rematch_free.all() and (frame.kendall_tau.between(-1, 1)).all()
    for name in ("ranking_quality", "top_games_by_round", "colours_and_floats"):
        assert (tmp_path / "one" / "plots" / f"{name}.png").stat().st_size > 10_000


def test_summary_has_a_confidence_interval_per_rule_set():
    frame = pd.DataFrame({"tournament": [0, 0, 1, 1, 2, 2], "rule_set": ["a", "b"] * 3,
                          "kendall_tau": [0.5, 0.7, 0.6, 0.8, 0.7, 0.9]})
    summary = summarise(frame, ("a", "b")).set_index("rule_set")
    assert summary.loc["a", "mean"] == pytest.approx(0.6)
    assert summary.loc["a", "ci_low"] < 0.6 < summary.loc["a", "ci_high"]
    assert summary.loc["b", "mean"] == pytest.approx(0.8)


def test_study_on_a_local_dask_cluster(tmp_path):
    study = tmp_path / "s.toml"
    study.write_text(SMALL_STUDY.replace("tournaments = 3", "tournaments = 2"))
    run_study(study, tmp_path / "local", workers=1, progress=False)
    run_study(study, tmp_path / "dask", workers=2, dask="local", progress=False)
    assert _table(tmp_path / "dask").equals(_table(tmp_path / "local"))
    assert len(assemble(StudySpec.read(study), tmp_path / "dask" / "rows")) == 4


def test_a_generator_range_draws_each_tournaments_value_from_its_seed(tmp_path):
    """``PlayersNumber = [12, 20]``: each tournament its own field size inside the range, the same
    for every rule set and on every run; a malformed range is one line naming the file."""
    study = tmp_path / "s.toml"
    study.write_text(SMALL_STUDY.replace("PlayersNumber = 14", "PlayersNumber = [12, 20]").replace(
        "tournaments = 3", "tournaments = 4"))
    spec = StudySpec.read(study)
    sizes = [spec.generator_for(i)["PlayersNumber"] for i in range(4)]
    assert all(12 <= n <= 20 for n in sizes) and len(set(sizes)) > 1
    assert sizes == [StudySpec.read(study).generator_for(i)["PlayersNumber"] for i in range(4)]
    run_study(study, tmp_path / "out", workers=1, progress=False)
    frame = pd.read_csv(tmp_path / "out" / "results.csv")
    for rule_set in ("dutch-2017", "dutch-2026-baku"):
        assert frame[frame.rule_set == rule_set]["players"].tolist() == sizes
    bad = tmp_path / "bad.toml"
    bad.write_text(SMALL_STUDY.replace("PlayersNumber = 14", "PlayersNumber = [20, 12]"))
    with pytest.raises(InputError) as caught:
        StudySpec.read(bad)
    assert str(caught.value).startswith(str(bad)) and "PlayersNumber" in str(caught.value)
