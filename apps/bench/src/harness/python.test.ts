import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callPython, explainPythonError, installHint, pythonModule, runPython } from './python.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-bench-py-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const script = (name: string, code: string): string => {
  const p = join(dir, name);
  writeFileSync(p, code);
  return p;
};

describe('the Python bridge', () => {
  it('sends the job as JSON, arrays as binary files, and reads the last stdout line as JSON', () => {
    const p = script(
      'sum.py',
      ['import json, struct, sys', 'job = json.load(sys.stdin)', 'print("a log line")', 'b = open(job["x_path"], "rb").read()',
        'xs = struct.unpack("<%dd" % (len(b) // 8), b)', 'c = open(job["c_path"], "rb").read()',
        'print(json.dumps({"sum": sum(xs), "codes": list(struct.unpack("<%di" % (len(c) // 4), c)), "k": job["k"]}))'].join('\n'),
    );
    const r = runPython<{ sum: number; codes: number[]; k: string }>(p, { k: 'v' }, { x_path: Float64Array.of(1.5, 2.25), c_path: Int32Array.of(3, -1) });
    expect(r).toEqual({ sum: 3.75, codes: [3, -1], k: 'v' });
  });

  it('a missing module names the Debian package to install', () => {
    const p = script('needs.py', 'import xgboost_dt_missing_module\n');
    expect(() => runPython(script('needs-xgb.py', "raise ModuleNotFoundError(\"No module named 'xgboost'\")\n"), {})).toThrow(
      'needs-xgb.py needs the Python module xgboost: install it with `apt-get install python3-xgboost`',
    );
    const r = callPython(p, {});
    expect('error' in r && r.error).toMatch(/needs\.py needs the Python module xgboost_dt_missing_module: install the Debian package that provides it/);
    expect(pythonModule('dt_no_such_module')).toEqual({ missing: `Python module dt_no_such_module not found: ${installHint('dt_no_such_module')}` });
    expect(installHint('sklearn')).toMatch(/apt-get install python3-sklearn/);
    expect(explainPythonError('/x/a.py', "ModuleNotFoundError: No module named 'sklearn.tree'")).toMatch(/^a\.py needs the Python module sklearn: .*python3-sklearn/);
  });

  it('uses Debian\'s python3 (PYENV_VERSION=system) and reports other failures with the script name', () => {
    const env = runPython<{ v: string | null }>(script('env.py', 'import json, os\nprint(json.dumps({"v": os.environ.get("PYENV_VERSION")}))\n'), {});
    expect(env.v).toBe('system');
    expect(() => runPython(script('boom.py', 'raise ValueError("bad job")\n'), {})).toThrow(/^boom\.py failed: .*ValueError: bad job/);
    expect(() => runPython(script('nojson.py', 'print("hello")\n'), {})).toThrow(/printed no JSON result line/);
    expect(callPython(script('slow.py', 'import time\ntime.sleep(5)\n'), {}, { timeoutS: 0.3 })).toEqual({ timeout: true });
  });
});
