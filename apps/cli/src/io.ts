/** Where a command writes. Tests pass collecting streams; main.ts passes the process's. */
export interface OutputStream {
  /** Writes a chunk of text; the return value is ignored. */
  write(chunk: string): unknown;
  /** True for a terminal: enables progress bars (stderr). */
  isTTY?: boolean;
  columns?: number;
}

/** Standard input (`--data -`): chunks of UTF-8 text. */
export type InputStream = AsyncIterable<string | Uint8Array>;

/** What a command reads and writes: stdout, stderr, and optionally stdin, environment, working directory and clock. */
export interface Io {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Where `--data -` reads CSV text (default process.stdin). */
  stdin?: InputStream;
  /** Environment consulted for CI (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Directory that relative paths are resolved against (default process.cwd()). */
  cwd?: string;
  /** Clock in milliseconds for progress (default performance.now; tests fake it). */
  now?: () => number;
}

/** An Io with every field filled in. */
export interface Context {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly stdin: InputStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** --quiet: no progress on stderr. */
  readonly quiet?: boolean;
  /** Milliseconds, for progress's elapsed time and ETA (tests pass a fake clock; default performance.now). */
  readonly now?: () => number;
}

export function toContext(io: Io, quiet = false): Context {
  return {
    stdout: io.stdout,
    stderr: io.stderr,
    stdin: io.stdin ?? process.stdin,
    env: io.env ?? process.env,
    cwd: io.cwd ?? process.cwd(),
    quiet,
    ...(io.now === undefined ? {} : { now: io.now }),
  };
}
