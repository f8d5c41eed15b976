import os
import signal
import sys

from grader.cli import EXIT_INTERRUPTED, main

try:
    code = main()
    # The grading is over and its result, if any, whole: a Ctrl-C from here on does not turn it into a death by
    # signal (exit -2, silently, as CI's load once showed).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
except KeyboardInterrupt:  # one that landed outside the grading itself (cli.py catches those within)
    print("\ninterrupted as the grader started or exited: a results file it wrote is whole; none is half-written",
          file=sys.stderr)
    code = EXIT_INTERRUPTED
# Everything the command writes is written and closed by now: its results file (written whole, then renamed), its
# logs, its trace; its workers are killed and reaped, its builds over, and only daemon threads are left. What Python's
# exit would add is its teardown of the judge's modules (torch, the judge's CUDA context): about 0.45 s of every
# grading on an H100, 0.35-0.47 s on a 2-core machine without a GPU (PHASE_24_PLAN decision 243).
for stream in (sys.stdout, sys.stderr):
    try:
        if stream is not None:  # started with the descriptor closed
            stream.flush()
    except (OSError, ValueError):  # a reader that closed the pipe (`| head`): nothing more can reach it
        pass
os._exit(code)
