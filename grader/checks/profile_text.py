"""Reading the learner's text for lab 02's profile checks: the __global__ functions a .cu
file defines, the bottleneck the analysis claims, and the numbers it quotes.

Nothing here knows the report; grader/checks/profile.py compares the two.
"""
from __future__ import annotations

import codecs
import functools
import html
import re
import unicodedata
from dataclasses import dataclass

from text_to_num import find_numbers

# ---- the kernels a .cu file defines -------------------------------------------

# Where a comment or a literal may start. A raw string (R"delim( ... )delim", C++11, with an optional u8/u/U/L
# prefix) may span lines and hold anything, comment openers included; an apostrophe after a digit is a C++14 digit
# separator (1'000), not a character literal.
_LITERAL_START = re.compile(r'//|/\*|(?<![A-Za-z0-9_])(?:u8|[uUL])?R"|"|(?<![0-9])\'')
_QUOTED = {'"': re.compile(r'"(?:\\.|[^"\\\n])*"?'), "'": re.compile(r"'(?:\\.|[^'\\\n])*'?")}
_ATTRIBUTES = re.compile(r"\b(__launch_bounds__|__maxnreg__|__cluster_dims__|__declspec|__attribute__)\s*\(")
_GLOBAL = re.compile(r"\b__global__\b")
_IDENT_BEFORE_PAREN = re.compile(r"([A-Za-z_]\w*)\s*$")
MAX_SOURCE_CHARS, MAX_KERNELS = 2_000_000, 200  # bounds on the work a pathological file can cause
MAX_PARENS = 20_000  # characters: no real parameter list or attribute is longer


def strip_comments(source: str) -> str:
    """Remove comments (keeping line breaks) and empty out string and character literals (raw strings too: no
    __global__ hides in one). One pass, each character read once: a learner's file cannot make it slow."""
    out: list[str] = []
    i, n = 0, len(source)
    while i < n:
        match = _LITERAL_START.search(source, i)
        if match is None:
            out.append(source[i:])
            break
        start, token = match.start(), match.group(0)
        out.append(source[i:start])
        if token == "//":
            end = source.find("\n", start)
            i = n if end < 0 else end  # the line break stays
        elif token == "/*":
            end = source.find("*/", start + 2)
            i = n if end < 0 else end + 2
            out.append("\n" * source.count("\n", start, i))
        elif token.endswith('R"'):
            paren = source.find("(", match.end(), match.end() + 17)  # a delimiter has at most 16 characters
            delimiter = source[match.end():paren] if paren >= 0 else None
            if delimiter is None or any(c in delimiter for c in ' ()\\\t\v\f\n"'):
                i = match.end()  # not a raw string: R and the quote stay, the quote opens an ordinary literal next
                out.append(token[:-1])
                i -= 1
                continue
            end = source.find(")" + delimiter + '"', paren + 1)
            i = n if end < 0 else end + len(delimiter) + 2
            out.append('""' + "\n" * source.count("\n", start, i))
        else:
            literal = _QUOTED[token].match(source, start)
            i = literal.end()
            out.append(token * 2)
    return "".join(out)


