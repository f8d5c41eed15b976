"""Every page exists in English and in Spanish, and the Spanish one is a translation."""
from __future__ import annotations

import re

import pytest

from docs_helpers import DOCS, LANGS, PAGES


def markdown_pages(lang: str) -> set[str]:
    return {p.relative_to(DOCS / lang).as_posix() for p in (DOCS / lang).rglob("*.md")}


@pytest.mark.parametrize("page", PAGES)
def test_pages_exist_in_both_languages(page):
    missing = [lang for lang in LANGS if not (DOCS / lang / page).is_file()]
    assert not missing, f"docs/{{{','.join(missing)}}}/{page} is missing"


def test_pages_trees_match():
    en, es = markdown_pages("en"), markdown_pages("es")
    assert en == es, f"only in docs/en: {sorted(en - es)}; only in docs/es: {sorted(es - en)}"


@pytest.mark.parametrize("page", PAGES)
def test_pages_spanish_is_translated(page):
    en, es = DOCS / "en" / page, DOCS / "es" / page
    if not (en.is_file() and es.is_file()):
        pytest.skip(f"{page} is missing in a language (test_pages_exist_in_both_languages reports it)")
    en_text, es_text = en.read_text(encoding="utf-8"), es.read_text(encoding="utf-8")
    assert es_text != en_text, f"docs/es/{page} is a copy of docs/en/{page}"
    assert prose(es_text) != prose(en_text), f"docs/es/{page} differs from docs/en/{page} only in code"


@pytest.mark.parametrize("page", [p for p in PAGES if p.startswith("lab/")])
def test_pages_labs_have_the_same_anchors(page):
    """Grader hints link to docs/en/...#anchor; the Spanish page must answer the same anchors."""
    ids = {lang: set(re.findall(r"\{\s*#([\w-]+)\s*\}", (DOCS / lang / page).read_text(encoding="utf-8")))
           for lang in LANGS}
    assert ids["en"] == ids["es"], f"anchors only in en: {ids['en'] - ids['es']}, only in es: {ids['es'] - ids['en']}"


def prose(text: str) -> str:
    """The text outside fenced code blocks, whitespace-normalised."""
    return " ".join(re.sub(r"^```.*?^```", "", text, flags=re.M | re.S).split())
