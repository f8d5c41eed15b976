# Phase 24 - CUDA & Triton hands-on.   `make help` lists the targets.
#
#   make grade [LAB="01 02"] [SUBMISSION=dir] [LEARNER=name] [JSON=file]
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

GRADER_ARGS = $(LAB) $(if $(SUBMISSION),--submission $(SUBMISSION)) $(if $(LEARNER),--learner $(LEARNER)) $(if $(JSON),--json $(JSON))

.PHONY: help grade test test-gpu stubs run profile bench docs docs-tables serve clean

help:
	@echo "make grade [LAB=01] [SUBMISSION=dir] [LEARNER=name] [JSON=file]   grade labs (default: all, from labs/)"
	@echo "make run LAB=00|01                build a lab's kernel with a small driver and run it"
	@echo "make profile LAB=02               record the Nsight Compute profile of your tuned kernel"
	@echo "make bench                        benchmark sweep of the solutions (GPU), writes JSON"
	@echo "make test / make test-gpu         the repository's tests (CPU) / the GPU-marked ones"
	@echo "make stubs [FORCE=1]              regenerate labs/ stubs from solutions/ (never loses your edits)"
	@echo "make docs / make serve            build the site (strict) / serve it on localhost:8000"

$(VENV)/.ready-%: pyproject.toml grader/bootstrap.py
	$(PYTHON) grader/bootstrap.py $*

grade: $(VENV)/.ready-grade
	$(PY) -m grader $(GRADER_ARGS)

test: $(VENV)/.ready-dev $(VENV)/.ready-docs
	$(PY) -m pytest -q

test-gpu: $(VENV)/.ready-dev
	$(PY) -m pytest -q -m gpu --ignore=tests/docs

stubs: $(VENV)/.ready-grade
	$(PY) -m grader.stubs $(if $(FORCE),--force)

run: $(VENV)/.ready-grade
	$(PY) -m grader.run_lab $(or $(LAB),00) $(if $(SUBMISSION),--submission $(SUBMISSION))

profile: $(VENV)/.ready-grade
	$(PY) -m grader.profile $(or $(LAB),02) $(if $(SUBMISSION),--submission $(SUBMISSION))

bench: $(VENV)/.ready-grade
	$(PY) -m grader.bench

docs-tables: $(VENV)/.ready-docs
	$(PY) docs/_tools/grading_tables.py
	$(PY) docs/_tools/figures.py

docs: $(VENV)/.ready-docs
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

serve: $(VENV)/.ready-docs
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs serve

clean:
	rm -rf build site
