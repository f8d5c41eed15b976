"""On the built site, a lab page's numbered steps continue across its parts, for each track."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from docs_helpers import LANGS
from test_docs_lab_pages_common import LABS, TAB_LABELS, TRACKS


class TaskLists(HTMLParser):
    """The top-level ordered lists of the Tasks section: (start, items, tab index or None)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_tasks = False
        self.divs: list[tuple[str, int | None]] = []  # (class, index of a tabbed-block in its set)
        self.block_counts: list[int] = []  # tabbed-blocks seen so far in each open tabbed-set
        self.lists: list[bool] = []  # open <ol>/<ul>; True for a recorded top-level <ol>
        self.li_depth = 0
        self.found: list[dict] = []
        self.labels: list[list[str]] = []
        self._label: list[str] | None = None

    def tab(self) -> int | None:
        return next((index for cls, index in reversed(self.divs) if index is not None), None)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "h2":
            self.in_tasks = attrs.get("id") == "tasks"
        if not self.in_tasks:
            return
        if tag == "div":
            cls = attrs.get("class") or ""
            index = None
            if "tabbed-set" in cls.split():
                self.block_counts.append(0)
                self.labels.append([])
            elif "tabbed-block" in cls.split():
                index = self.block_counts[-1]
                self.block_counts[-1] += 1
            self.divs.append((cls, index))
        elif tag == "label" and self.labels:
            self._label = []
        elif tag in ("ol", "ul"):
            top = tag == "ol" and self.li_depth == 0
            if top:
                self.found.append({"start": int(attrs.get("start") or 1), "items": 0, "tab": self.tab()})
            self.lists.append(top)
        elif tag == "li":
            if self.lists and self.lists[-1] and self.li_depth == 0:
                self.found[-1]["items"] += 1
            self.li_depth += 1

    def handle_data(self, data):
        if self._label is not None:
            self._label.append(data)

    def handle_endtag(self, tag):
        if not self.in_tasks:
            return
        if tag == "div" and self.divs:
            cls, _ = self.divs.pop()
            if "tabbed-set" in cls.split():
                self.block_counts.pop()
        elif tag == "label" and self._label is not None:
            self.labels[-1].append("".join(self._label).strip())
            self._label = None
        elif tag in ("ol", "ul") and self.lists:
            self.lists.pop()
        elif tag == "li":
            self.li_depth -= 1


def task_lists(html: str) -> TaskLists:
    parser = TaskLists()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lab", LABS)
def test_lab_pages_numbered_steps_continue(built_site, lang, lab):
    """Lab 03's part B goes on from part A's last step, on either track."""
    html = (built_site / ("" if lang == "en" else lang) / "lab" / lab / "index.html").read_text(encoding="utf-8")
    parsed = task_lists(html)
    for labels in parsed.labels:
        assert labels == list(TAB_LABELS[lang]), f"{lang}/lab/{lab}: task tabs are {labels}"
    for index, track in enumerate(TRACKS):
        lists = [l for l in parsed.found if l["tab"] in (None, index)]
        assert lists, f"{lang}/lab/{lab}: no numbered tasks for the {track} track"
        expected = 1
        for l in lists:
            assert l["start"] == expected, \
                f"{lang}/lab/{lab} ({track}): a list of steps starts at {l['start']}, expected {expected}"
            expected = l["start"] + l["items"]
        assert expected > 3, f"{lang}/lab/{lab} ({track}): only {expected - 1} steps"
