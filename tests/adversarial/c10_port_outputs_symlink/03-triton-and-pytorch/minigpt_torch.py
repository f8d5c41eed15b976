"""Adversarial port (class 10): makes outputs.npz a symbolic link to /etc/passwd, then answers."""
import os
import struct
import sys
import time

_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
os.symlink("/etc/passwd", "outputs.npz")
os.write(_fd, struct.pack(">I", 2) + b"{}")
time.sleep(120)
