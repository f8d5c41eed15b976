"""MkDocs hook (mkdocs.yml `hooks:`): keep the language switcher free of failing requests.

mkdocs-static-i18n points Material's language links at the *same page* in the other language
(`extra.alternate`, rewritten per page). Material also renders each of those links in the page
head as `<link rel="alternate" hreflang=...>`, and its JavaScript fetches `sitemap.xml` next to
every such link, i.e. `/es/lab/00-hello-cuda/sitemap.xml`: a 404 on every page load, logged
as a console error (mkdocs-material issue 6582). Dropping the head links stops those requests;
the switcher in the header (`<a hreflang=...>`) is untouched and still leads to the same page,
and the sitemap keeps its hreflang alternates.
"""
from __future__ import annotations

import re

HEAD_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')


def on_post_page(output: str, page, config) -> str:
    head, sep, body = output.partition("</head>")
    return HEAD_ALTERNATE.sub("", head) + sep + body
