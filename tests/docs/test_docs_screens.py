"""Every page holds on a laptop (1280 px) and on a phone (390 px), in both languages.

For each page at each width the browser checks three things:

- **Nothing widens the page.** Every element of the content stays inside the content column
  and the viewport, unless a box of its own that does fit clips it (a table or a code block
  that scrolls sideways is fine; one that pushes the page wider is not). Collapsed answers
  are opened and every content tab is shown in turn, so hidden content is checked too.
- **Diagrams and figures are readable.** Text inside an SVG (mermaid diagrams, inline SVG, and
  the SVG figures shown with <img>) renders at MIN_TEXT_PX or more: its font size times the
  scale at which the SVG is drawn on screen (getScreenCTM). An <img> figure is measured on an
  inline copy of its file, drawn at the size the <img> has on the page.
- **No glyph is missing.** Every character of the page's text is drawn on a canvas in the font
  its element uses and compared, pixel for pixel, with a code point no font has (U+10FFFD): a
  character that draws the same is the missing-glyph box (emoji without an emoji font, for
  example), whatever the fonts of the machine are.

Set DOCS_SCREENSHOTS=<folder> to keep a full-page screenshot of every page at both widths.
"""
from __future__ import annotations

import base64
import os
import urllib.parse
from pathlib import Path

import pytest

from docs_helpers import DESKTOP_WIDTH, LANGS, PAGES, PHONE_WIDTH, open_page, page_path, set_width

MIN_TEXT_PX = 11
WIDTHS = (DESKTOP_WIDTH, PHONE_WIDTH)