def _skip_parens(text: str, start: int) -> int:
    """Index just past the parenthesis group opening at text[start] == '(' (the end of the text if it does not
    close within MAX_PARENS characters)."""
    depth = 0
    for i in range(start, min(len(text), start + MAX_PARENS)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return len(text)


def global_functions(source: str) -> list[str]:
    """Names of the __global__ functions DEFINED in a .cu file (templates too, not prototypes)."""
    text = strip_comments(source[:MAX_SOURCE_CHARS])
    names: list[str] = []
    for match in list(_GLOBAL.finditer(text))[:MAX_KERNELS]:
        i = match.end()
        while True:  # find the parameter list, stepping over __launch_bounds__(...) and friends
            paren = text.find("(", i)
            semi = text.find(";", i)
            if paren < 0 or (0 <= semi < paren):
                break
            attribute = _ATTRIBUTES.search(text, i, paren + 1)
            if attribute and attribute.end() - 1 == paren:
                i = _skip_parens(text, paren)
                continue
            head = _IDENT_BEFORE_PAREN.search(text[max(i, paren - 256):paren])
            after = _skip_parens(text, paren)
            rest = text[after:after + MAX_PARENS].lstrip()
            # a definition's body follows, perhaps after a trailing attribute; a prototype ends in ';'
            while _ATTRIBUTES.match(rest):
                rest = rest[_skip_parens(rest, rest.index("(")):].lstrip()
            if head and rest.startswith("{") and head.group(1) not in names:
                names.append(head.group(1))
            break
    return names


def kernel_base_name(name: str) -> str:
    """'void ns::softmax<256>(const float *, int)' -> 'softmax'."""
    name = name[:4096]  # a name from a learner's report: bounds the loop below (one pass per nesting level)
    name = name.replace("(anonymous namespace)", "anon")
    depth, cut = 0, len(name)
    for i, ch in enumerate(name):  # the parameter list starts at the first '(' outside <...>
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            cut = i
            break
    name = name[:cut]
    while True:  # drop template arguments, innermost first
        stripped = re.sub(r"<[^<>]*>", "", name)
        if stripped == name:
            break
        name = stripped
    return re.split(r"::|\s+", name.strip())[-1] if name.strip() else ""


# ---- the bottleneck the analysis claims ----------------------------------------

_NAMES = {  # category -> the words that name it
    "memory": r"(memory|dram|hbm|bandwidth)([\s-]*(bandwidth|throughput))?",
    "compute": r"(compute|math|alu|fma|arithmetic|instruction|issue)([\s-]*throughput)?",
    "latency": r"(latency|occupancy)",
}
_BOUND = {k: r"\b" + v + r"[\s-]*(bound|limited)\b" for k, v in _NAMES.items()}  # "memory-bound"
_NAMED = {k: r"\b" + v + r"\b" for k, v in _NAMES.items()}  # "memory", "DRAM bandwidth"
_NEGATED = re.compile(  # "memory-bound, not compute-bound": the negated one is no claim
    r"\b(?:not|isn't|rather than|instead of)\s+(?:a\s+|the\s+)?(?:" + "|".join(_NAMES.values())
    + r")([\s-]*(bound|limited))?", re.I)
_BOTTLENECK_LINE = re.compile(
    r"^[ \t>*_#|-]*(?:the\s+)?(?:main\s+|primary\s+)?bottleneck\b[\s*_]*(?:[:=|\u2014\u2013-]+|\s+is\b)\s*(.*)$",
    re.I | re.M)
_BOTTLENECK_HEADING = re.compile(r"^#+\s*(?:the\s+)?bottleneck\s*$", re.I | re.M)
def without_html_comments(text: str) -> str:
    """Markdown text without its <!-- --> comments, in one pass (a regex retried the rest of the text from each of
    many unclosed "<!--": minutes on 100 kB), found as CommonMark finds them: not inside a code span (`<!--` shows
    as written), and an unclosed one hides the rest only where it starts a line (an HTML block); mid-line it is text
    (red team, session 17: a figure between two code spans of `<!--` and `-->` was hidden from the reader only)."""
    out, at, search = [], 0, 0
    code = _code_mask(text)  # the same text with code blocks and spans blanked: a comment is never inside code
    while (start := code.find("<!--", search)) >= 0:
        backslashes = start - len(text[:start].rstrip("\\"))
        if backslashes % 2:  # \<!-- shows as written: no comment (red team, session 30)
            search = start + 1
            continue
        line_start = text.rfind("\n", 0, start) + 1
        # <!--> and <!---> are whole (empty) comments to CommonMark and to browsers: the text after them shows. Read
        # as openers, they hid invented figures up to a later comment's end (red team, session 30).
        short = 1 if code.startswith(">", start + 4) else 2 if code.startswith("->", start + 4) else 0
        end = start + 1 + short if short else code.find("-->", start + 4)
        if end < 0:  # none closes from here on: the first that starts a line hides the rest (an HTML block)
            block = _COMMENT_BLOCK.search(text, line_start)
            if block:
                out.append(text[at:block.start()])
                return "".join(out)
            break
        out.append(text[at:start])
        at = search = end + 3
    out.append(text[at:])
    return "".join(out)
MAX_ANALYSIS_CHARS, MAX_LINE_CHARS = 100_000, 2_000
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_TICKS = re.compile(r"`+")


def _code_mask(text: str) -> str:
    """``text`` with what CommonMark shows as code blanked (same length): fenced blocks (``` or ~~~ to the matching
    fence), indented blocks (4 spaces after a blank line) and code spans (a run of backticks to the next run of the
    same length). A `<!--` in code is shown as written (red team, session 17: fences and double backticks)."""
    out, fence, blank = [], None, True
    for line in text.split("\n"):
        opening = _FENCE.match(line)
        if fence is not None:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            out.append(" " * len(line))
        elif opening:
            fence = opening.group(1)
            out.append(" " * len(line))
        elif blank and (line.startswith("    ") or line.startswith("\t")) and line.strip():
            out.append(" " * len(line))
            continue  # an indented block goes on while its lines are indented
        else:
            masked, at = [], 0
            runs = list(_TICKS.finditer(line))
            k = 0
            while k < len(runs):
                close = next((j for j in range(k + 1, len(runs)) if len(runs[j].group(0)) == len(runs[k].group(0))),
                             None)
                if close is None:
                    k += 1
                    continue
                masked.append(line[at:runs[k].start()] + " " * (runs[close].end() - runs[k].start()))
                at, k = runs[close].end(), close + 1
            out.append("".join(masked) + line[at:])
        blank = not line.strip() or (blank and bool(out) and not out[-1].strip() and line.startswith("    "))
    return "\n".join(out)
_COMMENT_BLOCK = re.compile(r"^ {0,3}<!--", re.M)


code_mask = _code_mask  # for other readers of Markdown (lab 03's learner profile)


def _categories(text: str, patterns: dict) -> list[str]:
    """Categories named in text, in order of first appearance."""
    hits = []
    for kind, pattern in patterns.items():
        match = re.search(pattern, text, re.I)
        if match:
            hits.append((match.start(), kind))
    return [kind for _, kind in sorted(hits)]


# A mark set above or below the line (<sup>1</sup>, a footnote's number; the characters ¹ and ₁) renders apart from
# the figure and unit before it: read as a word of its own, not folded into "%1" (red team, session 33: invented
# figures followed by a footnote mark, "97.0 %<sup>1</sup>", were compared with nothing).
_SUPERSCRIPT = re.compile(r"(<su[pb]\b[^<>]{0,100}>|[\u00b2\u00b3\u00b9\u2070-\u209f])", re.I)


# A power of ten in superscript, after a multiplication sign or with a sign of its own: "1.2605 × 10² us",
# "2.68 × 10<sup>8</sup> bytes", "10⁻⁴ s" (Unicode's superscripts, written as characters or HTML references). Read as
# the docs write it, 10^2: taken for a mark above the line (_SUPERSCRIPT), it was read as "1" and "2 us" (red team rt44).
# A mark after a bare 10 ("10²") stays a footnote's.
_SUPERSCRIPT_CHARS = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
_POWER_AFTER = r"(?:(?<=[x\u00d7]10)|(?<=[x\u00d7] 10)|(?<=10)(?=[+\-\u2212\u207a\u207b]))"
_POWER_OF_TEN = re.compile(_POWER_AFTER + "(?:<sup>[ \t]*([+\\-\u2212]?\\d+)[ \t]*</sup>|([\u207a\u207b]?[" +
                           _SUPERSCRIPT_CHARS + "]+))", re.I)
_SUPERSCRIPT_DIGITS = str.maketrans(_SUPERSCRIPT_CHARS + "\u207a\u207b\u2212", "0123456789+--")


def powers_of_ten(line: str) -> str:
    """``line`` with each power of ten in superscript written 10^n (_POWER_OF_TEN)."""
    if "&" in line and "10&" in line:
        line = re.sub(r"(?<=10)((?:&#?\w{1,8};){1,4})", lambda m: html.unescape(m[1]), line)
    return _POWER_OF_TEN.sub(lambda m: "^" + (m[1] or m[2]).translate(_SUPERSCRIPT_DIGITS), line)


@functools.lru_cache(maxsize=4)  # the bottleneck, the quotes and the letters in figures read one text
def _readable(text: str) -> str:
    """HTML comments out, the text as it renders (``plain``): Markdown's backslash escapes (97.3 \\%) and inline HTML
    tags (<b>97.3</b>%) taken out, emphasis and code marks off the numbers they split (**9**.5 % is 9.5 %). No more
    than an analysis may hold is read (bounds the regex work); ``too_long`` refuses an analysis with more."""
    text = without_html_comments(text[:MAX_ANALYSIS_CHARS])
    defined = link_labels(text)
    # A link reference definition renders as nothing: figures in its title counted as quotes no reader saw (red
    # team, session 30). So do a table row's cells past its header's count. A footnote's definition ([^1]: text)
    # shows at the page's foot, and is read as a paragraph (red team rt46: it was dropped as a link's definition).
    text = _table_cells(_html_tables(_FOOTNOTE_DEFINITION.sub("", _LINK_DEFINITION.sub("", text))))
    shown = "\n".join(plain(_links(_TAG.sub("", _SUPERSCRIPT.sub(r" \1", _BLOCK_TAG.sub(" ", _ESCAPE.sub(
        r"\1", _BLOCK_QUOTE.sub("", powers_of_ten(tex_text(line).replace("\\|", "\u00a6").replace("\\![", "! ["))))))),
        defined)) if line.strip() else line for line in markdown_lines(text))
    # Figures in words, over the whole text (a number may wrap), before the marks around figures are taken off
    lines = markdown_lines(figures_in_words(shown, text_language(shown)))
    return "\n".join(_ARROW.sub(" \u2192 ", _MARKS_AT_UNIT.sub(r"\2", _PARENS_AT_UNIT.sub(
        r"\1", _MARKS_IN_NUMBER.sub("", _EMPHASIS.sub("", line))))) if line.strip() else line for line in lines)


# TeX's text and upright wrappers, spaces and micro sign, as math renders them: "\text{Duration} &= 190.50~\mathrm{us}"
# shows "Duration = 190.50 us". Read with the wrappers on, the figure had no unit and was compared with nothing (red
# team rt46). Applied to every line: outside math these commands show as written, and no figure is lost by reading
# them so.
_TEX_TEXT = re.compile(r"\\(?:text|textrm|textnormal|textup|textbf|textit|mathrm|mathsf|mathit|mathbf|mathnormal|"
                       r"mbox|operatorname)[ \t]*\{([^{}\n]{0,200})\}")
_TEX_SPACE = re.compile(r"\\[,;:! ]|\\q?quad(?![A-Za-z])|\\(?:enspace|thinspace|medspace|thickspace)(?![A-Za-z])|"
                        r"(?<=[\d}])~|~(?=\\)")
_TEX_MICRO = re.compile(r"\\(?:mu|micro|textmu)(?![A-Za-z])[ \t]*")


def tex_text(line: str) -> str:
    """``line`` with TeX's text wrappers taken off and its spaces and micro sign written as they show (_TEX_TEXT)."""
    if "\\" not in line:
        return line
    line = _TEX_MICRO.sub("\u00b5", line)  # first: \mu\text{s} is "µs", not the command \mus
    for _ in range(3):  # \text{\mathrm{us}}: nested wrappers, a few deep
        line, n = _TEX_TEXT.subn(r"\1", line)
        if not n:
            break
    return _TEX_SPACE.sub(" ", line)


_HTML_TABLE = re.compile(r"<table\b[^<>]*>(.*?)(?:</table\s*>|\Z)", re.I | re.S)
_HTML_ROW = re.compile(r"<tr\b[^<>]*>(.*?)(?=<tr\b|</tr\s*>|\Z)", re.I | re.S)
_HTML_CELL = re.compile(r"<t[dh]\b[^<>]*>(.*?)(?=<t[dh]\b|</t[dh]\s*>|\Z)", re.I | re.S)


def _html_tables(text: str) -> str:
    """Each HTML table (<table><tr><th>..</th></tr><tr><td>..</td></tr></table>) written as the Markdown table it
    shows: its first row a header over a rule, one line per row, cells between pipes. Read with its tags as blanks, a
    table whose header row names the metrics and whose row below holds the figures paired no figure with a name (red
    team rt46). The table keeps its lines where it has as many; a table in code shows as written and stays."""
    if "<" not in text:
        return text
    code = _code_mask(text)
    out, at = [], 0
    for table in _HTML_TABLE.finditer(text):
        if not code[table.start():table.start() + 6].strip():
            continue
        rows = [cells for row in _HTML_ROW.finditer(table.group(1))
                if (cells := [" ".join(_TAG.sub(" ", c).split()).replace("|", "\\|")
                              for c in _HTML_CELL.findall(row.group(1))])]
        if not rows:
            continue
        # HTML shows a row's every cell, even past its header's: the header is widened to the widest row, or those
        # cells would be read as a Markdown table's, which never shows them (_table_cells).
        width = max(map(len, rows))
        rows[0] += [""] * (width - len(rows[0]))
        lines = ["| " + " | ".join(cells) + " |" for cells in rows]
        lines.insert(1, "|" + "---|" * width)
        # What the table holds outside its cells (a caption, text between cells) shows too, above the table (a
        # browser moves stray text there): read as a paragraph of its own.
        rest = " ".join(_TAG.sub(" ", _HTML_CELL.sub(" ", table.group(1))).split())
        if rest:
            lines[:0] = [rest, ""]
        span = table.group(0).count("\n")
        before = text[at:table.start()]
        out.append(before + ("\n" if before and not before.endswith("\n") else "") + "\n".join(lines) +
                   "\n" * max(span - len(lines) + 1, 1))
        at = table.end()
        if text.startswith("\n", at):
            at += 1
    out.append(text[at:])
    return "".join(out)


# A block quote's markers render as nothing (> > 40.0 % read as "greater than 40.0 %"), and an arrow is a change,
# "41.2 % -> 84.40 %" (its > was read as a bound that held: red team, session 17). Arrows are read as one sign.
_BLOCK_QUOTE = re.compile(r"^(?: {0,3}>[ \t]?)+")
_ARROW = re.compile(r"\s*(?:-{1,2}>|=>|\u2192|\u27f6|\u21d2)\s*")


# Links render as their text ([97.9](https://...) % shows "97.9 %"), a footnote reference as a small mark
# (99.7[^1] %): both had put their brackets between a number and its unit, so the number was read as a bare count
# and compared with nothing (red team, session 16).
# Only what CommonMark makes a link is one: an inline destination has no blank outside <...> (then a title may
# follow), and a reference ([text][ref], [text][], [ref]) needs its definition in the file; anything else shows
# as written, brackets and all ([DRAM Throughput][97.9 %] hid a figure as a link's label: red team, session 16).
# Brackets right beside a figure are read as nothing: "[97.9] %" shows the figure and its unit.
_FOOTNOTE_REF = re.compile(r"\[\^[^\]\n]{1,100}\]")
_INLINE_LINK = re.compile(r"!?\[([^\]\n]{0,500})\]\(\s*(?:<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\)){0,2000})"
                          r"(?:\s+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?\s*\)")
_REF_LINK = re.compile(r"!?\[([^\]\n]{0,500})\](?:\[([^\]\n]{0,500})\])?")
_BRACKET_BY_DIGIT = re.compile(r"(?<=\d)\]|\[(?=\d)")


def _ref_key(label: str) -> str:
    return " ".join(label.lower().split())


def _shown(link: re.Match) -> str:
    """What a link shows, its text; an image shows a picture, never its alt text: a Bottleneck line or figures there
    were read where the page shows none (red team rt42)."""
    return "" if link.group(0).startswith("!") else link.group(1)


def _links(line: str, defined: set[str] = frozenset()) -> str:
    if "[" not in line:
        return line
    line = _INLINE_LINK.sub(_shown, _FOOTNOTE_REF.sub(lambda m: "" if _ref_key(m.group(0)[1:-1]) in defined
                                                      else m.group(0), line))  # an undefined one shows as written

    def reference(m: re.Match) -> str:
        ref = m.group(2) if m.group(2) else m.group(1)
        return _shown(m) if _ref_key(ref) in defined else m.group(0)
    return _BRACKET_BY_DIGIT.sub("", _BRACKETS_BEFORE_UNIT.sub(" ", _REF_LINK.sub(reference, line)))


_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")  # CommonMark: a backslash before ASCII punctuation shows the character
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")  # <b>, </sup>, <span class=x>, <br/>
# Tags that render as a break between what they hold: a table's cells (<td>DRAM Throughput</td><td>99.7 %</td> reads
# "DRAM Throughput 99.7 %", not "Throughput99.7 %", whose number no one wrote), paragraphs, lines, list items.
_BLOCK_TAG = re.compile(r"</?(?:td|th|tr|thead|tbody|tfoot|table|caption|div|p|br|hr|li|ul|ol|dl|dt|dd|h[1-6]|"
                        r"blockquote|pre|section|article|header|footer|figure|figcaption|details|summary|center)"
                        r"(?:\s[^<>]*)?/?>", re.I)
# Markdown's underscore emphasis around a figure or a word (_99.7 %_, __126 us__, _memory-bound_): the underscores
# render as nothing. An underscore inside a word (sm_90, n_rows) is no emphasis and stays.
_EMPHASIS = re.compile(r"(?<![A-Za-z0-9_])_+(?=[A-Za-z\d.,])|(?<=[\dA-Za-z%])_+(?![A-Za-z0-9_])")


_DELIMITER_ROW = re.compile(r"^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
_CELL_BAR = re.compile(r"(?<!\\)\|")


def _row_cells(row: str) -> list[str]:
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return _CELL_BAR.split(inner)


def _table_cells(text: str) -> str:
    """Each table row cut to as many cells as its header has: GitHub's Markdown and Python-Markdown drop the rest,
    and a one-column table whose rows held figures in a second cell showed only the names (red team, session 30)."""
    lines = markdown_lines(text)
    width = 0
    for i, line in enumerate(lines):
        if width and line.strip() and "|" in line and not _DELIMITER_ROW.match(line):
            cells = _row_cells(line)
            if len(cells) > width:
                lines[i] = "| " + " | ".join(cells[:width]) + " |"
            continue
        if i > 0 and _DELIMITER_ROW.match(line) and "|" in lines[i - 1] + line:
            width = len(_row_cells(line))
            continue
        if not line.strip() or "|" not in line:
            width = 0
    return "\n".join(lines)


def markdown_lines(text: str) -> list[str]:
    """The lines of a Markdown file as Markdown has them: ended by LF, CRLF or CR only. str.splitlines() also ends
    one at a form feed, a vertical tab, U+2028 and others, which render as a blank inside the line: a name and an
    invented figure split so were read on two lines, too far apart to be compared (red team, session 15)."""
    return re.split(r"\r\n|\r|\n", text.removesuffix("\n").removesuffix("\r"))


# What Markdown never shows: a link reference definition ([x]: url "title") renders as nothing.
_LINK_DEFINITION = re.compile(r"^ {0,3}\[(?!\^)[^\]\n]+\]:[^\n]*$", re.M)
# ... but a footnote's definition ([^1]: text) shows at the foot of the page: only its label is taken off.
_FOOTNOTE_DEFINITION = re.compile(r"^ {0,3}\[\^[^\]\n]+\]:[ \t]?", re.M)
# HTML that can hide text from the page: a tag with attributes (hidden, style, class), or an element whose content
# never shows. Markdown covers what an analysis needs (emphasis, tables, links, images).
# So can a processing instruction (<?x ... ?>), a declaration (<!X ...>) and a CDATA section, which browsers show as
# nothing, and a tag whose attributes begin with a slash (<x /99.7 %>), which _TAG takes out (red team, session 30).
_HIDING_HTML = re.compile(r"<(?:[A-Za-z][A-Za-z0-9-]*\s+[^<>\s/][^<>]*|[A-Za-z][A-Za-z0-9-]*\s*/\s*[^\s<>/][^<>]*|"
                          r"(?:script|style|template|noscript|iframe|object|embed|svg|math|head|title|textarea|select|"
                          r"option|rp|datalist|noembed|noframes|dialog)\b[^<>]*)/?>|<\?|<![A-Za-z\[]", re.I)


# TeX commands that hide or overlap what they hold, in the math GitHub and MathJax render ($\phantom{...}$,
# $\color{white}{...}$, $\rlap{...}$): a claim inside showed nothing, or showed under another (red team rt42).
_HIDING_TEX = re.compile(r"\\(?:[hv]?phantom|(?:text|page)?color|(?:f)?colorbox|smash|[lrc]lap|math[lrc]lap|kern|"
                         r"mkern|mskip|hskip|hspace|vspace|raisebox|style|class|cssId|htmlStyle|htmlClass|require|"
                         r"unicode|href|tiny|scriptscriptstyle)(?![A-Za-z])")


_HTML_BLOCK = re.compile(r"^ {0,3}<[A-Za-z/!?]", re.M)


def hidden_html(text: str) -> str | None:
    """The first piece of HTML in ``text`` that could hide text from a reader (a tag with attributes, an element
    that never shows its content), or of TeX that could, or None. Such text was read where the page shows nothing:
    `99.70 %<span hidden> per row</span>` read as a per-row figure, never compared (red team, session 15)."""
    shown = without_html_comments(text)
    # Code shows as written: `reinterpret_cast<const float4*>` or a Windows path's `\class` in it hide nothing (red
    # team rt42b). Inside an HTML block backticks are text and its tags are HTML, so a file with one is read whole.
    if not _HTML_BLOCK.search(shown):
        shown = _code_mask(shown)
    match = _HIDING_HTML.search(shown) or _HIDING_TEX.search(shown)
    return match.group(0)[:60] if match else None


# Characters that change the order in which a line is drawn: the explicit embeddings, overrides and isolates, and the
# direction marks (ALM, LRM, RLM). "Achieved Occupancy is U+202E 53.02 U+202C %" renders as 20.35 %, and a mark between
# two figures can swap their places on the page, while the reader reads the text in its stored order (red team rt44).
# An analysis in English or Spanish needs none of them.
_REORDERING = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def reordering(text: str) -> str | None:
    """Where ``text`` first holds a character that reorders what the page shows, written as itself or as an HTML
    reference (&#x202E;, &rlm;): "line 3: U+202E RIGHT-TO-LEFT OVERRIDE"; or None."""
    for number, line in enumerate(markdown_lines(text), 1):
        if (m := _REORDERING.search(html.unescape(line) if "&" in line else line)) is not None:
            return f"line {number}: U+{ord(m[0]):04X} {unicodedata.name(m[0], 'DIRECTION MARK')}"
    return None


def link_labels(text: str) -> set[str]:
    """The labels of the link reference definitions in ``text`` (comments already out)."""
    return {_ref_key(m) for m in re.findall(r"^ {0,3}\[([^\]\n]+)\]:", text, re.M)}


def visible_text(text: str, page: str | None = None) -> str:
    """Markdown as a reader sees it, for counting words: comments and link reference definitions out, and a link
    as its text (``_links``): its title, a tooltip, and a destination in <...>, which may hold blanks, show nothing,
    and an image shows a picture. 45 words in an inline link's title passed the learner profile under one visible
    word, as a reference definition's title had (red team rt47, after session 15). ``page``: the whole file that
    ``text`` is part of, whose link reference definitions, wherever they stand, make a reference a link."""
    text = without_html_comments(text)
    defined = link_labels(without_html_comments(page) if page is not None else text)
    return "\n".join(_links(line, defined) for line in _LINK_DEFINITION.sub("", text).split("\n"))


def shown_words(text: str, page: str | None = None) -> list[str]:
    """The words of ``visible_text`` as the page draws them, each with a letter or a digit: inline tags out, and
    ``plain``'s reading (references decoded, invisible characters out). 45 zero-width spaces, `&nbsp;` references or
    empty `<b></b>` tags between blanks render as blank space, and each passed the learner profile as a word (red
    team rt47)."""
    lines = (plain(_TAG.sub("", _BLOCK_TAG.sub(" ", line))) for line in visible_text(text, page).split("\n"))
    return [word for line in lines for word in line.split() if any(ch.isalnum() for ch in word)]


def decoded(data: bytes) -> str:
    """A learner's Markdown as an editor wrote it: UTF-8 (its byte-order mark dropped), or UTF-16 where the file starts
    with UTF-16's mark (Windows Notepad's "Unicode"); bytes that are no text read as U+FFFD; lines ended at LF, CRLF or
    CR, as Markdown ends them, each read as LF (as a file opened as text reads them). Read as UTF-8 regardless, a BOM
    before the first heading hid the heading and a UTF-16 profile had no section (red team, session 53)."""
    if data.startswith(codecs.BOM_UTF8):
        text = data[len(codecs.BOM_UTF8):].decode("utf-8", errors="replace")
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        text = data.decode("utf-16", errors="replace")
    else:
        text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def too_long(text: str) -> str | None:
    """Why the analysis is refused unread, or None: what is not read could not be checked."""
    if len(text) > MAX_ANALYSIS_CHARS:
        return f"it is {len(text)} characters long, over the {MAX_ANALYSIS_CHARS} an analysis may have"
    for number, line in enumerate(markdown_lines(text), 1):
        if len(line) > MAX_LINE_CHARS:
            return f"line {number} is {len(line)} characters long: break lines under {MAX_LINE_CHARS}, as prose wraps"
    return None


# Characters that render as nothing, or as a blank, between a number and its unit: format characters (zero-width
# space, joiners, the soft hyphen: category Cf), combining marks left after NFKC (Mn, Me: the grapheme joiner,
# variation selectors), controls, and the letters that are drawn blank (Hangul fillers, the Braille blank).
_BLANK_LETTERS = {0x115F: " ", 0x1160: " ", 0x3164: " ", 0xFFA0: " ", 0x2800: " "}
# Signs NFKC keeps that a reader takes for ours: the Arabic percent sign and decimal and thousands separators; and
# the Cyrillic and Greek letters drawn as Latin ones (DRАM with a Cyrillic А was no metric's name, so its invented
# figure was compared with nothing: red team, session 15). Greek mu stays: it is the micro of a unit.
_SIGNS = {0x066A: "%", 0x066B: ".", 0x066C: ",",
          **{ord(c): l for c, l in zip("АВСЕНІЈКМОРЅТХУаеіјорсѕхуԁһԛԝ", "ABCEHIJKMOPSTXYaeijopcsxydhqw")},
          **{ord(c): l for c, l in zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοιν", "ABEZHIKMNOPTYXoiv")},
          # more drawn as Latin letters, which hid a figure in words ("ninety-seνen", "eiɡhty", "fօrty", small
          # capitals: red team, session 54): Cyrillic izhitsa, script g, Armenian o, the IPA's small capitals
          **{ord(c): l for c, l in zip("ѵɡօᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", "vgoabcdefghijklmnoprstuvwyz")}}


def plain(line: str) -> str:
    """One line of the analysis as a reader sees it: HTML's character references decoded (99.1&#37;, 0.91&nbsp;ms,
    95.5 &percnt;), Unicode's compatibility forms folded (NFKC: the full-width ％ and digits, µ), every invisible
    character taken out and every kind of blank made a space. Markdown renders all of these as an ordinary figure,
    so each is read as one (a zero-width space between 97.3 and % hid the unit, and the quote with it)."""
    if line.isascii() and "&" not in line and line.replace("\t", " ").isprintable():
        return line
    line = unicodedata.normalize("NFKC", html.unescape(line)).translate(_SIGNS)
    out = []
    for ch in line:
        kind = unicodedata.category(ch)
        if ch == "\t":
            out.append(ch)
        elif ord(ch) in _BLANK_LETTERS or kind in ("Zs", "Zl", "Zp") or ch in "\r\n\v\f":
            out.append(" ")
        elif kind not in ("Cf", "Mn", "Me", "Cc", "Cs", "Co", "Cn"):
            out.append(ch)
    return "".join(out)


_MARKS_IN_NUMBER = re.compile(r"(?<=[\d.,])[*_`~]+(?=[\d.,])")


def claimed_bottleneck(text: str) -> tuple[str | None, str]:
    """(category, problem). Reads the `Bottleneck:` line; else the one '<x>-bound' named anywhere.

    On the Bottleneck line, one category named as '<x>-bound' (or '<x>-limited') wins;
    failing that, the one category named at all. Two on the line is ambiguous.
    """
    text = _readable(text)
    line = None
    match = _BOTTLENECK_LINE.search(text)
    if match and match.group(1).strip(" *_|"):
        line = match.group(1)
    else:
        heading = _BOTTLENECK_HEADING.search(text)
        if heading:
            following = [ln for ln in markdown_lines(text[heading.end():]) if ln.strip()]
            line = following[0] if following else ""
    if line is not None:
        if re.search(r"\bTODO\b|<[^<>]*>", line):
            return None, f"the Bottleneck line is still the template ({line.strip()[:60]!r})"
        line = _NEGATED.sub(" ", line)
        bound = _categories(line, _BOUND)
        named = bound if bound else _categories(line, _NAMED)
        # Every later Bottleneck line that names one category "-bound" must name this one: only the first was read,
        # so a claim the page hid (alt text, a link title, a folded block) stood before the visible, wrong one (red
        # team rt42b).
        claims = [_categories(_NEGATED.sub(" ", m.group(1)), _BOUND) for m in _BOTTLENECK_LINE.finditer(text)]
        others = {c[0] for c in claims if len(c) == 1}
        if len(named) == 1 and others - set(named):
            return None, (f"its Bottleneck lines disagree: {named[0]}-bound, then "
                          f"{' and '.join(sorted(others - set(named)))}-bound: keep one")
        if len(named) == 1:
            return named[0], ""
        if not named:
            return None, f"the Bottleneck line ({line.strip()[:80]!r}) names none of memory-, compute- or latency-bound"
        return None, (f"the Bottleneck line names {' and '.join(named)}: name exactly one there "
                      "and explain the others below it")
    named = _categories(_NEGATED.sub(" ", text), _BOUND)
    if len(named) == 1:
        return named[0], ""
    if not named:
        return None, "it does not name a bottleneck: add a line `**Bottleneck:** memory-bound` (or compute-/latency-bound)"
    return None, f"it calls the kernel {' and '.join(n + '-bound' for n in named)}: say which on a `**Bottleneck:**` line"


# ---- the numbers the analysis quotes ---------------------------------------------

# unit token -> (family, factors to the report's base unit). Several factors: ambiguous (MB = 1e6 or 2^20). Every
# common spelling of a unit is here (decision 78 added the spelled-out ones): a figure whose unit is not read is a
# count, compared with nothing, so an unread spelling ("0.91 msecs", "12 per cent") let an invented figure through.
def _spellings(family: str, factors: tuple[float, ...], *names: str) -> dict:
    return {name: (family, factors) for name in names}


def _rates() -> dict:
    """GB/s, GB/sec, GB per second, gigabytes per second, GiB/s, ... for T, G, M and k."""
    table = {}
    for short, word, decimal in (("t", "tera", 1e12), ("g", "giga", 1e9), ("m", "mega", 1e6), ("k", "kilo", 1e3)):
        binary = 2.0 ** {"t": 40, "g": 30, "m": 20, "k": 10}[short]
        sizes = {f"{short}b": (decimal, binary), f"{short}byte": (decimal,), f"{short}bytes": (decimal,),
                 f"{word}byte": (decimal,), f"{word}bytes": (decimal,), f"{short}ib": (binary,),
                 f"{short}ibyte": (binary,), f"{short}ibytes": (binary,), f"{word[:2]}bibyte": (binary,),
                 f"{word[:2]}bibytes": (binary,)}
        for size, factors in sizes.items():
            for per in ("/s", "/sec", "/second", " per second", " per sec", " per s", " a second", " por segundo",
                        " al segundo"):
                table[size + per] = ("rate", factors)
            table[size] = ("bytes", factors)
        table[f"{short}bps"] = ("rate", (decimal,))  # 4.9 TBps (a rate in bytes: the course never counts bits)
    return table


_UNITS = {
    **_spellings("percent", (1.0,), "%", "percent", "percents", "per cent", "per-cent", "pct", "pct.", "por ciento",
                 "pc", "in percent", "out of 100", "/100", "sobre 100"),  # red team, session 52: "97.1 out of
    **_spellings("percent", (0.1,), "\u2030", "per mille", "per mil", "permille", "por mil"),  # 100", "971 \u2030"
    # A fraction of peak is a percent metric's value over 100 ("DRAM Throughput runs at 0.971 of its peak"): read as a
    # count, it was compared with nothing (red team, session 18). "85 of peak" is read either way.
    **_spellings("percent", (100.0, 1.0), *(f"{of} {its}{peak}" for of, its in (("of", ""), ("of", "its "),
                 ("of", "the "), ("of", "its theoretical "), ("of", "the theoretical "), ("of", "theoretical ")) for
                 peak in ("peak", "maximum", "max")),
                 *(f"{of} {peak}" for of in ("del", "de su") for peak in ("pico", "máximo", "maximo",
                                                                            "pico teórico", "pico teorico"))),
    # Picoseconds: "Duration is 1.20 ps" was read as a bare count and compared with nothing (session 54's list)
    **_spellings("time", (1e-3,), "ps", "psec", "psecs", "picosec", "picosecs", "picosecond", "picoseconds",
                 "picosegundo", "picosegundos"),
    **_spellings("time", (1.0,), "ns", "nsec", "nsecs", "nsecond", "nseconds", "nanosec", "nanosecs", "nanosecond",
                 "nanoseconds", "nanosegundo", "nanosegundos"),
    **_spellings("time", (1e3,), "us", "µs", "μs", "usec", "usecs", "usecond", "useconds", "µsec", "μsec", "µsecs",
                 "μsecs", "microsec", "microsecs", "microsecond", "microseconds", "microsegundo", "microsegundos"),
    **_spellings("time", (1e6,), "ms", "msec", "msecs", "msecond", "mseconds", "millisec", "millisecs",
                 "millisecond", "milliseconds", "milisegundo", "milisegundos"),
    **_spellings("time", (1e9,), "s", "sec", "secs", "second", "seconds", "segundo", "segundos"),
    **_rates(),
    **_spellings("bytes", (1.0,), "b", "byte", "bytes"),
    # FLOP rates, the GEMM track's unit (its report's Duration gives one: profile.quotable_metrics)
    **{f"{prefix}{flop}": ("flops", (factor,)) for short, word, factor in (
        ("p", "peta", 1e15), ("t", "tera", 1e12), ("g", "giga", 1e9), ("m", "mega", 1e6)) for prefix in (short, word)
       for flop in ("flop/s", "flop/sec", "flop per second", "flops", "flops/s", "-flops", " flops", " flop/s")
       if not (prefix == short and flop[0] in " -")},
    **_spellings("frequency", (1e9,), "ghz", "gigahertz"), **_spellings("frequency", (1e6,), "mhz", "megahertz"),
    **_spellings("frequency", (1e3,), "khz", "kilohertz"),
}


def _unit_pattern(unit: str) -> str:
    """A unit as written: any blanks where the table has a space, and around a slash (GB / s)."""
    return r"\s*/\s*".join(r"\s+".join(map(re.escape, part.split(" "))) for part in unit.split("/"))


def unit_key(written: str) -> str:
    """The table's key for a unit as written (GB / s -> gb/s, per  cent -> per cent)."""
    return re.sub(r"\s*/\s*", "/", " ".join(written.lower().split()))


_UNIT_ALT = "|".join(_unit_pattern(u) for u in sorted(_UNITS, key=len, reverse=True))


# ---- figures written in words ------------------------------------------------------------------------------------
# "DRAM Throughput is ninety-seven percent", "la Duration es de ochenta y ocho microsegundos": a reader hears a figure,
# and the analysis reads it as the digits (text2num, pinned). Read as no figure, an invented figure in words was
# compared with nothing (red team, session 18). A word is read as a figure only where a digit would say the same:
# ordinals ("a second read", "a third of"), plurals of a size ("hundreds of registers", "miles de hilos"), the
# "ciento" of "por ciento" and the "mil" of "por mil" stay words. The whole text is read at once, so that a number
# wrapped over two lines is one (its digits stand where it ends); emphasis and code marks inside or around it are
# passed over ("**ninety**-seven"), as they render as nothing (red team, session 54).
_WORD_TOKEN = re.compile(r"\n[ \t]*\n|[^\W_]+|[^\w\s]|_")
_MARK_TOKEN = re.compile(r"[*_`~]")
_VAGUE = {"hundreds", "thousands", "millions", "billions", "cientos", "centenares", "miles", "millones", "ciento"}
_SIZE = {"hundred", "thousand", "million", "billion", "mil", "millón", "millon"}  # "a hundred", "mil": a figure
_SPANISH_WORDS = re.compile(r"\b(?:el|la|los|las|del|que|es|por|una|con|para|se|en|y|al|su)\b", re.I)
_ENGLISH_WORDS = re.compile(r"\b(?:the|is|of|and|to|in|it|that|for|with|by|at|its|this|are)\b", re.I)
# A number word of one language that is a common word of the other: Spanish "once" (eleven) in English text, English
# "ten" in Spanish text ("ten en cuenta"). Read only in the text's own language.
_OTHER_LANGUAGE_WORD = {"en": {"once"}, "es": {"ten"}}
_UNITS_WORDS = "one|two|three|four|five|six|seven|eight|nine"
_TENS_WORDS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_NUMBER_WORD = (r"(?:zero|oh|" + _UNITS_WORDS + "|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
                r"eighteen|nineteen|" + _TENS_WORDS + r"|hundred|thousand|cero|uno|una?|dos|tres|cuatro|cinco|seis|"
                r"siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\w+|veinti\w+|veinte|treinta|cuarenta|"
                r"cincuenta|sesenta|setenta|ochenta|noventa|cien|ciento)")
# Spellings text2num reads otherwise, made its own: a hyphen drawn as another dash (U+2010-2013), "ninetyseven",
# "point oh five", "point forty" (its digits), "and a half", "y medio", and a Spanish decimal said with "con".
_DASHES = re.compile(r"(?<=[^\W\d_])[\u2010-\u2013](?=[^\W\d_])")
_JOINED_TENS = re.compile(r"\b(" + _TENS_WORDS + r")(" + _UNITS_WORDS + r")\b", re.I)
_POINT_OH = re.compile(r"\b(point|zero|oh|" + _UNITS_WORDS + r")(\s+)oh\b", re.I)
_POINT_TENS = re.compile(r"\bpoint(\s+)(" + _TENS_WORDS + r")(?:[\s-]+(" + _UNITS_WORDS + r"))?\b", re.I)
_TEEN_DIGITS = {w: f"one {u}" for w, u in zip(("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                              "seventeen", "eighteen", "nineteen"), ("zero", *_UNITS_WORDS.split("|")))}
_POINT_TEEN = re.compile(r"\bpoint(\s+)(" + "|".join(_TEEN_DIGITS) + r")\b", re.I)
_AND_A_HALF = re.compile(r"(?<=\w)(\s+)and a half\b", re.I)
_Y_MEDIO = re.compile(r"\b(" + _NUMBER_WORD + r")(\s+)y medio\b", re.I)
_CON_DECIMAL = re.compile(r"\b(" + _NUMBER_WORD + r")(\s+)con(\s+)(?=" + _NUMBER_WORD + r"\b)", re.I)
# A fraction before a unit or "of its peak": "three quarters of its peak", "ninety-seven hundredths of its peak", "a
# third of a millisecond", "nueve décimas del pico" (red team, session 54). The fraction's word becomes a fraction
# slash and its denominator (U+2044, which text2num passes over), the numerator is read as any number, and the two
# are then one figure; "half a millisecond" and "medio milisegundo" are 0.5.
_DENOMINATOR = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5, "fifths": 5,
                "tenth": 10, "tenths": 10, "hundredth": 100, "hundredths": 100, "thousandth": 1000,
                "thousandths": 1000, "millionth": 10**6, "millionths": 10**6, "medio": 2, "medios": 2, "tercio": 3,
                "tercios": 3, "cuarto": 4, "cuartos": 4, "quinto": 5, "quintos": 5, "décima": 10, "décimas": 10,
                "decima": 10, "decimas": 10, "centésima": 100, "centésimas": 100, "centesima": 100, "centesimas": 100,
                "milésima": 1000, "milésimas": 1000, "milesima": 1000, "milesimas": 1000, "millonésima": 10**6,
                "millonésimas": 10**6, "millonesima": 10**6, "millonesimas": 10**6}
_OF_ONE = r"(?:[ \t]+(?:of[ \t]+an?|de[ \t]+una?))?"  # "a third of a millisecond", "una décima de un segundo"
_UNIT_AHEAD = r"(?=[ \t]+(?:" + _UNIT_ALT + r")(?![A-Za-z0-9_/\u00c0-\u024f]))"  # a unit follows
_FRACTION_WORD = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?|[^\W\d_]+)[ \t-]+(" + "|".join(sorted(_DENOMINATOR, key=len,
                            reverse=True)) + r")\b(?=" + _OF_ONE + _UNIT_AHEAD[3:], re.I)
_NUMERATOR = re.compile(r"\d+(?:\.\d+)?|an?|un|una|" + _NUMBER_WORD, re.I)
_HALF_A = re.compile(r"\b(?:a[ \t]+)?half(?:[ \t]+of)?[ \t]+an?" + _UNIT_AHEAD + r"|\bmedi[oa]" + _UNIT_AHEAD, re.I)


def _fractions_marked(text: str) -> str:
    return _FRACTION_WORD.sub(lambda m: f"{m[1]} \u2044{_DENOMINATOR[m[2].lower()]}" if _NUMERATOR.fullmatch(m[1])
                              else m[0], text)


def _fractions_as_figures(text: str) -> str:
    def value(m: re.Match) -> str:
        numerator = float(m[1]) if m[1][0].isdigit() else float(_SMALL.get(m[1].lower(), 1))
        if int(m[2]) % 3 == 0:  # a third is a rounded figure: 0.33, held to two digits
            return f"{numerator / int(m[2]):.2f}"
        return f"{numerator / int(m[2]):.6f}".rstrip("0").rstrip(".")
    text = _FRACTION.sub(value, text)
    text = text.replace(" \u2044", " ").replace("\u2044", "")  # a fraction word no number came before
    return _HALF_A.sub("0.5", text)


# A lone number under ten is left a word ("one of the two loads", "five registers fewer", "by eight": text2num's
# threshold, 10), as digits there are a count of something, never a metric's value; right before a unit it is a
# figure ("two milliseconds", "un milisegundo").
_SMALL = dict(zip(("zero", *_UNITS_WORDS.split("|")), "0123456789")) | \
    dict(zip(("cero", "un", "uno", "una", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"),
             "011123456789"))
_FRACTION = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?|an?|" + "|".join(_SMALL) + r")[ \t]*\u2044(\d+)" + _OF_ONE, re.I)
_SMALL_AT_UNIT = re.compile(r"\b(" + "|".join(_SMALL) + r")" + _UNIT_AHEAD, re.I)
# Spanish's older spelling of 16-19 and 21-29 ("diez y seis", "veinte y seis"), which text2num reads as two numbers
_OLD_SPANISH = re.compile(r"\b(diez|veinte)\s+y\s+(uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)\b", re.I)
_OLD_SPANISH_AS = {"diez": {"seis": "dieciséis", "siete": "diecisiete", "ocho": "dieciocho", "nueve": "diecinueve"},
                   "veinte": {u: "veinti" + {"dos": "dós", "tres": "trés", "seis": "séis"}.get(u, u) for u in
                              ("uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")}}
# A figure and a size word: "88 thousand nanoseconds", "2.5 million bytes", "4 mil".
_SIZE_AFTER_DIGITS = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)[ \t]+(thousand|million|billion|mil|millones|millón|millon)\b",
                                re.I)
