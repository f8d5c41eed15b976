# Phase 24 - CUDA & Triton hands-on.   `make help` lists the targets.
#
#   make grade [LAB="01 02"] [CHECK=03.triton] [SUBMISSION=dir] [LEARNER=name] [JSON=file] [KERNEL=gemm]
#   make test
#
# The first target that needs Python creates .venv (grader/bootstrap.py).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
LAB        ?=
SUBMISSION ?=
LEARNER    ?=
JSON       ?=
FORCE      ?=
KERNEL     ?=
CHECK      ?=
ROSTER     ?=
OUT        ?=

# A value with blanks, brackets or quotes (SUBMISSION='my labs', "/tmp/x (copy)") reaches the command as one word:
# single quotes, each ' inside written '\'' (helper nl57, session 57).
q = '$(subst ','\'',$(1))'
GRADER_ARGS = $(LAB) $(if $(SUBMISSION),--submission $(call q,$(SUBMISSION))) \
              $(if $(LEARNER),--learner $(call q,$(LEARNER))) $(if $(JSON),--json $(call q,$(JSON))) \
              $(if $(KERNEL),--kernel $(call q,$(KERNEL))) $(if $(CHECK),--check $(call q,$(CHECK))) $(GRADER_FLAGS)

# `make grade` passes the grader's exit code through (0 passed, 1 a check failed) instead of make's own 2:
# in question mode (-q) make runs only `+` recipes and exits with their status. Codes 2-4 still end as 2.
ifneq ($(filter grade grade-cohort,$(MAKECMDGOALS)),)
MAKEFLAGS += -q
endif

.PHONY: help grade grade-cohort list test test-fast test-gpu stubs phase-open learner-copy run profile bench docs docs-tables notebooks serve clean

help:
	@echo "make grade [LAB=01] [SUBMISSION=dir] [LEARNER=name] [JSON=file] [KERNEL=gemm]   grade labs (default: all, from labs/)"
	@echo "make grade CHECK=03.triton.gpu_shapes   only that check (or every 03.triton.* check) and what it needs"
	@echo "make list                          every check, its points and what it needs"
	@echo "make run LAB=00|01|02              build a lab's kernel with a small driver and run it"
	@echo "make profile LAB=02                record the Nsight Compute profile of your tuned kernel"
	@echo "make bench [KERNEL=gemm]           benchmark sweep of the solutions (GPU), writes JSON"
	@echo "make grade-cohort ROSTER=roster.csv OUT=gradebook/   grade a whole cohort (local or Slurm)"
	@echo "make test / make test-fast / make test-gpu   the repository's tests (CPU) / quick ones / GPU-marked ones"
	@echo "make stubs [FORCE=1]               regenerate labs/ stubs from solutions/ (never loses your edits)"
	@echo "make phase-open KERNEL=softmax|gemm   choose the phase's kernel track and write its stubs"
	@echo "make learner-copy DEST=folder      the course for learners: the last commit without solutions/ and the staff's files"
	@echo "make docs / make serve             build the site (strict) / serve it on localhost:8000"

$(VENV)/.ready-%: pyproject.toml grader/bootstrap.py
	+$(PYTHON) grader/bootstrap.py $*

grade: $(VENV)/.ready-grade
	+$(PY) -m grader $(GRADER_ARGS)

grade-cohort: $(VENV)/.ready-cohort
	+@$(if $(and $(ROSTER),$(OUT)),true,echo "make grade-cohort needs ROSTER=roster.csv and OUT=folder (the gradebook's); see docs/en/instructor.md" >&2; exit 2)
	+$(PY) -m grader cohort $(if $(ROSTER),--roster $(call q,$(ROSTER))) $(if $(OUT),--out $(call q,$(OUT))) $(if $(LAB),--labs $(LAB)) $(if $(KERNEL),--kernel $(KERNEL)) $(COHORT_FLAGS)

