"""Turn a worker that went wrong, or an error it reported, into a FAIL that teaches."""
from __future__ import annotations

from grader.results import Result, failed
from grader.runner import WorkerGone

CUDA_LESSONS = (
    ("illegal memory access", "the kernel read or wrote outside its buffers: check the bounds test "
                              "(`if (i < n)`) and the index arithmetic (row * cols + col)"),
    ("misaligned address", "a vector load/store (float4) hit an address that is not 16-byte aligned: rows of odd "
                           "length start at misaligned addresses, so vectorise only where alignment allows"),
    ("invalid configuration argument", "the launch configuration is impossible: more than 1024 threads per "
                                       "block, a grid dimension of 0 or above its limit (65535 for y and z), or too "
                                       "much dynamic shared memory"),
    ("too many resources requested", "the block needs more registers or shared memory than an SM has: use fewer "
                                     "threads per block or __launch_bounds__"),
    ("unspecified launch failure", "the kernel crashed on the device (often an out-of-bounds access or an "
                                   "infinite loop killed by the watchdog)"),
    ("an illegal instruction", "the kernel executed an illegal instruction (a trap, or code built for another GPU)"),
    ("device-side assert triggered", "an assert() in the kernel failed"),
    ("out of memory", "the GPU's memory ran out: the code asked for more device memory than was free (allocate once, "
                      "not per call; a tensor far larger than the inputs is the usual cause), or other processes held "
                      "most of it (nvidia-smi lists them: grade again with the GPU to yourself)"),
    # Triton's own words when a kernel calls plain Python (print, a helper without @triton.jit): mistakes34, session 34
    ("did you forget to add @triton.jit", "a kernel calls only Triton's functions and other @triton.jit functions: "
                                          "give a helper @triton.jit, and print from a kernel with tl.device_print "
                                          "(or tl.static_print), taken out before grading"),
    # The interpreter check hands the wrapper CPU tensors, with CUDA hidden (helper ff41: torch.cuda.device(a.device))
    ("expected a cuda device, but got: cpu", "the interpreter check runs your wrapper on CPU tensors: guard what "
                                             "needs a GPU (torch.cuda.device, torch.cuda.synchronize, streams) "
                                             "with `if x.is_cuda:`"),
)
# Host memory: every worker may allocate up to a limit (grader/runner.py: worker_memory_bytes), past which an
# allocation fails in the worker (torch's CPU allocator, Python's MemoryError) instead of taking the machine's memory.
HOST_MEMORY = ("can't allocate memory", "MemoryError", "Cannot allocate memory")


def host_memory_lesson() -> str:
    from grader.runner import worker_memory_bytes

    return (f"the code asked for more host memory than a grading worker may use ({worker_memory_bytes() / (1 << 30):.1f} "
            "GiB): a tensor far larger than the inputs, such as a broadcast that makes a [B, T, T, C] array or a "
            "list that grows on every call, is the usual cause")

def file_size_lesson() -> str:
    from grader.runner import WORKER_FILE_BYTES

    return (f"the worker wrote a file past the file size limit of a grading worker ({WORKER_FILE_BYTES >> 20} MiB): "
            "its outputs are copied into files for the judge, and an output far larger than the answer (a broadcast "
            "or expand() that makes a huge tensor) is the usual cause")


SIGNAL_LESSONS = {
    "SIGSEGV": "a segmentation fault in host code: the launcher probably dereferenced a device pointer on the CPU "
               "(device memory can only be read inside a kernel), or wrote past a host array",
    "SIGABRT": "the process aborted: an assert() or an uncaught C++ exception in host code",
    "SIGFPE": "an arithmetic exception in host code (integer division by zero?)",
    "SIGBUS": "a bus error in host code: a misaligned or unmapped host access",
    "SIGILL": "an illegal instruction in host code",
    "SIGKILL": "the process was killed (out of host memory, or it ran past a limit)",
    "SIGXFSZ": "the process wrote a file past the file size limit of a grading worker: an output far larger than the "
               "answer is the usual cause",
}
HANG_LESSON = ("a kernel that never returns is usually a loop whose exit condition never holds, or a "
               "__syncthreads() that only some threads of the block reach (inside an if)")
