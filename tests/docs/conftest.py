"""Fixtures of the docs tests: one strict build of the site per session, and a local HTTP
server for the browser tests."""
from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest

from docs_helpers import Build, mkdocs_build


@pytest.fixture(scope="session")
def site_build(tmp_path_factory) -> Build:
    """One strict build of the site per test session."""
    return mkdocs_build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="session")
def built_site(site_build) -> Path:
    """The built site; tests that need it fail at once if the build did not pass."""
    if site_build.returncode != 0:
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
