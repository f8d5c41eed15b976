"""Interpreter checks of softmax_stream_triton.py (or a variant), on the CPU:

    TRITON_INTERPRET=1 .venv/bin/python docs/_tools/softmax_limit/check_stream_interp.py [FILE] [--short]

softmax(x) against fp64 torch (rows kernel and looped fallback in the interpreter), then the stream kernel
called directly (_launch_stream, one program, at most two pieces a row: the one case where one program
never waits on a piece it cannot take), with randn, -inf-masked, constant and all -inf rows."""
import importlib.util, sys
from pathlib import Path
import torch, triton
assert triton.knobs.runtime.interpret
path = sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else str(Path(__file__).with_name("softmax_stream_triton.py"))
spec = importlib.util.spec_from_file_location("sst", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)

def ref(x):
    return torch.softmax(x.double(), dim=1)

def inputs(shape, g):
    r, c = shape
    x = torch.randn(shape, generator=g) * 10
    yield "randn", x
    xm = x.clone()
    mask = torch.rand(shape, generator=g) < 0.5
    xm[mask] = -float("inf")
    xm[:, 0] = torch.where(torch.rand(r, generator=g) < 0.5, xm[:, 0], torch.tensor(3.0))  # keep some finite
    if r > 1:
        xm[r // 2, :] = -float("inf")
        xm[r // 2, c - 1] = 1.0  # one finite value, at the end (tail / last piece)
    yield "-inf masked", xm
    xc = torch.full(shape, 7.25)
    xc[0] = -3.0
    yield "constant", xc
    xa = torch.full(shape, -float("inf"))
    yield "all -inf (NaN like torch)", xa

def check(name, y, x):
    r = ref(x)
    both_nan = torch.isnan(y) & torch.isnan(r)
    ok_nan = bool((torch.isnan(y) == torch.isnan(r)).all())
    err = (y.double() - r).abs()
    err = torch.where(both_nan, torch.zeros_like(err), err)
    e = err.max().item()
    rel = e / max(r[~torch.isnan(r)].abs().max().item(), 1e-30) if (~torch.isnan(r)).any() else 0.0
    good = ok_nan and e <= 1e-6
    return good, e

g = torch.Generator().manual_seed(0)
allgood = True
SHAPES = [(1, 1), (3, 1025), (7, 5000), (5, 40000), (3, 70001)] + ([(300, 128), (77, 200), (5, 256), (130, 3)] if "--short" in sys.argv else [])
print("== softmax(x) dispatch (interpreter: rows kernel / looped fallback) ==")
for shape in SHAPES:
    for name, x in inputs(shape, g):
        y = m.softmax(x)
        good, e = check(name, y, x)
        allgood &= good
        print(f"{str(shape):>12} {name:<26} max abs err {e:.2e} {'ok' if good else 'FAIL'}")

if not hasattr(m, "_launch_stream"):
    print("ALL OK" if allgood else "SOME FAILED"); sys.exit(0)
print("== stream kernel forced: one program, pieces <= 2 (test-only call of _launch_stream) ==")
# (shape, PIECE): one program may hold two pieces of a row, so pieces <= 2 never blocks.
cases = [((1, 1), 16), ((3, 1025), 1024), ((3, 1025), 2048), ((7, 5000), 4096), ((5, 5001), 4096),
         ((4, 4099), 4096), ((6, 40001), 32768), ((3, 70001), 65536), ((2, 17), 16), ((9, 33), 32)]
for shape, piece in cases:
    rows, cols = shape
    pieces = triton.cdiv(cols, piece)
    assert pieces <= 2
    piece_len = triton.cdiv(triton.cdiv(cols, pieces), 16) * 16
    assert piece_len <= piece
    for name, x in inputs(shape, g):
        y = torch.full_like(x, 123.0)
        m._launch_stream(y, x, (pieces, piece_len, piece, 4, 128, 1))
        good, e = check(name, y, x)
        allgood &= good
        print(f"{str(shape):>12} PIECE {piece:<6} pieces {pieces} {name:<26} max abs err {e:.2e} {'ok' if good else 'FAIL'}")
# Several programs, one after another in the interpreter: program 0 takes every ticket but
# its last (>= items); the others draw a ticket >= items and exit at once.
x = torch.randn(5, 3001, generator=g)
y = torch.full_like(x, 123.0)
m._launch_stream(y, x, (2, 1504, 2048, 4, 128, 8))
good, e = check("8 programs", y, x); allgood &= good
print(f"{'(5, 3001)':>12} PIECE 2048   pieces 2 grid 8 (others idle)   max abs err {e:.2e} {'ok' if good else 'FAIL'}")
print("ALL OK" if allgood else "SOME FAILED")
