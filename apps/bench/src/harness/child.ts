import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a measuring child process (Python script or Node worker) gave back. */
export type ChildResult<T> = { ok: T } | { timeout: true } | { error: string };

export interface ChildOptions {
  /** Written to the child's stdin (the job, as JSON). */
  input?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Killed (SIGKILL) after this many seconds; null or absent = no limit. */
  timeoutS?: number | null;
}

/**
 * Runs a child that prints its result as JSON on the last line of stdout (earlier lines are free
 * for logs). A non-zero exit gives the last lines of stderr without stack frames.
 */
export function runJsonChild<T>(command: string, args: readonly string[], opts: ChildOptions = {}): ChildResult<T> {
  const timeout = opts.timeoutS ? { timeout: opts.timeoutS * 1000, killSignal: 'SIGKILL' as const } : {};
  const r = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    ...timeout,
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.cwd ? { cwd: opts.cwd } : {}),
  });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') return { timeout: true };
  if (r.signal === 'SIGKILL' && opts.timeoutS) return { timeout: true };
  if (r.status !== 0) return { error: lastErrorLines(r.stderr || String(r.error ?? `exit ${r.status}`)) };
  const last = r.stdout.trim().split('\n').pop() ?? '';
  try {
    return { ok: JSON.parse(last) as T };
  } catch {
    return { error: `${command} printed no JSON result line (last line: ${JSON.stringify(last.slice(0, 200))})` };
  }
}

function lastErrorLines(stderr: string): string {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => !/^\s+at /.test(l) && !/^Node.js v/.test(l));
  return lines.slice(-3).join(' ');
}

/**
 * Writes typed arrays as raw little-endian files in a fresh temporary folder, calls `fn` with their
 * paths (same keys), and removes the folder afterwards: how the bench hands data to its children.
 */
export function withArrayFiles<K extends string, R>(arrays: Record<K, Float64Array | Int32Array>, fn: (paths: Record<K, string>) => R): R {
  const dir = mkdtempSync(join(tmpdir(), 'dt-bench-'));
  try {
    const paths = {} as Record<K, string>;
    for (const key of Object.keys(arrays) as K[]) {
      const a = arrays[key];
      const p = join(dir, `${key}.bin`);
      writeFileSync(p, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      paths[key] = p;
    }
    return fn(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
