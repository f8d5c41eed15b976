"""Constants and helpers of the docs tests (a module of its own, so that test files can import
it by a name no other test folder uses)."""
from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
LANGS = ("en", "es")

# Every page of the site, relative to docs/<lang>/. The theory pages are written by others,
# but the site (nav, links, read order) depends on all of them.
PAGES = (
    "index.md",
    "reference.md",
    "theory/00-motivation.md",
    "theory/01-cuda-programming-model.md",
    "theory/02-from-naive-to-tiled.md",
    "theory/03-triton.md",
    "theory/04-pytorch-as-substrate.md",
    "lab/00-hello-cuda.md",
    "lab/01-naive-kernel.md",
    "lab/02-tuned-kernel.md",
    "lab/03-triton-and-pytorch.md",
    "no-gpu.md",
    "instructor.md",
)


# The browser tests: Debian's chromium and chromium-driver (CI installs them, .ci/run).
CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
DESKTOP_WIDTH = 1280  # CSS px: a laptop
PHONE_WIDTH = 390  # CSS px: a current phone held upright
WINDOW_HEIGHT = 900
WAIT_S = 20


def page_path(page: str, lang: str) -> str:
    """URL path of a page (relative to docs/<lang>/) in the built site."""
    prefix = "/" if lang == "en" else f"/{lang}/"
    return prefix if page == "index.md" else f"{prefix}{page.removesuffix('.md')}/"


def set_width(browser, width: int) -> None:
    """Lay the page out `width` CSS px wide (device metrics, so any width works headless)."""
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": WINDOW_HEIGHT, "deviceScaleFactor": 1, "mobile": False})


def open_page(browser, url: str) -> list[dict]:
    """Load url, wait until the page's scripts have run, and return its console messages."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get_log("browser")  # drop what earlier pages logged
    browser.get(url)
    WebDriverWait(browser, WAIT_S).until(lambda d: d.execute_script("return document.readyState") == "complete")
    # Material renders diagrams and KaTeX renders math after the load event.
    WebDriverWait(browser, WAIT_S).until(lambda d: d.execute_script(
        "return !document.querySelector('pre.mermaid') && "
        "[...document.querySelectorAll('.arithmatex')].every(e => e.querySelector('.katex'))"))
    return browser.get_log("browser")


@dataclass(frozen=True)
class Build:
    returncode: int
    output: str
    site: Path


def mkdocs_build(dest: Path) -> Build:
    """`mkdocs build --strict` of this repository into dest, as `make docs` runs it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's end-of-life banner is not a build warning
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(dest)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=300,
    )
    return Build(proc.returncode, proc.stdout + proc.stderr, dest)


def load_tool(name: str):
    """Import docs/_tools/<name>.py (a script folder, not a package) as a module."""
    import importlib.util

    qualified = f"docs_tools_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    spec = importlib.util.spec_from_file_location(qualified, DOCS / "_tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module  # dataclasses look their module up while the file executes
    spec.loader.exec_module(module)
    return module
