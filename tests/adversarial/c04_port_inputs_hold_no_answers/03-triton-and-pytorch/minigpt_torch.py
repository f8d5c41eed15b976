"""Adversarial port (class 4): looks through everything in its run folder for the reference's answers
(logits, loss, gradients, probes, AdamW steps). Raises "LEAK ..." if any is there.
"""
import os

import numpy as np

ANSWERS = ("logits", "loss", "grad/", "probe/", "adamw/", "train/", "train_loss")
found, seen = [], []
for name in sorted(os.listdir(".")):
    seen.append(name)
    if name.endswith(".npz"):
        with np.load(name) as data:
            found += [f"{name}:{k}" for k in data.files if k.startswith(ANSWERS)]
raise RuntimeError(f"LEAK {found[:5]}" if found else f"no expected values in {seen}")
