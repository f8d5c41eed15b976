"""Compile a softmax file's stream kernel for sm_90 without a GPU; print registers, spills and PTX facts.

    .venv/bin/python docs/_tools/softmax_limit/check_stream_compile.py FILE [PIECE,WARPS,MAXNREG ...]
    ROWS=1 ...   also the rows kernel at 128 columns with the file's short-row settings

REG/STACK/SHARED: cuobjdump -res-usage of the cubin; spill bytes: ptxas -v (the PTX carries .maxnreg)."""
import importlib.util, sys, re, subprocess, tempfile, os
import triton
from triton.backends.compiler import GPUTarget
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("sst", path)
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
CUOBJ = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/cuobjdump")
D16 = [["tt.divisibility", 16]]

def resources(ck):
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(ck.asm["cubin"]); name = f.name
    out = subprocess.run([CUOBJ, "-res-usage", name], capture_output=True, text=True).stdout
    os.unlink(name)
    regs = re.search(r"REG:(\d+)", out); stack = re.search(r"STACK:(\d+)", out)
    lspill = re.search(r"LOCAL:(\d+)", out); shared = re.search(r"SHARED:(\d+)", out)
    return int(regs.group(1)), int(stack.group(1)), int(lspill.group(1)), int(shared.group(1))

def ptxas_spills(ptx):
    ptxas = os.path.join(os.path.dirname(triton.__file__), "backends/nvidia/bin/ptxas")
    with tempfile.NamedTemporaryFile("w", suffix=".ptx", delete=False) as f:
        f.write(ptx); name = f.name
    r = subprocess.run([ptxas, "-v", "--gpu-name=sm_90a", name, "-o", "/dev/null"], capture_output=True, text=True)
    os.unlink(name)
    sp = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", r.stderr)
    return f"spill st/ld {sp.group(1)}/{sp.group(2)} B" if sp else r.stderr[-300:]

def ptx_facts(ptx):
    return {
        "ld.v4": len(re.findall(r"ld\.global(?:\.\w+)*\.v4\.b32", ptx)),
        "ld.b32 (scalar)": len(re.findall(r"ld\.global(?:\.\w+)*\.b32\s", ptx)),
        "st.cs.v4": len(re.findall(r"st\.global\.cs\.v4", ptx)),
        "atom": re.findall(r"atom\.global[\w.]*", ptx),
        "ld.volatile": len(re.findall(r"ld\.volatile\.global", ptx)),
        "bar.sync": len(re.findall(r"bar\.sync", ptx)),
        "local (spill) ld/st": len(re.findall(r"\b(?:ld|st)\.local", ptx)),
    }

def stream(piece, warps, maxnreg, cols_div16, pieces):
    k = m._softmax_stream_kernel
    sig = {"out_ptr": "*fp32", "in_ptr": "*fp32", "ws_ptr": "*i64", "cols": "i32", "pieces": "i32",
           "piece_len": "i32", "items": "i32", "PIECE": "constexpr", "MAX_PIECES": "constexpr", "WORDS_AT": "constexpr"}
    attrs = {(0,): D16, (1,): D16, (2,): D16, (5,): D16}
    if cols_div16:
        attrs[(3,)] = D16
    src = triton.compiler.ASTSource(fn=k, signature=sig, attrs=attrs,
                                    constexprs={"PIECE": piece, "MAX_PIECES": triton.next_power_of_2(pieces),
                                                "WORDS_AT": m.STREAM_WORDS_AT})
    return triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": warps, "maxnreg": maxnreg})

configs = [tuple(int(v) for v in a.split(",")) for a in sys.argv[2:]] or [(m.STREAM_PIECE, m.STREAM_WARPS, m.STREAM_MAXNREG)]
for piece, warps, maxnreg in configs:
    for cols, div16 in [(50257, False), (524288, True)]:
        pieces = triton.cdiv(cols, piece)
        ck = stream(piece, warps, maxnreg, div16, pieces)
        regs, stack, local, shared = resources(ck)
        print(f"stream PIECE {piece:>5} warps {warps} maxnreg {maxnreg:>3} cols {cols:>6} (MAX_PIECES {triton.next_power_of_2(pieces):>3}):"
              f" REG {regs} STACK {stack} LOCAL {local} SHARED {shared} (meta shared {ck.metadata.shared}) {ptxas_spills(ck.asm['ptx'])}  {ptx_facts(ck.asm['ptx'])}")

if os.environ.get("ROWS"):
    # The rows kernel at 128 columns with the module's short-row settings.
    block_cols = 128
    block_rows = max(1, m.SHORT_ROW_ELEMENTS // block_cols)
    warps = m.SHORT_ROW_WARPS or min(max(m._floor_power_of_2(block_rows * 128 // 256), 1), 16)
    k = m._softmax_rows_kernel
    sig = {"out_ptr": "*fp32", "in_ptr": "*fp32", "rows": "i32", "cols": "i32", "in_row_stride": "i32",
           "out_row_stride": "i32", "BLOCK_ROWS": "constexpr", "BLOCK_COLS": "constexpr"}
    attrs = {(0,): D16, (1,): D16, (2,): D16, (3,): D16, (4,): D16, (5,): D16}
    ck = triton.compile(triton.compiler.ASTSource(fn=k, signature=sig, attrs=attrs,
                                                  constexprs={"BLOCK_ROWS": block_rows, "BLOCK_COLS": block_cols}),
                        target=GPUTarget("cuda", 90, 32), options={"num_warps": warps})
    regs, stack, local, shared = resources(ck)
    f = ptx_facts(ck.asm["ptx"])
    print(f"rows kernel 128 cols BLOCK_ROWS {block_rows} warps {warps}: REG {regs} STACK {stack} {ptxas_spills(ck.asm['ptx'])} ld.v4 {f['ld.v4']} ld.b32 {f['ld.b32 (scalar)']}")
