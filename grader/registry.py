"""Labs and checks, declared in one place each (xv6 gradelib style).

A lab file in grader/labs/ builds a ``Lab`` for an operation spec and decorates plain functions:

    lab = Lab("01", "naive-kernel", f"Naive {spec.title}", editable=(f"{spec.stem}_naive.cu",),
              cuda_sources=(f"{spec.stem}_naive.cu",), docs="lab/01-naive-kernel.md", op=spec.name)

    @lab.check("01.correct.shapes", points=4, needs=("01.build.compiles",), gpu=True)
    def correct_shapes(ctx):
        '''Row-wise softmax is right at every shape, ...'''   # what the learner sees
        ...
        return passed("...")

The docstring is the check's description in ``--list`` and in the docs tables.

How checks run (grader/pipeline.py): the checks of one *lane* run one after another, in declaration
order; lanes, and labs, run at the same time. A check starts once the checks it runs ``after`` have
passed (by default its ``needs``), and its result stands only if every one of its ``needs`` passed:
a check may start early (the GPU run of a Triton file while the interpreter still checks it) and
still be reported NOT RUN when a parent fails. ``after`` must gate what makes running learner code
safe (the build's audit, the file's audit), so each ``after`` check is an ancestor of the check.
A ``timed`` check measures speed: it runs after every other check, alone on the GPU.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable

CHECK_ID = re.compile(r"^\d\d\.[a-z0-9_]+\.[a-z0-9_]+$")


@dataclass(frozen=True)
class Check:
    id: str
    points: int
    fn: Callable
    needs: tuple[str, ...]  # parents: if one does not pass, this one is NOT RUN
    gpu: bool  # needs a CUDA device; SKIP without one
    bonus: bool  # reported apart from the required score
    lane: str = "main"  # checks of one lane run in order, one at a time; lanes run at once
    after: tuple[str, ...] = ()  # it may start once these passed (its needs by default)
    timed: bool = False  # measures speed: runs last, with the GPU to itself
    profiled: bool = False  # a profiler (Nsight Compute) watches its worker: one such check at a time on the machine.
    # It runs in no slot, and takes the profiler lock itself (ctx.watching, grader/gpu_lock.py) once its worker has
    # started, and the GPU lock inside it, around its GPU work.
    # A timed one may be watched (Lab.timed_profiler): the timed phase holds the lock for it and gives it back once the
    # lab's last such check is over (grader/pipeline.py)

    @property
    def starts_after(self) -> tuple[str, ...]:
        return self.after or self.needs

    @property
    def doc(self) -> str:
        """What the learner sees: the check function's docstring (it may be set after declaration)."""
        return self.fn.__doc__ or ""

    @property
    def summary(self) -> str:
        return self.doc.strip().splitlines()[0] if self.doc.strip() else self.id


