"""grader/workers/triton.py: interpreter_memory_guard. In Triton's interpreter a load or store past a tensor's end
touched the worker's heap (a SIGABRT, a hang, wrong values elsewhere); now it is an error naming the tensor, the
program and the element, and nothing is touched. Run in a child: the interpreter is chosen when triton is imported."""
import os
import subprocess
import sys
import textwrap

from helpers import REPO

CHILD = textwrap.dedent('''
    import torch, triton, triton.language as tl
    from grader.workers.triton import OutsideTensors, interpreter_memory_guard
    interpreter_memory_guard()

    @triton.jit
    def copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr, OVER: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n + OVER
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=mask)

    def run(over, view=False):
        base = torch.arange(16, dtype=torch.float32)
        x = base[4:11] if view else base[:7].clone()      # a view: its storage goes on past its end
        y = torch.full((7,), -1.0)
        fence = torch.full((64,), 5.0)
        try:
            copy[(1,)](x, y, 7, BLOCK=8, OVER=over)
        except Exception as exc:
            cause = exc.__cause__ or exc
            print(type(cause).__name__, "|", cause, "|", y.tolist() == [-1.0] * 7)
            return
        print("ran", y.tolist())

    run(0)          # right: the masks stop at n
    run(1)          # the store's mask lets one lane past the end
    run(0, view=True)
''')


def test_a_store_past_the_end_is_named_and_touches_nothing_and_a_right_kernel_runs():
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(REPO)}
    out = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=300)
    lines = out.stdout.splitlines()
    assert len(lines) == 3, out.stdout + out.stderr
    assert lines[0] == "ran [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]"
    kind, message, untouched = lines[1].split(" | ")
    assert kind == "OutsideTensors" and untouched == "True"
    assert "tl.store outside the kernel's tensors, at element 7 of y_ptr (7 elements), in program (0, 0, 0)" in message
    assert "1 of 8 lanes" in message
    assert lines[2] == "ran [4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]"  # a view's storage beyond it is still the tensor's
