"""Phase 24 grader: discover -> build -> run (isolated subprocess) -> check -> report.

Run it as ``python -m grader`` (or ``make grade``). The flow, one module per stage:

    cli.py        parse arguments, pick labs, exit codes
    discover.py   resolve lab names, stage the learner's editable files into a work dir
    build.py      nvcc -> shared library, compiler errors, link audit (honesty)
    runner.py     the only place that starts processes: child runs with timeouts
    checks/       numerical comparison and scoring (parent process only)
    labs/         one small file per lab that only *declares* checks
    report.py     the only place that prints or writes results
"""
