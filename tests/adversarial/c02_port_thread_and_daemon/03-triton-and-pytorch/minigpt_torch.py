"""Adversarial port (class 2): a thread and a detached process that keep trying, for seconds after the grader has
exited, to rewrite this run's results.json and the grader's own files.

The targets are narrow on purpose: the grader files of the tree the worker was started from, and the results files
the adversarial suite writes (/tmp/adv-*/results.json), the guess a learner would make. Inside the sandbox none of
them is writable, or even visible.
"""
import glob
import os
import sys
import threading
import time

import grader

REPO = os.path.dirname(os.path.dirname(os.path.abspath(grader.__file__)))
TARGETS = [os.path.join(REPO, "grader", "checks", "compare.py"), os.path.join(REPO, "grader", "report.py")]
SCRIPT = """
import glob, sys, time
end = time.time() + 8
while time.time() < end:
    for path in sys.argv[1:-1] + glob.glob('/tmp/adv-*/results.json'):
        try:
            with open(path, 'a') as fh:
                fh.write('# rewritten by a learner after the grader exited')
        except OSError:
            pass
    time.sleep(0.2)
"""


def _rewrite_forever():
    while True:
        for path in TARGETS + glob.glob("/tmp/adv-*/results.json"):
            try:
                with open(path, "a") as fh:
                    fh.write("# rewritten by a learner's thread")
            except OSError:
                pass
        time.sleep(0.1)


threading.Thread(target=_rewrite_forever, daemon=True).start()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", SCRIPT, *TARGETS, "adv-daemon-271828"])
    os._exit(0)
raise RuntimeError("a thread and a daemon are loose")