_SIZE_FACTOR = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "mil": 1e3, "millones": 1e6, "millón": 1e6,
                "millon": 1e6}


class _Word:
    """A token as text2num's find_numbers takes it."""
    __slots__ = ("word",)

    def __init__(self, word: str):
        self.word = word

    def text(self) -> str:
        return self.word

    def nt_separated(self, previous) -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return False


def text_language(text: str) -> str:
    """"es" when the text has more of Spanish's common words than of English's, else "en"."""
    return "es" if len(_SPANISH_WORDS.findall(text)) > len(_ENGLISH_WORDS.findall(text)) else "en"


def _spelled_as_text2num_reads(text: str) -> str:
    text = _DASHES.sub("-", text)
    text = _JOINED_TENS.sub(r"\1-\2", text)
    for _ in range(8):  # "point oh oh five"
        text, n = _POINT_OH.subn(r"\1\2zero", text)
        if not n:
            break
    text = _POINT_TENS.sub(lambda m: f"point{m[1]}{_UNITS_WORDS.split('|')[_TENS_WORDS.split('|').index(m[2].lower()) + 1]}"
                           f" {m[3] or 'zero'}", text)
    text = _POINT_TEEN.sub(lambda m: f"point{m[1]}{_TEEN_DIGITS[m[2].lower()]}", text)
    text = _OLD_SPANISH.sub(lambda m: _OLD_SPANISH_AS[m[1].lower()].get(m[2].lower(), m[0]), text)
    text = _AND_A_HALF.sub(r"\1point five", text)
    text = _Y_MEDIO.sub(r"\1\2coma cinco", text)
    return _CON_DECIMAL.sub(r"\1\2coma\3", text)


