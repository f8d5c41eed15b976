"""Lab 02's profile checks. They read the committed report, so they run on any machine; with a GPU
the profiled launch is also cross-checked against a trace of the graded library, and on a GPU of the
report's model the report's figures against a new Nsight Compute run of it.

The logic lives in grader/checks/profile.py; this file only declares the checks.
"""
from __future__ import annotations

from grader.checks import profile


def register(lab, spec, source: str, report: str) -> None:
    rep = spec.label(spec.representative)

    def loads(ctx):
        return profile.check_loads(ctx)

    def kernel_matches(ctx):
        return profile.check_kernel_matches(ctx)

    def device_and_shape(ctx):
        return profile.check_device_and_shape(ctx)

    def analysis(ctx):
        return profile.check_analysis(ctx)

    loads.__doc__ = f"{report} is an Nsight Compute report that loads.\n\nRecord it with `make profile LAB=02` and commit it."
    kernel_matches.__doc__ = (f"The report profiles a kernel your {source} compiles to, launched as the graded code "
                              f"launches it.\n\nThe kernel must be defined in the library built from your file (code "
                              f"under #if 0 is not), and the machine code the report lists must be the code your file "
                              f"compiles to for the report's GPU (SASS, instruction for instruction; at least 90% of it "
                              f"in order passes with a note); with a GPU, the graded library is traced at {rep} and must "
                              "launch that kernel (a template's instance by its arguments) with the report's grid and block, in a like "
                              "time; on a GPU of the report's model, Nsight Compute measures it again, and the report's figures must "
                              "be what it measures (within the spread of two honest runs: 6 points of a percentage, 25% of a time).")
    device_and_shape.__doc__ = f"The report was taken on sm_80 or newer, at the representative size {rep} fp32."
    analysis.__doc__ = (f"profile/{spec.stem}_tuned.md names the bottleneck the report shows and quotes 2+ of its values, and "
                        "every value it quotes is the report's.\n\nThe report's verdict comes from its Speed Of Light "
                        "section: latency-bound when Memory and Compute (SM) Throughput are both under 60% of peak; "
                        "otherwise the unit that leads by 10+ points; either when they are closer than that.")
    # Reading the report is a lane of its own, beside the correctness run. The cross-check is a measurement, so it is
    # timed (it runs last, with the GPU to itself; traced beside other work a launch measured 2.7x the report's time on
    # an H100, and a trace beside Nsight Compute's run of lab 03 is a second profiler on the GPU at once), and so are
    # the checks that need it. On a GPU of the report's model, Nsight Compute measures the graded library again
    # (decision 137): the timed phase then holds the machine's profiler lock (measures_again). The watched worker,
    # which Nsight Compute launches suspended, starts as soon as the report is read (02.profile.loads, decision 201),
    # and is attached and loads the library, under that lock, before the timed checks take the GPU (measured_ready).
    # Elsewhere the graded library is traced (CUPTI, through torch's profiler): its worker starts as soon as the report is read
    # (02.profile.loads) and sets up the profiler meanwhile, which took 5.6 s of the timed phase when done there; its
    # init is sent before the timed phase too (trace_ready).
    lab.before_timed += [profile.prestart_measured, profile.trace_ready, profile.measured_ready]
    lab.timed_profiler = profile.measures_again
    lab.check("02.profile.loads", points=1, lane="profile")(loads)
    lab.check("02.profile.kernel_matches", points=2, needs=("02.profile.loads", "02.build.honest"),
              timed=True, profiled=True)(kernel_matches)  # Nsight Compute measures again: the profiler lock's last use
    lab.check("02.profile.device_and_shape", points=1, needs=("02.profile.kernel_matches",), timed=True)(
        device_and_shape)
    lab.check("02.profile.analysis", points=4, needs=("02.profile.kernel_matches",), timed=True)(analysis)
