import signal
import sys

from grader.cli import EXIT_INTERRUPTED, main

try:
    code = main()
    # The grading is over and its result, if any, whole: a Ctrl-C from here on does not turn it into a death by
    # signal (exit -2, silently, as CI's load once showed). Python leaves an ignored signal ignored as it exits.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
except KeyboardInterrupt:  # one that landed outside the grading itself (cli.py catches those within)
    print("\ninterrupted as the grader started or exited: a results file it wrote is whole; none is half-written",
          file=sys.stderr)
    code = EXIT_INTERRUPTED
sys.exit(code)
