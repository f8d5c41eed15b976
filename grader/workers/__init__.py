"""Workers: the only code that runs next to learner code, always inside the sandbox.

A worker loads learner code, runs it on buffers the judge chose, writes raw outputs into its own
folder and answers the judge's commands over a private channel (grader/channel.py). It reports
facts and never decides a verdict: everything it says is a claim the judge checks.

    cuda.py       a learner's CUDA library (labs 00-02): correctness cases and timing blocks
    triton.py     a learner's Triton file (lab 03): the same commands
    port.py       a learner's MiniGPT port (lab 03)
    ncu_read.py   reads an Nsight Compute report (learner data: a crafted file is hostile input)
    device_probe.py, profile_target.py   facts about the GPU; the kernel `make profile` records
"""
