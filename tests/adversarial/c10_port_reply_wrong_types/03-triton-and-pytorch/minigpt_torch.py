"""Adversarial port (class 10): answers with an object whose fields have the wrong types."""
import os
import struct
import sys
import time

_fd = int(sys.argv[sys.argv.index("--channel") + 1].split(",")[1])
import numpy as np
np.savez("outputs.npz", logits=np.zeros(1))
_data = b'{"stages": "ok", "parameters": 7, "forward": [1], "errors": null}'
os.write(_fd, struct.pack(">I", len(_data)) + _data)
time.sleep(120)
