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
