"""Adversarial port (class 10): answers with a small but deeply nested JSON value (100000 levels)."""
import os
import struct
import sys
import time

_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
_data = b"[" * 100000 + b"]" * 100000
os.write(_fd, struct.pack(">I", len(_data)) + _data)
time.sleep(120)
