import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SklearnResult {
  fit_cpu_s: number;
  fit_wall_s: number;
  predict_wall_s: number;
  predict_rows_per_s: number;
  test_accuracy: number;
  n_leaves: number;
  depth: number;
  node_count: number;
  sklearn_version: string;
}

const SCRIPT = fileURLToPath(new URL('../python/sklearn_cart.py', import.meta.url));
/** Debian's python3 has scikit-learn; a pyenv shim first on PATH may not. */
const PY_ENV = { ...process.env, PYENV_VERSION: 'system' };

/** The scikit-learn version reachable through python3, or null with the reason. */
export function sklearnAvailable(): { version: string } | { missing: string } {
  const r = spawnSync('python3', ['-c', 'import sklearn; print(sklearn.__version__)'], { env: PY_ENV, encoding: 'utf8' });
  if (r.status === 0) return { version: r.stdout.trim() };
  return { missing: 'scikit-learn not found: install it with `apt-get install python3-sklearn` (Debian) to compare' };
}

export interface Split {
  Xtrain: Float64Array;
  ytrain: Int32Array;
  Xtest: Float64Array;
  ytest: Int32Array;
  nFeatures: number;
}

/** Runs apps/bench/python/sklearn_cart.py on exactly the arrays our side uses. */
export function runSklearn(split: Split, opts: { criterion: string; repeats: number }): SklearnResult {
  const dir = mkdtempSync(join(tmpdir(), 'dt-bench-'));
  try {
    const write = (name: string, a: Float64Array | Int32Array) => {
      const p = join(dir, name);
      writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      return p;
    };
    const job = {
      X_train_path: write('Xtr.bin', split.Xtrain),
      y_train_path: write('ytr.bin', split.ytrain),
      X_test_path: write('Xte.bin', split.Xtest),
      y_test_path: write('yte.bin', split.ytest),
      n_features: split.nFeatures,
      criterion: opts.criterion,
      max_depth: null,
      repeats: opts.repeats,
    };
    const r = spawnSync('python3', [SCRIPT], { input: JSON.stringify(job), env: PY_ENV, encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) throw new Error(`sklearn_cart.py failed: ${r.stderr.trim().split('\n').pop()}`);
    return JSON.parse(r.stdout.trim().split('\n').pop()!) as SklearnResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
