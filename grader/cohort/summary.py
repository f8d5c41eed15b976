"""gradebook.html: the cohort at a glance, one self-contained file (figures inlined as SVG).

It shows the learners whose grade could not be produced (and the roster rows that were not read),
the pass rate of every check across the cohort, the distribution of the performance gate's ratio
to the vendor baseline, and every learner's row.
"""
from __future__ import annotations

import html
import io
import statistics
from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

from grader.cohort.gradebook import GRADED, Gradebook, csv_row  # noqa: E402
from grader.cohort.store import Layout  # noqa: E402

GATE = "02.perf.gate"
RATIO_KEYS = ("ratio_to_baseline", "ratio_to_torch")  # the second: results from before the grader's rebuild
STYLE = """body{font-family:system-ui,sans-serif;margin:2em;max-width:75em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}
th{background:#f3f3f3}td.n{text-align:right}.bad{color:#b00}.ok{color:#070}code{font-size:90%}"""

plt.rcParams.update({"svg.hashsalt": "grade-cohort", "svg.fonttype": "none"})  # same input, same file


def esc(value) -> str:
    return html.escape("" if value is None else str(value))


def table(head: list[str], rows: list[list], numeric: set[int] = frozenset()) -> str:
    out = ["<table>" + ("<tr>" + "".join(f"<th>{esc(h)}</th>" for h in head) + "</tr>" if head else "")]
    for row in rows:
        cells = "".join(f"<td class=n>{c}</td>" if i in numeric else f"<td>{c}</td>" for i, c in enumerate(row))
        out.append(f"<tr>{cells}</tr>")
    return "\n".join(out) + "</table>"


def svg(fig) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):]


# ----------------------------------------------------------------------------- pass rates

def check_counts(book: Gradebook) -> list[tuple[dict, Counter]]:
    """Every check of the labs in the gradebook, with how many graded learners got each grader status."""
    per_check: dict[str, Counter] = {}
    for row in book.rows:
        if row.status != GRADED:
            continue
        for test in row.result.get("tests", []):
            extra = test.get("extra_data") or {}
            if "id" in extra:
                per_check.setdefault(extra["id"], Counter())[extra.get("grader_status", "?")] += 1
    checks = [c for lab in book.labs for c in lab["checks"]]
    known = {c["id"] for c in checks}
    checks += [{"id": cid, "summary": "", "points": ""} for cid in sorted(per_check) if cid not in known]
    return [(c, per_check.get(c["id"], Counter())) for c in checks]


def pass_rate_section(book: Gradebook) -> str:
    rows, names, rates = [], [], []
    for check, counts in check_counts(book):
        graded = sum(counts.values())
        ran = graded - counts["SKIP"]  # NOT RUN counts against: its parent check did not pass
        rate = counts["PASS"] / ran if ran else None
        rows.append([f"<code>{esc(check['id'])}</code>", esc(check.get("summary")), esc(check.get("points")),
                     graded, counts["PASS"], counts["FAIL"], counts["SKIP"], counts["NOT RUN"],
                     "skipped" if rate is None and graded else "" if rate is None else f"{100 * rate:.0f}%"])
        if rate is not None:
            names.append(check["id"])
            rates.append(100 * rate)
    parts = ["<h2>Pass rate of every check</h2>",
             "<p>PASS over PASS + FAIL + NOT RUN, among the learners graded on the check's lab. NOT RUN is a "
             "check whose parent did not pass; SKIP, a check that could not run where it was graded (most "
             "often: it needs a GPU), is left out, and a check skipped for everyone has no rate.</p>"]
    if names:
        fig, ax = plt.subplots(figsize=(7, 0.28 * len(names) + 0.8))
        ax.barh(range(len(names)), rates, color="#4477aa")
        ax.set_yticks(range(len(names)), names, fontsize=8)
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel("learners who pass (%)")
        parts.append(svg(fig))
    parts.append(table(["check", "what it checks", "points", "graded", "PASS", "FAIL", "SKIP", "NOT RUN",
                        "pass rate"], rows, numeric={2, 3, 4, 5, 6, 7, 8}))
    return "\n".join(parts)


# ----------------------------------------------------------------------------- gate ratios

def gate_ratios(book: Gradebook) -> list[tuple[str, float, str]]:
    """(learner, ratio to the vendor baseline, grader status of the gate) for every graded learner with one."""
    found = []
    for row in book.rows:
        if row.status != GRADED:
            continue
        measured = ((row.result.get("extra_data") or {}).get("measurements") or {}).get(GATE) or {}
        ratio = next((measured[k] for k in RATIO_KEYS if isinstance(measured.get(k), (int, float))), None)
        if ratio is None:
            continue
        status = next((t["extra_data"].get("grader_status") for t in row.result.get("tests", [])
                       if (t.get("extra_data") or {}).get("id") == GATE), "?")
        found.append((row.learner, float(ratio), status))
    return found


