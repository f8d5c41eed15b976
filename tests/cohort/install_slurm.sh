#!/usr/bin/env bash
# Installs Debian's Slurm (slurmctld, slurmd, the client commands) and munge for the cohort tests.
# It only installs packages: tests/test_cohort_slurm.py starts a private single-node cluster itself
# (its own slurm.conf, munge key and ports), so no service is started here.
# Usage (CI, as root or with sudo): tests/cohort/install_slurm.sh
set -euo pipefail
if command -v sbatch >/dev/null && command -v slurmctld >/dev/null && command -v slurmd >/dev/null \
   && command -v munged >/dev/null; then
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
# policy-rc.d answering 101 keeps the packages' scripts from starting daemons while installing.
made_policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  made_policy=1
fi
trap '[ -z "$made_policy" ] || $SUDO rm -f /usr/sbin/policy-rc.d' EXIT
$SUDO apt-get install -y -qq --no-install-recommends slurm-wlm munge >/dev/null
