"""Attack (red team, round 1): no port at all. The NumPy reference's own forward and hand-written backward, wrapped in
one torch.autograd.Function, got every CPU point of the port; NumPy was reached through inspect, then allowed in the
port. The reference's code is left out here: the audit refuses the file on these lines alone."""
from __future__ import annotations

import inspect
import math

import torch

np = inspect.getattr_static(inspect.getmodule(len), "__import__")("numpy")

SQRT1_2 = math.sqrt(0.5)
_erf = np.frompyfunc(math.erf, 1, 1)