def _numbers_as_digits(text: str, lang: str, language: str) -> str:
    spans = [m.span() for m in _WORD_TOKEN.finditer(text)]
    spans = [(a, b) for a, b in spans if not _MARK_TOKEN.fullmatch(text[a:b])]  # marks render as nothing
    words = [text[a:b] if text[a] != "\n" else "." for a, b in spans]  # a blank line ends a number
    out, at = [], 0
    for number in find_numbers([_Word(w) for w in words], lang, 10.0):
        first, last = number.start, number.end - 1
        alone = words[first].lower() if first == last else ""
        before = words[first - 1].lower() if first else ""
        if number.is_ordinal or alone in _VAGUE or alone in _SIZE and (before == "por" or before[-1:].isdigit()) \
                or lang != language and alone in _OTHER_LANGUAGE_WORD[language]:
            continue
        if alone in _SIZE and before in ("a", "an"):
            first -= 1  # "a hundred microseconds"
        wraps = text.count("\n", spans[first][0], spans[last][1])
        out += [text[at:spans[first][0]], "\n" * wraps, number.text]  # a wrapped number stands where it ends
        at = spans[last][1]
    return "".join(out) + text[at:]


def _small_before_unit(text: str) -> str:
    return _SMALL_AT_UNIT.sub(lambda m: _SMALL[m[1].lower()], text)


def _size_after_digits(text: str) -> str:
    def scaled(m: re.Match) -> str:
        value = float(m[1]) * _SIZE_FACTOR[m[2].lower()]
        return f"{value:.0f}"
    return _SIZE_AFTER_DIGITS.sub(scaled, text)


def figures_in_words(text: str, language: str = "en") -> str:
    """``text`` (one line or many; its lines kept) with each number written in words as digits: in ``language``
    first, then in the other one."""
    if not re.search(r"[^\W\d_]{2}", text):
        return text
    text = _fractions_marked(_spelled_as_text2num_reads(text))
    for lang in (language, "es" if language == "en" else "en"):
        text = _numbers_as_digits(text, lang, language)
    return _fractions_as_figures(_size_after_digits(_small_before_unit(text)))