MALFORMED_LESSON = ("the grader's worker talks to the judge on a private channel; an answer it cannot read means the "
                    "process was disturbed (output written to file descriptors it does not own, or memory corrupted)")


# What torch adds to every CUDA error it raises, whatever the error (c10/cuda/CUDAException): lines that name no cause.
# The third once made a CUDA "out of memory" read as a kernel's failed assert(), and was the line a FAIL quoted
# (PHASE_24_PLAN decision 249). They are left out wherever a lesson is chosen or a line quoted.
TORCH_CUDA_NOTES = (
    "CUDA kernel errors might be asynchronously reported at some other API call",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions",
)


def without_notes(text: str) -> str:
    """``text`` without torch's lines that come with every CUDA error (TORCH_CUDA_NOTES)."""
    return "\n".join(ln for ln in text.splitlines() if not any(note in ln for note in TORCH_CUDA_NOTES))


def last_line(log_text: str) -> str | None:
    """The last line of a worker's log that is neither blank nor one of torch's notes; None for a log with none."""
    lines = [ln for ln in without_notes(log_text).splitlines() if ln.strip()]
    return lines[-1] if lines else None


def lesson_for(text: str) -> str | None:
    text = without_notes(text)
    if any(needle in text for needle in HOST_MEMORY):
        return host_memory_lesson()
    if "File too large" in text or "SIGXFSZ" in text:
        return file_size_lesson()
    low = text.lower()
    for needle, lesson in CUDA_LESSONS:
        if needle in low:
            return lesson
    return None


def explain_gone(gone: WorkerGone, what: str, hint: str, *, hang_lesson: str = HANG_LESSON, hang: str = "a hang",
                 signal_lessons: dict[str, str] | None = None) -> Result:
    """A FAIL for a worker that hung, crashed, died or answered nonsense. The default lessons are about
    CUDA C; a lab in another language passes its own (``signal_lessons`` override by name)."""
    worker = gone.worker
    exit = worker.close()
    if gone.kind == "hung":
        return failed(f"{what} did not finish in time ({gone}): {hang}", details=[hang_lesson], hint=hint,
                      log=worker.log)
    if gone.kind == "malformed":
        return failed(f"{what}: {gone}", details=[MALFORMED_LESSON], hint=hint, log=worker.log)
    tail = without_notes(worker.log_text())
    if exit.signal_name:
        lesson = {**SIGNAL_LESSONS, **(signal_lessons or {})}.get(exit.signal_name, "the process was killed by a signal")
        return failed(f"{what} crashed ({exit.signal_name})", details=[lesson], hint=hint, log=worker.log)
    lesson = lesson_for(tail)
    last = last_line(tail) or "(no output)"
    return failed(f"{what} died (exit code {exit.returncode}): {last[:160]}", details=[lesson] if lesson else [],
                  hint=hint, log=worker.log)


def explain_error(error: dict, what: str, hint: str, log=None) -> Result:
    """A FAIL for an error the worker caught and reported (a CUDA fault, a launcher error code, an exception)."""
    text = without_notes(str(error.get("message", "")))
    own = error.get("type") in ("launch", "cuda", "load")  # the harness's words: no exception type to name
    message = text if own else f"{error.get('type', 'error')}: {text}".strip(": ")
    lesson = lesson_for(message)
    details = [f"at {w}" for w in error.get("where", [])] + ([lesson] if lesson else [])
    return failed(f"{what}: {_head_and_reason(message)}", details=details, hint=hint, log=log)


def _head_and_reason(message: str, head: int = 240) -> str:
    """A long message cut to its start and its last line: Triton's CompilationError quotes the kernel's source first
    and says why only at the end ("Cannot access global variable ...")."""
    if len(message) <= head:
        return message
    last = next((ln.strip() for ln in reversed(message.splitlines()) if ln.strip()), "")
    if not last or last in message[:head]:
        return message[:head]
    return f"{message[:head]}\n...\n{last[:400]}"
