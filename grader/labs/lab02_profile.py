"""Lab 02's profile checks. They read the committed report, so they run on any machine.

The logic lives in grader/checks/profile.py; this file only declares the checks.
"""
from __future__ import annotations

from grader.checks import profile


def register(lab) -> None:
    @lab.check("02.profile.loads", points=1)
    def loads(ctx):
        """profile/softmax_tuned.ncu-rep is an Nsight Compute report that loads.

        Record it with `make profile LAB=02` and commit it.
        """
        return profile.check_loads(ctx)

    @lab.check("02.profile.kernel_matches", points=2, needs=("02.profile.loads",))
    def kernel_matches(ctx):
        """The report profiles a __global__ kernel defined in your softmax_tuned.cu."""
        return profile.check_kernel_matches(ctx)

    @lab.check("02.profile.device_and_shape", points=1, needs=("02.profile.kernel_matches",))
    def device_and_shape(ctx):
        """The report was taken on sm_80 or newer, at the representative shape 16384x4096 fp32."""
        return profile.check_device_and_shape(ctx)

    @lab.check("02.profile.analysis", points=4, needs=("02.profile.kernel_matches",))
    def analysis(ctx):
        """profile/ANALYSIS.md names the bottleneck the report shows and quotes 2+ of its values.

        The report's verdict comes from its Speed Of Light section: latency-bound when
        Memory and Compute (SM) Throughput are both under 60% of peak; otherwise the
        unit that leads by 10+ points; either when they are closer than that.
        """
        return profile.check_analysis(ctx)
