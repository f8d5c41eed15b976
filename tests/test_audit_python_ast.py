"""The Triton method audit follows tensors through the wrapper: whatever computes with one outside a kernel is
refused, however it is spelled; size arithmetic and launching stay allowed (grader/audit/python_ast.py)."""
from __future__ import annotations

import pytest

from grader.audit.python_ast import PORT, TRITON, audit

HEAD = '''import math
import warnings
import torch
import triton
import triton.language as tl


@triton.jit
def _copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


def _scale(t):
    return t * 1


def _relay(t):
    return _scale(t)


def _same(t):
    return t


def _cdiv(a, b):
    return (a + b - 1) // b

'''


def wrapper(body: str) -> str:
    lines = body.strip("\n").splitlines()
    return HEAD + "\ndef softmax(x):\n" + "".join(f"    {line}\n" for line in lines) + \
        "    y = torch.empty_like(x)\n    _copy[(_cdiv(x.numel(), 1024),)](z, y, x.numel(), BLOCK=1024)\n    return y\n"


CHEATS = {
    "operator_on_input": "z = x * 1",
    "unary_minus": "z = -x",
    "comparison": "z = x > 0",
    "augmented": "z = x\nz += 1",
    "through_a_helper": "z = _scale(x)",
    "through_two_helpers": "z = _relay(x)",
    "helper_returns_it": "z = _same(x) * 2",
    "named_lambda": "f = lambda t: t * 2\nz = f(x)",
    "inline_lambda": "z = (lambda t: t + 1)(x)",
    "lambda_in_map": "z = list(map(lambda t: t * 2, [x]))[0]",
    "nested_function": "def inner(t):\n    return t * 2\nz = inner(x)",
    "tuple_unpacking": "a, b = x, x\nz = a - b",
    "container": "g = {'k': x}\nz = g['k'] * 2",
    "comprehension": "z = [t * 2 for t in (x,)][0]",
    "rows_of_a_comprehension": "rows = [r for r in x]\nz = rows[0] * 2",
    "transpose_view": "z = x.T * 2",
    "data_attribute": "z = x.data * 2",
    "conditional": "w = x if True else None\nz = w * 2",
    "class_method": "f = torch.Tensor.softmax\nz = f(x, -1)",
    "method_reference": "f = x.softmax\nz = f(-1)",
    "getattr_reference": "f = getattr(x, 'exp')\nz = f()",
    "float_of_an_element": "z = torch.empty_like(x)\nv = float(x[0, 0])",
    "builtin_abs": "z = abs(x)",
    "math_of_an_element": "z = torch.empty_like(x)\nz[0, 0] = math.exp(x[0, 0])",
    "rebound_on_one_branch": "if x is None:\n    x = 0\nz = x * 1",
    "subscript_in_a_tuple_target": "a, x[0] = 1, 2\nz = x * 1",
    # type(x) used as more than a name to show or compare still hands out the tensor's class (session 34 kept these)
    "class_of_a_tensor_computes": "z = type(x).exp(x)",
    "class_held_then_used": "c = type(x)\nz = c.exp(x)",
    "dunder_class_computes": "z = x.__class__.exp(x)",
    "clone_then_computes": "z = x.clone() * 2",
    # a lambda's defaults are read where it is made: called in place, it hands them back (red team, session 52)
    "called_lambda_default": "a = (lambda p=x: p)()\nz = a * 2",
    "called_lambda_keyword_only_default": "a = (lambda *, p=x: p)()\nz = a * 2",
    "lambda_default_in_a_list": "a = [lambda p=x: p][0]()\nz = a * 2",
    "lambda_default_holds_a_lambda": "a = (lambda f=(lambda: x): f())()\nz = a * 2",
    "lambda_default_made_by_a_def": "def mk():\n    return lambda t=x: t\nz = mk()() * 2",
    "def_default_is_a_lambda_default": "def f(g=lambda p=x: p):\n    return g()\nz = f() * 2",
    "lambda_defaults_unpacked": "a, b = (lambda p=x, q=x: (p, q))()\nz = a - b",
}

ALLOWED = {
    "sizes": "rows, cols = x.shape\nz = torch.empty_like(x)\nblock = max(16, triton.next_power_of_2(cols)) * 2",
    "helper_on_sizes": "z = torch.empty((_cdiv(x.shape[0], 4) * 4, x.shape[1]), device=x.device)",
    "checks": "assert x.dim() == 2 and x.dtype == torch.float32 and x.is_contiguous() and x.is_cuda is not None\nz = x",
    "grid_lambda": "grid = lambda meta: (_cdiv(x.shape[0], meta['ROWS']) * 1,)\nz = x",
    "strides": "z = x.contiguous()\nstep = z.stride(0) * z.element_size() + len(z)",
    "loop_over_tensors": "for t in (x,):\n    assert t.is_contiguous()\nz = x",
    "zero_fill": "z = torch.empty_like(x)\nz[:] = 0",
    # facts about a tensor and a copy of it, named as the rules allow (false failures until session 34)
    "torch_facts": "if not torch.is_tensor(x) or x.is_sparse or x.is_meta or torch.numel(x) == 0:\n    raise TypeError('x')\n"
                   "assert torch.is_floating_point(x) and not x.is_complex() and not torch.is_complex(x)\nz = x",
    "class_named_in_a_message": "assert x.dim() == 2, f'{type(x).__name__} {x.__class__.__name__} {type(x)}'\nz = x",
    "private_copy": "z = x.clone(memory_format=torch.contiguous_format)\nw = torch.clone(z)",
    "lambda_with_a_number_default": "block = (lambda b=x.shape[1]: max(16, triton.next_power_of_2(b)))() * 2\nz = x",
}


@pytest.mark.parametrize("body", list(CHEATS.values()), ids=list(CHEATS))
def test_audit_refuses_computing_with_a_tensor_outside_a_kernel(body):
    findings = audit(wrapper(body), TRITON, "softmax")
    assert findings, "passed the audit"
    assert any(("tensor" in f.text or "torch.Tensor" in f.text) for f in findings), [str(f) for f in findings]


@pytest.mark.parametrize("body", list(ALLOWED.values()), ids=list(ALLOWED))
def test_audit_allows_size_arithmetic_and_launching(body):
    assert audit(wrapper(body), TRITON, "softmax") == []


def test_audit_knows_the_entrys_parameters_only_from_the_entry():
    """A helper's own integer parameter named like the entry's tensor is not a tensor."""
    source = wrapper("z = x") + "\n\ndef _rows(x):\n    return x + 1\n\n\nR = _rows(3)\n"
    assert audit(source, TRITON, "softmax") == []


def test_audit_refuses_a_port_that_takes_numpy_off_a_tensor():
    """The port's banned methods count when referenced too: f = x.numpy; f() is x.numpy()."""
    source = "import torch\n\n\ndef forward(x):\n    to_array = x.numpy\n    return torch.tensor(to_array() * 2)\n"
    assert any(".numpy" in f.text for f in audit(source, PORT))
    assert audit("import torch\n\n\ndef forward(x):\n    return x * 2\n", PORT) == []


ENTRY_FORMS = {
    "lambda": "softmax = lambda x: _finish(x * 1)\n",
    "alias": "def _impl(x):\n    return _finish(x * 1)\n\n\nsoftmax = _impl\n",
    "instance": "class _Softmax:\n    def __call__(self, x):\n        return _finish(x * 1)\n\n\nsoftmax = _Softmax()\n",
}


@pytest.mark.parametrize("form", list(ENTRY_FORMS.values()), ids=list(ENTRY_FORMS))
def test_audit_follows_the_entry_however_it_is_bound(form):
    """softmax bound to a lambda, an alias or an instance still receives tensors: x * 1 there is refused."""
    source = HEAD + "\ndef _finish(z):\n    y = torch.empty_like(z)\n    _copy[(1,)](z, y, z.numel(), BLOCK=1024)\n" \
                    "    return y\n\n\n" + form
    findings = audit(source, TRITON, "softmax")
    assert any("computes with a tensor" in f.text for f in findings), [str(f) for f in findings]
    clean = form.replace("x * 1", "x")
    assert audit(HEAD + "\ndef _finish(z):\n    return z\n\n\n" + clean, TRITON, "softmax") == []


def test_audit_refuses_an_entry_it_cannot_follow():
    source = HEAD + "\nimport functools\nsoftmax = functools.lru_cache(None)\n"
    assert any("cannot follow" in f.text for f in audit(source, TRITON, "softmax"))


def test_audit_follows_a_long_chain_of_helpers():
    """However many helpers the tensor passes through, defined in any order, the last one's arithmetic counts."""
    chain = "".join(f"def _h{i}(t):\n    return _h{i + 1}(t)\n\n\n" for i in range(20)) + "def _h20(t):\n    return t * 2\n"
    findings = audit(wrapper("z = _h0(x)") + "\n\n" + chain, TRITON, "softmax")
    assert any("computes with a tensor" in f.text for f in findings)


# ---- names the audit trusts, and what Python runs that the text does not show (the red team of 2026-11-27) ----

KERNEL = '''import math
import functools
import typing
import torch
import triton
import triton.language as tl
from triton import jit

BLOCK = 1024
HALF = tl.constexpr(BLOCK // 2)
DTYPE = tl.float32


@triton.jit
def _twice(v):
    return v * 2


def _python(v):
    return v


@triton.jit
def _copy(x_ptr, y_ptr, n, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    v = tl.load(x_ptr + offs, mask=offs < n)
    {kernel}
    tl.store(y_ptr + offs, v.to(DTYPE), mask=offs < n)


def softmax(x):
    {wrapper}
    y = torch.empty_like(x)
    _copy[(triton.cdiv(x.numel(), BLOCK),)](x, y, x.numel(), B=BLOCK)
    return y
'''


def kernel_file(kernel: str = "v = _twice(v) + HALF", wrapper: str = "pass") -> str:
    return KERNEL.format(kernel=kernel, wrapper=wrapper)


def test_kernel_file_of_these_tests_passes():
    assert audit(kernel_file(), TRITON, "softmax") == []
    assert audit(kernel_file("v = v + min(HALF, 3) + math.pi"), TRITON, "softmax") == []


@pytest.mark.parametrize("kernel, words", [
    ("v = torch.softmax(v, 0)", "uses torch.softmax inside a @triton.jit kernel"),
    ("v.handle.data[:] = 0", "uses .handle inside a @triton.jit kernel"),
    ("v = _python(v)", "uses _python inside a @triton.jit kernel"),
    ("v = v._private", "uses ._private inside a @triton.jit kernel"),
    ("v = softmax(v)", "uses softmax inside a @triton.jit kernel"),
])
def test_a_kernel_body_is_audited_because_the_interpreter_runs_it_as_python(kernel, words):
    assert any(words in f.text for f in audit(kernel_file(kernel), TRITON, "softmax"))


@pytest.mark.parametrize("kernel, words", [
    ("v = v + BLOCK", "reads the module-level BLOCK inside a @triton.jit kernel"),  # a plain number
    ("for i in range(2):\n        if i == 1:\n            break", "uses break inside a @triton.jit kernel"),
    ("for i in range(2):\n        if i == 1:\n            continue", "uses continue inside a @triton.jit kernel"),
    ("for i in range(2):\n        if i == 1:\n            return", "returns from inside a loop"),
    ("i = 0\n    while i < 2:\n        i += 1\n    else:\n        v = v * 1", "an else after a while loop"),
    ("for i in range(2):\n        v = v * 1\n    else:\n        v = v * 1", "an else after a for loop"),
])
def test_what_the_gpu_compiler_refuses_in_a_kernel_is_refused_on_the_cpu_too(kernel, words):
    """Triton's interpreter runs these as Python; Triton 3.6's GPU compiler refuses each ("Cannot access global
    variable", "unsupported AST node type: Break", ...). Full marks on the CPU went to kernels the GPU refused, and
    `break` at a loaded value made a Python number that indexed a tuple of constants (red team, session 55)."""
    assert any(words in f.text for f in audit(kernel_file(kernel), TRITON, "softmax")), kernel


def test_a_kernel_reads_tl_constexpr_globals_and_returns_outside_its_loops():
    text = kernel_file("v = v + TWICE + NEG + HALF\n    if v is None:\n        return").replace(
        "DTYPE = tl.float32\n", "DTYPE = tl.float32\nTWICE = tl.constexpr(2) * 3\nNEG = -tl.constexpr(1.0)\n")
    assert audit(text, TRITON, "softmax") == []
    annotated = kernel_file("v = v + ANNOTATED").replace("DTYPE = tl.float32\n",
                                                         "DTYPE = tl.float32\nANNOTATED: tl.constexpr = 2\n")
    assert any("reads the module-level ANNOTATED" in f.text for f in audit(annotated, TRITON, "softmax"))


@pytest.mark.parametrize("wrapper, words", [
    ("jit = functools.cache", "rebinds jit"),
    ("triton.jit = functools.cache", "assigns to triton.jit"),
    ("tl = torch", "rebinds tl"),
    ("for functools in (torch,): pass", "rebinds functools"),
    ("global math", "rebinds math"),
    ("try:\n        pass\n    except Exception as typing:\n        pass", "rebinds typing"),
    ("_copy[(1,)](x, x, torch)", "uses the module torch as a value"),
    ("h = typing.get_type_hints(softmax)", "uses typing.get_type_hints"),
])
def test_a_name_the_audit_trusts_keeps_its_meaning(wrapper, words):
    assert any(words in f.text for f in audit(kernel_file(wrapper=wrapper), TRITON, "softmax")), wrapper


def test_a_parameter_named_like_a_module_is_refused():
    text = kernel_file().replace("def softmax(x):", "def softmax(x, functools=torch):")
    assert any("rebinds functools (a parameter)" in f.text for f in audit(text, TRITON, "softmax"))


def test_a_module_imported_under_two_names_or_two_modules_under_one():
    text = "import torch as tl\n" + kernel_file()
    assert any("imports two different things as tl" in f.text for f in audit(text, TRITON, "softmax"))


def test_annotations_are_audited_they_run_when_the_def_runs():
    text = kernel_file().replace("def _python(v):", "def _python(v: print(torch.softmax)):")
    assert any("calls a function in an annotation" in f.text for f in audit(text, TRITON, "softmax"))
    postponed = "from __future__ import annotations\n" + kernel_file().replace(
        "def _python(v):", "def _python(v: torch.FloatTensor) -> torch.FloatTensor:")
    assert audit(postponed, TRITON, "softmax") == []  # text only: never run


def test_the_audit_reads_the_file_as_python_decodes_it():
    hidden = b"# -*- coding: unicode_escape -*-\n" + kernel_file().encode() + b"# \\u000az = torch.softmax\n"
    assert any("source encoding as unicode_escape" in f.text for f in audit(hidden, TRITON, "softmax"))
    assert audit(b"# -*- coding: ascii -*-\n" + kernel_file().encode(), TRITON, "softmax") == []  # decodes the same
    assert any("not valid UTF-8" in f.text for f in audit(kernel_file().encode() + b"\n# \xff\n", TRITON, "softmax"))
    assert audit(b"# -*- coding: utf-8 -*-\n" + kernel_file().encode(), TRITON, "softmax") == []
    assert audit(b"\xef\xbb\xbf" + kernel_file().encode(), TRITON, "softmax") == []


@pytest.mark.parametrize("terms, words", [(1000, "levels deep"), (60000, "nested too deeply for Python's parser")])
def test_a_very_long_expression_is_a_finding_not_a_crash(terms, words):
    text = "import torch\nz = " + "+".join(["1"] * terms) + "\n"
    for rules in (PORT, TRITON):
        assert any(words in f.text for f in audit(text.encode(), rules, "softmax" if rules is TRITON else None))


def test_the_port_may_not_use_inspect_any_more():
    assert any("imports inspect" in f.text for f in audit("import inspect\nimport torch\n", PORT))


NANOGPT_TEST = "'fused' in inspect.signature(torch.optim.AdamW).parameters"


@pytest.mark.parametrize("source", [
    f"import inspect\nimport torch\nFUSED = {NANOGPT_TEST}\n",
    f"import inspect\nimport torch\n\n\ndef opt(m):\n    if {NANOGPT_TEST.replace(' in ', ' not in ')}:\n        return 1\n"
    f"    return {NANOGPT_TEST}\n",
    "import inspect\nfrom torch import optim\nimport torch.nn as nn\n"
    "F = 'fused' in inspect.signature(optim.AdamW).parameters and 'bias' in inspect.signature(nn.Linear).parameters\n",
])
def test_the_port_may_ask_whether_a_function_takes_a_keyword(source):
    """nanoGPT's configure_optimizers asks inspect.signature(torch.optim.AdamW) whether it takes fused=: a bool, the
    one use of inspect a port may make (session 20)."""
    assert audit(source, PORT) == []
    assert audit(source, TRITON, "softmax")  # the Triton file's rules are unchanged


