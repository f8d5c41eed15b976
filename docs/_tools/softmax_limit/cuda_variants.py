"""Write the configurations of softmax_stream.cu as separate files, for timing (dev tool).

    python docs/_tools/softmax_limit/cuda_variants.py OUTDIR

The grader compiles one file with fixed flags, so each configuration is a copy of softmax_stream.cu with
its #defines prepended (STREAM_THREADS, STREAM_VPT, LONG_FROM, STREAM_WRITE_LAST: see the top of
softmax_stream.cu), written to OUTDIR/stream_t<threads>_v<vpt>_l<long_from>/softmax_tuned.cu (one folder
each: the file name is the one lab 02 expects; with --write-last, one more folder whose name ends in _wl).
Configurations whose two buffers do not fit one block's shared memory on an H100 or H200 (227 KB) are
skipped.
"""
from __future__ import annotations

import argparse
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "softmax_stream.cu"
MAX_SMEM_PER_BLOCK = 227 * 1024  # sm_90: the opt-in maximum of shared memory per block
STATIC_SMEM = 1024  # the kernel's own __shared__ words (272 bytes), rounded up
FLOAT4 = 16


def variants(write_last: bool = False) -> list[tuple[int, int, int, int]]:
    """(threads, vpt, long_from, write_last): the grid, then LONG_FROM around its default for the default
    shape; with write_last, also the default shape with STREAM_WRITE_LAST=1."""
    grid = [(threads, vpt, 16384, 0) for threads in (256, 512) for vpt in (4, 8, 16)]
    return grid + [(256, 8, 8192, 0), (256, 8, 32768, 0)] + ([(256, 8, 16384, 1)] if write_last else [])


def double_buffer_bytes(threads: int, vpt: int) -> int:
    return 2 * threads * vpt * FLOAT4


def fits(threads: int, vpt: int) -> bool:
    return double_buffer_bytes(threads, vpt) + STATIC_SMEM <= MAX_SMEM_PER_BLOCK


def name(threads: int, vpt: int, long_from: int, write_last: int = 0) -> str:
    return f"stream_t{threads}_v{vpt}_l{long_from}" + ("_wl" if write_last else "")


def text(threads: int, vpt: int, long_from: int, write_last: int, source: str) -> str:
    return (f"// {name(threads, vpt, long_from, write_last)}: written by docs/_tools/softmax_limit/cuda_variants.py\n"
            f"#define STREAM_THREADS {threads}\n#define STREAM_VPT {vpt}\n#define LONG_FROM {long_from}\n"
            f"#define STREAM_WRITE_LAST {write_last}\n"
            + source)


def write(outdir: Path, source_path: Path = SOURCE, write_last: bool = False) -> list[Path]:
    source = source_path.read_text()
    written = []
    for threads, vpt, long_from, wl in variants(write_last):
        if not fits(threads, vpt):
            print(f"skipped {name(threads, vpt, long_from, wl)}: two buffers of "
                  f"{double_buffer_bytes(threads, vpt) // 1024} KB exceed {MAX_SMEM_PER_BLOCK // 1024} KB per block")
            continue
        path = outdir / name(threads, vpt, long_from, wl) / "softmax_tuned.cu"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text(threads, vpt, long_from, wl, source))
        written.append(path)
        print(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path, help="folder to write the variants' folders into")
    parser.add_argument("--source", type=Path, default=SOURCE, help="the file to copy (default: softmax_stream.cu)")
    parser.add_argument("--write-last", action="store_true",
                        help="also stream_t256_v8_l16384_wl: the default with STREAM_WRITE_LAST=1")
    args = parser.parse_args()
    write(args.outdir, args.source, args.write_last)


if __name__ == "__main__":
    main()
