"""Fixtures of the docs tests: one strict build of the site per session, a local HTTP
server and one headless Chromium for the browser tests."""
from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path

import pytest

from docs_helpers import CHROMEDRIVER, CHROMIUM, DESKTOP_WIDTH, WINDOW_HEIGHT, Build, mkdocs_build


@pytest.fixture(scope="session")
def site_build(tmp_path_factory) -> Build:
    """One strict build of the site per test session."""
    return mkdocs_build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def built_site(site_build) -> Path:
    """The built site; tests that need it fail at once if the build did not pass."""
    if site_build.returncode != 0:
        if "No module named mkdocs" in site_build.output:  # the docs extras are not installed: say how, not why not
            pytest.fail("mkdocs is not installed in this environment: `make test` installs it (the docs extras, "
                        ".venv/.ready-docs); `make test-fast` leaves the docs tests out")
        pytest.fail(f"mkdocs build --strict failed:\n{site_build.output[-4000:]}")
    return site_build.site


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output readable
        pass


@pytest.fixture(scope="session")
def site_url(built_site):
    """Serve the built site on 127.0.0.1 (a free port) for the session; yields the base URL."""
    handler = functools.partial(_QuietHandler, directory=str(built_site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


# Material renders each mermaid diagram into a *closed* shadow root, out of reach of the page's
# scripts; the screen tests read the diagrams' text, so their browser opens every shadow root.
OPEN_SHADOW_ROOTS = """
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) { return attachShadow.call(this, {...init, mode: "open"}); };
"""


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """One headless Chromium for every browser test of the session, 1280 px wide.

    Needs Debian's `chromium` and `chromium-driver` packages and the `selenium` package. Without
    them the tests skip, except under CI (the CI variable set), where they must run and so fail.
    """
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("the selenium package")
    if missing:
        reason = (f"browser tests need {', '.join(missing)} "
                  "(apt-get install chromium chromium-driver; pip install selenium)")
        if os.environ.get("CI"):
            pytest.fail(reason + "; under CI they must run")
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    # --hide-scrollbars: the layout gets the whole width, as on a phone's overlay scrollbars.
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars", f"--window-size={DESKTOP_WIDTH},{WINDOW_HEIGHT}",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # An explicit driver path: Selenium never tries to download one.
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OPEN_SHADOW_ROOTS})
    try:
        yield driver
    finally:
        driver.quit()
