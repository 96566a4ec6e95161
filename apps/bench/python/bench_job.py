"""What every Python script of the bench shares: the job protocol of apps/bench/src/harness/python.ts.

A JSON job on stdin; arrays as raw little-endian files whose paths are in the job; the result as one
JSON line on stdout; a bad job is a message on stderr and exit status 2.
"""
from __future__ import annotations

import json
import os
import sys

import numpy as np


class JobError(Exception):
    pass


def read_bin(path, dtype, n_features=None):
    size = os.path.getsize(path)
    row = np.dtype(dtype).itemsize * (n_features or 1)
    if size % row != 0:
        raise JobError(f"{path}: {size} bytes is not a whole number of {row}-byte rows")
    a = np.fromfile(path, dtype=dtype)
    return a.reshape(-1, n_features) if n_features else a


def read_job():
    try:
        return json.load(sys.stdin)
    except json.JSONDecodeError as e:
        raise JobError(f"stdin is not a JSON job: {e}") from None


def serve(run_job, name, errors=(JobError, OSError, ValueError, KeyError)):
    """Reads the job, prints run_job(job) as JSON; returns the exit status."""
    try:
        result = run_job(read_job())
    except errors as e:
        print(f"{name}: {e}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0


def _status_mb(key):
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def start_peak_measure():
    """Resets the kernel's peak resident set (VmHWM) to the current one (/proc/self/clear_refs, Linux >= 4.0)
    after a GC; the returned function gives the peak growth since then in MiB (NaN if the reset failed).
    The same measure as apps/bench/src/harness/memory.ts, so dt and the peers are compared alike."""
    import gc

    gc.collect()
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        reset = True
    except OSError:
        reset = False
    before = _status_mb("VmRSS")
    return lambda: _status_mb("VmHWM") - before if reset else float("nan")
