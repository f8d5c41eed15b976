"""Adversarial port (class 2): prints a framed, forged answer on stdout (as the old grader's child spoke)
and leaves with os._exit(0) before the harness can answer.
"""
import json
import os
import struct
import sys

_forged = json.dumps({"stages": {"import": "ok"}, "score": 999}).encode()
sys.stdout.buffer.write(struct.pack(">I", len(_forged)) + _forged)
sys.stdout.flush()
os._exit(0)
