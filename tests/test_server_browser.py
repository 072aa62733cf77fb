"""The arbiter's page in a real browser (Debian's Chromium, driven by Selenium) against a real
``cpswiss serve``: load a bundled TRF, pair, read why, what-if, propose a pairing, an impossible
round resolved, a tournament checked with a planted difference, downloads.  Saves screenshots
``serve.png`` (laptop width), ``serve-phone.png`` and ``serve-team.png`` (a team round) in ``$CPSWISS_SCREENSHOTS`` (default: a
temporary folder; ``CPSWISS_SCREENSHOTS=docs/images`` refreshes the README's pictures).

Needs Chromium and its driver (``.ci/install-browser``): deselected without them, except under
CI (tests/conftest.py)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from test_server_fixtures import DATA, REPO, bench, running_server, with_colours_swapped

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

pytestmark = pytest.mark.needs("browser")
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")

N031 = "n031-r03of10-t045.trf"
IMAGES = Path(os.environ.get("CPSWISS_SCREENSHOTS", Path(tempfile.gettempdir()) / "cpswiss-screenshots"))
LAPTOP = (1366, 900)
PHONE = (390, 844)


@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads):
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={LAPTOP[0]},{LAPTOP[1]}"):
        options.add_argument(argument)
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    yield driver
    driver.quit()


def wait(driver, condition, seconds: float = 120):
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: condition(d))


def by_id(driver, element_id: str):
    return driver.find_element(By.ID, element_id)


def open_page(driver, server) -> None:
    driver.set_window_size(*LAPTOP)
    driver.get(server.url + "/")
    wait(driver, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "true")


def load_sample(driver, name: str) -> None:
    Select(by_id(driver, "sample")).select_by_value(name)
    by_id(driver, "load-sample").click()
    wait(driver, lambda d: by_id(d, "standings").is_displayed() and name in by_id(d, "status").text)


def load_file(driver, path: Path) -> None:
    by_id(driver, "file").send_keys(str(path))
    wait(driver, lambda d: path.name in by_id(d, "status").text or by_id(d, "error").is_displayed())


def pair(driver) -> None:
    """Pair with the keyboard: focus the button, press Enter."""
    button = by_id(driver, "pair")
    wait(driver, lambda d: button.is_enabled())
    button.send_keys(Keys.ENTER)
    wait(driver, lambda d: "paired" in by_id(d, "status").text or "No legal pairing" in by_id(d, "status").text
         or by_id(d, "error").is_displayed())


def boards(driver) -> list[tuple[int, int]]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#boards tbody tr:not(.bye)")
    return [tuple(int(b.get_attribute("data-id")) for b in row.find_elements(By.CSS_SELECTOR, "button[data-why=player]"))
            for row in rows]


def test_load_pair_explain_download_and_screenshots(browser, server, downloads):
    open_page(browser, server)
    load_sample(browser, N031)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#state-table tbody tr")) == 31
    assert by_id(browser, "state-round").text == "3 of 10"
    pair(browser)
    _, expected = server.post("/api/pair", {"trf": bench(N031)})
    assert boards(browser) == [(b["white"], b["black"]) for b in expected["boards"]]
    assert "bye to 25" in by_id(browser, "status").text

    browser.find_element(By.CSS_SELECTOR, "button.why-board[data-board='1']").click()
    wait(browser, lambda d: by_id(d, "why").is_displayed() and by_id(d, "why-text").text)
    why = by_id(browser, "why-text").text
    assert by_id(browser, "why-title").text == "Board 1: 4 – 1"
    assert why.startswith("Colours: board 1 4-1: white 4") and "Bracket 1: score 2.0" in why
    assert browser.switch_to.active_element == by_id(browser, "why")  # focus moves to the answer

    by_id(browser, "why-bye").click()
    wait(browser, lambda d: by_id(d, "why-title").text == "The bye: 25")
    assert "25" in by_id(browser, "why-text").text
    floater = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#boards button.floater"))[0]
    floater.click()
    wait(browser, lambda d: by_id(d, "why-title").text.startswith("Player "))
    assert "floats" in by_id(browser, "why-text").text or "bye" in by_id(browser, "why-text").text

    by_id(browser, "download-pairing").click()
    target = downloads / "n031-r03of10-t045-round-3.txt"
    wait(browser, lambda d: target.exists() and target.read_text() == expected["pairing_file"], 30)
    by_id(browser, "download-trf").click()
    trf = downloads / "n031-r03of10-t045-round-3.trf"
    wait(browser, lambda d: trf.exists() and trf.read_text() == expected["trf"], 30)

    IMAGES.mkdir(parents=True, exist_ok=True)
    browser.execute_script("window.scrollTo(0, 0)")
    height = browser.execute_script("return document.documentElement.scrollHeight")
    browser.set_window_size(LAPTOP[0], min(height, 1500))
    time.sleep(0.3)
    browser.save_screenshot(str(IMAGES / "serve.png"))
    browser.set_window_size(*PHONE)
    browser.execute_script("document.getElementById('round').scrollIntoView()")
    time.sleep(0.3)
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]  # no sideways scroll
    browser.save_screenshot(str(IMAGES / "serve-phone.png"))
    browser.set_window_size(*LAPTOP)


def test_what_if_marks_the_changed_boards(browser, server):
    open_page(browser, server)
    load_sample(browser, N031)
    pair(browser)
    by_id(browser, "wi-fix").send_keys("1-2")
    by_id(browser, "wi-absent").send_keys("31")
    by_id(browser, "whatif").click()
    wait(browser, lambda d: by_id(d, "whatif-report").is_displayed())
    report = by_id(browser, "whatif-report").text
    assert report.startswith("What if --fix 1-2 --absent 31:")
    pairs = [set(b) for b in boards(browser)]
    assert {1, 2} in pairs and all(31 not in p for p in pairs)
    changed = browser.find_elements(By.CSS_SELECTOR, "#boards tbody tr.changed")
    assert changed and any("1 Test0001" in row.text for row in changed)


def test_propose_a_pairing_and_read_the_first_rule_it_breaks(browser, server):
    open_page(browser, server)
    load_sample(browser, N031)
    pair(browser)
    by_id(browser, "copy-boards").click()
    area = by_id(browser, "proposal")
    lines = area.get_attribute("value").splitlines()
    (w1, b1), (w2, b2) = lines[0].split(), lines[1].split()
    area.clear()
    area.send_keys("\n".join([f"{w1} {b2}", f"{w2} {b1}", *lines[2:]]))
    by_id(browser, "explain").click()
    wait(browser, lambda d: by_id(d, "verdict").is_displayed() and by_id(d, "verdict").text)
    verdict = by_id(browser, "verdict").text
    assert verdict.startswith("Not the rules' pairing.") and "First rule it breaks: C.04.3" in verdict
    area.clear()
    area.send_keys("\n".join(lines))
    by_id(browser, "explain").click()
    wait(browser, lambda d: by_id(d, "verdict").text.startswith("This is the pairing the rules demand."))


def test_an_impossible_round_shows_the_certificate_and_the_least_bad_pairings(browser, server):
    open_page(browser, server)
    load_file(browser, DATA / "impossible-sample" / "n006-r05of05-t015.trf")
    pair(browser)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#alternatives .alternative"))
    assert by_id(browser, "impossible").is_displayed()
    assert "no round-pairing satisfies" in by_id(browser, "impossible-message").text
    assert "Tutte" in by_id(browser, "certificate").text
    first = browser.find_element(By.CSS_SELECTOR, "#alternatives .alternative")
    assert first.text.startswith("Alternative 1: allowing") and "breaks [C1] C.04.3 Art. 2.1.1" in first.text


def checked_rows(driver, planted: Path | None = None, text: str = "") -> list:
    """Check the tournament on the page (with ``planted``: that file, written with ``text``,
    loaded first): the rows of the check table."""
    if planted is not None:
        planted.write_text(text, encoding="utf-8")
        load_file(driver, planted)
    by_id(driver, "check").click()
    wait(driver, lambda d: by_id(d, "check-table").is_displayed())
    return driver.find_elements(By.CSS_SELECTOR, "#check-table tbody tr")


def test_check_marks_the_round_with_a_planted_difference(browser, server, tmp_path):
    open_page(browser, server)
    rows = checked_rows(browser, tmp_path / "planted.trf", with_colours_swapped(bench(N031), 1, 1))
    assert [row.get_attribute("class") for row in rows] == ["differs", "differs"]
    assert "played 1-16 with colours reversed" in rows[0].text
    assert "Rounds that differ: 1, 2." == by_id(browser, "status").text


def test_a_malformed_file_is_one_line_on_the_page(browser, server, tmp_path):
    bad = tmp_path / "bad.trf"
    bad.write_text("hello\n", encoding="utf-8")
    open_page(browser, server)
    load_file(browser, bad)
    wait(browser, lambda d: by_id(d, "error").is_displayed())
    assert by_id(browser, "error").text == "bad.trf: no player record (001) in the file: is it a TRF file?"


TEAM = "team-n009-r02of05.trf"
DOUBLE = "double-swiss-n011-r02of05.trf"
SAMPLES = REPO / "cpswiss" / "server" / "samples"


def matches(driver) -> list[tuple[int, int]]:
    rows = driver.find_elements(By.CSS_SELECTOR, "#boards tbody tr.match")
    return [tuple(int(b.get_attribute("data-id")) for b in row.find_elements(By.CSS_SELECTOR, "button[data-why=competitor]"))
            for row in rows]


def games(driver, match: int) -> list[str]:
    row = driver.find_elements(By.CSS_SELECTOR, "#boards tbody tr.games")[match - 1]
    return [li.text for li in row.find_elements(By.TAG_NAME, "li")]


def test_a_team_round_with_team_names_scores_and_board_colours(browser, server):
    open_page(browser, server)
    load_sample(browser, TEAM)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#state-table tbody tr")) == 9
    assert [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#state-table thead th")][:4] == ["#", "Team", "MP", "GP"]
    assert "9 teams (C.04.6), round 3 to pair" in by_id(browser, "status").text
    assert not by_id(browser, "accelerate").is_enabled()  # a team file asks for Baku by its record 192
    assert by_id(browser, "whatif-form").is_displayed()  # what-if of a round of matches too
    pair(browser)
    _, expected = server.post("/api/pair", {"trf": (SAMPLES / TEAM).read_text()})
    assert matches(browser) == [(m["white"]["id"], m["black"]["id"]) for m in expected["matches"]]
    assert "4 matches, bye to 7" in by_id(browser, "status").text
    first = browser.find_element(By.CSS_SELECTOR, "#boards tbody tr.match").text
    assert "1 Team 001" in first and "4 MP 7 GP" in first and "2 Team 002" in first
    assert games(browser, 1) == ["board 1: White 1 Player0001 – Black 5 Player0005",
                                 "board 2: White 6 Player0006 – Black 2 Player0002",
                                 "board 3: White 3 Player0003 – Black 7 Player0007",
                                 "board 4: White 8 Player0008 – Black 4 Player0004"]
    browser.find_element(By.CSS_SELECTOR, "button.why-board[data-board='1']").click()
    wait(browser, lambda d: by_id(d, "why").is_displayed() and by_id(d, "why-text").text)
    assert by_id(browser, "why-title").text == "Match 1: Team 001 – Team 002"
    why = by_id(browser, "why-text").text
    assert why.startswith("Colours: 1 - 2: first-team 1 (4.2); 4.3.2") and "Bracket 1 (Art. 3.5-3.6)" in why
    IMAGES.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('round').scrollIntoView()")
    browser.save_screenshot(str(IMAGES / "serve-team.png"))
    by_id(browser, "why-bye").click()
    wait(browser, lambda d: by_id(d, "why-title").text == "The bye: Team 007")
    assert by_id(browser, "why-text").text.startswith("Art. 3.4: the pairing-allocated bye goes to team 7")

    by_id(browser, "copy-boards").click()
    by_id(browser, "explain").click()
    wait(browser, lambda d: by_id(d, "verdict").text.startswith("This is the pairing the rules demand."))
    area = by_id(browser, "proposal")
    lines = area.get_attribute("value").splitlines()
    area.clear()
    area.send_keys("\n".join([" ".join(lines[0].split()[::-1]), *lines[1:]]))
    by_id(browser, "explain").click()
    wait(browser, lambda d: by_id(d, "verdict").text.startswith("Not the rules' pairing."))
    verdict = by_id(browser, "verdict").text
    assert "C.04.6 Art. 4.3.2: 2-1: the proposal gives White to 2; Art. 4.3.2 gives it to 1" in verdict
    assert [r.get_attribute("class") for r in checked_rows(browser)] == ["agrees", "agrees"]


def test_a_double_swiss_round_shows_both_games_and_check_finds_a_planted_colour(browser, server, tmp_path):
    open_page(browser, server)
    load_sample(browser, DOUBLE)
    assert [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#state-table thead th")][:3] == ["#", "Name", "Score"]
    pair(browser)
    _, expected = server.post("/api/pair", {"trf": (SAMPLES / DOUBLE).read_text()})
    assert matches(browser) == [(m["white"]["id"], m["black"]["id"]) for m in expected["matches"]]
    assert games(browser, 1) == ["game 1: White 11 Player 11 – Black 7 Player 7",
                                 "game 2: White 7 Player 7 – Black 11 Player 11"]
    rows = checked_rows(browser, tmp_path / "planted.trf",
                        with_colours_swapped(with_colours_swapped((SAMPLES / DOUBLE).read_text(), 1, 3), 1, 4))
    assert [r.get_attribute("class") for r in rows] == ["agrees", "differs"]
    assert "played 7-1 with colours reversed (rules: 1-7, C.04.5 Art. 4.3.4)" in rows[1].text


def test_what_if_and_the_least_bad_pairings_of_team_rounds(browser, server):
    open_page(browser, server)
    load_sample(browser, TEAM)
    pair(browser)
    by_id(browser, "wi-fix").send_keys("1-4")
    by_id(browser, "whatif").click()
    wait(browser, lambda d: by_id(d, "whatif-report").is_displayed())
    report = by_id(browser, "whatif-report").text
    assert report.startswith("What if --fix 1-4:\n  the first rule the decided pairing departs from: [C4] C.04.6 Art. 2.3.1")
    assert (1, 4) in matches(browser) or (4, 1) in matches(browser)
    changed = browser.find_elements(By.CSS_SELECTOR, "#boards tbody tr.match.changed")
    assert changed and any("1 Team 001" in row.text and "4 Team 004" in row.text for row in changed)
    by_id(browser, "whatif-clear").click()

    load_file(browser, DATA / "impossible-matches" / "team-n004-r04of05.trf")
    pair(browser)
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#alternatives .alternative"))
    assert "no legal" in by_id(browser, "impossible-message").text.lower()
    first = browser.find_element(By.CSS_SELECTOR, "#alternatives .alternative").text
    assert first.startswith("Alternative 1: allowing") and "breaks [C1] C.04.6 Art. 2.1.1" in first
