"""Child side of the parent/child protocol (see grader/runner.py)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np


def read_request() -> tuple[Path, dict, dict[str, np.ndarray]]:
    rundir = Path(sys.argv[1])
    request = json.loads((rundir / "request.json").read_text())
    inputs_path = rundir / "inputs.npz"
    inputs = dict(np.load(inputs_path, allow_pickle=False)) if inputs_path.exists() else {}
    return rundir, request, inputs


def write_response(rundir: Path, response: dict, outputs: dict[str, np.ndarray] | None = None) -> None:
    if outputs:
        np.savez(rundir / "outputs.npz", **outputs)
    tmp = rundir / "response.json.tmp"
    tmp.write_text(json.dumps(response, indent=1, default=float))
    tmp.replace(rundir / "response.json")  # written last and atomically: its presence means "finished"
