/** Where a command writes. Tests pass collecting streams; main.ts passes the process's. */
export interface OutputStream {
  write(chunk: string): unknown;
  /** True for a terminal: enables progress bars (stderr). */
  isTTY?: boolean;
  columns?: number;
}

export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Environment consulted for CI (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Directory that relative paths are resolved against (default process.cwd()). */
  cwd?: string;
}

/** An Io with every field filled in. */
export interface Context {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}

export function toContext(io: Io): Context {
  return { stdout: io.stdout, stderr: io.stderr, env: io.env ?? process.env, cwd: io.cwd ?? process.cwd() };
}
