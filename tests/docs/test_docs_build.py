"""The site builds with `mkdocs build --strict` (no warning at all) and needs nothing from outside."""
from __future__ import annotations

import re

from docs_helpers import PAGES

# Any URL a page would load at view time (not a link the reader may follow).
EXTERNAL_LOAD = re.compile(r"""<(?:script|img|iframe)[^>]*\ssrc=["']https?://|<link[^>]*\shref=["']https?://[^"']*["'][^>]*rel=["']?(?:stylesheet|preconnect|preload)|<link[^>]*rel=["']?(?:stylesheet|preconnect|preload)[^>]*\shref=["']https?://""", re.I)


def test_build_strict_passes(site_build):
    assert site_build.returncode == 0, site_build.output[-4000:]
    warnings = [line for line in site_build.output.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]
    assert not warnings, "\n".join(warnings)


def test_build_every_page_in_both_languages(built_site):
    for page in PAGES:
        html = "index.html" if page == "index.md" else page.removesuffix(".md") + "/index.html"
        assert (built_site / html).is_file(), f"English {page} was not built"
        assert (built_site / "es" / html).is_file(), f"Spanish {page} was not built"


def test_build_loads_nothing_from_outside(built_site):
    offenders = []
    for html in built_site.rglob("*.html"):
        for match in EXTERNAL_LOAD.finditer(html.read_text(encoding="utf-8")):
            offenders.append(f"{html.relative_to(built_site)}: {match.group(0)[:120]}")
    assert not offenders, "pages load resources from the network:\n" + "\n".join(offenders[:20])


def test_build_vendored_libraries_are_served(built_site):
    for asset in ("assets/vendor/katex/katex.min.js", "assets/vendor/katex/katex.min.css",
                  "assets/vendor/katex/contrib/auto-render.min.js", "assets/vendor/mermaid/mermaid.min.js",
                  "assets/vendor/katex/fonts/KaTeX_Main-Regular.woff2"):
        assert (built_site / asset).is_file(), f"{asset} is missing from the site"


def test_build_snippets_pulled_real_code(built_site):
    """The lab 00 page shows the stub itself, not the snippet marker."""
    html = (built_site / "lab" / "00-hello-cuda" / "index.html").read_text(encoding="utf-8")
    assert "--8&lt;--" not in html and "--8<--" not in html
    assert "vector_add" in html and "cudaStream_t" in html


def test_build_language_links_stay_in_the_header(built_site):
    """The hook drops the head's hreflang links (their sitemap.xml requests 404); the switcher stays."""
    for page in ("lab/00-hello-cuda/index.html", "es/lab/00-hello-cuda/index.html"):
        html = (built_site / page).read_text(encoding="utf-8")
        head, _, body = html.partition("</head>")
        assert not re.search(r"<link[^>]*hreflang", head), f"{page}: the head still has hreflang links"
        assert re.search(r'<a href="[^"]*" hreflang="en"', body) and re.search(r'<a href="[^"]*" hreflang="es"', body)


def test_build_publishes_no_code_of_the_evidence_folders(built_site):
    """docs/data's probes, scripts and graded submissions stay in the repository, off the learners' site: such a file
    may hold a lab's answer (session 34)."""
    published = [p.relative_to(built_site) for p in (built_site / "data").rglob("*")
                 if p.suffix in (".cu", ".cuh", ".py", ".sh")]
    assert not published, published[:10]
    assert list((built_site / "data").glob("bench-softmax-*.json")), "the benchmark data is still served"
