"""Adversarial port (class 3): a classic daemon (fork, setsid, fork) that sleeps on past the check."""
import os

if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "271.828"])
    os._exit(0)
raise RuntimeError("a daemon was started")