# A number as written in English (4,059.9), or with a decimal comma as Spanish and most of Europe write it: grouped by
# dots or blanks (4.059,9; 4 059,9), 0,126, or 84,40 (one or two decimals). A lone d,ddd (4,259) is read both ways.
_NUMBER = re.compile(
    r"(?<![A-Za-z0-9_.\u00c0-\u024f])(?P<num>(?:\d+(?:\.\d+)?[ \t]*[x\u00d7][ \t]*)?10\^[+-]?\d+"
    r"|\d{1,3}(?:\.\d{3})+,\d+|\d{1,3}(?: \d{3})+,\d+|0,\d+"
    r"|\d{1,3}(?: \d{3})+(?:\.\d+)?(?=[ \t]*(?:" + _UNIT_ALT + r")(?![A-Za-z0-9_/\u00c0-\u024f]))"
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)"
    r"(?:[ \t]*(?P<unit>" + _UNIT_ALT + r")(?:(?<=%)(?![A-Za-z_/\u00c0-\u024f])|(?![A-Za-z0-9_/\u00c0-\u024f])))?",
    re.I)  # a % sign is no word's: a digit glued after it ("97.0 %<!-- -->1" renders "97.0 %1") leaves it the unit
# Emphasis and code marks between a number and its unit render as nothing: **88.2** us, ``88.2`` us and 88.2 **us**
# read "88.2 us" (the stars had hidden the unit with any unit but %: red team, session 16).
# Parentheses around a figure before its unit render as written, and a reader reads the figure with its unit:
# "(97.1) %" is 97.1 %, "(500) us" 500 us (red team, session 52: read as bare counts, compared with nothing).
_PARENS_AT_UNIT = re.compile(r"\(([ \t]*\d[\d.,]*[ \t]*)\)(?=[ \t]*(?:" + _UNIT_ALT +
                             r")(?:(?<=%)|(?![A-Za-z0-9_/\u00c0-\u024f])))", re.I)
_MARKS_AT_UNIT = re.compile(r"(?<=\d)([*_`~]*)([ \t]*)[*_`~]*(?=(?:" + _UNIT_ALT + r")(?![A-Za-z0-9_/\u00c0-\u024f]))",
                            re.I)
# A bracketed word between a figure and its unit ("[1.41][d] ms", an undefined reference shown as written): the
# reader still reads "1.41 ms".
_BRACKETS_BEFORE_UNIT = re.compile(r"(?<=\d)\]?[ \t]*\[(?:[^\]\d\n]{0,40}|\^[^\]\n]{1,40})\][ \t]*(?=(?:" + _UNIT_ALT +
                                   r")(?![A-Za-z0-9_/\u00c0-\u024f]))", re.I)
_NCU_ROW = re.compile(r"^\s*(?P<label>\S.*?)\s{2,}(?:(?P<unit>\S+)\s+)?[\d,.]+\s*$")  # ncu's "Label  unit  value"
_SHAPE = re.compile(r"(?<!\d)\d+\s*[x×]\s*\d+(?![\d^])")  # not 2.68 x 10^8, a number
# Characters around a number searched for its metric's name (a bare number is a quote only right beside a name). The
# whole line was tried (session 12) and refused the GEMM solution's true "the remaining 30% to the FMA peak is ...
# (shared-memory loads": a line of prose names metrics beside figures of other things.
WINDOW_WITH_UNIT, WINDOW_BARE = 60, 25
# "from 45% to 91%", "target 90%": a threshold or another kernel's figure, not a quote of this report
_ARTICLE = r"(?:\s+(?:the|a|an|its|el|la|lo|los|las|un|una|al))?"
_NOT_A_QUOTE = re.compile(r"(\babove|\bbelow|\bover|\bunder|\bthan|\bleast|\bmost|\bfrom|\bup to|\bpeak of|"
                          r"\btarget|\bthreshold|[<>\u2264\u2265]|\bencima del?|\bdebajo del?|\bm[aá]s (?:de|que)|"
                          r"\bmenos (?:de|que)|\bsupera|\bobjetivo|\bumbral|\bdesde|\bcomo m[aá]ximo|\ba lo sumo|"
                          r"\bcomo m[ií]nimo|\bal menos|\bout of|\bversus|\bvs\.?)" + _ARTICLE + r"\W{0,3}$", re.I)
# "over 97 %", "at most 12 %": a bound on the metric named beside it, which must hold ("not above 60 %" is read as
# no claim). Every other word of _NOT_A_QUOTE stays no claim.
_LOWER_BOUND = re.compile(r"(\babove|\bover|\b(?:more|greater|higher|larger|bigger|better) than|\bat least|"
                          r"\bexceed(?:s|ing)?|>=?|\u2265|\bpor encima del?|\bm[aá]s (?:de|que)|\bsupera|"
                          r"\bcomo m[ií]nimo|\bal menos)" + _ARTICLE + r"\W{0,3}$", re.I)
_UPPER_BOUND = re.compile(r"(\bbelow|\bunder|\b(?:less|lower|smaller|shorter|fewer) than|\bat most|\bup to|<=?|"
                          r"\u2264|\bpor debajo del?|\bmenos (?:de|que)|\bcomo m[aá]ximo|\ba lo sumo)" + _ARTICLE +
                          r"\W{0,3}$", re.I)
# A negation before the bound's word turns it over: "not above 90 %" is at most 90 %, "no less than 97 %" and "never
# falls below 95 %" at least (red team, session 18: read as no claim, or as the opposite bound, they let false bounds by).
_NEGATION = re.compile(r"(\b(?:not|never|no|nunca)|n't)(?:\W+\w+)?\W*$", re.I)
# "~85 %", "about 126 us": a quote of this report, rounded; checked with APPROX_TOLERANCE instead of to its digits
_APPROX = re.compile(r"(~|\u2248|\u223c|\babout|\baround|\bapprox\w*|\broughly|\bnearly|\balmost|\bcirca|\bsome|"
                     r"\bun(?:[oa]s?)?|\baproximadamente|\balrededor del?|\bcerca del?|\bcasi)"
                     r"\W{0,3}$", re.I)
_PER_ELEMENT = re.compile(r"\s*(per|/|por)\s*(element|elem|row|column|float|value|instruction|thread|warp|block|"
                          r"load|store|request|access|elemento|fila|columna|valor|hilo)s?\b", re.I)  # 8 bytes per element


@dataclass
class Quote:
    line: int
    text: str  # as written, e.g. "91.2 %"
    value: float
    digits: int  # digits after the decimal point
    family: str  # percent, time, rate, bytes, frequency, count
    factors: tuple[float, ...]
    context: str  # lower-case words around it
    approx: bool = False  # written as an approximation ("~85 %")
    bound: str = ""  # "lower" ("over 97 %": the metric is at least this), "upper" ("under 12 %"), "" (equal)
    row: str = ""  # lower case: the label of the table row it sits in, if its unit is the table's (no unit written)
    label: str = ""  # lower case: the label of the ncu-printed row it is the value of, when that is one of ncu's labels
    other: float | None = None  # the other reading of an ambiguous d,ddd (4,259: 4259 or 4.259)
    near: bool = False  # the label is the full name nearest before it (a row's, or in its part of a sentence)
    closes: bool = False  # written bare and ending its clause ("DRAM Throughput is 97.3."): a value, not a count of
    # something ("leads by 13 points", "by 13.")
    names: tuple[str, ...] = ()  # a figure with a unit: the full names it stands after (_names_before), normal form


def read_number(raw: str) -> tuple[float, int, float | None]:
    """(value, digits after the decimal separator, the other reading or None) of a number as _NUMBER matched it."""
    if power := re.fullmatch(r"(?:(\d+(?:\.\d+)?)\s*[x\u00d7]\s*)?10\^([+-]?\d+)", raw):  # 2.68 x 10^8, 10^-4
        raw = f"{power.group(1) or 1}e{power.group(2)}"
    if re.fullmatch(r"\d{1,3}(?: \d{3})+(?:\.\d+)?", raw):  # 268 464 384 bytes, 4 059.9 GB/s
        raw = raw.replace(" ", "")
    mantissa, _, exponent = raw.lower().partition("e")
    if re.fullmatch(r"\d{1,3}(?:[. ]\d{3})+,\d+|0,\d+|\d+,\d{1,2}", raw):
        whole, _, decimals = raw.replace(".", "").replace(" ", "").partition(",")  # a decimal comma
        return float(f"{whole}.{decimals}"), len(decimals), None
    digits = (len(mantissa.split(".")[1]) if "." in mantissa else 0) - int(exponent or 0)
    other = float(raw.replace(",", ".")) if re.fullmatch(r"\d{1,3},\d{3}", raw) else None
    return float(raw.replace(",", "")), digits, other


# Figures of other things beside a metric's name: a plan ("I expect Achieved Occupancy to rise to about 70 %", "we
# would need 32 registers") or another thing's figure ("the H200's peak bandwidth is 4.8 TB/s", "F.softmax's time is
# 131.2 us"). Such a word counts only when it is nearer the number than any metric's full name in the same clause:
# "Compared with F.softmax, DRAM Throughput is 99 %" and "Compute (SM) Throughput on this H100 is 97.9 %" are quotes.
_PLAN = re.compile(r"\b(would|could|should|might|will|expects?|so that|in order to|to reach|if|si|para que|todo|"
                   r"try|aim|next steps?|goal|check whether|intentar|objetivo|reduce|increase|decrease|lower|raise|cut|"
                   r"use|switch|unroll|fuse|avoid|reducir|aumentar|bajar|subir|usar|"
                   r"\w+(?:ar|er|ir)ían?|(?:podr|tendr|habr|har|querr|sabr|saldr|pondr|valdr|dir)ían?|esper\w*|"
                   r"deber\w*|quiero)\b|'ll\b", re.I)
_OTHER_THING = re.compile(  # a plan's words are _PLAN's, judged first
    r"\b(peak|specs?|specification|datasheet|data sheet|effective|f\.softmax|torch\w*|pytorch|cublas\w*|cudnn|copy|"
    r"copies|memcpy|naive|lab\s*0?1|baseline|theoretical (?:peak|max\w*)|pico|ficha|copia|ingenuo|referencia|"
    r"[hab]100|h200|b200|hbm\w*|gate|bench\w*|roofline)\b",  # the gate and make bench: other measurements
    re.I)
# A change: "from X to Y". X is another state's figure (_NOT_A_QUOTE's "from"); Y is this kernel's measurement
# ("DRAM Throughput went from 41.2 % to 97.9 %") unless the clause is a plan ("so that Theoretical Occupancy goes from
# 56.25 % to 75 %", "I expect Achieved Occupancy to rise to about 70 %").
# Other kernels (not the hardware, nor "peak"): only these own a metric's name ("the naive kernel's DRAM Throughput")
# or a figure ("F.softmax's 131.2 us", "41.2 % in the naive kernel"); the device the report was taken on never does
# ("The H200's DRAM Throughput is 97.1 %" is a quote: red team round 3, session 17).
_KERNEL_WORD = re.compile(r"\b(f\.softmax|torch\w*|pytorch|cublas\w*|cudnn|copy|copies|memcpy|naive|lab\s*0?1|baseline|"
                          r"copia|ingenuo|referencia)\b", re.I)
_CHANGE_TO = re.compile(r"(?:\bto|\bal?|\bhasta)(?:\s+(?:about|around|roughly|nearly|approximately|some|~|un(?:[oa]s?)?|"
                        r"aproximadamente))?\W{0,3}$|\u2192\s*$", re.I)
_FROM = re.compile(r"\b(from|del?|desde)\b", re.I)
# The first figure of a change, "41.2 % -> 84.40 %": another state's (the arrow is read as one sign in _readable).
_CHANGE_FROM = re.compile(r"[ \t]*\u2192[ \t]*[~\u2248]?[ \t]*\d")  # "41.2 % -> 84.40 %": a figure follows
# A figure of one item: "Each row is 16 KiB", "each thread loads 16 bytes", "cada fila ocupa 16 KiB".
_EACH = re.compile(r"\b(each|every|cada)\s+\w+(?:\s+\w+){0,2}\W{0,3}$", re.I)
# ... or in parentheses after what the item does: "each element is read once (4 bytes) and written once (4 bytes)".
_EACH_ASIDE = re.compile(r"\b(each|every|cada)\s+\w+[^.;:,!?\n]{0,60}\(\s*(?:[~\u2248]|about|around|roughly|"
                         r"unos?|unas?|aproximadamente)?\s*$", re.I)
# One item's size in bytes, its item named without each/every: "a row of 4096 floats (16 KiB)", "Per row the kernel
# reads 16 KiB from DRAM", "una fila de 4096 floats (16 KiB)". A size in bytes of one row or thread is no report's
# figure (the report counts a launch's bytes); read as DRAM bytes, a right analysis was refused (red team,
# session 18). Bytes only: a percent or a time after "a row" is still compared.
_ONE_ITEM = re.compile(r"\b(?:a|one|per|una?|por)\s+(?:single\s+|sola\s+)?(?:row|element|float|value|thread|warp|tile|"
                       r"column|fila|elemento|hilo|columna|valor)s?\b([^.;!?\n]{0,60})$", re.I)
