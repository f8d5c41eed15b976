"""How a worker's end is read: a signal, whether the process died of it or bwrap reported it."""
import pytest

from grader.runner import Exit


@pytest.mark.parametrize("code, sandboxed, name", [
    (-11, False, "SIGSEGV"),   # killed by the signal, seen directly
    (139, True, "SIGSEGV"),    # bwrap's report of the same death: 128 + 11
    (134, True, "SIGABRT"),
    (139, False, None),        # without bwrap, 139 is only an exit code the program chose
    (1, True, None),
    (0, True, None),
    (None, True, None),        # still running when it was stopped
])
def test_exit_names_the_signal(code, sandboxed, name):
    assert Exit(code, 1.0, sandboxed).signal_name == name