# execute_async_script: the last argument is the callback. arguments[0]: the smallest text size.
CHECKS_JS = r"""
const done = arguments[arguments.length - 1];
const minPx = arguments[0];
(async () => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += '#' + el.id;
    if (el.classList && el.classList.length) s += '.' + [...el.classList].slice(0, 2).join('.');
    const t = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return t ? `${s} "${t}"` : s;
  };
  for (const d of document.querySelectorAll('details')) d.open = true;

  // 1. Horizontal overflow of the content.
  if (document.documentElement.scrollWidth > vw + 1)
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${vw} px window`);
  const content = document.querySelector('.md-content') || document.body;
  const box = content.getBoundingClientRect();
  const left = Math.max(0, box.left) - 1, right = Math.min(vw, box.right) + 1;
  const clipped = (el) => {  // inside a scrolling or clipping box that itself fits?
    for (let a = el.parentElement; a && a !== content; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const r = a.getBoundingClientRect();
      if (r.left >= left && r.right <= right) return true;
    }
    return false;
  };
  const overflowIn = (root) => {
    let offender = null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, {acceptNode(el) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return NodeFilter.FILTER_SKIP;
      const fits = r.left >= left && r.right <= right;
      if (!fits && !clipped(el)) { offender = {el, r}; return NodeFilter.FILTER_ACCEPT; }
      // A box that fits and scrolls or clips its content (a code block, a table's wrapper):
      // nothing inside it can widen the page. Inline elements never clip: no style lookup.
      if (fits && el.tagName !== 'SPAN' && getComputedStyle(el).overflowX !== 'visible')
        return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_SKIP;
    }});
    if (walker.nextNode()) {  // the first offender of this view is enough
      const {el, r} = offender;
      problems.push(`sticks out of the content column [${Math.round(left)}, ${Math.round(right)}] px: ` +
                    `${describe(el)} at [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
  };

  // 2. Text size inside SVGs, as drawn on screen.
  const shadowRoots = [document];  // the page and the open shadow roots (mermaid diagrams)
  for (const el of document.querySelectorAll('*')) if (el.shadowRoot) shadowRoots.push(el.shadowRoot);
  const roots = () => shadowRoots;
  const figureText = [];  // text of <img> figures, drawn from their inline copies: for the glyph check
  const svgText = (svg, where) => {
    let smallest = null;
    for (const el of svg.querySelectorAll('*')) {
      if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
      const g = el instanceof SVGGraphicsElement ? el : el.closest('foreignObject');
      const r = el.getBoundingClientRect();
      if (!g || r.width === 0 || r.height === 0) continue;
      const m = g.getScreenCTM();
      const px = parseFloat(getComputedStyle(el).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      if (!smallest || px < smallest.px) smallest = {px, text: el.textContent.trim().slice(0, 40)};
    }
    if (smallest && smallest.px < minPx)
      problems.push(`${where}: text "${smallest.text}" is drawn at ${smallest.px.toFixed(1)} px (< ${minPx})`);
  };
  const svgsIn = (scope) => {
    for (const root of roots()) {
      for (const svg of root.querySelectorAll('svg')) {
        if (svg.parentElement && svg.parentElement.closest('svg')) continue;
        const host = root === document ? svg : root.host;
        if (!scope.contains(host)) continue;
        svgText(svg, root === document ? 'inline svg' : describe(root.host).slice(0, 60));
      }
    }
  };
  const imagesIn = async (scope) => {
    for (const img of scope.querySelectorAll('img')) {
      if (!/\.svg(\?|#|$)|^data:image\/svg/.test(img.src)) continue;
      const r = img.getBoundingClientRect();
      if (r.width === 0) continue;
      const text = await (await fetch(img.src)).text();
      const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      const holder = document.createElement('div');
      holder.style.cssText = `position:absolute; left:0; top:0; width:${r.width}px; height:${r.height}px; visibility:hidden`;
      svg.setAttribute('width', r.width);
      svg.setAttribute('height', r.height);
      holder.appendChild(document.importNode(svg, true));
      document.body.appendChild(holder);
      svgText(holder.firstElementChild, `figure ${img.getAttribute('src')} (${Math.round(r.width)} px wide)`);
      for (const el of holder.querySelectorAll('text, tspan')) {
        const cs = getComputedStyle(el);
        figureText.push({text: el.textContent, font: `${cs.fontStyle} ${cs.fontWeight} 32px ${cs.fontFamily}`, where: img});
      }
      holder.remove();
    }
  };

  const article = document.querySelector('article') || document.body;
  overflowIn(content);
  svgsIn(article);
  await imagesIn(article);
  // Every content tab in turn: a hidden tab is laid out only when it is shown.
  for (const set of document.querySelectorAll('.tabbed-set')) {
    const inputs = [...set.querySelectorAll(':scope > input')];
    const first = inputs.find(i => i.checked);
    for (const input of inputs.slice(1)) {
      input.checked = true;
      overflowIn(set);
      svgsIn(set);
      await imagesIn(set);
    }
    if (first) first.checked = true;
  }

  // 3. Missing glyphs.
  const canvas = document.createElement('canvas');
  canvas.width = 64; canvas.height = 64;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const draw = (ch, font) => {
    ctx.clearRect(0, 0, 64, 64);
    ctx.font = font;
    ctx.fillText(ch, 8, 44);
    return {width: ctx.measureText(ch).width, pixels: new Uint32Array(ctx.getImageData(0, 0, 64, 64).data.buffer)};
  };
  const sameDrawing = (a, b) => {
    if (a.width !== b.width) return false;
    for (let i = 0; i < a.pixels.length; i++) if (a.pixels[i] !== b.pixels[i]) return false;
    return true;
  };
  const seen = new Map();
  for (const root of roots()) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const p = n.parentElement;
      if (!p || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(p.tagName)) continue;
      const cs = getComputedStyle(p);
      const font = `${cs.fontStyle} ${cs.fontWeight} 32px ${cs.fontFamily}`;
      for (const ch of n.textContent) {
        if (/[\s\p{Cc}\p{Cf}\p{Mn}]/u.test(ch)) continue;
        const key = ch + '\u0000' + font;
        if (!seen.has(key)) seen.set(key, {ch, font, where: p});
      }
    }
  }
  for (const {text, font, where} of figureText) {
    for (const ch of text) {
      if (/[\s\p{Cc}\p{Cf}\p{Mn}]/u.test(ch)) continue;
      const key = ch + '\u0000' + font;
      if (!seen.has(key)) seen.set(key, {ch, font, where});
    }
  }
  const missing = new Map();
  const reported = new Set();
  for (const {ch, font, where} of seen.values()) {
    if (!missing.has(font)) missing.set(font, draw('\u{10FFFD}', font));
    if (!reported.has(ch) && sameDrawing(draw(ch, font), missing.get(font))) {
      reported.add(ch);
      problems.push(`U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')} (${ch}) has no glyph ` +
                    `in ${cs_family(font)}: ${describe(where)}`);
    }
  }
  function cs_family(font) { return font.split(' 32px ')[1]; }
  done(problems);
})().catch(e => done([`the checks failed: ${e}`]));
"""


