"""Adversarial port (class 4): looks for the judge's process, its files and other workers' scratch."""
import glob
import os

seen = []
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                cmd = fh.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "--json" in cmd or "--submission" in cmd:
            seen.append(f"judge pid {pid}")
own = os.getcwd()  # the worker's own run folder, wherever it lives
seen += [p for p in glob.glob("/tmp/*") + glob.glob("/dev/shm/*")
         if p != own and ("grader-" in p or "adv-" in p or "pytest" in p)]
raise RuntimeError(f"LEAK {seen[:5]}" if seen else "the judge is out of sight")