@dataclass
class Lab:
    number: str  # "01"
    slug: str  # "naive-kernel"
    title: str
    editable: tuple[str, ...]  # files (relative to the lab folder) the learner edits
    docs: str  # docs page, relative to the site root, for hints
    op: str = ""  # the operation its kernel computes (grader/ops): its spec is handed to every check
    cuda_sources: tuple[str, ...] = ()  # editable .cu files the build stage compiles
    readonly: tuple[str, ...] = ()  # files the grader takes from its own labs/ tree
    checks: list[Check] = field(default_factory=list)
    # Started as the lab's checks begin, before any of them waits for a build: (ctx) -> None, returning at once
    # (workers that take seconds to start, started beside the build; they run nothing of the learner's yet).
    prepare: list[Callable] = field(default_factory=list)
    # Run before its timed checks take the GPU, its untimed ones done (and the profiler lock held where a timed check
    # is profiled): (ctx, results so far) -> None: a watched worker that starts while the judge gets ready (returning at
    # once), a worker's init that would otherwise hold the GPU alone (lab 02's trace).
    before_timed: list[Callable] = field(default_factory=list)
    # (ctx, results so far) -> bool: whether its timed checks run a profiler in this grading (lab 02's report measured
    # again). The timed phase then takes the machine's profiler lock before anything else (grader/pipeline.py).
    timed_profiler: Callable | None = None

    @property
    def name(self) -> str:
        return f"{self.number}-{self.slug}"

    @property
    def watched_timed(self) -> list[Check]:
        """Its timed checks that a profiler may watch (Check.profiled), in order."""
        return [c for c in self.checks if c.timed and c.profiled]

    def check(self, id: str, *, points: int, needs: tuple[str, ...] = (), gpu: bool = False, bonus: bool = False,
              lane: str = "main", after: tuple[str, ...] = (), timed: bool = False, profiled: bool = False):
        """Decorator: register ``fn`` as a check of this lab."""

        def register(fn: Callable) -> Callable:
            if not CHECK_ID.match(id) or not id.startswith(self.number + "."):
                raise ValueError(f"check id {id!r} must look like '{self.number}.unit.behaviour'")
            if any(c.id == id for c in self.checks):
                raise ValueError(f"duplicate check id {id!r} in lab {self.name}")
            known = {c.id: c for c in self.checks}
            for parent in needs:
                if parent not in known:
                    raise ValueError(f"check {id!r} needs {parent!r}, which is not declared before it")
                if known[parent].timed and not timed:
                    raise ValueError(f"check {id!r} needs the timed check {parent!r}: timed checks run last")
            ancestors = self.ancestors(needs)
            for gate in after:
                if gate not in ancestors:
                    raise ValueError(f"check {id!r} starts after {gate!r}, which is not among what it needs")
            if profiled and not (gpu or timed):  # a timed check runs only where a GPU is (its profiler, only there)
                raise ValueError(f"check {id!r} is profiled but does not need a GPU")
            self.checks.append(Check(id, points, fn, tuple(needs), gpu, bonus, lane, tuple(after), timed, profiled))
            return fn

        return register

    def ancestors(self, ids) -> set[str]:
        """``ids`` and every check they need, transitively."""
        by_id = {c.id: c for c in self.checks}
        seen, todo = set(), list(ids)
        while todo:
            cid = todo.pop()
            if cid not in seen and cid in by_id:
                seen.add(cid)
                todo.extend(by_id[cid].needs)
        return seen

    def only(self, prefixes: tuple[str, ...]) -> "Lab":
        """This lab with only the checks that ``prefixes`` choose (``chosen``) and every check they need, in their
        order: `make grade CHECK=...`, for a learner working on one check. Its prepare hooks start no worker for a
        lane it no longer has (``has_lane``)."""
        keep = self.ancestors(c.id for c in self.checks if chosen(c.id, prefixes))
        return replace(self, checks=[c for c in self.checks if c.id in keep])

    def has_lane(self, lane: str) -> bool:
        return any(c.lane == lane for c in self.checks)

    @property
    def max_points(self) -> int:
        return sum(c.points for c in self.checks if not c.bonus)


def all_labs(kernel: str | None = None) -> list[Lab]:
    """Every lab of a kernel track, in order (default: the track grader/phase.toml opens).
    Imported lazily so that a broken lab file is an internal error."""
    from grader import phase
    from grader.labs import labs_for

    labs = labs_for(kernel or phase.kernel())
    numbers = [lab.number for lab in labs]
    if len(numbers) != len(set(numbers)):
        raise ValueError(f"duplicate lab numbers: {numbers}")
    return labs


CHECK_PREFIX = re.compile(r"^\d\d(\.[a-z0-9_]+){0,2}\.?$")


def chosen(check_id: str, prefixes: tuple[str, ...]) -> bool:
    """Whether a check id is among ``prefixes``: an id itself, or its first parts ("03.triton" chooses every
    03.triton.* check, not 03.tritonx.*)."""
    return any(check_id == p or check_id.startswith(p if p.endswith(".") else p + ".") for p in prefixes)


def choose_checks(labs: list[Lab], prefixes: tuple[str, ...]) -> list[Lab]:
    """The labs that ``prefixes`` choose checks of, each with only those checks and what they need (Lab.only).
    A prefix that is no check id's start is a ValueError naming the ids it could have meant."""
    for p in prefixes:
        if not CHECK_PREFIX.match(p):
            raise ValueError(f"--check {p!r}: a check id looks like 03.triton.gpu_shapes (or its start: 03.triton)")
        if not any(chosen(c.id, (p,)) for lab in labs for c in lab.checks):
            near = [c.id for lab in labs for c in lab.checks if c.id.startswith(p[:3])]
            raise ValueError(f"--check {p}: no check of the labs graded has that id or starts so; " + (
                f"lab {p[:2]}'s checks: {', '.join(near)}" if near else "`make list` lists every check"))
    return [lab.only(prefixes) for lab in labs if any(chosen(c.id, prefixes) for c in lab.checks)]


def resolve_lab(token: str, labs: list[Lab]) -> Lab | None:
    """'01', '1', '01-naive-kernel' and 'naive-kernel' all name lab 01."""
    token = token.strip().rstrip("/").split("/")[-1]
    for lab in labs:
        if token in (lab.number, lab.name, lab.slug) or (token.isdigit() and int(token) == int(lab.number)):
            return lab
    return None