def run_checks(browser) -> list[str]:
    return browser.execute_async_script(CHECKS_JS, MIN_TEXT_PX)


@pytest.fixture
def at_width(browser):
    """Set the layout width for one test; the other browser tests get the desktop width back."""
    yield lambda width: set_width(browser, width)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def full_page_screenshot(browser, path: Path) -> None:
    height = browser.execute_script("return document.documentElement.scrollHeight")
    width = browser.execute_script("return document.documentElement.clientWidth")
    shot = browser.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", WIDTHS)
def test_screens_page_holds(browser, site_url, at_width, width, lang, page):
    at_width(width)
    open_page(browser, site_url + page_path(page, lang))
    problems = run_checks(browser)
    folder = os.environ.get("DOCS_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        full_page_screenshot(browser, Path(folder) / f"{width}-{lang}-{page.removesuffix('.md').replace('/', '-')}.png")
    assert not problems, f"{page_path(page, lang)} at {width} px:\n" + "\n".join(problems)


# Controls: the checks on small pages made to fail, or made to pass, one thing at a time.

def data_url(body: str) -> str:
    return "data:text/html;charset=utf-8," + urllib.parse.quote(
        f"<!doctype html><html><head><style>body{{margin:0;font-family:'DejaVu Sans'}}</style></head>"
        f"<body><div class='md-content'><article>{body}</article></div></body></html>")


def svg_data_url(font_px: int, label: str = "a label") -> str:
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' width='800' height='200' viewBox='0 0 800 200'>"
           f"<text x='10' y='100' font-size='{font_px}'>{label}</text></svg>")
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


CONTROLS = {
    # name: (page body, a fragment every problem must contain, or None when it must pass)
    "wide_div": ("<div style='width:3000px'>wide</div>", "3000"),
    "wide_table_scrolls": ("<div style='overflow-x:auto'><table><tr><td style='min-width:3000px'>x</td></tr></table></div>",
                           None),
    "tiny_svg_text": ("<svg width='300' height='100'><text x='0' y='50' font-size='7'>tiny</text></svg>", "7.0 px"),
    "svg_text_scaled_down": ("<svg width='200' height='50' viewBox='0 0 800 200'><text x='0' y='100' font-size='20'>"
                             "scaled</text></svg>", "5.0 px"),
    "svg_text_readable": ("<svg width='400' height='100' viewBox='0 0 800 200'><text x='0' y='100' font-size='28'>"
                          "fine</text></svg>", None),
    "figure_shrunk": (f"<img src='{svg_data_url(16)}' style='width:200px'>", "4.0 px"),
    "figure_at_size": (f"<img src='{svg_data_url(16)}' style='width:800px; max-width:none'>", None),
    "figure_missing_glyph": (f"<img src='{svg_data_url(16, chr(0x378))}' style='width:800px'>", "U+0378"),
    "missing_glyph": ("<p>unassigned: \u0378</p>", "U+0378"),
    "known_glyphs": ("<p>Español × — → é ≤ µ</p>", None),
}


@pytest.mark.parametrize("name", sorted(CONTROLS))
def test_screens_control(browser, at_width, name):
    body, expected = CONTROLS[name]
    at_width(1000)
    browser.get(data_url(body))
    problems = run_checks(browser)
    if expected is None:
        assert not problems, f"control {name} must pass, got: {problems}"
    else:
        assert problems and all(expected in p for p in problems), f"control {name}: expected {expected!r}, got {problems}"
