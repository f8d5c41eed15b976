"""Phase 24 grader: discover -> build -> run (isolated subprocess) -> check -> report.

Run it as ``python -m grader`` (or ``make grade``). The flow, one module per stage:

    cli.py        parse arguments, pick labs, exit codes
    discover.py   resolve lab names, stage the learner's editable files into a work dir
    build.py      nvcc -> shared library, compiler errors, link audit (honesty)
    runner.py     the only place that starts processes: child runs with timeouts
    checks/       numerical comparison and scoring (parent process only)
    labs/         one small file per lab that only *declares* checks
    report.py     the only place that prints or writes results
"""

import os as _os
import sys as _sys


def open_standard_streams() -> None:
    """Started with stdin, stdout or stderr closed (`python -m grader --list >&-`): each is opened on /dev/null, as the
    package is imported, before any of its modules opens a file. Python leaves sys.stdout None then, and printing the
    listing ended in a traceback; and the first file a command opened would take the closed number, so that a tool it
    runs with that stream inherited would write into it (a log, a lock file, the results file). Every command of the
    grader (python -m grader, grader.cohort, grader.bench, ...) imports this package first."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            _os.fstat(fd)
        except OSError:
            null = _os.open(_os.devnull, _os.O_RDONLY if fd == 0 else _os.O_WRONLY)
            if null != fd:
                _os.dup2(null, fd)
                _os.close(null)
            setattr(_sys, name, open(fd, "r" if fd == 0 else "w", closefd=False))


open_standard_streams()
