"""A private single-node Slurm cluster for the tests, started from a temporary folder.

munged (with a key made here), slurmctld and slurmd run in the foreground as children of the test
process, on free ports, with their own slurm.conf; clients find it through SLURM_CONF. It works in
an unprivileged container: no cgroups (proctrack/linuxproc, task/none), no accounting database,
SlurmUser and SlurmdUser are whoever runs the tests. Debian's packages: tests/cohort/install_slurm.sh.
"""
from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

DAEMONS = ("munged", "slurmctld", "slurmd")
CLIENTS = ("sbatch", "squeue", "scontrol", "scancel", "sinfo")
SBIN = ("/usr/sbin", "/usr/local/sbin", "/sbin")


def find(program: str) -> str | None:
    return shutil.which(program) or shutil.which(program, path=os.pathsep.join(SBIN))


def missing() -> list[str]:
    return [p for p in DAEMONS + CLIENTS if find(p) is None]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


SLURM_CONF = """\
ClusterName=cohorttests
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={ctld_port}
SlurmdPort={slurmd_port}
SlurmUser={user}
SlurmdUser={user}
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={root}/munge.socket
StateSaveLocation={root}/state
SlurmdSpoolDir={root}/spool
SlurmctldPidFile={root}/slurmctld.pid
SlurmdPidFile={root}/slurmd.pid
SlurmctldLogFile={root}/slurmctld.log
SlurmdLogFile={root}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
KillWait=10
MinJobAge=600
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
"""


class Cluster:
    def __init__(self, root: Path):
        self.root = root
        self.conf = root / "slurm.conf"
        self.procs: list[subprocess.Popen] = []

    @property
    def env(self) -> dict[str, str]:
        return {**os.environ, "SLURM_CONF": str(self.conf)}

    def log_tails(self) -> str:
        out = []
        for name in ("munged.log", "slurmctld.log", "slurmd.log"):
            path = self.root / name
            if path.exists():
                out.append(f"--- {name}\n" + "\n".join(path.read_text(errors="replace").splitlines()[-15:]))
        return "\n".join(out)

    def start(self, timeout_s: float = 60) -> None:
        root = self.root
        for sub in ("state", "spool"):
            (root / sub).mkdir(parents=True, exist_ok=True)
        key = root / "munge.key"
        key.write_bytes(os.urandom(1024))
        key.chmod(0o400)
        host = socket.gethostname().split(".")[0]
        self.conf.write_text(SLURM_CONF.format(host=host, user=getpass.getuser(), root=root, cpus=os.cpu_count() or 1,
                                               ctld_port=free_port(), slurmd_port=free_port()))
        self.spawn([find("munged"), "--foreground", "--force", f"--key-file={key}", f"--socket={root}/munge.socket",
                    f"--pid-file={root}/munged.pid", f"--log-file={root}/munged.log", f"--seed-file={root}/munged.seed"])
        self.wait_until(lambda: (root / "munge.socket").exists(), timeout_s, "munged did not start")
        self.spawn([find("slurmctld"), "-D", "-i", "-f", str(self.conf)])
        self.wait_until(lambda: self.run(["scontrol", "ping"]).returncode == 0, timeout_s, "slurmctld did not start")
        self.spawn([find("slurmd"), "-D", "-f", str(self.conf), "-N", host])
        self.wait_until(lambda: "idle" in self.run(["sinfo", "-h", "-o", "%T"]).stdout, timeout_s,
                        "the node did not become idle")

    def spawn(self, argv: list[str]) -> None:
        log = open(self.root / f"{Path(argv[0]).name}.stdout", "ab")
        self.procs.append(subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                           env=self.env))

    def run(self, argv: list[str]) -> subprocess.CompletedProcess:
        return subprocess.run(argv, env=self.env, capture_output=True, text=True, timeout=60)

    def wait_until(self, ready, timeout_s: float, what: str) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if ready():
                return
            for proc in self.procs:
                if proc.poll() is not None:
                    raise RuntimeError(f"{what}: {proc.args[0]} exited {proc.returncode}\n{self.log_tails()}")
            time.sleep(0.3)
        raise RuntimeError(f"{what} within {timeout_s:.0f} s\n{self.log_tails()}")

    def stop(self) -> None:
        if self.conf.exists():
            subprocess.run(["scancel", "--user", getpass.getuser()], env=self.env, capture_output=True, timeout=60)
        for proc in reversed(self.procs):  # slurmd, slurmctld, then munged: only the processes started here
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        self.procs.clear()
