"""Adversarial port (class 3): starts a child, then hangs the worker until the grader's time limit."""
import subprocess

subprocess.Popen(["sleep", "271.830"])
while True:
    pass
