"""The readings the code cites (``RN-n``, ``RF-n``, ``Q-n``) are defined in ``docs/readings.md``;
the names that page gives for the code applying each reading exist; the conformance cases it
names as deciding a reading are paired by the default run."""

from __future__ import annotations

import re

from conftest import REPO

READINGS = REPO / "docs" / "readings.md"
CITATION = re.compile(r"\b(RN|RF|Q)-(\d+)\b")
# where the default run keeps (and pairs against its reference) a case of each corpus
SAMPLES = {"dutch-2017": "dutch-2017-sample", "accelerated-2026": "accelerated-sample"}


def defined() -> set[str]:
    return {f"{kind}-{number}" for kind, number in
            re.findall(r"^### (RN|RF|Q)-(\d+):", READINGS.read_text(encoding="utf-8"), flags=re.MULTILINE)}


def cited() -> dict[str, list[str]]:
    """Each reading cited by the package, the rule files or the tests, with where."""
    places: dict[str, list[str]] = {}
    files = [*(REPO / "cpswiss").rglob("*.py"), *(REPO / "models").glob("*.toml"), *(REPO / "tests").glob("*.py")]
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for kind, n in CITATION.findall(line):
                places.setdefault(f"{kind}-{n}", []).append(f"{path.relative_to(REPO)}:{number}")
    return places


def test_every_cited_reading_is_defined_in_the_docs():
    citations = cited()
    assert len(citations) >= 25 and "RN-14" in citations and "Q-1" in citations
    missing = {name: where for name, where in citations.items() if name not in defined()}
    assert missing == {}


def test_the_docs_define_each_reading_once():
    headings = re.findall(r"^### ((?:RN|RF|Q)-\d+):", READINGS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert len(headings) == len(set(headings))


def test_every_deciding_case_is_kept_and_paired_by_the_default_run():
    """Each ``corpus/case`` the page names is in the sample folder whose test pairs it against
    the reference engine's pairing (test_dutch.py, test_acceleration.py)."""
    named = set(re.findall(r"`([a-z0-9-]+)/(n\d{3}-r\d{2}of\d{2}-t\d{3})`", READINGS.read_text(encoding="utf-8")))
    assert len(named) >= 10
    missing = [f"{corpus}/{case}" for corpus, case in sorted(named)
               if corpus not in SAMPLES or not (REPO / "tests" / "data" / SAMPLES[corpus] / f"{case}.expected").exists()]
    assert missing == []


def test_the_code_each_reading_names_exists():
    """The ``Code:`` of each entry: rule files by path, the rest by the name of a function, class,
    constant or rule-file key (so that moving a module does not leave the page behind)."""
    text = READINGS.read_text(encoding="utf-8")
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "cpswiss").rglob("*.py"))
    sources += "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "models").glob("*.toml"))
    named = [name for code in re.findall(r"Code:(.*?)\.(?:\n\n|\Z)", text, flags=re.DOTALL)
             for name in re.findall(r"`([^`]+)`", code)]
    assert len(named) >= 30
    missing = [name for name in named if not (
        (REPO / name).is_file() if "/" in name else
        re.search(rf"(def |class |^\s*){re.escape(name)}\b", sources, flags=re.MULTILINE))]
    assert missing == []
