"""Adversarial port (class 10): answers on the reply pipe with bytes that are not JSON."""
import os
import struct
import sys
import time

_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
os.write(_fd, struct.pack(">I", 10) + b"not json!!")
time.sleep(120)