# A width or a size written as one word with its number: "128-bit loads", "a 192-thread block".
_WIDTH = re.compile(r"-(?:bits?|bytes?|wide|way|threads?|warps?|elements?|lanes?|columns?|rows?)\b", re.I)
# A number that names a lab, "lab 01 (naive)": no figure.
_CHANGE_VERB = re.compile(r"\b(from|rose|risen|went|climbed|jumped|increased|grew|improved|fell|dropped|moved|"
                          r"pas[oó]|subi[oó]|baj[oó]|creci[oó])\b", re.I)
# A bare figure that ends its clause, and one that follows a comparison's preposition ("by 13.", "than 40,")
_CLOSES = re.compile(r"[ \t]*(?:[,;:!?)]|\.(?!\d)|$)")
_COMPARATIVE = re.compile(r"\b(?:by|than|from|to|of|over|under|about|around|times)[ \t]+(?:about[ \t]+|~[ \t]*)?$", re.I)
_COUNT_NOUN = re.compile(r"[ \t]+(?:threads?|blocks?|warps?|waves?|registers?|elements?|rows?|sms?|ctas?|columns?|"
                         r"hilos?|bloques?|filas?|registros?)\b", re.I)
# A figure in an aside about another kernel: "(vs 131.2 us for torch.softmax)", "(naive: 41.2 %)", "(PyTorch: 131.2 us)"
_ASIDE = re.compile(r"\(([^()]*)$")


def _arrow_to_same(line: str, match: re.Match) -> bool:
    """The first figure of a change written with an arrow: a figure of the same unit family follows the arrow
    ("41.2 % -> 84.40 %"; not "97.10 % -> 2.4x the naive kernel's": red team round 3, session 17)."""
    if not _CHANGE_FROM.match(line, match.end()):
        return False
    second = _NUMBER.search(line, line.index("\u2192", match.end()))
    family = _UNITS.get(unit_key(match.group("unit") or ""), ("count",))[0]
    return bool(second) and _UNITS.get(unit_key(second.group("unit") or ""), ("count",))[0] == family


_LAB_NUMBER = re.compile(r"\b(lab|práctica|practica)[ \t]+$", re.I)
# A figure derived from others: "the remaining 15.6 %", "94 % of the theoretical 56.25 %".
_DERIVED_BEFORE = re.compile(r"\b(remaining|rest|remainder|other|resto|restante)\W{0,3}$", re.I)
_OF_A_FIGURE = re.compile(r"[ \t]*(?:of|del?)\s+(?:the\s+|el\s+|la\s+)?(?:[a-z]+\s+)?\d", re.I)
# "del 41,2 % al 84,40 %": the first figure of a Spanish change (de/del alone is "of", "es de 97 %" a value)
_ES_FROM = re.compile(r"\b(?:del?|desde)\s+$", re.I)
_ES_TO_FIGURE = re.compile(r"[ \t]*(?:%|[a-z/]+)?\s+(?:a|al|hasta)\s+(?:un[oa]?s?\s+)?[~\u2248]?\d", re.I)
_CLAUSE_END = re.compile(r"(?<!\d)[.!?](?=\s|$)|;")
# Occupancy arithmetic: "6 blocks of 192 threads fit on an SM", "36 warps of 64": counts a block or an SM holds,
# not the launch's Grid Size or the report's warps (a capacity after "N things of" is none either).
_PER_SM = re.compile(r"\s*(?:blocks?|warps?|threads?|ctas?)\b(?:[^.;!?]|(?<=\d)\.(?=\d)){0,40}?"
                     r"(?:\b(?:per|on an?|an?|each|in an?)\s+|/\s*)(?:sm|multiprocessor|scheduler)\b", re.I)
_CAPACITY = re.compile(r"\d\s+[a-z]+\s+(?:out\s+)?of\W{0,3}$", re.I)
# A table row about another kernel or the hardware ("| naive (lab 01) | 2.31 ms | ... |", "| H200 peak | 4.8 TB/s |").
# An earlier version of the kernel: "original", "old", "initial", "untuned", "anterior" (a before/after table whose
# columns were "original" and "optimized" had the original's figures held to this report: red team rt42b).
_EARLIER = r"before|previous|antes|original|old|older|initial|untuned|unoptimi[sz]ed|anterior|inicial|viej[oa]|" \
           r"sin optimizar"
_OTHER_ROW = re.compile(r"\b(naive|lab\s*0?1|baseline|f\.softmax|torch\w*|pytorch|cublas\w*|cudnn|copy|memcpy|peak|"
                        r"spec\w*|target|goal|expected|ideal|h100|h200|a100|roofline|" + _EARLIER + r")\b", re.I)
# A column of another kernel (not the device, nor "peak" glossing a unit: "Value on the H200", "Value (% of peak)").
_OTHER_KERNEL = re.compile(r"\b(" + _EARLIER + r")\b|" + _KERNEL_WORD.pattern, re.I)
_PARAGRAPH_START = re.compile(r"^\s*(?:[-*+]\s|\d+[.)]\s|#|\||>|```|~~~|$)")  # a list item, heading, table...
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


_GPU_OWNS = re.compile(r"\b(?:[ahbl]\d{2,3}\w*|rtx[ \t]*\d+\w*|gpu|device|card|dispositivo)(?:[ \t]+\w+)?['\u2019]s[ \t]+$",
                       re.I)


def _named_in(clause: str, labels: re.Pattern | None) -> list[int]:
    return [m.end() for m in labels.finditer(clause)] if labels else []


_SUBCLAUSE_END = re.compile(r"[,;(]|(?<!\d)[.!?](?=\s|$)")  # "(naive: 41.2 %)" is a part of its own


def _other_thing(before: str, after: str, labels: re.Pattern | None) -> bool:
    """The figure between ``before`` (its paragraph up to it) and ``after`` (its line from it) is of another thing:
    a plan with no metric's full name between the plan's word and the figure, or another kernel's or the hardware's
    figure in a part of the sentence (between commas) that names no metric in full, before or right after it
    ("Unlike the naive kernel, this one reaches 99.1 % DRAM Throughput" is a quote; red team, session 16). A full
    name before the figure in its part of the sentence wins over any word but one that owns the name ("the naive
    kernel's DRAM Throughput", "the Duration of F.softmax") or a noun phrase the figure opens ("the 90 % a copy
    reaches"): round 2 of the red team of session 17 hid invented figures behind words that merely stood nearby."""
    clause = _CLAUSE_END.split(before)[-1]
    part = _SUBCLAUSE_END.split(clause)[-1]
    named = _named_in(part, labels)
    if _CHANGE_TO.search(clause):  # the end of a change: a plan's, or (from ... to) what this kernel measures now
        if _PLAN.search(part):
            return True
        if _FROM.search(clause) or "\u2192" in clause:
            return False
    # A plan's word governs what follows it up to a colon ("... what a streaming kernel should reach: 99.10 %" states
    # the figure), and one right after a figure no name claims ("at 32 would raise it").
    tail = part.split(":")[-1]
    plans = [len(part) - len(tail) + m.end() for m in _PLAN.finditer(tail)]
    if plans and (not named or plans[-1] > named[-1]):
        return True
    rest = _SUBCLAUSE_END.split(after)[0]
    if not named and re.match(r"\W{0,4}(?:\w+\s+){0,1}(would|will|could|should|might|ser[ií]a|podr[ií]a)\b", rest, re.I):
        return True
    others = [m for m in _OTHER_THING.finditer(part)  # "percent of peak" glosses a unit
              if not re.search(r"(?:%|percent|pct|porcentaje)\W*(?:of|del?)\s+(?:the\s+|el\s+)?$", part[:m.start()], re.I)]
    if others and not named and not _named_in(rest, labels):
        return True
    gloss = re.match(r"\W{0,3}(?:of|del?)\s+(?:[\w'\u2019.-]+\s+){0,4}?(?:peak|pico)\b", rest, re.I)
    after_other = None if gloss else _OTHER_THING.search(rest)  # "97.1 % of the H200's peak" glosses the unit
    if after_other and "(" not in rest[:after_other.start()] and \
            not any(m.start() < after_other.start() for m in (labels.finditer(rest) if labels else ())):
        kernel_after = _KERNEL_WORD.search(rest)
        if not named or kernel_after and kernel_after.start() == after_other.start() and \
                re.search(r"\b(?:the|el|la|al|del|lo)\s*$", part, re.I):
            return True  # "the 90 % a copy reaches": the figure opens a phrase about another kernel
    # The hardware's figure: the GPU's possessive right before it ("~4.06 TB/s of the H200's 4.8 TB/s"); before a
    # metric's name it owns nothing ("the H200's DRAM Throughput is 97.1 %" is a quote) (ffcuda, session 33).
    if _GPU_OWNS.search(part):
        return True
    # A figure another kernel owns: "the naive kernel's 41.2 %", "41.2 % in the naive kernel", "131.2 us for F.softmax"
    if re.search(r"(?:\b" + _KERNEL_WORD.pattern[2:] + r")(?:\s+\w+){0,2}'s\s+$", part, re.I) or \
            re.match(r"[ \t]*(?:in|for|of|on|de|del|en|con)\s+(?:the\s+|el\s+|la\s+|a\s+)?(?:\w+\s+){0,1}" +
                     _KERNEL_WORD.pattern, rest, re.I):
        return True
    others = [m for m in others if _KERNEL_WORD.match(part, m.start())]  # only a kernel owns a metric's name
    if named and others:  # a word that owns the name: "<other>'s <name>", "<name> of <other>"
        last = others[-1]
        label_start = [m.start() for m in labels.finditer(part)][-1]
        if last.end() <= label_start and re.fullmatch(r"(?:\s+\w+){0,2}'s\s+", part[last.end():label_start]):
            return True
        if last.start() >= named[-1] and re.fullmatch(r"\s+(?:of|for|de|del)\s+(?:the\s+|el\s+|la\s+)?",
                                                       part[named[-1]:last.start()]):
            return True
    return False


def _sentence_part(before: str, names: re.Pattern | None) -> str:
    """The end of ``before`` since its part of the sentence began: after the last ``,``, ``;``, ``(`` or full stop, but
    for a ``(`` inside a metric's full name ("Compute (SM) Throughput is 97.3.": it had left "SM) Throughput is ", and
    no name, so the bare figure was checked against nothing; session 42)."""
    clause = _CLAUSE_END.split(before)[-1]
    spans = [m.span() for m in names.finditer(clause)] if names else []
    cut = max((m.end() for m in _SUBCLAUSE_END.finditer(clause) if not any(a <= m.start() < b for a, b in spans)),
              default=0)
    return clause[cut:]


def _another_row(label: str, labels: re.Pattern | None, mine: re.Pattern) -> bool:
    """A table row of another kernel's or the hardware's figures: its label says so, and names no metric in full, nor
    this kernel."""
    return bool(_OTHER_ROW.search(label)) and not (labels and labels.search(label)) and not mine.search(label)


def _claimed(before: str, labels: re.Pattern | None) -> bool:
    """A metric's full name stands before the figure in its part of the sentence, with no other figure between."""
    part = _sentence_part(before, labels)
    names = list(labels.finditer(part)) if labels else []
    return bool(names) and not _NUMBER.search(part[names[-1].end():])


def _cells(line: str) -> list[str]:
    return line.strip().removeprefix("|").removesuffix("|").split("|")


# A setext heading's underline ("--------", "========"), which ends the heading on the line above.
_SETEXT_RULE = re.compile(r"^ {0,3}(?:-+|=+)[ \t]*$")
_NAME_ALONE = re.compile(r"^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)?[*_]*\s*(?P<name>[^*_:]+?)\s*[*_]*\s*:?\s*[*_]*\s*#*\s*$")


def _name_alone(line: str, any_label: re.Pattern) -> str:
    """The metric a line names with nothing else on it (a heading, a bold label, a list item, a setext heading's text,
    a colon after it allowed), or "". A figure in the block below it is read as that metric's: "## Duration", a blank
    line, then "190.5 us." was compared with nothing (red team rt45), though a reader takes the heading as its name."""
    alone = _NAME_ALONE.match(line)
    return alone.group("name").strip() if alone and any_label.fullmatch(alone.group("name").strip()) else ""


