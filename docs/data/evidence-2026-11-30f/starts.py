"""Every watched start of a traced run: how long each that answered took (the harness's own lines), and for each lost
start what its processes waited in, ncu's log and the worker's log (the harness's stack, where it printed one).

    python3 docs/data/evidence-2026-11-30f/starts.py TRACE_FOLDER_OR_FILE...
"""
from __future__ import annotations

import json
import sys
from pathlib import Path


def events(paths):
    for arg in paths:
        path = Path(arg)
        for file in sorted(path.rglob("*.jsonl")) if path.is_dir() else [path]:
            for line in file.read_text(errors="replace").splitlines():
                try:
                    yield file, json.loads(line)
                except ValueError:
                    continue


def main(paths) -> None:
    answered, lost = [], []
    for file, e in events(paths):
        if e.get("what") == "watched start":
            answered.append((file.name, e.get("first_output_s"), e.get("log", "")))
        elif e.get("what") == "watched start lost":
            lost.append((file.name, e))
    print(f"watched starts: {len(answered)} answered, {len(lost)} lost")
    firsts = sorted(round(f, 2) for _, f, _ in answered if isinstance(f, (int, float)))
    print(f"  seconds from the start to the harness's first line, starts that answered: {firsts}")
    for name, first, log in answered:
        print(f"  answered {name}: first line {first} s; {log}")
    for name, e in lost:
        print(f"  LOST {name} at t={e.get('t')}: first line {e.get('first_output_s')} s")
        print("    processes:\n      " + e.get("processes", "(not read)").replace("\n", "\n      "))
        print("    ncu log:\n      " + e.get("ncu", "").replace("\n", "\n      ")[-1500:])
        print("    worker log:\n      " + e.get("log", "").replace("\n", "\n      ")[-3500:])


if __name__ == "__main__":
    main(sys.argv[1:])
