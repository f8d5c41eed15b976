"""Attack (red team, round 3): the solution's port with its causal mask built in NumPy, reached as
torch.nn.functional.np (torch's own module imports NumPy under that name). Before the fix it got every CPU point of
the port. The port itself is left out here: the audit refuses the file on this line alone."""
import torch
import torch.nn.functional as F

MASK = torch.tensor(F.np.tril(F.np.ones((32, 32), dtype=bool)))