def quotes(text: str, labels: tuple[str, ...] = (), kernels: tuple[str, ...] = ()) -> list[Quote]:
    """Every number in the analysis with its unit and the words around it. ``labels``: the metrics' full names as
    ncu prints them (a figure nearer a full name than a word of another thing is a quote of it; an ncu-printed row
    whose label is one of ncu's is the value of that metric only). ``kernels``: the profiled kernels' names (in a
    table whose metric names are in its header, the row that names one is this report's)."""
    mine = re.compile("|".join([*(re.escape(k.lower()) for k in kernels if k), r"\btuned\b", r"\bthis (?:kernel|one)\b",
                                r"\bmine\b", r"\bours\b", r"\blab\s*0?2\b", r"\bprofiled\b", r"\bfinal\b",
                                r"\bafter\b", r"\bcurrent\b"]), re.I)
    text = _readable(text)
    known_labels = sorted({*labels, *NCU_LABELS}, key=len, reverse=True)
    any_label_re = re.compile("|".join(r"\b" + r"[\W_]*".join(map(re.escape, re.findall(r"[a-z0-9#]+", lab.lower())))
                                       + r"\b" for lab in known_labels), re.I)
    label_re = re.compile("|".join(r"\b" + r"[\W_]*".join(map(re.escape, re.findall(r"[a-z0-9]+", lab.lower())))
                                   for lab in labels), re.I) if labels else None
    ncu_labels = {" ".join(re.findall(r"[a-z0-9#]+", lab.lower())) for lab in (*labels, *NCU_LABELS)}
    found = []
    header: list[str] | None = None
    lines = _piped(markdown_lines(text))
    paragraph = ""  # the end of the paragraph's earlier lines: a sentence wraps (Markdown joins the lines)
    heading = ""  # a metric's name alone in the block before ("## Duration", "**Duration**", "- Duration"): its label
    for lineno, line in enumerate(lines, 1):
        if lineno > 1:
            prev = lines[lineno - 2]
            paragraph = "" if _PARAGRAPH_START.match(line) or not prev.strip() or _PARAGRAPH_START.match(prev) and \
                prev.lstrip().startswith(("|", "#")) else (paragraph + " " + _SHAPE.sub(
                    lambda m: " " * len(m.group(0)), prev).strip())[-400:] + " "
            if not paragraph and heading:
                paragraph = heading + ": "  # the block below a name alone is that name's (red team rt45)
        if line.strip() and not _SETEXT_RULE.match(line):
            heading = _name_alone(line, any_label_re)
        masked = _SHAPE.sub(lambda m: " " * len(m.group(0)), line)  # 16384x4096 is a shape, not a metric
        is_row = line.lstrip().startswith("|") and line.count("|") >= 2
        if _TABLE_RULE.match(line) and "-" in line:
            continue
        if is_row and lineno < len(lines) and _TABLE_RULE.match(lines[lineno]) and "-" in lines[lineno]:
            header = _cells(line)  # a table's header row (the next line is its rule): read as a row too
            body = 0
            while lineno + 1 + body < len(lines) and lines[lineno + 1 + body].lstrip().startswith("|"):
                body += 1
        elif not is_row:
            header = None
        row_label = _row_label(line)
        if is_row and _another_row(row_label, label_re, mine):
            continue  # another kernel's or the hardware's figures, in a row that names no metric in full (nor mine)
        # The metric a row's label names in full, ncu's name of one no check compares included: its figures are that
        # metric's ("| Eligible Warps Per Scheduler | 1.19 warp |" is no Achieved Active Warps: session 17).
        row_known = normal_label(full.group(0)) if is_row and (full := any_label_re.fullmatch(row_label.strip())) else ""
        row_unit = _row_unit(masked)
        ncu = _NCU_ROW.match(line) if not is_row else None
        ncu_label = " ".join(re.findall(r"[a-z0-9#]+", ncu.group("label").lower())) if ncu else ""
        matches = list(_NUMBER.finditer(masked))
        # A table row with no unit anywhere in it (the header has it: "| DRAM Throughput | 97.3 |"): its numbers are
        # the row's metric in whatever unit the report shows it.
        unitless_row = bool(row_label) and not row_unit and not any(m.group("unit") for m in matches)
        for match in matches:
            raw = match.group("num")
            before = (paragraph + masked[:match.start()])[-24:]  # a sentence wraps: "como\nmáximo 4,8 TB/s"
            following = masked[match.end():] + (" " + lines[lineno] if lineno < len(lines) and lines[lineno].strip() and
                                                 not _PARAGRAPH_START.match(lines[lineno]) else "")
            bound, word = "", ""
            # No rule that sets a figure aside beats a metric's full name before it in its part of the sentence, or
            # in its row's label, but positive evidence about the figure itself (red team round 2, session 17).
            claimed = bool(label_re and (is_row and label_re.search(row_label) or
                                         _claimed(paragraph + masked[:match.start()], label_re)))
            aside = _ASIDE.search(masked[:match.start()])
            aside = aside and re.split(r"[,;]", aside.group(1))[-1]  # its own part: "(unlike naive, this one's X 97 %)"
            if aside and (_KERNEL_WORD.search(aside) or re.search(r"\b(vs\.?|versus|frente)\b", aside, re.I)):
                continue  # "(naive: 41.2 %)", "(vs 131.2 us for torch.softmax)": another kernel's aside
            if _PER_SM.match(following) and not match.group("unit") and not re.search(
                    r"\bper (?:sm|scheduler)\b", _nearest_label(paragraph + masked[:match.start()], any_label_re)):
                continue  # "2 blocks fit per SM", "2 blocks/SM": occupancy arithmetic, whatever is named before
            if _PER_ELEMENT.match(masked, match.end()) and not claimed or _arrow_to_same(masked, match) or \
                    _LAB_NUMBER.search(before) and len(raw) <= 2 and not match.group("unit") or \
                    _WIDTH.match(masked, match.end()) or _ES_FROM.search(before) and \
                    _ES_TO_FIGURE.match(masked, match.end()) or not claimed and (
                        _DERIVED_BEFORE.search(before) or _OF_A_FIGURE.match(masked, match.end())):
                continue  # a figure per item, the first of a change (41.2 % -> 84.40 %), a lab's number, a width
            if is_row and header and _column_of_another(header, masked[:match.start()], line, mine):
                continue  # "| Metric | lab 01 (naive) | lab 02 (tuned) |": the naive kernel's column
            clause_before = _CLAUSE_END.split(paragraph + masked[:match.start()])[-1]
            if _NOT_A_QUOTE.search(before[-16:]) and not (re.search(r"\bup to\W{0,3}$", before, re.I) and
                                                        _CHANGE_VERB.search(clause_before)):
                if _PLAN.search(_SUBCLAUSE_END.split(clause_before)[-1]):
                    continue  # a plan's bound ("check whether Achieved Occupancy goes above 60 %")
                lower, upper = _LOWER_BOUND.search(before), _UPPER_BOUND.search(before)
                if not (lower or upper):
                    continue
                bound, word = ("lower", lower.group(1)) if lower else ("upper", upper.group(1))
                if _NEGATION.search(before[:(lower or upper).start()]):
                    bound = "upper" if bound == "lower" else "lower"
            elif not is_row and not ncu and (_other_thing(paragraph + masked[:match.start()], following,
                                                          label_re) or not claimed and (_each(
                                                              masked[:match.start()], label_re, masked[match.end():])
                                                              or _one_items_bytes(masked[:match.start()],
                                                                                  match.group("unit"), label_re)) or
                                             not claimed and _operand_bytes(masked[:match.start()],
                                                                            masked[match.end():], match.group("unit")) or
                                             not match.group("unit") and not _named_in(
                                                 re.split(r"[,;]|(?<!\d)[.!?](?=\s|$)",
                                                          paragraph + masked[:match.start()])[-1], label_re) and (
                                                 _PER_SM.match(
                                                 masked[match.end():] + " " + (lines[lineno] if lineno < len(lines)
                                                                               else "")) or _CAPACITY.search(before))):
                continue
            column = ""
            # A column's header names the metric of the table's one row, or of the row that names this kernel: a
            # table of several configurations or shapes holds other launches' figures (session 16). So does one of
            # references beside one's own ("| torch.softmax |" over "| Triton tutorial |"), and a row of another
            # kernel that no word marks is compared with nothing (red team rt42 and rt42b: a hole left open).
            if is_row and header and (body == 1 or mine.search(row_label)):
                index = masked[:match.start()].count("|") - (1 if line.lstrip().startswith("|") else 0)
                column = header[index] if 0 <= index < len(header) else ""
            unit = unit_key(match.group("unit") or "")
            if not unit and row_unit:  # "| DRAM Throughput | % | 91.2 |" or ncu's own table layout
                unit = row_unit
            if not unit and column:  # a unit in the column's header: "| Duration (us) |"
                unit = next((unit_key(u) for u in re.findall(r"[(\[]\s*([^()\[\]]+?)\s*[)\]]", column)
                             if unit_key(u) in _UNITS), "")
            family, factors = _UNITS.get(unit, ("count", (1.0,)))
            window = WINDOW_WITH_UNIT if unit else WINDOW_BARE
            # A count is compared with the metric whose name comes before it ("Warp Cycles Per Issued Instruction is
            # 15.33"): one written after it names what is counted ("32 consecutive float4 values", "7.59 cycles of
            # those"), not a metric's value (session 17).
            context = _wrapped_name(paragraph, masked, match.start(), window, any_label_re) + \
                masked[max(0, match.start() - window): match.end() + (window if unit else 0)] + " | " + \
                row_label + (" | " + column if column else "")
            sentence = _CLAUSE_END.split(paragraph + masked[:match.start()])[-1] + _CLAUSE_END.split(following)[0]
            after_label = _label_after(masked, match.end(), any_label_re) if family == "count" else ""
            own_noun = family == "count" and not after_label and _COUNT_NOUN.match(masked, match.end())
            if own_noun:  # "36 warps out of 64": the count names what it counts
                ahead = masked[own_noun.end(): own_noun.end() + window]
                ahead = ahead[:m.start()] if (m := _NUMBER.search(ahead)) else ahead  # up to the next figure
                context = masked[match.start(): own_noun.end()] + ahead + " | " + row_label + \
                    (" | " + column if column else "")
            nearest = row_known if is_row else after_label if after_label and not _PLAN.search(
                _CLAUSE_END.split(paragraph + masked[:match.start()])[-1] + _CLAUSE_END.split(following)[0]) \
                else "" if own_noun or after_label else (_nearest_label(paragraph + masked[:match.start()],
                                                                        any_label_re) or (
                "" if _PLAN.search(sentence) else _label_after(masked, match.end(), any_label_re))  # "with 32
                                                if family == "count" and not ncu else "")  # registers per thread, I expect"
            value, digits, other = read_number(raw)
            approx = bool(_APPROX.search(masked[max(0, match.start() - 16): match.start()]))
            text = match.group(0).strip()
            row = (row_label + (" | " + column if column else "")).lower() if unitless_row and not unit else ""
            label = ncu_label if ncu_label in ncu_labels else nearest
            closes = not unit and bool(_CLOSES.match(masked, match.end())) and not _COMPARATIVE.search(
                masked[:match.start()])
            names = _names_before(paragraph + masked[:match.start()], masked[match.end():], any_label_re) \
                if unit and not is_row and not ncu else ()
            found.append(Quote(lineno, f"{word} {text}" if word else text, value, digits, family, factors,
                               context.lower(), approx, bound, row, label, other, near=bool(nearest) and not ncu_label,
                               closes=closes, names=names))
    return found


# Labels of ncu's details page that no check compares (Block Limit Registers, Threads, ...): a pasted row of one is
# that metric's value, not a quote of a metric whose looser name it contains ("registers", "threads"). With the unit
# families their values come in: a figure after one of them, in one of its families, is its value and no quote of another; in another family ("Its threads keep the DRAM
# at 97.3 %": Threads is a count) the name is an ordinary word, and the figure is read as if it were not there (red
# team rt42: it had set the invented figure aside).
_C, _P, _B = ("count",), ("percent",), ("bytes", "count")
NCU_LABEL_FAMILIES = {
    "Block Limit Barriers": _C, "Block Limit SM": _C, "Block Limit Registers": _C, "Block Limit Shared Mem": _C,
    "Block Limit Warps": _C, "Threads": _C, "# SMs": _C, "# TPCs": _C, "Stack Size": _B, "Uses Green Context": _C,
    "Function Cache Configuration": (), "Driver Shared Memory Per Block": _B, "Shared Memory Configuration Size": _B,
    "Cluster Size": _C, "Max Active Clusters": _C, "Max Cluster Size": _C, "Overall GPU Occupancy": _P,
    "Cluster Scheduling Policy": (), "Theoretical Cluster Occupancy": _P + _C, "One or More Eligible": _P,
    "No Eligible": _P, "Active Warps Per Scheduler": _C, "Eligible Warps Per Scheduler": _C,
    "Issued Warp Per Scheduler": _C, "Executed Ipc Active": _C, "Executed Ipc Elapsed": _C, "Issue Slots Busy": _P,
    "Issued Ipc Active": _C, "SM Busy": _P, "L2 Compression Success Rate": _P, "L2 Compression Ratio": _C,
    "L2 Compression Input Sectors": _C, "Avg. Executed Instructions Per Scheduler": _C, "Executed Instructions": _C,
    "Avg. Issued Instructions Per Scheduler": _C, "Issued Instructions": _C, "Average DRAM Active Cycles": _C,
    "Total DRAM Elapsed Cycles": _C, "Average L1 Active Cycles": _C, "Total L1 Elapsed Cycles": _C,
    "Average L2 Active Cycles": _C, "Total L2 Elapsed Cycles": _C, "Average SM Active Cycles": _C,
    "Total SM Elapsed Cycles": _C, "Average SMSP Active Cycles": _C, "Total SMSP Elapsed Cycles": _C,
    "Branch Instructions Ratio": _P + _C, "Branch Instructions": _C, "Branch Efficiency": _P,
    "Avg. Divergent Branches": _C, "Avg. Active Threads Per Warp": _C, "Avg. Not Predicated Off Threads Per Warp": _C,
    "Registers Per Thread": _C}
