"""The built site in a real browser: headless Chromium, driven by Selenium, on a local server.

The browser comes from conftest.py (one for the session); test_docs_screens.py checks every
page's layout at two widths. Set DOCS_SCREENSHOTS=<folder> to keep a screenshot of the pages
the tests look at.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from docs_helpers import LANGS, PAGES, WAIT_S, open_page, page_path


def screenshot(browser, name: str, scroll_to: str | None = None) -> None:
    """Save a screenshot when DOCS_SCREENSHOTS names a folder; scroll_to is a CSS selector."""
    folder = os.environ.get("DOCS_SCREENSHOTS")
    if folder:
        if scroll_to:
            browser.execute_script(
                "document.querySelector(arguments[0])?.scrollIntoView({block: 'center'})", scroll_to)
        Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(folder) / f"{name}.png"))


@pytest.mark.parametrize("lang", LANGS)
def test_browser_pages_render_without_console_errors(browser, site_url, lang):
    problems = []
    for page in PAGES:
        logs = open_page(browser, site_url + page_path(page, lang))
        problems += [f"{page_path(page, lang)}: {entry['message']}" for entry in logs if entry["level"] == "SEVERE"]
        title = browser.execute_script("return document.querySelector('article h1')?.textContent || ''")
        if not title.strip():
            problems.append(f"{page_path(page, lang)}: no page title rendered")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", ["index.md", "lab/01-naive-kernel.md", "theory/03-triton.md"])
def test_browser_language_switch_keeps_the_page(browser, site_url, page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    here = "en"
    open_page(browser, site_url + page_path(page, here))
    for there in ("es", "en"):
        link = browser.find_element(By.CSS_SELECTOR, f'a.md-select__link[hreflang="{there}"]')
        browser.execute_script("arguments[0].click()", link)  # the menu opens on hover
        want = site_url + page_path(page, there)
        WebDriverWait(browser, WAIT_S).until(lambda d: d.current_url == want)
        assert browser.execute_script("return document.documentElement.lang") == there
        here = there


@pytest.mark.parametrize("lang", LANGS)
def test_browser_math_renders(browser, site_url, lang):
    open_page(browser, site_url + page_path("reference.md", lang))
    counts = browser.execute_script(
        "return [document.querySelectorAll('.arithmatex').length,"
        " document.querySelectorAll('.arithmatex .katex').length,"
        " document.querySelectorAll('.katex-error').length]")
    assert counts[0] > 0, "the reference page has no math to render"
    assert counts[1] == counts[0] and counts[2] == 0, f"KaTeX rendered {counts[1]} of {counts[0]}, {counts[2]} errors"
    screenshot(browser, f"reference-{lang}", scroll_to="div.arithmatex")


def test_browser_mermaid_renders(browser, site_url):
    for lang in LANGS:
        open_page(browser, site_url + page_path("index.md", lang))
        height = browser.execute_script(
            "const d = document.querySelector('div.mermaid'); return d ? d.getBoundingClientRect().height : 0")
        assert height > 100, f"the chapter map of the {lang} overview did not render as a diagram"
        screenshot(browser, f"index-{lang}")


@pytest.mark.parametrize("lang,term", [("en", "coalescing"), ("es", "ocupación")])
def test_browser_search_finds_a_term(browser, site_url, lang, term):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_page(browser, site_url + page_path("index.md", lang))
    opener = browser.find_element(By.CSS_SELECTOR, 'label.md-header__button[for="__search"]')
    if opener.is_displayed():  # narrow windows hide the search box behind this button
        opener.click()
    box = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    WebDriverWait(browser, WAIT_S).until(lambda d: box.is_displayed() and box.is_enabled())
    box.click()
    box.send_keys(term)
    WebDriverWait(browser, WAIT_S).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "li.md-search-result__item a"))
    links = [a.get_attribute("href") for a in browser.find_elements(By.CSS_SELECTOR, "li.md-search-result__item a")]
    ours = [link for link in links if ("/es/" in link) == (lang == "es")]
    assert ours, f"searching {term!r} found no {lang} page: {links[:5]}"
    screenshot(browser, f"search-{lang}")


def test_browser_lab_page_screenshot(browser, site_url):
    """A lab page renders its stub code and the generated grading table."""
    from selenium.webdriver.common.by import By

    open_page(browser, site_url + page_path("lab/02-tuned-kernel.md", "es"))
    tables = browser.find_elements(By.CSS_SELECTOR, "article table")
    assert any("02.perf.gate" in t.text for t in tables), "the grading table is missing"
    screenshot(browser, "lab-02-es")
    screenshot(browser, "lab-02-es-grading", scroll_to="#grading")