@pytest.mark.parametrize("source, words", [
    (f"import inspect as i\nimport torch\nF = {NANOGPT_TEST.replace('inspect.', 'i.')}\n", "imports inspect"),
    (f"import inspect\nimport torch\nF = {NANOGPT_TEST}\ng = inspect.getattr_static\n", "imports inspect"),
    ("import inspect\nimport torch\nd = inspect.signature(torch.nn.Module.register_buffer).parameters['persistent']"
     ".default\n", "imports inspect"),
    (f"import inspect\nimport torch\n\n\ndef f(inspect):\n    return {NANOGPT_TEST}\n", "imports inspect"),
    (f"import inspect\nimport inspect\nimport torch\nF = {NANOGPT_TEST}\n", "imports inspect"),
    (f"from inspect import signature\nimport torch\nF = {NANOGPT_TEST.replace('inspect.', '')}\n", "imports from"),
    ("import inspect\nimport torch\nk = 'fused'\nF = k in inspect.signature(torch.optim.AdamW).parameters\n",
     "imports inspect"),
    (f"import torch\n\n\ndef f():\n    import inspect\n    return {NANOGPT_TEST}\n", "imports inspect"),
    (f"import inspect\nimport torch\nF = {NANOGPT_TEST}\nx = torch.nn.inspect\n", "imports inspect"),
    ("import inspect\nimport torch\nF = 'x' in inspect.signature(torch.load).parameters\n", "uses torch.load"),
    (f"import inspect\nimport torch\nF = {NANOGPT_TEST}\ninspect = None\n", "imports inspect"),
    # a class of the file's own: inspect evaluates the defaults of a docstring's text signature against sys.modules,
    # and an OverflowError told NumPy's MAXDIMS by bisection (red team, session 20)
    ('import inspect\nimport torch\n\n\nclass Probe:\n    """Probe(a=numpy._core.multiarray.MAXDIMS - Probe.t)\n--\n\n"""\n'
     "    t = 0\n\n\nF = 'a' in inspect.signature(Probe).parameters\n", "imports inspect"),
    ("import inspect\nimport torch\n\n\nclass A(torch.optim.AdamW):\n    pass\n\n\n"
     "F = 'fused' in inspect.signature(A).parameters\n", "imports inspect"),
    ("import inspect\nimport torch\nF = 'fused' in inspect.signature(torch.optim.AdamW()).parameters\n",
     "imports inspect"),
    ("import inspect\nimport math\nimport torch\nF = 'x' in inspect.signature(math.exp).parameters\n",
     "imports inspect"),
])
def test_inspect_stays_refused_for_anything_else(source, words):
    found = audit(source, PORT)
    assert any(words in f.text for f in found), found


def test_a_kernel_may_read_module_constants_made_of_numbers():
    """As tl.constexpr objects: Triton 3.6's GPU compiler refuses a plain number there (session 55; this test had
    allowed NEG = -float('inf'), which the interpreter runs and the GPU does not)."""
    text = kernel_file("v = v + NEG + LOG + SQ").replace(
        "DTYPE = tl.float32\n", "DTYPE = tl.float32\nNEG = tl.constexpr(-float('inf'))\n"
        "LOG = tl.constexpr(math.log2(1024))\nSQ = tl.constexpr(HALF * 2)\n")
    assert audit(text, TRITON, "softmax") == []
    plain = kernel_file("v = v + NEG").replace("DTYPE = tl.float32\n", "DTYPE = tl.float32\nNEG = -float('inf')\n")
    assert any("reads the module-level NEG" in f.text for f in audit(plain, TRITON, "softmax"))
    wrapped = kernel_file("v = v + WRAPPED").replace("DTYPE = tl.float32\n", "DTYPE = tl.float32\nWRAPPED = torch.ones(1)\n")
    assert any("uses WRAPPED inside a @triton.jit kernel" in f.text for f in audit(wrapped, TRITON, "softmax"))


HOOKED = '''import torch
import triton
import triton.language as tl


def _hook(nargs):
    {hook}


@triton.autotune(configs=[triton.Config({{"B": 1024}})], key=["n"], pre_hook=_hook)
@triton.heuristics({{"EVEN": lambda args: args["n"] % args["B"] == 0}})
@triton.jit
def _k(x_ptr, y_ptr, n, B: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


def softmax(x):
    y = torch.empty_like(x)
    _k[lambda META: (triton.cdiv(x.numel(), META["B"]),)](x, y, x.numel())
    return y
'''


@pytest.mark.parametrize("hook", [
    'x, y = nargs["x_ptr"], nargs["y_ptr"]\n    t = 1 + x / 1048576\n    y[:] = t * t',
    'nargs["y_ptr"][:] = nargs["x_ptr"] * 2',
    'for v in nargs.values():\n        v += 1',
    'k = "x_ptr"\n    nargs[k] -= 1',
])
def test_tensors_reach_the_hooks_triton_calls_with_a_kernels_arguments(hook):
    """autotune's pre_hook gets the kernel's arguments, tensors among them: computing with them there is computing
    outside a kernel. The heuristics and the grid, reading sizes, stay allowed."""
    assert audit(HOOKED.format(hook="return None"), TRITON, "softmax") == []
    assert any("computes with a tensor outside a kernel" in f.text
               for f in audit(HOOKED.format(hook=hook), TRITON, "softmax")), hook


# ---- the red team of round 4: tensors that outlive a function, unpacked arguments, text, annotations, entry binding,
# ---- and a chain of helpers that made the audit quadratic

def with_helpers(helpers: str, body: str) -> str:
    return wrapper(body) + "\n\n" + helpers


LAUNDERED = {
    "module_list": ("_BOX = []\n\n\ndef _read():\n    return _BOX[0] * 2\n", "_BOX.append(x)\nz = _read()"),
    "class_attribute": ("class Holder:\n    values = []\n\n\ndef _read():\n    return Holder.values[0] * 2\n",
                        "Holder.values.append(x)\nz = _read()"),
    "closure": ("", "box = []\ndef put(t):\n    box.append(t)\nput(x)\nz = box[0] * 2"),
    "stored_through_a_parameter": ("def _put(box, t):\n    box.append(t)\n", "box = []\n_put(box, x)\nz = box[0] * 2"),
    "exception_args": ("class Carry(Exception):\n    pass\n",
                       "try:\n    raise Carry(x)\nexcept Carry as e:\n    w, = e.args\nz = w * 2"),
    "assert_message": ("", "try:\n    assert False, x\nexcept AssertionError as e:\n    w = e\nz = w * 2"),
    "double_star_mapping": ("def _twice(x, y):\n    return x * 2\n", "z = _twice(**{'x': x, 'y': 1})"),
    "star_args_parameter": ("def _first(*ts):\n    return ts[0] * 2\n", "z = _first(x)"),
    "star_star_kwargs_parameter": ("def _named(**ts):\n    return ts['t'] * 2\n", "z = _named(t=x)"),
    "function_held_in_a_dict": ("def _mul(a, b):\n    return a * b\n\n\nOPS = {'mul': _mul}\n", "z = OPS['mul'](x, 2)"),
    "lambda_held_in_a_dict": ("OPS = {'mul': lambda a, b: a * b}\n", "z = OPS['mul'](x, 2)"),
    "decorator_swaps_a_helper": ("def _impl(t):\n    return t * 2\n\n\ndef _swap(f):\n    return _impl\n\n\n@_swap\n"
                                 "def _honest(t):\n    return t\n", "z = _honest(x)"),
}


@pytest.mark.parametrize("helpers, body", list(LAUNDERED.values()), ids=list(LAUNDERED))
def test_tensors_are_followed_where_they_outlive_the_function_or_are_unpacked(helpers, body):
    """A tensor stored in a module-level or class-level object, a closure's or a caller's object, an exception; passed
    as **mapping or into *args/**kwargs; a function of the file held as a value: every read of it is a tensor."""
    findings = audit(with_helpers(helpers, body), TRITON, "softmax")
    assert any("computes with a tensor" in f.text or "of a tensor" in f.text for f in findings), \
        [str(f) for f in findings]


@pytest.mark.parametrize("body, words", [
    ("z = torch.empty_like(x)\nv = float(f'{x[0, 0]}')", "turns a tensor's values into text (an f-string)"),
    ("z = x\nv = float(str(x[0, 0])[7:-1])", "passes a tensor to str()"),
    ("z = x\nv = float(repr(x[0, 0]))", "passes a tensor to repr()"),
    ("z = x\nv = float('{}'.format(x[0, 0]))", "turns a tensor's values into text (.format())"),
    ("z = x\nwarnings.warn(x[0, 0])", "passes a tensor to warnings.warn()"),
    ("z = x\nwarnings.warn(f'{x[0, 0]}')", "turns a tensor's values into text (an f-string)"),
])
def test_a_tensors_values_may_not_become_text(body, words):
    assert any(words in f.text for f in audit(wrapper(body), TRITON, "softmax")), body


STILL_ALLOWED = {
    "message_about_shapes": "assert x.dim() == 2, f'got {tuple(x.shape)} of {x.dtype} on {x.device}'\nz = x",
    "except_without_tensors": "try:\n    n = x.numel()\nexcept RuntimeError as e:\n    raise ValueError(f'bad: {e}')\nz = x",
    "module_level_buffer_cache": "z = _CACHE.setdefault(x.shape, torch.empty_like(x))",
    "grid_lambda_and_sorted_key": "grid = lambda meta: (_cdiv(x.shape[0], meta['R']),)\n"
                                  "b = sorted([4, 8], key=lambda v: -v * 2)[0]\nz = x",
}


@pytest.mark.parametrize("body", list(STILL_ALLOWED.values()), ids=list(STILL_ALLOWED))
def test_messages_caches_and_callbacks_stay_allowed(body):
    assert audit(with_helpers("_CACHE = {}\n", body), TRITON, "softmax") == []


IMPL = HEAD + "\ndef _impl(x):\n    y = torch.empty_like(x)\n    _copy[(1,)](x, y, x.numel(), BLOCK=1024)\n    return y\n\n\n"


@pytest.mark.parametrize("binding", [
    "softmax: object = _impl\n",
    "softmax, = (_impl,)\n",
    "for softmax in (_impl,):\n    pass\n",
    "[softmax := _impl]\n",
    "def softmax(x):\n    return x\n\n\nsoftmax = _impl\n",
    "def _swap(f):\n    return _impl\n\n\n@_swap\ndef softmax(x):\n    return x\n",
])
def test_the_entry_is_bound_once_by_a_def_or_a_plain_assignment(binding):
    """Bound any other way the grader calls a function whose parameters the audit never took for tensors."""
    findings = audit(IMPL + binding, TRITON, "softmax")
    assert any("binds softmax" in f.text or "decorates softmax" in f.text for f in findings), \
        [str(f) for f in findings]


def test_the_entry_may_be_cached_and_helpers_may_be_methods():
    source = IMPL + "import functools\n\n\n@functools.lru_cache(maxsize=None)\ndef _block(n):\n    return n\n\n\n" \
                    "class _Box:\n    @staticmethod\n    def size(n):\n        return n\n\n\nsoftmax = _impl\n"
    assert audit(source, TRITON, "softmax") == []


@pytest.mark.parametrize("annotation, words", [
    ("(mm := torch.Tensor.matmul)", "computes in an annotation (NamedExpr)"),
    ("torch.Tensor.matmul", "uses torch.Tensor.matmul"),
    ("[t for t in ()]", "computes in an annotation (ListComp)"),
])
def test_an_annotation_that_runs_may_only_name_types(annotation, words):
    text = kernel_file().replace("def _python(v):", f"def _python(v: {annotation}):")
    assert any(words in f.text for f in audit(text, TRITON, "softmax")), annotation
    named = kernel_file().replace("def _python(v):", "def _python(v: torch.FloatTensor | None, n: 'int' = 0, "
                                                     "m: typing.Optional[list[int]] = None) -> torch.Tensor:")
    assert audit(named, TRITON, "softmax") == []


@pytest.mark.slow  # 8-11 s on the 2-core machine: in make test, not test-fast (decision 242)
def test_a_long_chain_of_helpers_is_a_finding_in_seconds_not_minutes():
    """Each helper hands the tensor back to the one defined before it: one more pass per helper, 877 s for 2500 of
    them before the passes were bounded. Now: a finding that says so, in bounded time."""
    import time

    def chain(n):
        return "".join(f"def _h{i}(t):\n    return _h{i + 1}(t)\n\n\n" for i in range(n)) + f"def _h{n}(t):\n    return t\n"

    start = time.monotonic()
    findings = audit(wrapper("z = _h0(x)") + "\n\n" + chain(2500), TRITON, "softmax")
    assert time.monotonic() - start < 60
    # (since session 78 the audit's budget of steps ends it before its passes do)
    assert any("steps to read" in f.text for f in findings), findings
    findings = audit(wrapper("z = _h0(x)") + "\n\n" + chain(40), TRITON, "softmax")
    assert any("more levels of its own functions than the audit follows" in f.text for f in findings), findings