def gate_section(book: Gradebook) -> str:
    ratios = gate_ratios(book)
    parts = [f"<h2>Performance gate: ratio to the vendor baseline (<code>{GATE}</code>)</h2>"]
    if not ratios:
        parts.append("<p>No graded result has a gate ratio: the gate needs a GPU and lab 02 "
                     "(it is SKIPped on CPU-only grading).</p>")
        return "\n".join(parts)
    values = [r for _, r, _ in ratios]
    passed = [r for _, r, s in ratios if s == "PASS"]
    other = [r for _, r, s in ratios if s != "PASS"]
    fig, ax = plt.subplots(figsize=(7, 3))
    bins = max(5, min(30, len(values)))
    ax.hist([passed, other], bins=bins, stacked=True, color=["#228833", "#cc3311"], label=["gate PASS", "gate not passed"])
    ax.set_xlabel("throughput / vendor baseline at the gate's shape")
    ax.set_ylabel("learners")
    ax.legend()
    parts.append(svg(fig))
    parts.append(f"<p>{len(values)} learners: min {min(values):.3f}, median {statistics.median(values):.3f}, "
                 f"max {max(values):.3f}; {len(passed)} passed the gate.</p>")
    parts.append(table(["learner", "ratio", "gate"], [[esc(n), f"{r:.3f}", esc(s)] for n, r, s in
                                                      sorted(ratios, key=lambda x: x[1])], numeric={1}))
    return "\n".join(parts)


# ----------------------------------------------------------------------------- the page

def problems_section(book: Gradebook, layout: Layout) -> str:
    failed = [r for r in book.rows if r.status != GRADED]
    roster = book.plan["roster"]["problems"]
    parts = ["<h2>Learners whose grade could not be produced</h2>"]
    if failed:
        rows = []
        for r in failed:
            log = csv_row(book, layout, r).get("log")
            rows.append([esc(r.learner), f"<span class=bad>{esc(r.status)}</span>", esc(r.reason),
                         f'<a href="{esc(log)}">{esc(log)}</a>' if log else "", esc(r.seed)])
        parts.append(table(["learner", "status", "reason", "log", "seed"], rows))
        parts.append("<p>Run the same command again to retry them (graded learners are skipped).</p>")
    else:
        parts.append("<p class=ok>None: every learner on the roster was graded.</p>")
    if roster:
        parts.append(f"<h3>Roster rows that were not read ({esc(book.plan['roster']['path'])})</h3>")
        parts.append(table(["line", "problem"], [[p["line"], esc(p["message"])] for p in roster], numeric={0}))
    return "\n".join(parts)


def learners_section(book: Gradebook, layout: Layout) -> str:
    head = ["learner", "status", "total", *[lab["name"] for lab in book.labs], "seed", "device"]
    rows = []
    for r in book.rows:
        c = csv_row(book, layout, r)
        total = f"{c['total']}/{c['max_total']}" if "total" in c else ""
        labs = [f"{c[lab['name']]}/{c[lab['name'] + '_max']}" if lab["name"] in c else "" for lab in book.labs]
        link = f'<a href="{esc(c["results"])}">{esc(r.learner)}</a>' if "results" in c else esc(r.learner)
        rows.append([link, esc(r.status), total, *labs, esc(c.get("seed")), esc(c.get("device"))])
    return "<h2>Every learner</h2>\n" + table(head, rows, numeric=set(range(2, 3 + len(book.labs))))


def render(book: Gradebook, layout: Layout) -> str:
    plan = book.plan
    opts = plan["options"]
    counts = ", ".join(f"{n} {s}" for s, n in book.counts().items()) or "no learners"
    facts = [["roster", esc(plan["roster"]["path"])], ["learners", f"{len(book.rows)}: {esc(counts)}"],
             ["labs (default)", esc(" ".join(plan["default_labs"]))],
             ["kernel track", esc(opts.get("kernel") or (plan.get("listing") or {}).get("kernel") or
                                  "the grader's default")],  # the frozen grader's own, from its listing
             ["GPU grading", "yes" if opts.get("gpu") else "no (GPU checks are skipped)"],
             ["backend", esc(plan["backend"])], ["plan", esc(plan["id"]) + f" ({esc(plan['created'])})"],
             ["grader tree", f"<code>{esc(plan['grader_tree_hash'][:16])}</code>"]]
    body = [f"<h1>Gradebook: {esc(Path(plan['roster']['path']).name)}</h1>",
            table([], facts), problems_section(book, layout), pass_rate_section(book),
            gate_section(book), learners_section(book, layout)]
    return ("<!doctype html>\n<html lang=en><head><meta charset=utf-8><title>Gradebook</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