NCU_LABELS = tuple(NCU_LABEL_FAMILIES)


def _wrapped_name(paragraph: str, masked: str, start: int, window: int, any_label_re: re.Pattern) -> str:
    """The start of a metric's full name that a line wrap cut before this line ("the L2 Cache" / "Throughput is
    90.92 %": Markdown joins the lines), where the figure's window reaches the line's start; else "". Only a name cut
    by the wrap: a window reaching whole into the line before took a figure beside "DRAM Throughput is" at the end of
    the line before as a quote of DRAM bytes (the solution's own "84.40% of its peak: 512 MiB in 126.05 us")."""
    if not paragraph or start > window:
        return ""
    tail = paragraph[-80:]
    for m in any_label_re.finditer(tail + masked[:start]):
        if m.start() < len(tail.rstrip()) and m.end() > len(tail):
            return tail[m.start():]
    return ""


def normal_label(label: str) -> str:
    return " ".join(re.findall(r"[a-z0-9#]+", label.lower()))


def _after_colon(part: str, any_label: re.Pattern) -> str:
    """The part of a sentence part that a figure belongs to: what follows its last colon, or what precedes it when the
    colon opens the figure ("DRAM Throughput: 84.40 %", "- Block Limit Registers: 2"). A count after "ncu name:" was
    read without its name, and compared with a looser one's (red team rt42b)."""
    head, colon, tail = part.rpartition(":")
    if colon and not any_label.search(tail) and not _NUMBER.search(tail) and len(tail.strip()) <= 12:
        return head
    return tail if colon else part


def _nearest_label(before: str, any_label: re.Pattern) -> str:
    """The metric (ncu's full name, in normal form) that a count is the value of: the last full name before it in
    its part of the sentence, with no other number between them; else ''."""
    part = _after_colon(_sentence_part(before, any_label), any_label)
    names = list(any_label.finditer(part))
    if not names or _NUMBER.search(part[names[-1].end():]):  # "on the H200 is 30.50": H200 is no figure
        return ""
    if len(names) > 1 and _RATIO_GAP.search(part, names[-2].end(), names[-1].start()):
        return ""  # "the ratio of Memory Throughput to Compute (SM) Throughput is 1.60" (red team rt42b)
    return normal_label(names[-1].group(0))


# A figure that opens a list of figures: "... are 52.89 % and 84.40 %", "52.89 %, 84.40 %", "52,89 % y 84,40 %"; the
# next one has a unit ("are 84.40 %, 2 units equally loaded" is no list: red team rt42b).
_UNIT_AFTER_FIGURE = r"[\d.,]*[ \t]*(?:" + _UNIT_ALT + r")(?![A-Za-z0-9_/\u00c0-\u024f])"
_LIST_NEXT = re.compile(r"[ \t]*(?:,|,?[ \t]*\b(?:and|or|y|o)\b)[ \t]*(?:[~\u2248][ \t]*)?\d" + _UNIT_AFTER_FIGURE, re.I)
_FIGURE_WITH_UNIT = re.compile(r"(?<![\w.,])\d" + _UNIT_AFTER_FIGURE, re.I)
# Where a part of a sentence ends, a decimal comma aside ("84,40 % frente a 52,89 %").
_PART_END = re.compile(r"(?<!\d),|,(?!\d)|[;(]|(?<!\d)[.!?](?=\s|$)")
# What may stand between names that one figure is the value of: "A and B", "A, B and the C", "A y la B", "A & B".
_JOINED = re.compile(r"[ \t]*(?:,[ \t]*)?(?:(?:and|y|e|&|as well as|plus)[ \t]+)?(?:(?:the|both|la|el|los|las)[ \t]+)?$",
                     re.I)
# Words that make two names a ratio, whose bare figure is neither's value: "the ratio of A to B is 1.60", "A over B".
_RATIO_GAP = re.compile(r"\b(?:to|over|divided by|per|times|vs|versus|frente a|entre|sobre)\b|[/\u00f7:]", re.I)


def _names_before(before: str, after: str, any_label: re.Pattern) -> tuple[str, ...]:
    """The metrics (ncu's full names, normal form) a figure with a unit is the value of: the full names before it in
    its part of the sentence since its last figure, or right before a colon that opens it ("DRAM Throughput:
    84.40 %"). "Compute (SM) Throughput is 84.40 %" is Compute (SM) Throughput's value, whatever other metric's name
    or word stands around it: one that agreed had made an invented figure a quote (red team rt41). Where several
    names stand before the first of a list of figures ("A and B are 52.89 % and 84.40 %"), the list's order decides,
    so no name is held to it: ()."""
    part = _after_colon(_sentence_part(before, any_label), any_label)
    names = list(any_label.finditer(part))
    figures = [m for m in _NUMBER.finditer(part) if not any(n.start() <= m.start() < n.end() for n in names)]
    if figures:  # "A is 53.02 % and B 53.02 %": the second is B's only
        names = [n for n in names if n.start() >= figures[-1].end()]
    if not names or len(names) > 1 and (_LIST_NEXT.match(after) or _FIGURE_WITH_UNIT.search(
            _PART_END.split(after)[0])):  # "A vs B: 78.67 % vs 50.04 %", "\frac{A}{B} = \frac{x %}{y %}"
        return ()
    if len(names) > 1 and not all(_JOINED.match(part, a.end(), b.start()) for a, b in zip(names, names[1:])):
        names = names[-1:]  # "A is modest whereas B is 84.40 %": B's only (red team rt42b)
    return tuple(normal_label(m.group(0)) for m in names)


def _label_after(line: str, end: int, any_label: re.Pattern) -> str:
    """ncu's full name right after a count ("averages 30.50 Warp Cycles Per Issued Instruction"), or ''."""
    gap = re.compile(r"[ \t]+(?:of[ \t]+)?").match(line, end)
    name = any_label.match(line, gap.end() if gap else end)
    return normal_label(name.group(0)) if name else ""


def _each(before: str, labels: re.Pattern | None, after: str = "") -> bool:
    """A figure of one item ("Each row is 16 KiB"), with no metric's full name between the item and the figure; or
    in parentheses after what the item does ("each element is read once (4 bytes)"), with no full name in that part
    of the sentence nor in the parenthesis ("The Duration of each launch (88.20 us)", "each launch streams
    (97.30 % Memory Throughput)" are claims: red team, session 18)."""
    each = _EACH.search(_SUBCLAUSE_END.split(before)[-1])
    if each:
        return not _named_in(each.group(0), labels)
    clause = _CLAUSE_END.split(before)[-1]
    return bool(_EACH_ASIDE.search(clause)) and not _named_in(re.split(r"[,;:]", clause)[-1], labels) and \
        not _named_in(after.split(")")[0], labels)


def _one_items_bytes(before: str, unit: str | None, labels: re.Pattern | None) -> bool:
    """A size in bytes after one item named without each ("a row of 4096 floats (16 KiB)"), with no metric's full
    name between the item and the figure."""
    if not unit or _UNITS.get(unit_key(unit), ("",))[0] != "bytes":
        return False
    item = _ONE_ITEM.search(_CLAUSE_END.split(before)[-1])
    return bool(item) and not _named_in(item.group(1), labels)


# The operands' own size: "3.05x the 134.2 MB of A and B", "(A and B are 64 MiB each)", "the 128 MiB that A and B
# occupy". The roofline argument compares DRAM bytes with these; read as DRAM bytes, the right analysis was refused
# (red team, session 54). A, B and C are the capital letters alone.
_OPERAND = r"(?:(?-i:A|B|C)(?:\s+(?:and|y)\s+(?-i:B|C))?|the\s+(?:two\s+)?(?:input\s+|output\s+)?(?:inputs?|outputs?|" \
           r"matri(?:x|ces)|operands?)|(?:las?\s+)?(?:entradas?|salidas?|matri(?:z|ces)))"
_OPERAND_AFTER = re.compile(r"\s*(?:of|for|de|en)\s+" + _OPERAND + r"(?![\w-])|\s*(?:that|which|que)\s+" + _OPERAND +
                            r"\s+(?:occup|take|hold|use|ocupa|usa)", re.I)
_OPERAND_BEFORE = re.compile(_OPERAND + r"\s+(?:are|is|occupy|occupies|take|takes|hold|holds|son|es|ocupan?)\s+"
                             r"(?:about\s+|~\s*|unos?\s+)?$", re.I)


def _operand_bytes(before: str, after: str, unit: str | None) -> bool:
    """A size in bytes said of the operands (A and B, the inputs, the matrices), not of a launch's traffic."""
    if not unit or _UNITS.get(unit_key(unit), ("",))[0] != "bytes":
        return False
    return bool(_OPERAND_AFTER.match(after) or _OPERAND_BEFORE.search(before))


def _column_of_another(header: list[str], before: str, line: str, mine: re.Pattern) -> bool:
    """A number under a column header that names another kernel or the hardware (lab 01, naive, F.softmax, peak),
    or a lab's number in the header row itself."""
    index = before.count("|") - (1 if line.lstrip().startswith("|") else 0)
    cell = header[index] if 0 <= index < len(header) else ""
    return index > 0 and len(header) > 2 and bool(_OTHER_KERNEL.search(cell)) and not mine.search(cell)


def _piped(lines: list[str]) -> list[str]:
    """GFM tables written without their outer pipes ("DRAM Throughput | Duration" over ":---: | :---:"), given them:
    the header, its rule and the rows that follow until a blank line or a line with no pipe."""
    out, in_table = list(lines), False
    for k, line in enumerate(lines):
        if not line.strip() or "|" not in line.replace("\\|", ""):
            in_table = False
            continue
        starts = k + 1 < len(lines) and _TABLE_RULE.match(lines[k + 1]) and "-" in lines[k + 1] and \
            "|" in lines[k + 1] + line
        if starts:
            in_table = True
        if in_table and not line.lstrip().startswith("|"):
            out[k] = "| " + line.strip() + " |"
    return out


def _row_label(line: str) -> str:
    """The first cell of a markdown table row, or the label of an ncu-printed row, else ''."""
    if line.lstrip().startswith("|") and line.count("|") >= 2:
        return line.split("|")[1]
    match = _NCU_ROW.match(line)
    return match.group("label") if match else ""


def _row_unit(line: str) -> str:
    """The unit of a table row that keeps units in a column of their own, else ''."""
    if line.lstrip().startswith("|"):
        cells = {unit_key(c) for c in line.strip().strip("|").split("|")}
        units = [c for c in cells if c in _UNITS]
        return units[0] if len(units) == 1 else ""
    match = _NCU_ROW.match(line)
    unit = unit_key(match.group("unit") or "") if match else ""
    return unit if unit in _UNITS else ""


def read_in_child(path: str) -> None:
    """The analysis read in a process of its own, with a time limit (grader/checks/profile.py, _read_analysis): its
    regular expressions run over learner text, and some patterns cost time quadratic in a line's length (a figure
    followed by 2000 marks took 26 s a line, a line of 1000 figures several; red team, session 24). Reads the JSON
    file ``path`` ({"text", "labels", "kernels"}) and prints the pickled (claimed_bottleneck, quotes,
    lookalike_figure), in base64."""
    import base64
    import json
    import pickle
    import sys
    from pathlib import Path

    data = json.loads(Path(path).read_text())
    found = (claimed_bottleneck(data["text"]), quotes(data["text"], tuple(data["labels"]), tuple(data["kernels"])),
             lookalike_figure(data["text"]))
    sys.stdout.write("\n" + base64.b64encode(pickle.dumps(found)).decode() + "\n")


# A figure written with letters for digits (99.7O %, 6l.2O us: O for 0, l or I for 1) shows as a figure in many fonts,
# and was read up to the letter: a bare count compared with nothing (red team, session 30).
# Read in the time-bounded child (read_in_child), as _readable is: each token is scanned once.
_FIGURE_TOKEN = re.compile(r"(?<![\w.,])[\dOolI][\dOolI.,]*+")
_UNIT_AFTER = re.compile(r"[ \t]*+(?:" + _UNIT_ALT + r")(?![A-Za-z0-9_/\u00c0-\u024f])")


def lookalike_figure(text: str) -> str | None:
    """The first figure in ``text`` written with a letter for a digit, before a unit, or None."""
    for line in markdown_lines(_readable(text)):
        for token in _FIGURE_TOKEN.finditer(line):
            figure = token.group(0)
            if any(c.isdigit() for c in figure) and any(c in "OolI" for c in figure) and \
                    (unit := _UNIT_AFTER.match(line, token.end())):
                return (figure + line[token.end():unit.end()])[:40]
    return None