list: $(VENV)/.ready-grade
	$(PY) -m grader --list $(if $(KERNEL),--kernel $(KERNEL))

# The tests start Python hundreds of times (each xdist worker, each grading they run): every start keeps its compiled
# modules in .venv/pycache, outside the tree, even where PYTHONDONTWRITEBYTECODE is set (collecting took 8.5 s, not
# 4.6 s, without them on the 2-core machine: decision 202). The sandbox's workers never write there (sandbox.py).
TEST_ENV = env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX="$(CURDIR)/$(VENV)/pycache"

test: $(VENV)/.ready-dev $(VENV)/.ready-docs $(VENV)/.ready-cohort
	$(TEST_ENV) $(PY) -m pytest -q

# test-fast: the tests a few at a time (pytest-xdist, a dev dependency): one process took 64-66 s on the 2-core
# machine in session 23, two about 40 s then (decision 129). Two more processes than cores, at most four: many tests
# wait on workers, locks and sleeps, and on the 2-core machine four took 47.5-50.0 s where three took 50.7-58.9 s
# (892 tests, decision 242; at 728, three were best: decision 202).
FAST_TEST_JOBS ?= $(shell python3 -c "import os; print(max(1, min(4, (os.cpu_count() or 2) + 2)))" 2>/dev/null || echo 4)
test-fast: $(VENV)/.ready-dev $(VENV)/.ready-cohort
	$(TEST_ENV) $(PY) -m pytest -q -m "not slow and not gpu" --ignore=tests/docs -n $(FAST_TEST_JOBS)

# GPU tests grade a few submissions at once where pytest-xdist is there (each run has its own work folder;
# grader/gpu_lock.py gives every speed measurement the GPU to itself): half the cores, at most 8 (six left an H200
# machine's 16 cores under a third busy: session 16, docs/data/evidence-2026-11-29c).
GPU_TEST_JOBS ?= $(shell python3 -c "import os; print(max(1, min(8, (os.cpu_count() or 2) // 2)))" 2>/dev/null || echo 4)
test-gpu: $(VENV)/.ready-dev
	$(TEST_ENV) $(PY) -m pytest -q -m gpu --ignore=tests/docs $$($(PY) -c "import xdist" 2>/dev/null && echo "-n $(GPU_TEST_JOBS) --dist worksteal")

learner-copy: $(VENV)/.ready-grade
	@$(if $(DEST),true,echo "make learner-copy needs DEST=folder (a new folder outside this repository)" >&2; exit 2)
	$(PY) -m grader.learner_copy $(call q,$(DEST))

stubs: $(VENV)/.ready-grade
	$(PY) -m grader.stubs $(if $(FORCE),--force)

phase-open: $(VENV)/.ready-docs
	@test -n "$(KERNEL)" || { echo "usage: make phase-open KERNEL=softmax|gemm"; exit 2; }
	$(PY) -m grader.phase $(KERNEL) $(if $(FORCE),--force)

run: $(VENV)/.ready-grade
	$(PY) -m grader.run_lab $(or $(LAB),00) $(if $(SUBMISSION),--submission $(call q,$(SUBMISSION)))

profile: $(VENV)/.ready-grade
	$(PY) -m grader.profile $(or $(LAB),02) $(if $(SUBMISSION),--submission $(call q,$(SUBMISSION))) $(if $(KERNEL),--kernel $(KERNEL))

bench: $(VENV)/.ready-grade
	$(PY) -m grader.bench $(if $(KERNEL),--kernel $(KERNEL))

docs-tables: $(VENV)/.ready-docs
	$(PY) docs/_tools/grading_tables.py
	$(PY) docs/_tools/figures.py
	$(PY) docs/_tools/lab_notebooks.py

notebooks: $(VENV)/.ready-dev $(VENV)/.ready-docs
	$(PY) docs/_tools/lab_notebooks.py

docs: $(VENV)/.ready-docs
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

serve: $(VENV)/.ready-docs
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve

clean:
	rm -rf build site
