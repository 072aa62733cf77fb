"""The page's standings in a real browser (Debian's Chromium via Selenium, as
tests/test_server_browser.py): after a file is loaded the standings show with the file's list,
the list is editable, two rows chosen show why one ranks ahead; a team and a Double-Swiss file;
a bad list is one line.  Saves ``serve-standings.png`` in ``$CPSWISS_SCREENSHOTS``."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from test_server_browser import IMAGES, SAMPLES, browser, by_id, downloads, load_file, load_sample, open_page, wait
from test_server_fixtures import DATA, running_server

pytestmark = pytest.mark.needs("browser")
__all__ = ["browser", "downloads"]  # the fixtures, shared with tests/test_server_browser.py

STANDINGS = DATA / "standings"


@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


def table(driver) -> list[list[str]]:
    return [[td.text for td in row.find_elements(By.TAG_NAME, "td")]
            for row in driver.find_elements(By.CSS_SELECTOR, "#ranking-table tbody tr")]


def headers(driver) -> list[str]:
    return [th.text for th in driver.find_elements(By.CSS_SELECTOR, "#ranking-table thead th")]


def rerank(driver, codes: str) -> None:
    box = by_id(driver, "tb-list")
    box.clear()
    box.send_keys(codes)
    before = by_id(driver, "ranking-heading").text
    by_id(driver, "tb-show").click()
    wait(driver, lambda d: by_id(d, "ranking-heading").text != before or codes in " ".join(headers(d)))


def choose(driver, *ids: int) -> str:
    for cid in ids:
        driver.find_element(By.CSS_SELECTOR, f"#ranking-table tbody tr[data-id='{cid}']").click()
    wait(driver, lambda d: by_id(d, "ranking-why").is_displayed() and by_id(d, "ranking-why-text").text)
    return by_id(driver, "ranking-why-text").text


def test_the_files_list_edited_and_two_rows_explained(browser, server):
    open_page(browser, server)
    load_file(browser, STANDINGS / "ranked.trf")
    wait(browser, lambda d: len(table(d)) == 6)
    assert headers(browser) == ["Rank", "No", "Name", "PTS", "BH/C1", "BH", "SB"]  # the file's 212
    assert by_id(browser, "tb-list").get_attribute("value") == "BH/C1,BH,SB"
    assert "C.07 2026 (start date 2026/05/01 (042) from 1 March 2026); tie-breaks from record 212" in \
        by_id(browser, "ranking-heading").text
    _, expected = server.post("/api/standings", {"trf": (STANDINGS / "ranked.trf").read_text()})
    assert [row[1] for row in table(browser)] == [str(r["id"]) for r in expected["rows"]]
    rerank(browser, "BH")
    wait(browser, lambda d: headers(d) == ["Rank", "No", "Name", "PTS", "BH"])
    assert [row[:5] for row in table(browser)][:2] == [["1", "5", "Player 5", "3.5", "6.0"],
                                                      ["2", "4", "Player 4", "3.5", "5.0"]]
    why = choose(browser, 4, 5)
    assert why.startswith("5 Player 5 (rank 1) ranks ahead of 4 Player 4 (rank 2): BH (Buchholz, C.07 Art. 8.1)")
    assert "dummy: own score 3.5 capped at 2 (C.07 Art. 16.4.2: a draw x 4 rounds)" in why
    IMAGES.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('ranking').scrollIntoView()")
    browser.save_screenshot(str(IMAGES / "serve-standings.png"))
    rerank(browser, "XYZ")
    wait(browser, lambda d: "unknown tie-break 'XYZ'" in by_id(d, "ranking-heading").text)
    assert "\n" not in by_id(browser, "ranking-heading").text


def test_a_team_and_a_double_swiss_file(browser, server):
    open_page(browser, server)
    load_file(browser, STANDINGS / "team.trf")
    wait(browser, lambda d: len(table(d)) == 4)
    rerank(browser, "MPTS,EDE,EMGSB/C1")
    wait(browser, lambda d: headers(d)[3:] == ["MPTS", "EDE", "EMGSB/C1"])
    assert [row[1] for row in table(browser)] == ["1", "2", "3", "4"]
    assert choose(browser, 3, 2).startswith("2 Team 2 (rank 2) ranks ahead of 3 Team 3 (rank 3): EDE")
    load_sample(browser, "double-swiss-n011-r02of05.trf")
    wait(browser, lambda d: len(table(d)) == 11)
    _, expected = server.post("/api/standings", {"trf": (SAMPLES / "double-swiss-n011-r02of05.trf").read_text()})
    assert [row[1] for row in table(browser)] == [str(r["id"]) for r in expected["rows"]]
