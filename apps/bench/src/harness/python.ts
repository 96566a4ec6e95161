import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runJsonChild, withArrayFiles, type ChildResult } from './child.js';

/**
 * The bench's one way to Python: Debian's python3 (PYENV_VERSION=system, so a pyenv shim first on
 * PATH does not hide Debian's scikit-learn), a JSON job on stdin, a JSON result on the last line of
 * stdout, arrays as raw binary files whose paths go into the job.
 */
export const PYTHON = 'python3';
export const pythonEnv = (): NodeJS.ProcessEnv => ({ ...process.env, PYENV_VERSION: 'system' });

/** The repository's own virtualenv (`python3 -m venv .venv && .venv/bin/pip install -r apps/bench/python/requirements.txt`). */
const REPO_VENV = fileURLToPath(new URL('../../../../.venv/bin/python', import.meta.url));

/**
 * The Python that runs the pip-installed peers (scikit-learn 1.9.1, LightGBM 4.7, shap 0.51, onnx,
 * onnxruntime; apps/bench/python/requirements.txt): `DT_PYTHON` when set, else the repository's
 * `.venv`, else `python3` (whose missing modules are then reported with the pip line to run).
 */
export function pipPython(): string {
  const fromEnv = process.env.DT_PYTHON;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return existsSync(REPO_VENV) ? REPO_VENV : 'python3';
}

/** The Debian package that provides a Python module the bench uses. */
export const DEBIAN_PACKAGE: Readonly<Record<string, string>> = {
  sklearn: 'python3-sklearn',
  numpy: 'python3-numpy',
  scipy: 'python3-scipy',
  xgboost: 'python3-xgboost',
};

/** How to get a missing module: the apt command for the modules the bench knows. */
export function installHint(module: string): string {
  const pkg = DEBIAN_PACKAGE[module];
  return pkg
    ? `install it with \`apt-get install ${pkg}\` (Debian's python3 is used, PYENV_VERSION=system)`
    : `install the Debian package that provides it (\`apt-cache search python3 ${module}\`; Debian's python3 is used, PYENV_VERSION=system)`;
}

/** The module's version as Debian's python3 sees it, or why it is not there. */
export function pythonModule(module: string): { version: string } | { missing: string } {
  if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(module)) throw new Error(`not a Python module name: ${JSON.stringify(module)}`);
  const code = `import ${module} as m; print(getattr(m, '__version__', 'unknown'))`;
  const r = spawnSync(PYTHON, ['-c', code], { env: pythonEnv(), encoding: 'utf8' });
  if (r.status === 0) return { version: r.stdout.trim() };
  if (r.error) return { missing: `${PYTHON} not found (${r.error.message}): install it with \`apt-get install python3\`` };
  return { missing: `Python module ${module} not found: ${installHint(module)}` };
}

/** A failed script's error, with the apt package to install when a module is missing. */
export function explainPythonError(script: string, stderr: string): string {
  const m = /No module named '([^'.]+)/.exec(stderr);
  if (m) return `${basename(script)} needs the Python module ${m[1]}: ${installHint(m[1]!)}`;
  return `${basename(script)} failed: ${stderr}`;
}

/** Runs `script` with `job` (plus `arrays` written to files, their paths under the same keys). */
export function callPython<T>(
  script: string,
  job: Record<string, unknown>,
  opts: { arrays?: Record<string, Float64Array | Int32Array>; timeoutS?: number | null } = {},
): ChildResult<T> {
  const go = (paths: Record<string, string>): ChildResult<T> => {
    const r = runJsonChild<T>(PYTHON, [script], { input: JSON.stringify({ ...job, ...paths }), env: pythonEnv(), timeoutS: opts.timeoutS ?? null });
    return 'error' in r ? { error: explainPythonError(script, r.error) } : r;
  };
  return opts.arrays ? withArrayFiles(opts.arrays, go) : go({});
}

/** callPython that returns the result or throws the explained error. */
export function runPython<T>(script: string, job: Record<string, unknown>, arrays?: Record<string, Float64Array | Int32Array>): T {
  const r = callPython<T>(script, job, arrays ? { arrays } : {});
  if ('ok' in r) return r.ok;
  throw new Error('timeout' in r ? `${basename(script)} timed out` : r.error);
}
