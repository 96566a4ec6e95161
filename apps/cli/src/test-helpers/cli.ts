import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll } from 'vitest';
import { run } from '../run.js';
import type { OutputStream } from '../io.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class Capture implements OutputStream {
  text = '';
  constructor(
    readonly isTTY = false,
    readonly columns = 100,
  ) {}
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** A fresh temp directory, removed after the test file. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dt-cli-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `dt argv` in-process in `cwd`, outside CI, with non-TTY streams unless given. */
export async function cli(
  cwd: string,
  argv: string[],
  options: { env?: Record<string, string>; stderr?: Capture; stdin?: string; now?: () => number } = {},
): Promise<CliResult> {
  const stdout = new Capture();
  const stderr = options.stderr ?? new Capture();
  const stdin = options.stdin === undefined ? undefined : Readable.from([Buffer.from(options.stdin, 'utf8')]);
  const code = await run(argv, { stdout, stderr, cwd, env: options.env ?? {}, ...(stdin === undefined ? {} : { stdin }), ...(options.now === undefined ? {} : { now: options.now }) });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export function writeText(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/**
 * A small CSV with a categorical column whose level decides the label together with `size`:
 * label = "yes" when colour is red, or when colour is green and size > 5.
 */
export function toyCsv(rows = 60, colours = ['blue', 'green', 'red']): string {
  const lines = ['size,colour,weight,label'];
  for (let i = 0; i < rows; i++) {
    const size = (i * 7) % 11;
    const colour = colours[i % colours.length]!;
    const weight = ((i * 13) % 17) / 4;
    const yes = colour === 'red' || (colour === 'green' && size > 5);
    lines.push(`${size},${colour},${weight},${yes ? 'yes' : 'no'}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A fake clock for progress tests: each reading is `stepMs` later than the one before. */
export function steppingClock(stepMs: number): () => number {
  let t = 0;
  return () => (t += stepMs);
}
