"""Grading a cohort: every learner of a roster, on this machine or as a Slurm job array.

    python -m grader.cohort --roster roster.csv --out gradebook/ [--backend local|slurm]
    (also `python -m grader cohort ...` and `make grade-cohort ROSTER=... OUT=...`)

The grader itself is a black box here: each learner is graded by its CLI, ``python -m grader``.

    roster.py     the roster CSV; bad rows are reported by line number and skipped
    settings.py   options over a TOML config file, read once into frozen dataclasses
    store.py      OUT's layout, atomic writes, content hashes, the frozen grader tree
    plan.py       what one run grades (resume: learners already graded are not tasks)
    task.py       one learner's grading: the entry point both backends run
    local.py      backend: a thread pool on this machine (one task per GPU, or N CPU tasks)
    slurm.py      backend: an sbatch job array plus an afterany merge job
    gradebook.py  statuses and gradebook.csv
    summary.py    gradebook.html (matplotlib figures inlined as SVG)
    cli.py        the command line
"""