def test_what_the_audit_reads_is_bounded():
    """A 1 MB file of 190-attribute chains took the audit 9 min 44 s (red team, session 12): chains over MAX_CHAIN
    attributes, and files over MAX_NODES nodes, are refused before any pass."""
    import time

    from grader.audit.python_ast import MAX_CHAIN, MAX_NODES, TRITON, audit

    start = time.monotonic()
    chain = "import torch\ndef softmax(x):\n    return x" + ".T" * (MAX_CHAIN + 1) + "\n"
    assert "attributes in one expression" in str(audit(chain, TRITON, "softmax")[0])
    big = "import torch\ndef softmax(x):\n" + "    y = x.T\n" * (MAX_NODES // 4) + "    return y\n"
    assert "syntax-tree nodes" in str(audit(big, TRITON, "softmax")[0])
    assert time.monotonic() - start < 10


@pytest.mark.parametrize("rules, source", [  # the helper's reproducers, each of which passed the audit before
    ("TRITON", "import torch\n_sm = (torch.cuda,)[0].torch.softmax\ndef softmax(x):\n    return _sm(x, -1)\n"),
    ("PORT", "import torch\nxp = (torch.nn.functional,)[0].np\n_erf = xp.frompyfunc(abs, 1, 1)\n"),
    ("TRITON", "import torch\n_sleep = (torch.cuda,)[0].time.sleep\ndef softmax(x):\n    _sleep(8)\n    return x\n"),
    ("TRITON", "import torch\nimport triton.language as tl\ndef softmax(x):\n    box = tl.constexpr(x)\n"
               "    rows_softmax = box.value.softmax\n    return rows_softmax(-1)\n"),
])
def test_modules_reached_from_any_expression_and_tensors_through_triton_calls_are_refused(rules, source):
    """Red team (session 12): a chain whose base is not a plain name was judged by its last attribute only, so
    (torch.cuda,)[0].torch reached torch; tl.constexpr(x) handed x back unseen."""
    from grader.audit import python_ast

    ruleset = getattr(python_ast, rules)
    assert python_ast.audit(source, ruleset, "softmax" if rules == "TRITON" else None), source


@pytest.mark.parametrize("call", [  # red team, session 13: each passed the audit before
    "(lambda t: t)(x)",
    "[lambda t: t][0](x)",
    "_IDS[0](x)",
    "(lambda: (lambda t: t))()(x)",
    "(_id if len(x.shape) else _id)(x)",
    "(lambda: x)()",
])
def test_a_tensor_through_any_callee_is_still_a_tensor(call):
    """A call whose callee is not a plain name or attribute (a lambda, a subscript, a call, a conditional) was taken
    to return no tensor, so `y = (lambda t: t)(x); f = y.softmax; f(-1)` ran torch's softmax outside any kernel and
    passed 03.triton.method and 03.triton.interpreter (red team, session 13)."""
    from grader.audit.python_ast import TRITON, audit

    source = ("import torch\n\ndef _id(t):\n    return t\n\n_IDS = (_id,)\n\n"
              f"def softmax(x):\n    y = {call}\n    f = y.softmax\n    return f(-1)\n")
    findings = audit(source, TRITON, "softmax")
    assert any(".softmax of a tensor" in f.text for f in findings), (source, findings)


@pytest.mark.parametrize("body", [  # red team, session 13 (second helper): each passed the audit before
    "    y = [x for _ in range(1)][0]\n    f = y.softmax\n    return f(-1)\n",
    "    y = {0: x for _ in range(1)}[0]\n    f = y.softmax\n    return f(-1)\n",
    "    y = next(x for _ in range(1))\n    f = y.softmax\n    return f(-1)\n",
    "    y = next(iter(lambda: x, None))\n    f = y.softmax\n    return f(-1)\n",
    "    return _Rows().get(x)\n",
    "    return _Held(x).get()\n",
])
def test_tensors_through_comprehensions_lambdas_and_methods_stay_tensors(body):
    """A comprehension's element, a lambda's body and a method's parameters (reached through an object the audit
    does not follow: obj.get(x), Cls(x)) may all hold the entry's tensor."""
    from grader.audit.python_ast import TRITON, audit

    classes = ("class _Rows:\n    def get(self, t):\n        f = t.softmax\n        return f(-1)\n\n\n"
               "class _Held:\n    def __init__(self, t):\n        self.t = t\n\n    def get(self):\n"
               "        f = self.t.softmax\n        return f(-1)\n\n\n")
    source = "import torch\n\n\n" + classes + "def softmax(x):\n" + body
    findings = audit(source, TRITON, "softmax")
    assert any(".softmax of a tensor" in f.text for f in findings), (body, [str(f) for f in findings])
    # the names a comprehension or lambda binds are its own: x there is not the entry's tensor
    clean = "import torch\n\n\ndef softmax(x):\n    n = [x for x in range(3)]\n    g = lambda x: x + 1\n" \
            "    return torch.empty_like(x) if n and g(1) else x\n"
    assert audit(clean, TRITON, "softmax") == []


# What a chain reaches is judged on the real objects, not by its names (red team, session 16)
@pytest.mark.parametrize("rules, source, words", [
    (TRITON, "import torch\nmp = torch.cuda.tunable.mp\n", "reaches multiprocessing through torch.cuda.tunable.mp"),
    (PORT, "import torch\ntorch.cuda.tunable.write_file('x')\n", "uses torch.cuda.tunable"),
    (PORT, "import torch\nx = torch.zeros(1).untyped_storage().from_file('/etc/passwd', False, 4)\n", "from_file"),
    (PORT, "from torch.cuda.amp.common import find_spec\n", "which is importlib.util's"),
    (PORT, "import torch\nx = torch.xpu.cast\n", "uses torch.xpu"),
    (PORT, "import torch\nx = torch.optim.swa_utils.deepcopy\n", "reaches copy through"),
    (PORT, "import torch\nx = torch.export.pytree.enum_object_hook\n", "uses torch.export"),
    (PORT, "import torch\nx = torch.functools.singledispatch\n", "functools.singledispatch"),
    (PORT, "import torch\nm = torch.nn\n", "uses the module torch.nn as a value"),
    (PORT, "import logging\nlogging.basicConfig(filename='x')\n", "basicConfig"),
    (PORT, "import logging.config\n", "imports logging.config"),
    (PORT, "from __future__ import annotations\nclass H:\n    n: __import__('numpy')\n", "in an annotation"),
    (PORT, "def f(x: 'eval(1)'):\n    return x\n", "in an annotation"),
    (TRITON, "import torch\ncuda = torch.cuda\n", "uses the module torch.cuda as a value"),
    (TRITON, "import triton.language as tl\ntl.str_to_ty('x')\n", "no operation of Triton's language"),
    (TRITON, "from triton.language import str_to_ty\n", "no operation of Triton's language"),
    (TRITON, "import triton\ntriton.knobs.setenv('a', 'b')\n", "uses triton.knobs.setenv"),
    (TRITON, "from triton.knobs import env_class\n", "imports triton.knobs.env_class"),
    (TRITON, "import triton\nx = triton.runtime.build.compile_module_from_src\n", "uses triton.runtime.build"),
])
def test_a_chain_is_judged_by_what_it_reaches(rules, source, words):
    assert any(words in f.text for f in audit(source, rules)), audit(source, rules)


@pytest.mark.parametrize("rules, source", [
    (PORT, "from collections import OrderedDict\nimport torch.nn as nn\nm = nn.Sequential(OrderedDict([('a', "
           "nn.GELU())]))\n"),
    (PORT, "import logging, warnings, itertools, enum, abc\nlog = logging.getLogger(__name__)\nwarnings.warn('x')\n"
           "class K(enum.Enum):\n    A = 1\n"),
    (PORT, "import torch\nimport torch.nn.functional as F\nflash = hasattr(torch.nn.functional, 'scaled_dot_product_"
           "attention')\nalso = hasattr(F, 'gelu')\n"),
    (PORT, "import torch\nfrom typing import Optional\ndef f(x: 'Optional[torch.Tensor]' = None) -> 'int':\n"
           "    return 1\n"),
    (PORT, "import torch\nx = torch.nn.init.normal_\ny = torch.optim.AdamW\nz = torch.backends.cuda.matmul\n"),
    (TRITON, "from triton.runtime import driver\ndef props(x):\n    return driver.active.utils.get_device_properties(0)\n"),
    (TRITON, "import triton\nif triton.knobs.runtime.interpret:\n    pass\n"),
    (TRITON, "import triton.language as tl\nfrom triton.language.extra import libdevice\nDT = tl.float32\n"
             "B = tl.constexpr(4)\nf = libdevice.exp\n"),
])
def test_what_lab_files_use_of_torch_triton_and_python_still_passes(rules, source):
    assert audit(source, rules) == []


C_MODULE = r"""
#include <Python.h>
static PyObject* props(PyObject* self, PyObject* args) { return PyLong_FromLong(7); }
static PyMethodDef M[] = {{"get_device_properties", props, METH_VARARGS, ""}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef D = {PyModuleDef_HEAD_INIT, "NAME", NULL, -1, M};
PyMODINIT_FUNC PyInit_NAME(void) { return PyModule_Create(&D); }
"""


def test_a_module_triton_compiled_into_its_cache_is_triton(tmp_path, monkeypatch):
    """On a GPU machine triton.runtime.driver.active.utils.get_device_properties is a function of cuda_utils, a C
    module Triton compiles into its cache and loads (and Python registers under that name): the walk refused the
    official tutorial there twice (session 16's GPU runs). Built here the same way, by Triton's own builder."""
    import shutil
    import types

    from grader.audit import python_ast
    from triton import knobs
    from triton.runtime.build import compile_module_from_src

    if shutil.which("gcc") is None:
        pytest.skip("no C compiler to build a module as Triton does")
    monkeypatch.setattr(knobs.cache, "dir", str(tmp_path / "cache"))
    try:
        module = compile_module_from_src(C_MODULE.replace("NAME", "cuda_utils_s16"), "cuda_utils_s16")
    except Exception as exc:  # noqa: BLE001 - no Python headers here
        pytest.skip(f"cannot build a C module here: {exc}")
    roots = frozenset({"torch", "triton", "math", "functools", "typing"})
    assert python_ast._home(module.get_device_properties) == "triton.compiled"
    assert python_ast._foreign(module.get_device_properties, roots) is None
    monkeypatch.setattr(knobs.cache, "dir", str(tmp_path / "another"))  # the same module, not in Triton's cache
    assert python_ast._foreign(module.get_device_properties, roots) == "cuda_utils_s16"
    assert not python_ast._triton_compiled(types.ModuleType("x"))


def test_the_port_uses_torch_cuda_for_its_device_only():
    """Red team, session 19: torch.overrides handed out torch.load and Tensor.numpy as values (a pickle ran exec),
    torch.cuda.gds.GdsFile opened (and emptied) any file by name, and CUDAPluggableAllocator loads a shared library.
    Of torch.cuda a port uses its device, streams, seeds, memory figures, autocast and NVTX; everything else of it,
    and torch.overrides, is refused, by the module it comes from whatever name reaches it."""
    allowed = ["torch.cuda.is_available()", "torch.cuda.device_count()", "torch.cuda.current_device()",
               "torch.cuda.get_device_properties(0)", "torch.cuda.get_device_name(0)", "torch.cuda.synchronize()",
               "torch.cuda.manual_seed_all(1)", "torch.cuda.Event(enable_timing=True)", "torch.cuda.Stream()",
               "torch.cuda.memory_allocated()", "torch.cuda.max_memory_allocated()", "torch.cuda.empty_cache()",
               "torch.cuda.amp.autocast()", "torch.cuda.nvtx.range_push('step')", "torch.cuda.is_bf16_supported()"]
    refused = {"torch.overrides.get_ignored_functions()": "torch.overrides",
               "torch.overrides.get_testing_overrides()": "torch.overrides",
               "torch.cuda.gds.GdsFile('x', 577)": "torch.cuda.gds", "torch.cuda.CUDAGraph()": "torch.cuda.graphs",
               "torch.cuda.graph": "torch.cuda.graphs", "torch.cuda.jiterator": "torch.cuda.jiterator",
               "torch.cuda.cudart()": "cudart", "torch.cuda.CUDAPluggableAllocator('x.so', 'a', 'b')": "Pluggable",
               "torch.cuda.memory.change_current_allocator": "change_current_allocator"}
    for expr in allowed:
        assert audit(f"import torch\n\n\ndef device_facts():\n    return {expr}\n", PORT) == [], expr
    for expr, why in refused.items():
        found = audit(f"import torch\n\n\ndef device_facts():\n    return {expr}\n", PORT)
        assert any(why in f.text for f in found), (expr, [f.text for f in found])
    found = audit("from torch.cuda.gds import GdsFile\n", PORT)
    assert any("of torch.cuda a port uses the device" in f.text for f in found), [f.text for f in found]


def test_a_jit_function_is_only_launched_from_the_host():
    """Red team, session 19: a @triton.jit helper called from the wrapper is no launch: Triton's interpreter ran its
    body as Python on the tensors (tolist(), Python floats) and both CPU checks passed. On the host a kernel's name
    may only be launched, have its attributes read, decorate, be decorated or handed to a launch, or name another
    name that is launched; called, or held in a list, a dict or a lambda, it is refused, under any name."""
    head = ("import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\ndef _k(x_ptr, n, "
            "BLOCK: tl.constexpr):\n    pass\n\n\n")
    refused = ["    return _k(x)\n", "    k = _k\n    return k(x)\n", "    k = _k if x.is_contiguous() else _k\n    return k(x)\n",
               "    k: object = _k\n    return k(x)\n", "    return [_k][0](x)\n", "    return (lambda: _k)()(x)\n",
               "    table = {'k': _k}\n    return table['k'](x)\n"]
    allowed = ["    _k[(1,)](x, x.numel(), BLOCK=128)\n    return x\n",
               "    k = _k if x.is_contiguous() else _k\n    k[(1,)](x, x.numel(), BLOCK=128)\n    return x\n",
               "    _k.warmup(x, x.numel(), BLOCK=128, grid=(1,))\n    return x\n",
               "    return x.detach() if x.is_floating_point() else x\n"]
    for body in refused:
        found = audit(head + "def softmax(x):\n" + body, TRITON, "softmax")
        assert any("on the host other than to launch it" in f.text for f in found), (body, [f.text for f in found])
    for body in allowed:
        found = [f.text for f in audit(head + "def softmax(x):\n" + body, TRITON, "softmax")]
        assert not any("on the host" in t or "detach" in t or "is_floating_point" in t for t in found), (body, found)


def test_the_port_may_not_compile_nor_take_a_device_module():
    """Red team, session 19: torch.get_device_module('cuda') handed out torch.cuda as a value (NumPy, linecache and
    pickle's loads through its chains), and torch.compile's options wrote files and named a compiler to run."""
    for expr, why in {"torch.get_device_module('cuda')": "get_device_module", "torch.compile(model)": "torch.compile",
                      "model.compile()": ".compile()"}.items():
        found = audit(f"import torch\n\n\ndef fast(model):\n    return {expr}\n", PORT)
        assert any(why in f.text for f in found), (expr, [f.text for f in found])


@pytest.mark.parametrize("line, refused", [
    ("torch.backends.cuda.matmul.allow_tf32 = False", False),
    ("torch.backends.cudnn.benchmark = torch.backends.cudnn.deterministic = True", False),
    ("torch.backends.cuda.matmul.allow_tf32 = 0", True),
    ("torch.backends.cuda.matmul.something_else = False", True),
    ("torch.backends.cuda.matmul = False", True),
    ("torch.backends.cudnn.benchmark += True", True),
    ("del torch.backends.cudnn.benchmark", True),
])
def test_the_port_may_switch_torch_backends_flags_with_true_or_false(line, refused):
    """nanoGPT's train.py turns TF32 off with `torch.backends.cuda.matmul.allow_tf32 = False`; the lab page allows
    torch.backends' flags, and setting one to True or False is the one assignment into a module a port may make
    (session 20). The Triton file's rules are unchanged."""
    found = audit(f"import torch\n{line}\n", PORT)
    assert bool(found) == refused, found
    assert refused or any("assigns to" in f.text for f in audit(f"import torch\n{line}\n\n\ndef softmax(x):\n"
                                                             "    return x\n", TRITON, "softmax"))


METHOD_HEAD = HEAD + "import functools\nfrom dataclasses import dataclass\n\n\n"
PLAN = ("@dataclass(frozen=True)\nclass Plan:\n    block: int\n\n    @classmethod\n    def for_shape(cls, n_cols: int):\n"
        "        return cls(triton.next_power_of_2(n_cols))\n\n    def grid(self, n_rows):\n"
        "        return (triton.cdiv(n_rows, self.block),)\n\n    @staticmethod\n    @functools.lru_cache(maxsize=None)\n"
        "    def warps(n):\n        return 4 if n <= 2048 else 8\n\n\n")
LAUNCH = ("def softmax(x):\n    y = torch.empty_like(x)\n    plan = Plan.for_shape(x.shape[1])\n"
          "    _copy[plan.grid(x.shape[0])](x, y, x.numel(), BLOCK=plan.block, num_warps=Plan.warps(plan.block))\n"
          "    return y\n")


def test_a_wrapper_may_call_the_methods_of_its_own_launch_settings():
    """A dataclass of launch settings with a classmethod, a method and a cached staticmethod, each handed numbers:
    every parameter of a method was taken for a tensor, and any .name() call refused (session 20)."""
    assert audit(METHOD_HEAD + PLAN + LAUNCH, TRITON, "softmax") == []


@pytest.mark.parametrize("change, words", [
    # a tensor handed to a method is a tensor in it, whichever way the method is reached
    (("    plan = Plan.for_shape(x.shape[1])\n", "    plan = Plan.for_shape(x)\n"), "passes a tensor to"),
    (("plan.grid(x.shape[0])", "plan.grid(x)"), "passes a tensor to"),
    (("Plan.warps(plan.block)", "plan.warps(x)"), "computes with a tensor outside a kernel"),
    (("plan.grid(x.shape[0])", "Plan.grid(plan, x)"), "passes a tensor to"),
    (("plan.grid(x.shape[0])", "Plan.grid(x, 3)"), "passes a tensor to"),  # on self: self.block is x.block
    (("plan.grid(x.shape[0])", "plan.grid(*[x])"), "passes a tensor to"),
    # a name nothing but the file's method answers to; a method held, or named by a string, is not followed
    (("    plan = Plan.for_shape(x.shape[1])\n", "    plan = Plan.for_shape(x.shape[1])\n    g = plan.grid\n"),
     "calls .grid()"),
    (("    plan = Plan.for_shape(x.shape[1])\n", "    plan = Plan.for_shape(x.shape[1])\n    getattr(plan, 'grid')\n"),
     "calls .grid()"),
    (("    plan = Plan.for_shape(x.shape[1])\n", "    P = Plan\n    plan = P.for_shape(x.shape[1])\n"), "calls .for_shape()"),
    (("    plan = Plan.for_shape(x.shape[1])\n", "    plan = type(Plan(1)).for_shape(x.shape[1])\n"), "calls .for_shape()"),
])
def test_a_method_of_the_file_is_followed_only_where_every_call_is_read(change, words):
    findings = audit(METHOD_HEAD + PLAN + LAUNCH.replace(*change), TRITON, "softmax")
    assert any(words in f.text for f in findings), findings


@pytest.mark.parametrize("extra, use, words", [
    # a method returning what it was handed, or what its object holds, returns a tensor
    ("    def same(self, t):\n        return t\n\n", "    n = float(plan.same(x)[0, 0])\n", "passes a tensor to float"),
    ("    def keep(self, t):\n        self.t = t\n\n    def back(self):\n        return self.t\n\n",
     "    plan.keep(x)\n    n = float(plan.back()[0, 0])\n", "passes a tensor to float"),
    # a method named as a tensor's: x.sum() must stay refused even where the file defines sum
    ("    def sum(self, n):\n        return n\n\n", "    n = plan.sum(3)\n", "calls .sum()"),
    ("    def cpu(self):\n        return 1\n\n", "    n = plan.cpu()\n", "calls .cpu()"),
    # decorated by the file's own decorator: not followed
    ("    @_same\n    def span(self, n):\n        return n\n\n", "    n = plan.span(3)\n", "calls .span()"),
    # a method and a function of one name
    ("    def helper(self, n):\n        return n\n\n", "    n = plan.helper(3)\n", "calls .helper()"),
])
def test_what_a_followed_method_hands_back_is_judged(extra, use, words):
    plan = PLAN.replace("    @staticmethod\n", extra + "    @staticmethod\n", 1)
    launch = LAUNCH.replace("    return y\n", use + "    return y\n")
    helper = "def helper(n):\n    return n\n\n\n" if "helper" in extra else \
        "def _same(f):\n    return f\n\n\n" if "_same" in extra else ""
    findings = audit(METHOD_HEAD + helper + plan + launch, TRITON, "softmax")
    assert any(words in f.text for f in findings), findings


HOST_ROWS = ("        m = {me}.T[0] + 0.0\n        for c in {me}.T:\n            m = m + (c - m) * (c > m)\n"
             "        return math.e ** ({me} - m[:, None])\n")


@pytest.mark.parametrize("classes, call", [
    # the input lands on self however the method is reached unbound: through a classmethod's first parameter under
    # another name, super() in a classmethod, a nested class reached through an instance, a parameter named like the
    # class (red team, session 20)
    ("class _Plan:\n    def rows(self, unused):\n" + HOST_ROWS.format(me="self") +
     "\n    @classmethod\n    def make(klass, x):\n        return klass.rows(x, 0)\n", "_Plan.make(x)"),
    ("class _Base:\n    def rows(self, unused):\n" + HOST_ROWS.format(me="self") +
     "\n\nclass _Plan(_Base):\n    @classmethod\n    def make(cls, x):\n        return super().rows(x, 0)\n",
     "_Plan.make(x)"),
    ("class _Outer:\n    class Inner:\n        def rows(self, unused):\n" +
     HOST_ROWS.format(me="self").replace("\n        ", "\n            ").replace("        m =", "            m =", 1),
     "_Outer().Inner.rows(x, 0)"),
    ("class _Plan:\n    def rows(self, unused, t=None):\n" + HOST_ROWS.format(me="t") +
     "\n\ndef _run(_Plan, x):\n    return _Plan.rows(x, x)\n", "_run(_Plan(), x)"),
])
def test_a_tensor_handed_to_a_method_reaches_self_whichever_way_it_is_bound(classes, call):
    source = HEAD + "\n" + classes + f"\n\ndef softmax(x):\n    y = torch.empty_like(x)\n    h = {call}\n" \
        "    _copy[(1,)](h, y, x.numel(), BLOCK=1024)\n    return y\n"
    found = audit(source, TRITON, "softmax")
    assert any("computes with a tensor" in f.text for f in found), found


DIVIDE_HEAD = HEAD + "\n"
DIVIDE = "def softmax(x):\n    e = torch.empty_like(x)\n    s = torch.empty_like(x)\n" \
    "    _copy[(1,)](x, e, x.numel(), BLOCK=1024)\n    _copy[(1,)](x, s, x.numel(), BLOCK=1024)\n    return {ret}\n"


@pytest.mark.parametrize("helper, ret", [
    # a keyword naming a positional-only parameter lands in **kw (function and method alike)
    ("def _div(a=None, b=None, /, **kw):\n    return kw['a'] / kw['b']\n", "_div(a=e, b=s)"),
    ("class _Ops:\n    def ratio(self, a=None, b=None, /, **kw):\n        return kw['a'] / kw['b']\n",
     "_Ops().ratio(a=e, b=s)"),
    # a positional argument past the positional parameters lands in *args, not on a keyword-only one
    ("def _div(a, *rest, k=None):\n    return rest[0] / rest[1]\n", "_div(1, e, s)"),
    # self of a tuple's subclass built from tensors
    ("class _Pair(tuple):\n    def count(self):\n        return self[0] / self[1]\n", "_Pair((e, s)).count()"),
    # a lambda in a class body is a method the audit does not follow
    ("class _O:\n    count = lambda self, a, b: a / b\n", "_O().count(e, s)"),
    # a list a function returns as it is, filled through the call, then read by its own name
    ("_L = []\n\n\nclass _Store:\n    @staticmethod\n    def box():\n        return _L\n",
     "[_Store.box().append(e), _Store.box().append(s), _L[0] / _L[1]][-1]"),
    ("_L = []\n\n\ndef box():\n    return _L\n", "[box().append(e), box().append(s), _L[0] / _L[1]][-1]"),
])
def test_the_host_may_not_divide_through_the_files_own_callables(helper, ret):
    """The third red team of session 20: the kernel writes exp(x - max) and the sums, and the host divides."""
    found = audit(DIVIDE_HEAD + helper + "\n\n" + DIVIDE.format(ret=ret), TRITON, "softmax")
    assert any("computes with a tensor" in f.text for f in found), found


# Red team, session 22: each passed the audit before. The host computes from t (t * 1.0 is arithmetic on a tensor).
_LATER = "import torch\nimport triton\nimport triton.language as tl\nimport dataclasses\nimport typing\n\n\n"


@pytest.mark.parametrize("defs, body", [  # each binds u to the tensor by a way the audit did not follow
    ("class _Box:\n    pass\n", "    box = _Box()\n    box.shape = x\n    u = box.shape\n"),  # a data attribute's name
    ("@dataclasses.dataclass\nclass _Box:\n    dtype: object\n    shape: object\n",
     "    u = _Box(x.dtype, x).shape\n"),  # a dataclass field so named
    ("class _Box(typing.NamedTuple):\n    shape: object\n", "    u = _Box(shape=x).shape\n"),
    ("class _Box:\n    def __init__(self, t):\n        self.t = t\n\n    @property\n    def shape(self):\n"
     "        return self.t\n", "    u = _Box(x).shape\n"),  # a property so named
    ("class _Pair:\n    def __init__(self, a):\n        self.real = a\n\n    def lower(self):\n        return self.real\n",
     "    lower = 1\n    u = _Pair(x).lower()\n"),  # the file's own method named like a number's (not followed)
    ("", "    def peek():\n        return t\n    t = x\n    u = peek()\n"),  # a closure above the binding
    ("", "    t = None\n    u = 0\n    for _ in range(2):\n        if t is not None:\n            u = t + 0\n"
         "        t = x\n"),  # a loop's earlier line
    ("def _holder():\n    pass\n", "    (_holder or None).rows = x\n    u = _holder.rows\n"),  # an expression base
    ("def _keep(o):\n    return o\n\ndef _holder():\n    pass\n", "    _keep(_holder).rows = x\n    u = _holder.rows\n"),
    ("_gen = lambda t: (yield t)\n", "    u = next(_gen(x))\n"),  # a generator lambda
    # round 2: a class body's name hid the closure's tensor; a nonlocal name rebound to a number; a field shifted by
    # a ClassVar or an inherited field; a class attribute so named; a function handing x back, held as a value
    ("", "    def inner():\n        class _S:\n            x = 0\n        return x\n    u = inner()\n"),
    ("", "    def inner():\n        nonlocal x\n        if False:\n            x = 0\n        return x\n    u = inner()\n"),
    ("@dataclasses.dataclass\nclass _B:\n    N: typing.ClassVar[int] = 1\n    shape: object = None\n",
     "    u = _B(x).shape\n"),
    ("@dataclasses.dataclass\nclass _D:\n    shape: object = None\n\n\n@dataclasses.dataclass\nclass _B(_D):\n"
     "    rows: int = 0\n", "    u = _B(x, 1).shape\n"),
    ("", "    class _P:\n        shape = x\n    u = _P.shape\n"),
    ("", "    def g():\n        return x\n    u = [g][0]()\n"),
    # round 3: an inherited __init__; a kw_only dataclass base; dataclasses.replace; a comprehension's target; the
    # file's __getitem__ handed the key; its __iter__ handing out a closure's tensor; an operator method
    ("class _B:\n    def __init__(self, t):\n        v = t * 1.0\n\n\nclass _S(_B):\n    pass\n",
     "    _S(x)\n    u = 0\n"),
    ("@dataclasses.dataclass(kw_only=True)\nclass _O:\n    pad: int = 0\n\n\n@dataclasses.dataclass\n"
     "class _P(_O):\n    shape: object = None\n", "    u = _P(x).shape\n"),
    ("@dataclasses.dataclass\nclass _P:\n    shape: object = None\n",
     "    u = dataclasses.replace(_P(), shape=x).shape\n"),
    ("", "    box = [None]\n    [0 for box[0] in [x]]\n    u = box[0]\n"),
    ("class _R:\n    def __getitem__(self, key):\n        return key\n", "    u = _R()[x]\n"),
    ("", "    class _R:\n        def __iter__(self):\n            yield x\n    for u in _R():\n        pass\n"),
    ("", "    class _R:\n        def __add__(self, o):\n            return x\n    u = _R() + 0\n"),
])
def test_tensors_hidden_by_names_order_and_bases_stay_tensors(defs, body):
    from grader.audit.python_ast import TRITON, audit

    source = _LATER + defs + "\n\ndef softmax(x):\n" + body + "    y = u * 1.0\n    return y\n"
    findings = audit(source, TRITON, "softmax")
    assert any(w in f.text for f in findings for w in ("computes with a tensor", "of a tensor", "yields inside")), \
        (source, [str(f) for f in findings])


def test_a_hook_of_a_kernel_launched_by_another_name_gets_its_tensors():
    """An autotuner bound by assignment and launched by that name: its hook's nargs["src"] is the launch's tensor
    (red team, session 22); an int argument stays a number there."""
    from grader.audit.python_ast import TRITON, audit

    source = _LATER + (
        "def _prepare(nargs):\n    n = nargs['n_cols'] * 2\n    t = nargs['src']\n{use}\n\n\n"
        "@triton.jit\ndef _rows(src, dst, n_cols, BLOCK: tl.constexpr):\n    pass\n\n\n"
        "_tuned = triton.autotune(configs=[triton.Config({'BLOCK': 16}, pre_hook=_prepare)], key=['n_cols'])(_rows)\n\n\n"
        "def softmax(x):\n    y = torch.empty_like(x)\n    _tuned[(x.shape[0],)](x, y, x.shape[1])\n    return y\n")
    hostile = source.replace("{use}", "    nargs['dst'][:] = t * 1.0")
    assert any("computes with a tensor" in f.text for f in audit(hostile, TRITON, "softmax"))
    assert audit(source.replace("{use}", "    return n"), TRITON, "softmax") == []


def test_fields_and_names_that_hold_no_tensor_keep_their_numbers():
    """The controls: a config dataclass with dtype, device and shape fields given numbers, a launcher class holding the
    device, a name rebound to a tensor only after its numbers were used elsewhere in the function."""
    from grader.audit.python_ast import TRITON, audit

    source = _LATER + (
        "@dataclasses.dataclass\nclass Spec:\n    dtype: object\n    device: object\n    shape: tuple\n\n\n"
        "class Launcher:\n    def __init__(self, device):\n        self.device = device\n\n\n"
        "@triton.jit\ndef _k(y, x, n, BLOCK: tl.constexpr):\n    pass\n\n\n"
        "def softmax(x):\n    spec = Spec(x.dtype, x.device, tuple(x.shape))\n    rows, cols = spec.shape\n"
        "    run = Launcher(x.device)\n    block = triton.next_power_of_2(cols)\n"
        "    y = torch.empty(rows, cols, dtype=spec.dtype, device=run.device)\n"
        "    _k[(rows,)](y, x, cols, BLOCK=block)\n    return y\n")
    assert audit(source, TRITON, "softmax") == []


_PLAIN_KERNEL = ("def _k(y, x, n, BLOCK: tl.constexpr):\n    offs = tl.arange(0, BLOCK)\n"
                 "    v = tl.load(x + offs, mask=offs < n)\n    tl.store(y + offs, v, mask=offs < n)\n\n\n")


@pytest.mark.parametrize("making, launched, right", [
    ("_k = triton.jit(_k)\n_k = triton.heuristics({'E': lambda a: a['n'] == a['BLOCK']})(_k)\n", "_k", True),
    ("fast = triton.heuristics({'E': lambda a: True})(triton.jit(_k))\n", "fast", True),
    ("fast = triton.jit(_k)\n", "fast", True),
    # _k named again elsewhere: it stays a plain function, whose body the host would run with the tensors
    ("fast = triton.jit(_k)\n_ALSO = _k\n", "_ALSO", False),
    # not right after the def: a name bound twice, as before
    ("N = 1\n_k = triton.jit(_k)\n", "_k", False),
])
def test_a_kernel_made_by_calling_triton_jit_is_read_as_decorated(making, launched, right):
    """Unsloth's form, `f = triton.jit(f)` right after the def, or `g = triton.jit(f)` of a def named nowhere else,
    is the decorated kernel it stands for (false failures, session 22); anything else keeps its old reading."""
    from grader.audit.python_ast import TRITON, audit

    source = (_LATER + _PLAIN_KERNEL + making +
              f"\n\ndef softmax(x):\n    y = torch.empty_like(x)\n    {launched}[(1,)](y, x, x.numel(), BLOCK=16)\n"
              "    return y\n")
    findings = audit(source, TRITON, "softmax")
    assert (findings == []) == right, (making, [str(f) for f in findings])


@pytest.mark.parametrize("source, words", [  # red team, session 22: each passed the port's audit before
    ("import torch\n\ndef _w(cls, f, types, args=(), kwargs=None):\n    return f\n\n\n"
     "class _Seen(torch.Tensor):\n    __torch_function__ = classmethod(_w)\n", "binds __torch_function__"),
    ("import abc\n\nclass _Kind(abc.ABC):\n    @classmethod\n    def __subclasshook__(cls, other):\n"
     "        return True\n", "defines __subclasshook__"),
    ("import enum\n\nclass _P(enum.Enum):\n    A = 1\n\nenum.global_enum(_P)\n", "enum.global_enum"),
    ("import torch\n\nclass _T(torch.Tensor):\n    def __array_ufunc__(self, ufunc, method, *a, **k):\n"
     "        return ufunc\n", "defines __array_ufunc__"),
    ("import torch\n\nclass M(torch.nn.Module):\n    def f(self, name):\n        return super().__getattribute__(name)\n",
     "dunder attributes are not allowed"),
    ("import torch\n\nclass M(torch.nn.Module):\n    def f(self):\n        return self.__class__\n",
     "dunder attributes are not allowed"),
    # round 2: type held as a value; a cached_property's attrname; __name__ set through the read exemptions; an
    # Enum's functional form (dunder members by text); super() with another object
    ("mk = type\n", "uses type as a value"),
    ("import functools\n\ndef _h(o):\n    return 1\n\nclass S:\n    hook = functools.cached_property(_h)\n",
     "cached_property other than"),
    ("import functools\n\nclass S:\n    @functools.cached_property\n    def hook(self):\n        return 1\n\n"
     "S.hook.attrname = 'x'\n", "sets .attrname"),
    ("import torch\n\ntorch.nn.Linear(1, 1).__class__.__name__ = 'Conv2d'\n", "dunder attributes are not allowed"),
    ("import torch\n\ntype(torch.nn.Linear(1, 1)).__name__ = 'Conv2d'\n", "calls type() other than"),
    ("import enum\n\nE = enum.Enum('E', {'a': 1})\n", "functional form"),
    # session 78: the Enum classes are now found in one pass over the classes, through bases of the file's too
    ("import enum\n\nclass A(enum.Enum):\n    x = 1\n\nclass B(A):\n    pass\n\nclass C(B):\n    pass\n\n"
     "E = C('E', {'a': 1})\n", "functional form"),
    ("import torch\n\nclass M(torch.nn.Module):\n    def g(self, o):\n        super(M, o).__init__()\n",
     "super() with arguments"),
])
def test_the_port_may_not_bind_hooks_nor_write_other_modules(source, words):
    from grader.audit.python_ast import PORT, audit

    findings = audit(source, PORT)
    assert any(words in f.text for f in findings), (source, [str(f) for f in findings])


def test_the_port_may_show_its_modules_as_torch_does():
    """type(self).__name__, self.__class__.__name__, super().__repr__() and enum.Enum: right (false failures, s. 22)."""
    from grader.audit.python_ast import PORT, audit

    source = ("import enum\nimport torch\n\n\nclass Act(enum.Enum):\n    GELU = 'gelu'\n\n\n"
              "class Block(torch.nn.Module):\n    def extra_repr(self):\n"
              "        return f'{type(self).__name__} {self.__class__.__name__}'\n\n"
              "    def __init__(self):\n        super(Block, self).__init__()\n\n"
              "    @functools.cached_property\n    def width(self):\n        return 4\n\n"
              "    def __repr__(self):\n        return 'block ' + super().__repr__()\n")
    assert audit("import functools\n" + source, PORT) == []


# Red team, session 24: a tensor's value read by Python's own protocols (__index__, __bool__, __eq__, text), or a
# function that computes reaching a call under another name. Each would have let the host compute the answer.
VALUE_READS = {
    "index_into_a_range": ("z = x\nv = range(1 << 32)[x.view(torch.int32)[0, 0]]", "as an index, key or slice bound"),
    "slice_bound": ("z = x\nv = len(range(100)[:x[0, 0]])", "as an index, key or slice bound"),
    "print_to_a_sink": ("z = x\nprint(x[0, 0], file=None)", "passes a tensor to print()"),
    "allocation_size": ("z = x\nv = torch.empty((0, x.view(torch.int32)[0, 0])).shape[1]", "torch.empty()"),
    "fill_value": ("z = torch.full((1,), x[0, 0])", "torch.full()"),
    "fill_method": ("z = torch.empty_like(x)\nz.fill_(x[0, 0])", "passes a tensor to .fill_()"),
    "split_size": ("z = x\nv = len(x.flatten().split(x.view(torch.int32)[0, 0]))", "passes a tensor to .split()"),
    "list_index": ("z = x\nv = [0, 1, 2].index(x[0, 0])", "passes a tensor to .index()"),
    "iter_sentinel": ("z = x\nv = len(list(iter(lambda: 0, x[0, 0])))", "passes a tensor to iter()"),
    "enumerate_start": ("z = x\nv = list(enumerate([0], x.view(torch.int32)[0, 0]))[0][0]",
                        "passes a tensor to enumerate()"),
    "zip_strict": ("z = x\nv = list(zip([1], [2], strict=x[0, 0]))", "passes a tensor to zip()"),
    "byte_buffer": ("z = x\nb = bytearray()\nb.append(x.view(torch.uint8)[0, 0])", "calls bytearray()"),
    "count_compares": ("z = x\nv = [x[0, 0]].count(1)", "calls .count() on what holds a tensor"),
    "handle_on_the_host": ("z = x\nv = torch.float32.handle", "uses .handle outside a kernel"),
    "match_values": ("z = x\nmatch x[0, 0]:\n    case 0:\n        v = 0\n    case _:\n        v = 1",
                     "matches a tensor against values"),
    "match_guard": ("z = x\nmatch 1:\n    case _ if x[0, 0]:\n        v = 0", "tests a tensor's truth"),
    "if_test": ("z = x\nif x[0, 0]:\n    v = 1", "tests a tensor's truth"),
    "while_test": ("z = x\nwhile x[0, 0]:\n    break", "tests a tensor's truth"),
    "conditional_test": ("z = x\nv = 1 if x[0, 0] else 0", "tests a tensor's truth"),
    "and_operand": ("z = x\nv = x[0, 0] and 1", "tests a tensor's truth"),
    "not_operand": ("z = x\nv = not x[0, 0]", "tests a tensor's truth"),
    "comprehension_condition": ("z = x\nv = [1 for _ in range(1) if x[0, 0]]", "tests a tensor's truth"),
    "assert_test": ("z = x\nassert x[0, 0]", "tests a tensor's truth"),
    "builtin_renamed": ("z = x\nf = float\nv = f(x[0, 0])", "uses float as a value"),
    "builtin_in_a_list": ("z = x\nv = [max][0](x[0])", "uses max as a value"),
    "builtin_as_a_default": ("def g(t, f=max):\n    return f(t)\nz = x\nv = g(x[0])", "uses max as a value"),
    "builtin_returned": ("z = x\nv = (lambda: sum)()(x[0])", "uses sum as a value"),
    "math_renamed": ("z = x\nf = math.exp\nv = f(x[0, 0])", "uses math.exp as a value"),
    "torch_function_renamed": ("z = x\nf = torch.full\nv = f((1,), x[0, 0])", "uses torch.full as a value"),
    "triton_helper_renamed": ("z = x\nf = triton.cdiv\nv = f(x, 1)", "uses triton.cdiv as a value"),
    "class_decorator": ("def big(cls):\n    return _same\n@big\nclass Top:\n    pass\nz = Top(x)",
                        "decorates Top with big"),
    "metaclass": ("def big(name, bases, ns):\n    return _same\nclass Top(metaclass=big):\n    pass\nz = Top(x)",
                  "passes metaclass= to the class Top"),
    "computed_base": ("def base():\n    return object\nclass Top(base()):\n    pass\nz = x", "from a computed base"),
}

VALUE_READS_ALLOWED = {
    "layout_tests": "z = x if x.is_contiguous() else x.contiguous()\nif not x.is_cuda or x.stride(1) != 1:\n    pass",
    "none_test": "out = None\nz = out if out is not None else torch.empty_like(x)",
    "isinstance_and_types": "assert isinstance(x, torch.Tensor) and x.dtype in (torch.float32,)\nn: int = int(x.shape[0])\nz = x",
    "print_sizes": "print(x.shape, x.dtype, x.stride())\nz = x",
    "holders_as_values": "key = len\nv = sorted([[1], [2, 3]], key=key)\nz = x",
    "match_on_shape": "match x.shape:\n    case (r, c):\n        z = x",
    "allowed_class_decorator": "@dataclasses.dataclass\nclass Plan:\n    rows: int = 0\nz = x",
    "empty_like_and_views": "z = torch.empty_like(x).view_as(x)\nw = z.view(z.shape[0], -1)",
    "holders_hold": "z = x\nrows = list(enumerate(zip(x, x)))\nfirst = next(iter(rows), x)\nw = getattr(x, 'shape', x)",
    "exception_class_as_value": "try:\n    z = x\nexcept (ValueError, RuntimeError):\n    raise",
}


@pytest.mark.parametrize("body, words", list(VALUE_READS.values()), ids=list(VALUE_READS))
def test_audit_refuses_reading_a_tensors_value_by_pythons_protocols(body, words):
    findings = audit(wrapper(body).replace("import math\n", "import dataclasses\nimport math\n"), TRITON, "softmax")
    assert any(words in f.text for f in findings), [str(f) for f in findings]


@pytest.mark.parametrize("body", list(VALUE_READS_ALLOWED.values()), ids=list(VALUE_READS_ALLOWED))
def test_audit_allows_reading_sizes_and_layouts(body):
    source = wrapper(body).replace("import math\n", "import dataclasses\nimport math\n")
    assert audit(source, TRITON, "softmax") == [], [str(f) for f in audit(source, TRITON, "softmax")]


def test_a_module_level_rename_of_a_number_helper_is_read_as_its_import():
    """Unsloth's `next_power_of_2 = triton.next_power_of_2` (c12_triton_unsloth_jit_by_calls): the rename is the
    helper, judged where it is called; bound twice, or handed a tensor, it is refused."""
    rename = "next_power_of_2 = triton.next_power_of_2\nceil = math.ceil\n"
    right = wrapper("z = x\nb = next_power_of_2(x.shape[1]) + ceil(x.shape[0] / 2)").replace("\ndef softmax", rename + "\ndef softmax")
    assert audit(right, TRITON, "softmax") == []
    given = wrapper("z = x\nb = next_power_of_2(x)").replace("\ndef softmax", rename + "\ndef softmax")
    assert any("passes a tensor to next_power_of_2()" in f.text for f in audit(given, TRITON, "softmax"))
    twice = right.replace("\ndef softmax", "\nnext_power_of_2 = max\ndef softmax")
    assert any("uses triton.next_power_of_2 as a value" in f.text for f in audit(twice, TRITON, "softmax"))


@pytest.mark.parametrize("body, words", [
    ("sink.seen = tl.load(x_ptr)", "assigns to .seen inside a @triton.jit kernel"),
    ("_k.best_config = tl.load(x_ptr)", "assigns to .best_config inside a @triton.jit kernel"),
    ("sink[0] = tl.load(x_ptr)", "assigns into an item inside a @triton.jit kernel"),
])
def test_a_kernel_stores_only_with_tl_store(body, words):
    """Under the interpreter an attribute or item set in a kernel lands on a Python object the host holds (a dtype
    passed as an argument, the kernel's own best_config): the loaded values went back to the host (red team, s. 24)."""
    source = (HEAD.split("@triton.jit")[0] + "@triton.jit\ndef _k(x_ptr, y_ptr, sink, BLOCK: tl.constexpr):\n    "
              + body + "\n\n\ndef softmax(x):\n    y = torch.empty_like(x)\n    _k[(1,)](x, y, tl.float32, BLOCK=1)\n"
              "    return y\n")
    assert any(words in f.text for f in audit(source, TRITON, "softmax")), [str(f) for f in audit(source, TRITON, "softmax")]


def test_a_hook_hands_on_no_tensor_through_a_number_helper():
    """triton.cdiv(args["src_ptr"], 1) is (t + 0) // 1 in torch: a tensor, handed on to a helper that read every element;
    a keyword the kernel does not declare reaches the hook's dict too (red team, session 24). meta["BLOCK"], a
    tl.constexpr, stays a number."""
    kernel = ("@triton.jit\ndef _k(src_ptr, y_ptr, n, BLOCK: tl.constexpr):\n    pass\n\n\n"
              "def _read(t):\n    return int(t)\n\n\n")
    for hook, launch in (('_read(triton.cdiv(args["src_ptr"], 1))', "x, y, x.numel()"),
                         ('_read(args["extra"])', "x, y, x.numel(), extra=x")):
        source = (HEAD.split("@triton.jit")[0] + kernel + "def softmax(x):\n    y = torch.empty_like(x)\n"
                  f"    g = lambda args: ({hook},)\n    _k[g]({launch}, BLOCK=1)\n    return y\n")
        assert any("passes a tensor to int()" in f.text for f in audit(source, TRITON, "softmax")), hook
    grid = (HEAD.split("@triton.jit")[0] + kernel + "def softmax(x):\n    y = torch.empty_like(x)\n"
            "    _k[lambda meta: (triton.cdiv(x.numel(), meta['BLOCK']) * 2,)](x, y, x.numel(), BLOCK=64)\n    return y\n")
    assert audit(grid, TRITON, "softmax") == []


def test_the_port_calls_no_banned_method_through_torch_tensor():
    source = "import math\nimport torch\n\n\ndef gelu(x):\n    return torch.Tensor.apply_(x.clone(), math.erf)\n"
    assert any("calls .apply_()" in f.text for f in audit(source, PORT))


# Red team, session 28: dataclasses make the code of __init__ and __repr__ out of the names of a class's fields, so a
# field's name is text Python runs; and a hook or a torch.autograd.Function of the port's own gives values computed
# outside torch gradients to match. Every source here passed the audit before.
_DC = "from dataclasses import dataclass, field\n\n"
_EVIL = "'x)\" + str(__import__(\"numpy\")) #'"


@pytest.mark.parametrize("rules", [PORT, TRITON], ids=["port", "triton"])
@pytest.mark.parametrize("source, words", [
    (_DC + f"@dataclass\nclass H:\n    __annotations__ = {{{_EVIL}: int}}\n", "binds __annotations__ (assigned)"),
    (_DC + f"@dataclass\nclass H:\n    __annotations__[{_EVIL}] = int\n", "uses __annotations__"),
    (_DC + f"@dataclass\nclass H:\n    match {{{_EVIL}: int}}:\n        case {{**__annotations__}}:\n            pass\n",
     "binds __annotations__ (captured by match)"),
    (_DC + "class H:\n    from typing import Any as __slots__\n", "binds __slots__ (import)"),
    (_DC + "class H:\n    __module__ = 'numpy'\n", "binds __module__ (assigned)"),
    ("from dataclasses import dataclass, fields\n\n@dataclass\nclass B:\n    name: str = 'a'\n\n"
     f"fields(B)[0].name = {_EVIL}\n", "imports dataclasses.fields"),
    ("import dataclasses\n\n@dataclass\nclass B:\n    name: str = 'a'\n\n"
     f"dataclasses.fields(B)[0].name = {_EVIL}\n", "uses dataclasses.fields"),
    (_DC + f"kept = field(default=0)\n\n@dataclass\nclass B:\n    n: int = kept\n\nkept.name = {_EVIL}\n",
     "uses dataclasses.field other than"),
    (_DC + "make = field\n", "uses dataclasses.field other than"),
    ("import dataclasses\n\ndef f():\n    return dataclasses.field(default=1)\n", "uses dataclasses.field other than"),
])
def test_a_dataclass_field_is_declared_never_named_by_text(rules, source, words):
    findings = audit(source, rules)
    assert any(words in f.text for f in findings), (source, [str(f) for f in findings])


@pytest.mark.parametrize("rules", [PORT, TRITON], ids=["port", "triton"])
def test_dataclasses_declared_plainly_still_pass(rules):
    source = (_DC + "__all__ = ['Config']\n\n\n@dataclass\nclass Config:\n    n_embd: int = 64\n"
              "    extra: dict = field(default_factory=dict)\n    bias: bool = field(default=True, repr=False)\n")
    assert audit(source, rules) == []


@pytest.mark.parametrize("source, words", [
    ("import torch\n\nclass G(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
     "        return x\n", "uses torch.autograd.Function"),
    ("from torch.autograd import Function\n", "torch.autograd.Function"),
    ("import torch\n\nclass G(torch.autograd.function.InplaceFunction):\n    pass\n", "torch.autograd.function"),
    ("import torch\n\ndef f(x, g):\n    x.register_hook(lambda d: g)\n    return x\n", ".register_hook"),
    ("import torch\n\ndef f(m, h):\n    m.register_forward_hook(h)\n", ".register_forward_hook"),
    ("import torch\n\ndef f(m, h):\n    m.register_full_backward_hook(h)\n", ".register_full_backward_hook"),
    ("import torch\n\ndef f(p, h):\n    p.register_post_accumulate_grad_hook(h)\n",
     ".register_post_accumulate_grad_hook"),
    ("import torch\n\ndef f(loss, h):\n    loss.grad_fn.register_prehook(h)\n", ".register_prehook"),
    ("import torch\n\ndef f(h):\n    torch.nn.modules.module.register_module_forward_hook(h)\n",
     "register_module_forward_hook"),
    ("import torch\n\ndef f(m, h):\n    torch.nn.Module.register_forward_hook(m, h)\n", "register_forward_hook"),
    ("import torch\n\ndef f(p, u):\n    with torch.autograd.graph.saved_tensors_hooks(p, u):\n        pass\n",
     "torch.autograd.graph"),
])
def test_the_ports_gradients_come_from_autograd_alone(source, words):
    findings = audit(source, PORT)
    assert any(words in f.text for f in findings), (source, [str(f) for f in findings])


def test_a_port_may_still_initialise_and_register_its_buffers():
    source = ("import torch\nimport torch.nn as nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n"
              "        super().__init__()\n        self.register_buffer('bias', torch.ones(2, 2))\n"
              "        self.fc = nn.Linear(2, 2, dtype=torch.float64)\n        self.apply(self._init_weights)\n\n"
              "    def _init_weights(self, module):\n        if isinstance(module, nn.Linear):\n"
              "            torch.nn.init.normal_(module.weight, mean=0.0, std=0.02)\n\n"
              "    def forward(self, x):\n        y = self.fc(x)\n        grads = torch.autograd.grad(y.sum(), x, "
              "create_graph=True)\n        return y + grads[0]\n")
    assert audit(source, PORT) == []


@pytest.mark.parametrize("rules", [PORT, TRITON], ids=["port", "triton"])
@pytest.mark.parametrize("source, words", [
    # a class that is no dataclass keeps the Field as its attribute: C.x.name = ... then renames a field of whatever
    # dataclass took C.x as its default
    (_DC + "class C:\n    x: int = field(default=0)\n", "other than as a field's default in a @dataclass"),
    # inside the class body the name is the Field itself
    (_DC + "@dataclass\nclass C:\n    x: int = field(default=0)\n    kept = x\n", "reads x in its dataclass's body"),
    (_DC + "@dataclass\nclass C:\n    x: int = field(default=0)\n    f = (lambda k=x: k)\n",
     "reads x in its dataclass's body"),
])
def test_no_field_object_can_be_held(rules, source, words):
    findings = audit(source, rules)
    assert any(words in f.text for f in findings), (source, [str(f) for f in findings])


# Red team, session 28 (the Triton file): Python numbers and containers inside a kernel, which only Triton's interpreter
# runs, and Triton's wrappers around an object of the file's own.
_K = "import torch\nimport triton\nimport triton.language as tl\n\n\n"


@pytest.mark.parametrize("body, words", [
    ("    for b in (len(range(tl.load(x_ptr))),):\n        tl.store(y_ptr, b)\n", "loops over something other than"),
    ("    n = len(range(tl.load(x_ptr)))\n", "calls len() on a value"),
    ("    r = range(tl.load(x_ptr))\n", "uses a range inside a @triton.jit kernel other than"),
    ("    for v in [tl.load(x_ptr)]:\n        tl.store(y_ptr, v)\n", "loops over something other than"),
    ("    d = {0: tl.load(x_ptr)}\n", "makes a dict"),
    ("    s = [v for v in range(4)]\n", "makes a comprehension"),
    ("    v = x_ptr.tolist()\n", "calls .tolist() inside"),
])
def test_a_kernel_holds_no_python_numbers_or_containers(body, words):
    source = _K + "@triton.jit\ndef _k(y_ptr, x_ptr):\n" + body + "\n\ndef softmax(x):\n    y = torch.empty_like(x)\n" \
        "    _k[(1,)](y, x)\n    return y\n"
    findings = audit(source, TRITON, "softmax")
    assert any(words in f.text for f in findings), (body, [str(f) for f in findings])


# Red team, session 29: Python's math under a name of its own, a builtin's name bound by a host function, the builtins
# the GPU compiler does not know (enumerate's start made a Python number), and ** on values.
@pytest.mark.parametrize("head, body, words", [
    ("from math import exp\n", "    tl.store(y_ptr, exp(tl.load(x_ptr)))\n", "calls math.exp on a value"),
    ("from math import exp as e2\n", "    tl.store(y_ptr, e2(tl.load(x_ptr)))\n", "calls math.exp on a value"),
    ("\n\ndef _host(x, float=None):\n    return x\n", "    tl.store(y_ptr, float(tl.load(x_ptr)))\n",
     "calls float() on a value"),
    ("", "    v = tuple(enumerate((0,), tl.load(x_ptr)))\n", "uses enumerate inside a @triton.jit kernel"),
    ("", "    for a, b in zip((1, 2), (3, 4)):\n        pass\n", "uses zip inside a @triton.jit kernel"),
    ("", "    tl.store(y_ptr, 2.0 ** tl.load(x_ptr))\n", "uses ** on a value"),
])
def test_a_kernel_reaches_python_math_under_no_other_name(head, body, words):
    source = _K + head + "\n\n@triton.jit\ndef _k(y_ptr, x_ptr, BLOCK: tl.constexpr):\n" + body + \
        "\n\ndef softmax(x):\n    y = torch.empty_like(x)\n    _k[(1,)](y, x, BLOCK=4)\n    return y\n"
    findings = audit(source, TRITON, "softmax")
    assert any(words in f.text for f in findings), (body, [str(f) for f in findings])


def test_a_kernel_may_raise_constants_to_a_power_and_call_math_on_them():
    source = _K + "import math\nfrom math import log2\n\n\n@triton.jit\ndef _k(y_ptr, x_ptr, BLOCK: tl.constexpr):\n" \
        "    n: tl.constexpr = 2 ** BLOCK\n    s = log2(BLOCK) * math.log2(math.e)\n" \
        "    tl.store(y_ptr + tl.arange(0, BLOCK), tl.load(x_ptr + tl.arange(0, BLOCK)) * s)\n\n\n" \
        "def softmax(x):\n    y = torch.empty_like(x)\n    _k[(1,)](y, x, BLOCK=4)\n    return y\n"
    assert audit(source, TRITON, "softmax") == []


@pytest.mark.parametrize("loop", ["for i in range(0, n, 4):", "for i in tl.range(0, n, 4, num_stages=2):",
                                  "for i in tl.static_range(4):"])
def test_a_kernel_still_loops_over_its_ranges(loop):
    source = _K + f"@triton.jit\ndef _k(y_ptr, x_ptr, n):\n    acc = tl.zeros([4], tl.float32)\n    {loop}\n" \
        "        acc += tl.load(x_ptr + i + tl.arange(0, 4))\n    tl.store(y_ptr + tl.arange(0, 4), acc)\n\n\n" \
        "def softmax(x):\n    y = torch.empty_like(x)\n    _k[(1,)](y, x, x.numel())\n    return y\n"
    assert audit(source, TRITON, "softmax") == []


@pytest.mark.parametrize("making, words", [
    ("class _Rows:\n    def run(self, out, inp, *a, **k):\n        pass\n\n\n_k = triton.heuristics({})(_Rows())\n",
     "applies triton.heuristics to something other than"),
    ("class _Rows:\n    def run(self, *a, **k):\n        pass\n\n\n_k = triton.autotune(configs=[triton.Config({})], "
     "key=[])(_Rows())\n", "applies triton.autotune to something other than"),
    ("def _body(y_ptr, x_ptr):\n    pass\n\n\n_k = triton.runtime.Autotuner(_body, ['y_ptr', 'x_ptr'], [], [], None, "
     "None)\n", "makes a Autotuner by hand"),
])
def test_triton_wraps_only_the_files_kernels(making, words):
    source = _K + making + "\n\ndef softmax(x):\n    y = torch.empty_like(x)\n    _k[(1,)](y, x)\n    return y\n"
    findings = audit(source, TRITON, "softmax")
    assert any(words in f.text for f in findings), (making, [str(f) for f in findings])


def test_a_byte_that_is_not_utf8_is_named_where_it_stands_even_in_the_first_lines():
    """A Latin-1 "é" on line 1 or 2 made Python's tokenizer ask for a coding line, and the audit said "line 0: is not
    valid Python: invalid or missing encoding declaration" (session 42's walkthrough)."""
    from grader.audit.python_ast import about_encoding, decode

    for data, line, column in ((b"# autor: Jos\xe9\nimport torch\n", 1, 13), (b"import torch\n# Jos\xe9\n", 2, 6),
                               (b"import torch\n\n\n# Jos\xe9\n", 4, 6)):
        _, findings = decode(data)
        assert [(f.line, f.text) for f in findings] == [
            (line, f"is not valid UTF-8 (byte 0xe9, column {column}): save the file as UTF-8")], findings
        assert about_encoding(findings)
    assert decode(b"import torch\n") == ("import torch\n", [])


@pytest.mark.parametrize("body", [
    "z = x\ntorch.cuda.synchronize()",
    "z = x\ntorch.cuda.current_stream().synchronize()",
    "z = x\nwith torch.no_grad():\n    pass",
    "z = x\nwith torch.inference_mode():\n    pass",
])
def test_waiting_for_the_gpu_and_autograds_switches_are_allowed_in_the_wrapper(body):
    """Red team rt44: torch.cuda.synchronize(), a stream's .synchronize() and a launch under torch.no_grad() or
    torch.inference_mode() were refused as computing; they compute nothing, as lab 02's cudaDeviceSynchronize."""
    assert audit(wrapper(body), TRITON, "softmax") == []


def test_a_wrapper_decorated_with_no_grad_is_allowed_and_its_body_still_read():
    """@torch.no_grad() on the wrapper is allowed (red team rt44); what the wrapper computes under it is still refused."""
    right = wrapper("z = x").replace("\ndef softmax(x):", "\n@torch.no_grad()\ndef softmax(x):")
    assert audit(right, TRITON, "softmax") == []
    cheat = wrapper("z = x * 2").replace("\ndef softmax(x):", "\n@torch.inference_mode()\ndef softmax(x):")
    assert audit(cheat, TRITON, "softmax")


@pytest.mark.parametrize("body", [
    "z = torch.empty(x.shape, device=x.device, pin_memory=x.is_cuda)",
    "z = torch.empty_like(x)\nw = torch.empty(4).pin_memory()",
    "z = torch.empty(x.shape, **{'pin_memory': x.is_cuda})",
])
def test_pinned_host_memory_is_refused_in_a_wrapper_and_a_port(body):
    """Red team rtR (session 56): page-locked host memory is mapped by the NVIDIA driver, outside a worker's data limit,
    and 17 GiB of it passed every limit of the worker. Refused as a keyword, an attribute or a string, in both files;
    the same wrapper without it passes."""
    assert any("page-locked host memory" in str(f) for f in audit(wrapper(body), TRITON, "softmax"))
    port = "import torch\n\n\ndef make(x):\n" + "".join(f"    {line}\n" for line in body.splitlines()) + "    return z\n"
    assert any("page-locked host memory" in str(f) for f in audit(port.encode(), PORT, None))
    assert audit(wrapper("z = torch.empty(x.shape, device=x.device)"), TRITON, "softmax") == []


@pytest.mark.parametrize("call", ["torch.set_num_threads(500)", "torch.set_num_interop_threads(8)"])
def test_a_port_keeps_the_workers_one_thread(call):
    """Red team rtR (session 56): set_num_threads(500) undid the worker's OMP_NUM_THREADS=1 (about 1000 threads, on
    every core of a host other gradings share). Reading the count stays allowed."""
    assert audit(f"import torch\n{call}\n".encode(), PORT, None)
    assert audit(b"import torch\nn = torch.get_num_threads()\n", PORT, None) == []


# Decision 227: three right GEMM wrappers that the reading refused (helper ffG, session 57), and what abuses each
# allowance. The kernel copies; each hostile form computes the product on the host and must be refused.
_GEMM_HEAD = '''import dataclasses
import torch
import triton
import triton.language as tl


@triton.jit
def _copy(src, dst, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)


def _launch(src, c):
    _copy[(triton.cdiv(c.numel(), 1024),)](src, c, c.numel(), BLOCK_M=1024, BLOCK_N=1)
    return c

'''
_ENTRY = '''
def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
'''
_PRODUCT = '''acc = x[:, 0:1] * y[0:1, :]
for k in range(1, K):
    acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
'''


def _indent(text: str, spaces: int) -> str:
    return "".join(" " * spaces + line + "\n" for line in text.strip("\n").splitlines())


RIGHT_227 = {
    "meta_get_in_a_grid": _ENTRY + '''
    def grid(meta):
        return (triton.cdiv(M * N, meta.get("BLOCK_M", 32)),)

    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "grid_called_by_the_file_with_numbers": _ENTRY + '''
    grid = lambda meta: (triton.cdiv(M * N, meta["BLOCK_M"]),)
    assert grid({"BLOCK_M": 32}) == (triton.cdiv(M * N, 32),)
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "class_constant_read": '''
class TritonSGEMM:
    BLOCK = 32

    @staticmethod
    def launch(a, b):
        c = torch.empty((a.shape[0], b.shape[1]), device=a.device, dtype=torch.float32)
        _copy[(triton.cdiv(c.numel(), TritonSGEMM.BLOCK),)](a, c, 0, BLOCK_M=TritonSGEMM.BLOCK, BLOCK_N=32)
        return c


def sgemm(a, b):
    return TritonSGEMM.launch(a, b)
''',
    "dataclass_default_read_through_the_class": '''
@dataclasses.dataclass
class Cfg:
    BM: int = 32

    def grid(self, n):
        return (triton.cdiv(n, self.BM),)


def sgemm(a, b):
    c = torch.empty((a.shape[0], b.shape[1]), device=a.device, dtype=torch.float32)
    _copy[Cfg().grid(c.numel())](a, c, 0, BLOCK_M=Cfg.BM, BLOCK_N=32)
    return c
''',
    "method_of_an_object_just_built": '''
@dataclasses.dataclass
class Cfg:
    BM: int = 32


class _Runner:
    def __init__(self, config):
        self.config = config

    def run(self, a, b):
        c = torch.empty((a.shape[0], b.shape[1]), device=a.device, dtype=torch.float32)
        cfg = self.config
        _copy[(triton.cdiv(c.numel(), cfg.BM),)](a, c, 0, BLOCK_M=cfg.BM, BLOCK_N=32)
        return c


def sgemm(a, b):
    runner = _Runner(Cfg())
    return runner.run(a, b)
''',
    "method_of_a_call_of_the_class": '''
class _Runner:
    def __init__(self, bm):
        self.bm = bm

    def run(self, a, b):
        c = torch.empty((a.shape[0], b.shape[1]), device=a.device, dtype=torch.float32)
        _copy[(triton.cdiv(c.numel(), self.bm),)](a, c, 0, BLOCK_M=self.bm, BLOCK_N=32)
        return c


def sgemm(a, b):
    return _Runner(32).run(a, b)
''',
}


@pytest.mark.parametrize("name", sorted(RIGHT_227))
def test_decision_227_right_forms_pass(name):
    found = audit(_GEMM_HEAD + RIGHT_227[name], TRITON, "sgemm")
    assert found == [], found


HOSTILE_227 = {
    # meta.get, and the launch's dict of arguments: a dict the file's own code hands the callback is no launch's
    "grid_called_with_a_dict_of_tensors": _ENTRY + '''
    def grid(meta):
        x = meta["BLOCK_M"]
        y = meta["BLOCK_N"]
        if isinstance(x, int):
            return (triton.cdiv(M * N, x),)
''' + _indent(_PRODUCT, 8) + '''        return (acc,)

    acc = grid({"BLOCK_M": a, "BLOCK_N": b})[0]
    _copy[grid](acc, c, M * N, BLOCK_M=1024, BLOCK_N=1)
    return c
''',
    "get_default_is_a_tensor": _ENTRY + '''    out = []

    def grid(meta):
        x = meta.get("BLOCK_M", a)
        y = meta.get("BLOCK_N", b)
''' + _indent(_PRODUCT, 8) + '''        out.append(acc)
        return (1,)

    _copy[grid](c, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "get_of_a_key_computed": _ENTRY + '''    out = []

    def grid(meta):
        key = "src"
        x = meta.get(key)
        out.append(x * 2)
        return (1,)

    _copy[grid](a, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "get_of_a_tensor_argument": _ENTRY + '''    out = []

    def grid(meta):
        out.append(meta.get("src", 0) * 2)
        return (1,)

    _copy[grid](a, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "meta_rebound_in_the_grid": _ENTRY + '''    out = []

    def grid(meta):
        if not out:
            meta = {"BLOCK_M": a, "BLOCK_N": b}
            x = meta.get("BLOCK_M")
            y = meta.get("BLOCK_N")
''' + _indent(_PRODUCT, 12) + '''            out.append(acc)
        return (1,)

    _copy[grid](c, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "inner_lambda_named_meta": _ENTRY + '''    out = []

    def grid(meta):
        f = lambda meta: meta.get("BLOCK_M")[:, 0:1] * meta.get("BLOCK_N")[0:1, :]
        out.append(f({"BLOCK_M": a, "BLOCK_N": b}))
        return (1,)

    _copy[grid](c, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "comprehension_target_named_meta": _ENTRY + '''    out = []

    def grid(meta):
        for v in [meta["BLOCK_M"][:, 0:1] * meta["BLOCK_N"][0:1, :] for meta in [{"BLOCK_M": a, "BLOCK_N": b}]]:
            out.append(v)
        return (1,)

    _copy[grid](c, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(out[0], c)
''',
    "grid_held_in_a_list": _ENTRY + '''
    def grid(meta):
        x = meta.get("BLOCK_M", 32)
        y = meta.get("BLOCK_N", 32)
        if isinstance(x, int):
            return (triton.cdiv(M * N, x),)
''' + _indent(_PRODUCT, 8) + '''        return (acc,)

    grids = [grid]
    acc = grids[0]({"BLOCK_M": a, "BLOCK_N": b})[0]
    _copy[grid](acc, c, M * N, BLOCK_M=1024, BLOCK_N=1)
    return c
''',
    "other_dict_get": _ENTRY + '''    d = {"BLOCK_M": a, "BLOCK_N": b}

    def grid(meta):
        return (triton.cdiv(M * N, meta["BLOCK_M"]),)

    x = d.get("BLOCK_M")
    y = d.get("BLOCK_N")
''' + _indent(_PRODUCT, 4) + '''    _copy[grid](c, c, 0, BLOCK_M=1024, BLOCK_N=1)
    return _launch(acc, c)
''',
    # Cls.CONST read through the class
    "class_constant_is_a_staticmethod": '''
def _product(x, y, K):
''' + _indent(_PRODUCT, 4) + '''    return acc


class T:
    BLOCK = 1024
    P = staticmethod(_product)
''' + _ENTRY + '''    f = T.P
    return _launch(f(a, b, K), c)
''',
    "class_constant_aliases_a_method": '''
class T:
    BLOCK = 1024

    def go(self, y, K):
        x = self
''' + _indent(_PRODUCT, 8) + '''        return acc
    G = go
''' + _ENTRY + '''    f = T.G
    return _launch(f(a, b, K), c)
''',
    "class_constant_assigned_a_tensor": '''
class T:
    BLOCK = 1024
    A = None
    B = None

    @staticmethod
    def product(K):
        x = T.A
        y = T.B
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    T.A = a
    T.B = b
    return _launch(T.product(K), c)
''',
    "class_constant_named_like_a_method": '''
class T:
    go = 1024


class U:
    def go(self, y, K):
        x = self
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    assert T.go == 1024
    return _launch(U.go(a, b, K), c)
''',
    # obj.m(...) read bound where obj = Cls(...)
    "new_returns_the_class": '''
class _Runner:
    def __new__(cls, *args):
        return cls

    def run(self, n, p):
        x = self
        y = p
        K = y.shape[0]
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    runner = _Runner()
    return _launch(runner.run(a, 0, b), c)
''',
    "receiver_bound_twice": '''
class _Runner:
    def run(self, n, p):
        x = self
        y = p
        K = y.shape[0]
''' + _indent(_PRODUCT, 8) + '''        return acc


class _Other:
    pass
''' + _ENTRY + '''    runner = _Runner()
    if K < 0:
        runner = _Other()
    return _launch(runner.run(a, 0, b), c)
''',
    "field_shadows_the_method": '''
@dataclasses.dataclass
class _Runner:
    run: object = None

    def run(self, n, p):
        x = self
        y = p
        K = y.shape[0]
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    runner = _Runner()
    return _launch(runner.run(a, 0, b), c)
''',
    "object_holds_the_inputs": '''
class _Runner:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def run(self, K):
        x = self.x
        y = self.y
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    return _launch(_Runner(a, b).run(K), c)
''',
    "base_not_of_the_file": '''
class _Runner(tuple):
    def run(self, K):
        x = self[0]
        y = self[1]
''' + _indent(_PRODUCT, 8) + '''        return acc
''' + _ENTRY + '''    return _launch(_Runner((a, b)).run(K), c)
''',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_227))
def test_decision_227_hostile_forms_refused(name):
    found = audit(_GEMM_HEAD + HOSTILE_227[name], TRITON, "sgemm")
    assert any("tensor" in f.text for f in found), found


# A class's __init__ whatever its parameters (session 58): one whose self is positional-only or taken by *args was
# left out of the file's constructors, so Cls(a, b, c) handed it nothing and its body's host GEMM read as numbers.
_HOST_PRODUCT = '''        acc = x[:, 0:1] * y[0:1, :]
        for k in range(1, x.shape[1]):
            acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
        _launch(acc, c)
'''
_CALLS_R = '''
def sgemm(a, b):
    c = torch.empty((a.shape[0], b.shape[1]), device=a.device)
    R(a, b, c)
    return c
'''
HOSTILE_INITS = {
    "self_positional_only": "class R:\n    def __init__(self, x, y, c, /):\n" + _HOST_PRODUCT + _CALLS_R,
    "self_in_star_args": "class R:\n    def __init__(*args):\n        x, y, c = args[1:]\n" + _HOST_PRODUCT + _CALLS_R,
    "base_init_in_star_args": "class B:\n    def __init__(*args):\n        x, y, c = args[1:]\n" + _HOST_PRODUCT +
                              "class R(B):\n    def __init__(self, x, y, c):\n        super().__init__(x, y, c)\n" +
                              _CALLS_R,
}


@pytest.mark.parametrize("name", sorted(HOSTILE_INITS))
def test_an_init_of_any_signature_receives_the_tensors_its_class_is_given(name):
    found = audit(_GEMM_HEAD + HOSTILE_INITS[name], TRITON, "sgemm")
    assert any("computes with a tensor" in f.text for f in found), found


def test_an_init_with_a_positional_only_self_given_numbers_passes():
    right = '''
class Tiles:
    def __init__(self, m, n, /):
        self.grid = (triton.cdiv(m, 32), triton.cdiv(n, 32))


def sgemm(a, b):
    c = torch.empty((a.shape[0], b.shape[1]), device=a.device)
    t = Tiles(a.shape[0], b.shape[1])
    _copy[t.grid](a, c, c.numel(), BLOCK_M=32, BLOCK_N=32)
    return c
'''
    assert audit(_GEMM_HEAD + right, TRITON, "sgemm") == []


# Session 59 (decision 231): a callback's dict of a launch's arguments is read by name and nothing else. As a value,
# handed on, aliased, copied, kept or rebound, it held no tensor to the audit, and its 'src' (an input) was multiplied
# on the host; dataclasses.replace ran an __init__ of the file's with the inputs, no call of the class in sight.
_META_PRODUCT = '''    K = x.shape[1]
    acc = x[:, 0:1] * y[0:1, :]
    for k in range(1, K):
        acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
'''
_LAUNCH_AB = _ENTRY + '''    _copy[grid](a, b, 0, BLOCK_M=32, BLOCK_N=32)
    return c
'''
# A dataclass whose own __init__ multiplies what it is given: dataclasses.replace reaches it with no call of Plan.
_PLAN_WITH_OWN_INIT = '''
@dataclasses.dataclass
class Plan:
    block: int = 1024

    def __init__(self, block=1024, x=None, y=None, out=None):
        self.block = block
        if out is not None:
            out.append(x[:, 0:1] * y[0:1, :])
'''
HOSTILE_231 = {
    "meta_handed_to_a_helper": "\ndef _inner(meta):\n    x = meta['src']\n    y = meta['dst']\n" + _META_PRODUCT +
                               "    return (1,)\n\n\ndef grid(meta):\n    return _inner(meta)\n" + _LAUNCH_AB,
    "meta_aliased": "\ndef grid(meta):\n    d = meta\n    x = d['src']\n    y = d['dst']\n" + _META_PRODUCT +
                    "    return (1,)\n" + _LAUNCH_AB,
    "meta_in_a_list": "\ndef grid(meta):\n    x = [meta][0]['src']\n    y = [meta][0]['dst']\n" + _META_PRODUCT +
                      "    return (1,)\n" + _LAUNCH_AB,
    "meta_copied_by_dict": "\ndef grid(meta):\n    d = dict(meta)\n    x = d['src']\n    y = d['dst']\n" +
                           _META_PRODUCT + "    return (1,)\n" + _LAUNCH_AB,
    "meta_rebound_to_its_copy": "\ndef grid(meta):\n    meta = dict(meta)\n    x = meta['src']\n    y = meta['dst']\n" +
                                _META_PRODUCT + "    return (1,)\n" + _LAUNCH_AB,
    "meta_handed_to_a_lambda": "\ndef grid(meta):\n    inner = lambda m: m['src'][:, 0:1] * m['dst'][0:1, :]\n"
                               "    inner(meta)\n    return (1,)\n" + _LAUNCH_AB,
    "meta_unpacked_into_a_helper": "\ndef _inner(src, dst, n, **rest):\n    x = src\n    y = dst\n" + _META_PRODUCT +
                                   "    return (1,)\n\n\ndef grid(meta):\n    return _inner(**meta)\n" + _LAUNCH_AB,
    "meta_handed_to_a_method": '''
class _Tiles:
    def of(self, meta):
        x = meta["src"]
        y = meta["dst"]
        return (x[:, 0:1] * y[0:1, :]).shape
''' + _ENTRY + '''    t = _Tiles()
    _copy[lambda meta: t.of(meta)](a, b, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "meta_kept_and_read_after_the_launch": _ENTRY + '''    seen = []

    def grid(meta):
        seen.append(meta)
        return (1,)

    _copy[grid](a, b, 0, BLOCK_M=32, BLOCK_N=32)
    x = seen[0]["src"]
    y = seen[0]["dst"]
''' + _META_PRODUCT + '''    return _launch(acc, c)
''',
    "replace_runs_the_files_init": _PLAN_WITH_OWN_INIT + _ENTRY + '''    out = []
    dataclasses.replace(Plan(), x=a, y=b, out=out)
    return _launch(out[0], c)
''',
    "meta_matched_by_a_mapping_pattern": "\ndef grid(meta):\n    match meta:\n        case {'src': x, 'dst': y}:\n"
                                         "            acc = x[:, 0:1] * y[0:1, :]\n    return (1,)\n" + _LAUNCH_AB,
    "meta_read_by_dict_get_of_the_class": "\ndef grid(meta):\n    x = dict.get(meta, 'src')\n    y = dict.get(meta, 'dst')\n"
                                          "    acc = x[:, 0:1] * y[0:1, :]\n    return (1,)\n" + _LAUNCH_AB,
    "heuristic_hands_args_to_a_helper": '''
def _pick(args):
    d = args
    return int(d["src"][0, 0] * 0) + 16


@triton.heuristics({"BLOCK_N": lambda args: _pick(args)})
@triton.jit
def _h(src, dst, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)
''' + _ENTRY + '''    _h[(1,)](a, c, 0, BLOCK_M=32)
    return c
''',
    "replace_fills_the_fields_post_init_reads": '''
@dataclasses.dataclass
class Plan:
    x: object = None
    y: object = None
    out: object = None

    def __post_init__(self):
        if self.out is not None:
            self.out.append(self.x[:, 0:1] * self.y[0:1, :])
''' + _ENTRY + '''    out = []
    dataclasses.replace(Plan(), x=a, y=b, out=out)
    return _launch(out[0], c)
''',
    "replace_held_as_a_value": _PLAN_WITH_OWN_INIT + _ENTRY + '''    out = []
    fresh = dataclasses.replace
    fresh(Plan(), x=a, y=b, out=out)
    return _launch(out[0], c)
''',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_231))
def test_decision_231_hostile_forms_refused(name):
    found = audit(_GEMM_HEAD + HOSTILE_231[name], TRITON, "sgemm")
    assert any("tensor" in f.text or "dataclasses.replace as a value" in f.text for f in found), found


RIGHT_231 = {
    # the dict handed on whole is read by name in the callee too
    "grid_hands_meta_to_a_helper": '''
def _tiles(M, N, meta):
    return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta.get("BLOCK_N", 32)),)
''' + _ENTRY + '''
    def grid(meta):
        return _tiles(M, N, meta)

    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    _copy[lambda meta: _tiles(M, N, meta)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    # a function called inside the grid's tuple is no callback: its parameters are what it is given
    "function_called_in_the_grid": _ENTRY + '''    _copy[(triton.cdiv(M * N, max(32, 1)),)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    # prune_configs_by's configs, and a loop over a launch's dict, walk no tensor
    "pruner_walks_its_configs": '''
def _prune(configs, named_args, **kwargs):
    n = named_args["n"]
    for key in named_args:
        assert isinstance(key, str)
    return [c for c in configs if c.kwargs["BLOCK_M"] <= max(n, 16)] or configs


@triton.autotune(configs=[triton.Config({"BLOCK_M": 16, "BLOCK_N": 1}), triton.Config({"BLOCK_M": 64, "BLOCK_N": 1})],
                 key=["n"], prune_configs_by={"early_config_prune": _prune})
@triton.jit
def _tuned(src, dst, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)
''' + _ENTRY + '''    _tuned[lambda meta: (triton.cdiv(M * N, meta["BLOCK_M"]),)](a, c, M * N)
    return c
''',
    "replace_of_a_plain_dataclass": '''
@dataclasses.dataclass
class Cfg:
    BM: int = 32
''' + _ENTRY + '''    cfg = dataclasses.replace(Cfg(), BM=16)
    _copy[(triton.cdiv(M * N, cfg.BM),)](a, c, 0, BLOCK_M=cfg.BM, BLOCK_N=32)
    return c
''',
}


@pytest.mark.parametrize("name", sorted(RIGHT_231))
def test_decision_231_right_forms_pass(name):
    found = audit(_GEMM_HEAD + RIGHT_231[name], TRITON, "sgemm")
    assert found == [], found


# Decisions 232 and 234: the factory that several forms share, its def named grid.
_FACTORY_PLAIN = '''
def _make_grid(M, N):
    def grid(meta):
        return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)

    return grid
'''


def _autotuned_factory(tuned: str) -> str:
    """A factory's grid and a lambda grid launching an autotuner of the kernel _k bound to the name ``tuned``."""
    return ("""
@triton.jit
def _k(src, dst, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)


TUNED = triton.autotune(configs=[triton.Config({"BLOCK_M": 32, "BLOCK_N": 32})], key=["n"])(_k)


""" + _FACTORY_PLAIN[1:] + """

def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    TUNED[_make_grid(M, N)](a, c, 0)
    TUNED[lambda meta: (triton.cdiv(M * N, meta["BLOCK_M"]),)](a, c, 0)
    return c
""").replace("TUNED", tuned)


# Decision 232: a grid built by a factory for the launch (kernel[_make_grid(M, N)]) is a callback, where nothing but
# Triton can call the def it returns.
_FACTORY = '''
def _make_grid(M, N):
    def grid(meta):
        return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta.get("BLOCK_N", 32)),)

    return grid
'''
_FACTORY_READS_META = '''
def _make_grid(M, N):
    def grid(meta):
        x = meta["BLOCK_M"]
        y = meta["BLOCK_N"]
''' + _indent(_META_PRODUCT, 4) + '''        _OUT.append(acc)
        return (1,)

    return grid
'''
_LAUNCH_FACTORY = "    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n"

RIGHT_232 = {
    "grid_from_a_factory": _FACTORY + _ENTRY + _LAUNCH_FACTORY + "    return c\n",
    "grid_from_a_factory_twice": _FACTORY + _ENTRY + _LAUNCH_FACTORY + _LAUNCH_FACTORY + "    return c\n",
    # decision 234
    "lambda_factory": '''
def _make_grid(M, N):
    return lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "factory_with_a_docstring_and_annotations": '''
def _make_grid(M: int, N: int):
    """The launch grid for an M x N output."""
    def grid(meta: dict) -> tuple:
        return (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)

    return grid


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(M=M, N=N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "factory_for_two_kernels": '''
@triton.jit
def _copy2(src, dst, n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(dst + offs, tl.load(src + offs, mask=offs < n), mask=offs < n)


''' + _FACTORY_PLAIN[1:] + '''

def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    _copy2[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''',
    "factory_in_run_grid_keyword": _FACTORY_PLAIN + '''

def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy.run(a, c, 0, BLOCK_M=32, BLOCK_N=32, grid=_make_grid(M, N), warmup=False)
    return c
''',
    "factory_for_an_autotuner_bound_to_the_kernel_name": _autotuned_factory("_k"),
    "factory_for_an_autotuner_of_its_own_name": _autotuned_factory("_tuned"),
}


@pytest.mark.parametrize("name", sorted(RIGHT_232))
def test_decision_232_right_forms_pass(name):
    found = audit(_GEMM_HEAD + RIGHT_232[name], TRITON, "sgemm")
    assert found == [], found


# Each reaches the def's meta with the file's own tensors, or computes with them beside it: refused as before.
_OUT_READ = "    return _launch(_OUT[0], c)\n"


def _factory_of_the_inputs(own_body: str, grid_body: str) -> str:
    """A factory handed the inputs by the launch's line, multiplying them in its body or in its def's closure."""
    return "\n_OUT = []\n\n\ndef _make_grid(x, y):\n" + own_body + "    def grid(meta):\n" + grid_body + \
        "        return (1,)\n\n    return grid\n" + _ENTRY + \
        "    _copy[_make_grid(a, b)](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n" + _OUT_READ


def _grid_multiplying_meta(name: str) -> str:
    """`_OUT = []` and a def `name(meta)` multiplying meta["BLOCK_M"] by meta["BLOCK_N"] on the host into it."""
    return f"\n_OUT = []\n\n\ndef {name}(meta):\n" + '    x = meta["BLOCK_M"]\n    y = meta["BLOCK_N"]\n' + \
        _META_PRODUCT + "    _OUT.append(acc)\n    return (1,)\n"


HOSTILE_232 = {
    # the factory's def called by the file, given the inputs as the launch's constexprs
    "factory_result_called_by_the_file": "\n_OUT = []\n" + _FACTORY_READS_META + _ENTRY + _LAUNCH_FACTORY +
    "    g = _make_grid(M, N)\n    g({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    "factory_result_called_inside_the_grid": "\n_OUT = []\n" + _FACTORY_READS_META + _ENTRY + _LAUNCH_FACTORY +
    "    _copy[(_make_grid(M, N)({'BLOCK_M': a, 'BLOCK_N': b}),)](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n" + _OUT_READ,
    "factory_keeps_its_def": "\n_OUT = []\n_KEPT = []\n" + _FACTORY_READS_META.replace(
        "    return grid", "    _KEPT.append(grid)\n    return grid") + _ENTRY + _LAUNCH_FACTORY +
    "    _KEPT[0]({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    # a method named like the def (callbacks are known by name): the file calls it with the inputs
    "a_method_named_like_the_def": "\n_OUT = []\n" + _FACTORY + '''

class _Tiles:
    def grid(self, meta):
        x = meta["BLOCK_M"]
        y = meta["BLOCK_N"]
''' + _indent(_META_PRODUCT, 4) + '''        _OUT.append(acc)
        return (1,)
''' + _ENTRY + _LAUNCH_FACTORY + "    _Tiles().grid({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    "factory_named_again": "\n_OUT = []\n" + _FACTORY_READS_META + _ENTRY + _LAUNCH_FACTORY +
    "    f = _make_grid\n    f(M, N)({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    "factory_given_the_inputs": _factory_of_the_inputs("", _indent(_META_PRODUCT, 4) + "        _OUT.append(acc)\n"),
    "factory_computes_itself": _factory_of_the_inputs(_META_PRODUCT + "    _OUT.append(acc)\n", ""),
    # the factory calls its def with the inputs before returning it
    "factory_calls_its_def": "\n_OUT = []\n" + _FACTORY_READS_META.replace(
        "    return grid", "    grid({'BLOCK_M': x0, 'BLOCK_N': y0})\n    return grid").replace(
        "def _make_grid(M, N):", "def _make_grid(M, N, x0, y0):") + _ENTRY +
    "    _copy[_make_grid(M, N, a, b)](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n" + _OUT_READ,
    "factory_decorated": '''
_OUT = []
_IN = []


def _calls_it(f):
    def inner(M, N):
        g = f(M, N)
        g({"BLOCK_M": _IN[0], "BLOCK_N": _IN[1]})
        return g
    return inner


@_calls_it''' + _FACTORY_READS_META + _ENTRY + "    _IN.extend([a, b])\n" + _LAUNCH_FACTORY + _OUT_READ,
    # (decision 234) a dict subclass handed as the kernel's name, its __getitem__ calling the grid with itself
    "kernel_name_a_parameter_given_a_fake": "\n_OUT = []\n\n" + _FACTORY_READS_META + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None


def _run(_copy, M, N, a, c):
    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _run(_Fake(BLOCK_M=a, BLOCK_N=b), M, N, a, c)
    return _launch(_OUT[0], c)
''',
    "kernel_name_rebound_to_a_fake": "\n_OUT = []\n\n" + _FACTORY_READS_META + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy = _Fake(BLOCK_M=a, BLOCK_N=b)
    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
    "kernel_name_bound_by_a_for_loop": "\n_OUT = []\n\n" + _FACTORY_READS_META + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    for _copy in [_Fake(BLOCK_M=a, BLOCK_N=b)]:
        _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
    # (decision 234) the kernel's run replaced: K.run(..., grid=F(...)) calls the file's function (K[grid] calls self.run too)
    "kernel_run_replaced": "\n_OUT = []\n\n" + _FACTORY_READS_META + '''

def _fake_run(x, y, **kw):
    kw["grid"]({"BLOCK_M": x, "BLOCK_N": y})


_copy.run = _fake_run


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy.run(a, b, grid=_make_grid(M, N))
    return _launch(_OUT[0], c)
''',
    # (decision 234) a class of the file with a run method, handed as the kernel's name
    "kernel_name_a_parameter_with_run": "\n_OUT = []\n\n" + _FACTORY_READS_META + '''

class _Fake:
    def run(self, x, y, **kw):
        kw["grid"]({"BLOCK_M": x, "BLOCK_N": y})


def _go(_copy, M, N, a, b):
    _copy.run(a, b, grid=_make_grid(M, N))


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _go(_Fake(), M, N, a, b)
    return _launch(_OUT[0], c)
''',
    # (decision 234) a factory returning a lambda (decision 234): given the inputs, called by the file, a default, an inner lambda
    "lambda_factory_given_the_inputs": '''
_OUT = []


def _prod(x, y):
    K = x.shape[1]
    acc = x[:, 0:1] * y[0:1, :]
    for k in range(1, K):
        acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
    return acc


def _make_grid(x, y):
    return lambda meta: (_OUT.append(_prod(x, y)), (1,))[1]


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(a, b)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
    "lambda_factory_called_by_the_file": '''
_OUT = []


def _prod(x, y):
    K = x.shape[1]
    acc = x[:, 0:1] * y[0:1, :]
    for k in range(1, K):
        acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
    return acc


def _make_grid(M, N):
    return lambda meta: (_OUT.append(_prod(meta["BLOCK_M"], meta["BLOCK_N"])), (1,))[1]


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    _make_grid(M, N)({"BLOCK_M": a, "BLOCK_N": b})
    return _launch(_OUT[0], c)
''',
    "lambda_factory_default_dict": '''
_OUT = []
_HOLD = {}


def _prod(x, y):
    K = x.shape[1]
    acc = x[:, 0:1] * y[0:1, :]
    for k in range(1, K):
        acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
    return acc


def _make_grid(M, N):
    return lambda meta, d=_HOLD: (_OUT.append(_prod(d["BLOCK_M"], d["BLOCK_N"])), (1,))[1]


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _HOLD["BLOCK_M"] = a
    _HOLD["BLOCK_N"] = b
    _copy[_make_grid(M, N)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
    "lambda_factory_inner_lambda_given_the_inputs": '''
_OUT = []


def _prod(x, y):
    K = x.shape[1]
    acc = x[:, 0:1] * y[0:1, :]
    for k in range(1, K):
        acc = acc + x[:, k:k + 1] * y[k:k + 1, :]
    return acc


def _make_grid(x, y):
    return lambda meta: (lambda m: (_OUT.append(_prod(m["BLOCK_M"], m["BLOCK_N"])), (1,))[1])({"BLOCK_M": x, "BLOCK_N": y})


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)

    _copy[_make_grid(a, b)](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_232))
def test_decision_232_hostile_forms_refused(name):
    found = audit(_GEMM_HEAD + HOSTILE_232[name], TRITON, "sgemm")
    assert found, "passed the audit"
    assert any("tensor" in f.text for f in found), found


# Decision 256: the factory's def is reached by nothing but the factory's `return grid` where, within the factory, the
# name is bound once and read once, and no other def, class or lambda of the file has the name. Another function's own
# local `grid` binds in that function and cannot reach the def (session 72's hole: a right file refused).
_GRID_TUPLE_LAUNCH = '''
def _big(a, c, M, N):
    grid = (triton.cdiv(M * N, 32),)
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
'''
RIGHT_256 = {
    "factory_beside_a_local_grid_tuple": _FACTORY + _GRID_TUPLE_LAUNCH + _ENTRY +
    "    if M * N > 4096:\n        return _big(a, c, M, N)\n" + _LAUNCH_FACTORY + "    return c\n",
    "factory_beside_a_parameter_named_grid": _FACTORY + '''

def _go(grid, a, c):
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
''' + _ENTRY + "    _go((triton.cdiv(M * N, 32),), a, c)\n" + _LAUNCH_FACTORY + "    return c\n",
    "factory_beside_a_module_grid_constant": "\ngrid = (4,)\n" + _FACTORY + _ENTRY +
    "    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n" + _LAUNCH_FACTORY + "    return c\n",
    # the tutorial's lambda grid in another function's launch, and a def of the name launched at module level
    "factory_beside_a_tutorial_lambda_grid": _FACTORY + '''

def _big(a, c, M, N):
    grid = lambda meta: (triton.cdiv(M * N, meta["BLOCK_M"]),)
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return c
''' + _ENTRY + "    if M * N > 4096:\n        return _big(a, c, M, N)\n" + _LAUNCH_FACTORY + "    return c\n",
    # the same, the def in a function after the factory's (the audit once looked the def up by name, file-wide)
    "factory_beside_another_functions_def_of_the_name": _FACTORY + _ENTRY + '''    if M * N > 4096:
        def grid(meta):
            return (triton.cdiv(M * N, meta.get("BLOCK_M", 32)),)

        _copy[grid](a, c, M * N, BLOCK_M=32, BLOCK_N=32)
        return c
''' + _LAUNCH_FACTORY + "    return c\n",
    "factory_beside_a_def_of_the_name_launched": _FACTORY + '''

def grid(meta):
    return (triton.cdiv(meta["n"], meta["BLOCK_M"]),)
''' + _ENTRY + "    _copy[grid](a, c, M * N, BLOCK_M=32, BLOCK_N=32)\n" + _LAUNCH_FACTORY + "    return c\n",
}


@pytest.mark.parametrize("name", sorted(RIGHT_256))
def test_decision_256_a_factory_beside_another_functions_grid_passes(name):
    found = audit(_GEMM_HEAD + RIGHT_256[name], TRITON, "sgemm")
    assert found == [], found


HOSTILE_256 = {
    # a lambda of the name elsewhere: lambdas are known to the audit by the name they are bound to
    "a_lambda_named_like_the_def": "\n_OUT = []\n" + _FACTORY + '''

def _mul(x, y):
''' + _META_PRODUCT + '''    _OUT.append(acc)
    return (1,)
''' + _ENTRY + _LAUNCH_FACTORY +
    "    grid = lambda meta: _mul(meta['BLOCK_M'], meta['BLOCK_N'])\n    grid({'BLOCK_M': a, 'BLOCK_N': b})\n" +
    _OUT_READ,
    # a def of the name in another function, called there with the inputs
    "a_def_named_like_the_def_in_another_function": "\n_OUT = []\n" + _FACTORY + _ENTRY + _LAUNCH_FACTORY + '''
    def grid(meta):
        x = meta["BLOCK_M"]
        y = meta["BLOCK_N"]
''' + _indent(_META_PRODUCT, 4) + '''        _OUT.append(acc)
        return (1,)

    grid({"BLOCK_M": a, "BLOCK_N": b})
''' + _OUT_READ,
    # the factory's def made a module global, then called by the file with the inputs
    "factory_declares_its_def_global": "\n_OUT = []\n" + _FACTORY_READS_META.replace(
        "    def grid(meta):", "    global grid\n\n    def grid(meta):") + _ENTRY + _LAUNCH_FACTORY +
    "    grid({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    # a def nested in the factory rebinds the name: what the factory returns is not the def Triton was shown
    # a lambda of the name launched, and kept: what keeps it may call it with the inputs
    "a_lambda_of_the_name_launched_and_kept": "\n_OUT = []\n_KEPT = []\n" + _FACTORY + '''

def _mul(x, y):
''' + _META_PRODUCT + '''    _OUT.append(acc)
    return (1,)
''' + _ENTRY + _LAUNCH_FACTORY +
    "    grid = lambda meta: _mul(meta['BLOCK_M'], meta['BLOCK_N'])\n    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)\n"
    "    _KEPT.append(grid)\n    _KEPT[0]({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    # a lambda of the name in a class body: a method, reached as an attribute
    "a_class_lambda_named_like_the_def": "\n_OUT = []\n" + _FACTORY + '''

def _mul(x, y):
''' + _META_PRODUCT + '''    _OUT.append(acc)
    return (1,)


class _Tiles:
    grid = lambda self, meta: _mul(meta["BLOCK_M"], meta["BLOCK_N"])
''' + _ENTRY + _LAUNCH_FACTORY + "    _Tiles().grid({'BLOCK_M': a, 'BLOCK_N': b})\n" + _OUT_READ,
    # a decorated def of the name: the decorator is handed it without a read of its name
    "a_decorated_def_named_like_the_def": "\n_OUT = []\n_KEPT = []\n" + _FACTORY + '''

def _keep(f):
    _KEPT.append(f)
    return f
''' + _ENTRY + _LAUNCH_FACTORY + '''
    @_keep
    def grid(meta):
        x = meta["BLOCK_M"]
        y = meta["BLOCK_N"]
''' + _indent(_META_PRODUCT, 4) + '''        _OUT.append(acc)
        return (1,)

    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    _KEPT[0]({"BLOCK_M": a, "BLOCK_N": b})
''' + _OUT_READ,
    "factory_rebinds_its_def_from_a_nested_def": "\n_OUT = []\n_IN = []\n" + _FACTORY_READS_META.replace(
        "    return grid", "    def _swap():\n        nonlocal grid\n        g = grid\n"
        "        grid = lambda meta: g({'BLOCK_M': _IN[0], 'BLOCK_N': _IN[1]})\n\n    _swap()\n    return grid") +
    _ENTRY + "    _IN.extend([a, b])\n" + _LAUNCH_FACTORY + _OUT_READ,
}


@pytest.mark.parametrize("name", sorted(HOSTILE_256))
def test_decision_256_hostile_forms_refused(name):
    found = audit(_GEMM_HEAD + HOSTILE_256[name], TRITON, "sgemm")
    assert found, "passed the audit"
    assert any("tensor" in f.text for f in found), found


# Decision 234 (red team of decision 232): a grid named in `K[grid]` or `K.run(..., grid=g)` is called by Triton only
# where K is the kernel. The kernel's name bound again (a parameter, a local: a dict subclass whose __getitem__ calls
# the grid with itself, a class with a run method) or an attribute stored on the kernel (`K.run = f`: Triton's
# K[grid](...) calls self.run too) handed the grid a dict of the inputs, read as numbers. Each passed before
# decision 232 too, with a grid named in the launch.
HOSTILE_234 = {
    "kernel_name_a_parameter_given_a_fake": _grid_multiplying_meta("grid") + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None


def _run(_copy, M, N, a, c):
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _run(_Fake(BLOCK_M=a, BLOCK_N=b), M, N, a, c)
    return _launch(_OUT[0], c)
''',
    "kernel_name_rebound_to_a_fake": _grid_multiplying_meta("grid") + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None




def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy = _Fake(BLOCK_M=a, BLOCK_N=b)
    _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32)
    return _launch(_OUT[0], c)
''',
    "kernel_name_a_parameter_with_run": _grid_multiplying_meta("_g") + '''

class _Fake:
    def run(self, x, y, **kw):
        kw["grid"]({"BLOCK_M": x, "BLOCK_N": y})


def _go(_copy, a, b):
    _copy.run(a, b, grid=_g)


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _go(_Fake(), a, b)
    return _launch(_OUT[0], c)
''',
    "kernel_run_replaced_run_launch": _grid_multiplying_meta("_g") + '''

def _fake_run(x, y, grid):
    grid({"BLOCK_M": x, "BLOCK_N": y})


_copy.run = _fake_run


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy.run(a, b, grid=_g)
    return _launch(_OUT[0], c)
''',
    "kernel_run_replaced_subscript_launch": _grid_multiplying_meta("_g") + '''

def _fake_run(x, y, **kw):
    kw["grid"]({"BLOCK_M": x, "BLOCK_N": y})


_copy.run = _fake_run


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy[_g](a, b)
    return _launch(_OUT[0], c)
''',
    "kernel_run_replaced_through_an_alias": _grid_multiplying_meta("_g") + '''

def _fake_run(x, y, **kw):
    kw["grid"]({"BLOCK_M": x, "BLOCK_N": y})


_k = _copy
_k.run = _fake_run


def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    _copy[_g](a, b)
    return _launch(_OUT[0], c)
''',
    "kernel_name_bound_by_a_comprehension": _grid_multiplying_meta("grid") + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None




def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    [_copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32) for _copy in [_Fake(BLOCK_M=a, BLOCK_N=b)]]
    return _launch(_OUT[0], c)
''',
    "kernel_name_a_lambda_parameter": _grid_multiplying_meta("grid") + '''

class _Fake(dict):
    def __getitem__(self, g):
        g(self)
        return _noop


def _noop(*args, **kwargs):
    return None




def sgemm(a, b):
    M, K = a.shape
    N = b.shape[1]
    c = torch.empty((M, N), device=a.device, dtype=torch.float32)
    (lambda _copy: _copy[grid](a, c, 0, BLOCK_M=32, BLOCK_N=32))(_Fake(BLOCK_M=a, BLOCK_N=b))
    return _launch(_OUT[0], c)
''',
}


@pytest.mark.parametrize("name", sorted(HOSTILE_234))
def test_decision_234_hostile_forms_refused(name):
    found = audit(_GEMM_HEAD + HOSTILE_234[name], TRITON, "sgemm")
    assert found, "passed the audit"
    assert any("tensor" in f.text for f in found), found


# The kernel's run replaced through whatever may hold the kernel (session 60, after the helper's red team): each must
# still hand the grid to no one but the file, so the grid stays held.
_ALIAS_RUN = HOSTILE_234["kernel_run_replaced_through_an_alias"]
_ALIAS_LINES = "_k = _copy\n_k.run = _fake_run\n"
assert _ALIAS_LINES in _ALIAS_RUN
HOSTILE_234_HOLDERS = {
    "an_attribute_of_an_object": '''
class _Box:
    pass


_box = _Box()
_box.k = _copy
_box.k.run = _fake_run
''',
    "a_class_attribute": "class _Kernels:\n    k = _copy\n\n\n_Kernels.k.run = _fake_run\n",
    "a_dict_item": "_ks = {}\n_ks['k'] = _copy\n_ks['k'].run = _fake_run\n",
    "a_def_returning_it": "def _get():\n    return _copy\n\n\n_get().run = _fake_run\n",
    "a_walrus": "if (_w := _copy) is not None:\n    _w.run = _fake_run\n",
    "a_parameters_default": "def _patch(k=_copy):\n    k.run = _fake_run\n\n\n_patch()\n",
    "a_with_variable": "import contextlib\nwith contextlib.nullcontext(_copy) as _w:\n    _w.run = _fake_run\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE_234_HOLDERS))
def test_decision_234_run_replaced_through_a_holder_refused(name):
    found = audit(_GEMM_HEAD + _ALIAS_RUN.replace(_ALIAS_LINES, HOSTILE_234_HOLDERS[name]), TRITON, "sgemm")
    assert any("tensor" in f.text for f in found), found


# An object that holds the kernel as an attribute is no store on the kernel: a false failure of decision 234's first
# reading (every name of an assignment's target was held, so `self.block = 32` refused every grid)
RIGHT_234 = {
    "kernel_kept_on_a_plan_object": '''
class _Plan:
    def __init__(self):
        self.kernel = _copy
        self.block = 32


def grid(meta):
    return (triton.cdiv(meta["n"], meta["BLOCK_M"]),)
''' + _ENTRY + '''    plan = _Plan()
    _copy[grid](a, c, M * N, BLOCK_M=32, BLOCK_N=1)
    return c
''',
}


@pytest.mark.parametrize("name", sorted(RIGHT_234))
def test_decision_234_right_forms_pass(name):
    found = audit(_GEMM_HEAD + RIGHT_234[name], TRITON, "sgemm")
    assert found == [], found


# Session 78's red team: the audit runs in the judge, before any learner code, and a file of 8000 classes that do
# nothing took one check 188 s (the Enum classes were found by walking the whole file once for each class). Every
# walk and visit now counts against one budget of steps (MAX_STEPS), in the same place on every machine.
def _grown(kind: str, n: int) -> str:
    """A file of n repeated parts of one kind, each right on its own."""
    parts = {
        "modules": lambda i: f"class C{i}(torch.nn.Module):\n    def forward(self, x):\n        return x + {i}\n",
        "plain classes": lambda i: f"class P{i}:\n    pass\n",
        "a chain of classes": lambda i: f"class C{i}({f'C{i - 1}' if i else 'torch.nn.Module'}):\n    pass\n",
        "a chain of enums": lambda i: f"class E{i}({f'E{i - 1}' if i else 'enum.Enum'}):\n    pass\n",
        "dataclasses": lambda i: f"@dataclasses.dataclass\nclass D{i}:\n    a: int = {i}\n",
        "helpers calling the one before": lambda i: f"def f{i}(x):\n    return {f'f{i - 1}(x)' if i else 'x'} + 1\n",
        "helpers calling the one after": lambda i: f"def f{i}(x):\n    return f{i + 1}(x) + 1\n",
        "methods": lambda i: f"class M{i}(torch.nn.Module):\n    def m(self, x):\n        return self.m(x) if x is None else x\n",
        "calls of a chain's last class": lambda i: f"class K{i}({f'K{i - 1}' if i else 'object'}):\n    pass\n\n"
                                                    f"k{i} = K{i}()\n",
    }
    tail = "def f{n}(x):\n    return x\n".format(n=n) if kind == "helpers calling the one after" else ""
    return "import dataclasses\nimport enum\n\nimport torch\n\n\n" + "\n\n".join(
        parts[kind](i) for i in range(n)) + "\n\n" + tail


@pytest.mark.parametrize("kind", ["modules", "plain classes", "a chain of classes", "a chain of enums", "dataclasses",
                                  "helpers calling the one before", "helpers calling the one after", "methods",
                                  "calls of a chain's last class"])
def test_the_audit_takes_steps_in_proportion_to_the_file(kind):
    """Twice the parts, at most about twice the steps: no path of the audit walks the file once per part. Walking it
    once per class (the Enum classes) took 4 times the steps for twice the classes; walking a chain of classes down
    to its root for every class of it, as many times more steps as the chain is long."""
    from grader.audit.python_ast import steps_of

    small, large = (steps_of(_grown(kind, n), PORT) for n in (150, 300))
    assert large <= 2.3 * small, (kind, small, large)


def test_a_file_over_the_audits_steps_gets_a_finding_that_says_so_and_the_solutions_are_far_under_it():
    """The budget: an audit that needs more than MAX_STEPS ends in a finding (here 3000 modules, which took the audit
    more than 2 minutes before the Enum classes were found in one pass), and the solutions' files take at most
    STEPS_OF_THE_SOLUTIONS, a fifth of it or less, as the finding's message says."""
    from grader.audit import python_ast
    from helpers import REPO

    findings = audit(_grown("modules", 3000), PORT)
    assert [f.text for f in findings if "steps to read" in f.text] and len(findings) == 1, findings
    assert f"more than {python_ast.MAX_STEPS} steps" in findings[0].text
    assert f"at most {python_ast.STEPS_OF_THE_SOLUTIONS}" in findings[0].text
    assert 5 * python_ast.STEPS_OF_THE_SOLUTIONS <= python_ast.MAX_STEPS
    for path, rules, entry in (("minigpt_torch.py", PORT, None), ("softmax_triton.py", TRITON, "softmax"),
                               ("sgemm_triton.py", TRITON, "sgemm")):
        source = (REPO / "solutions/03-triton-and-pytorch" / path).read_bytes()
        assert audit(source, rules, entry) == [], path
        assert python_ast.steps_of(source, rules, entry) <= python_ast.STEPS_OF_THE_SOLUTIONS, path


def test_a_right_port_with_two_thousand_classes_of_its_own_still_passes_within_the_budget():
    """Unusual but right: the solution's port and 2000 classes that do nothing passes the audit (about 374,000 steps
    of MAX_STEPS), as the red team's 8000 did in seconds once the Enum classes were found in one pass."""
    from grader.audit import python_ast
    from helpers import REPO

    source = (REPO / "solutions/03-triton-and-pytorch/minigpt_torch.py").read_text() + "".join(
        f"\n\nclass P{i}:\n    pass\n" for i in range(2000))
    assert audit(source, PORT) == []
    assert python_ast.steps_of(source, PORT) < python_ast.MAX_STEPS / 2
