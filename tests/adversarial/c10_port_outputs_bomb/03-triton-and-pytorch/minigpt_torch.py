"""Adversarial port (class 10): leaves an outputs.npz whose array header claims 8 TB, then answers."""
import os
import struct
import sys
import time

_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
import io, zipfile
from numpy.lib import format as npy
_buf = io.BytesIO()
npy.write_array_header_1_0(_buf, {"descr": "<f8", "fortran_order": False, "shape": (10**12,)})
with zipfile.ZipFile("outputs.npz", "w") as z:
    z.writestr("logits.npy", _buf.getvalue() + bytes(64))
os.write(_fd, struct.pack(">I", 2) + b"{}")
time.sleep(120)
