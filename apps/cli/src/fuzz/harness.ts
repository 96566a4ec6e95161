import fc from 'fast-check';
import { DtError } from '@dt/errors';

/**
 * What one fuzz case ended in. `typed`: a DtError (the input was refused and told why); `sound`: the
 * input was accepted and every output checked was finite and in range; `unsound`: accepted, but an
 * output was NaN or out of range (the target says which); `other`: any other exception (a bug).
 */
export type Outcome = 'typed' | 'sound' | 'unsound' | 'other' | 'hang';

export interface FuzzTarget<T = unknown> {
  name: string;
  /** At most this many cases per run (targets whose cases start worker threads are slow). */
  maxCases?: number;
  /** A case slower than this is a hang (default HANG_MS; targets that start worker threads from sources need more). */
  hangMs?: number;
  input: fc.Arbitrary<T>;
  /** Runs one case; returns null when sound, else a description of the unsound output. Throws to refuse. */
  run(input: T): Promise<string | null> | string | null;
}

export interface TargetStats {
  target: string;
  cases: number;
  typed: number;
  sound: number;
  other: number;
  hangs: number;
  unsound: number;
  /** Cases in batches whose child process died (heap limit, wall limit, abort): counted crashes. */
  crashes: number;
  /** A few failing cases (input and what happened), for reproduction. */
  failures: { outcome: Outcome; detail: string; input: string }[];
  cpuMs: number;
  /** The slowest case (wall ms) and its input. */
  slowest: { ms: number; input: string };
}

/** A CLI run that ended in a one-line "dt: ..." message and exit code 1 or 2: the CLI's typed refusal. */
export class CliRefusal extends Error {
  override name = 'CliRefusal';
}

/**
 * A case using more CPU than this (or ten times it in wall time) is a hang (measured, not
 * interrupted: cases run synchronously; the batch's wall limit ends a child that never returns).
 */
export const HANG_MS = 10_000;

function show(x: unknown): string {
  try {
    const s = fc.stringify(x);
    return s.length > 400 ? `${s.slice(0, 400)}…` : s;
  } catch {
    return String(x);
  }
}

const CHUNK = 500;

export function emptyStats(target: string): TargetStats {
  return { target, cases: 0, typed: 0, sound: 0, other: 0, hangs: 0, unsound: 0, crashes: 0, failures: [], cpuMs: 0, slowest: { ms: 0, input: '' } };
}

/** Adds a batch's counts into `into`. */
export function addStats(into: TargetStats, b: TargetStats): void {
  into.cases += b.cases;
  into.typed += b.typed;
  into.sound += b.sound;
  into.other += b.other;
  into.hangs += b.hangs;
  into.unsound += b.unsound;
  into.crashes += b.crashes;
  into.cpuMs += b.cpuMs;
  for (const f of b.failures) if (into.failures.length < 5) into.failures.push(f);
  if (b.slowest.ms > into.slowest.ms) into.slowest = b.slowest;
}

/** Runs `cases` seeded inputs of one target (cases from..from+cases-1 of the seed's sequence) and counts outcomes. */
export async function runTarget<T>(target: FuzzTarget<T>, cases: number, seed: number, from = 0): Promise<TargetStats> {
  const stats = emptyStats(target.name);
  const cpu0 = process.cpuUsage();
  const last = Math.min(from + cases, target.maxCases ?? Number.POSITIVE_INFINITY);
  // Generated in chunks of CHUNK (seeded by their start) so a long campaign does not hold every input
  // in memory, and so a batch [from, from + cases) of a child process sees the inputs a whole run sees.
  for (let done = from - (from % CHUNK); done < last; done += CHUNK) {
    const all = fc.sample(target.input, { seed: seed + done, numRuns: Math.min(CHUNK, last - done) });
    const inputs = all.slice(Math.max(0, from - done));
    for (const input of inputs) {
      stats.cases++;
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      let outcome: Outcome;
      let detail = '';
      try {
        const bad = await target.run(input);
        outcome = bad === null ? 'sound' : 'unsound';
        detail = bad ?? '';
      } catch (e) {
        outcome = e instanceof DtError || e instanceof CliRefusal ? 'typed' : 'other';
        detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
      }
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      const cpuMs = (used.user + used.system) / 1000;
      if (ms > stats.slowest.ms) stats.slowest = { ms: Math.round(ms), input: show(input) };
      // CPU time, not wall time: a loop that never ends burns CPU, while a loaded machine only
      // stretches the wall clock. A case that waits without working (a promise that never settles)
      // is caught by the wall bound, ten times longer.
      const limit = target.hangMs ?? HANG_MS;
      if (cpuMs > limit || ms > 10 * limit) {
        outcome = 'hang';
        detail = `took ${Math.round(cpuMs)} CPU ms, ${Math.round(ms)} ms wall`;
      }
      if (outcome === 'typed') stats.typed++;
      else if (outcome === 'sound') stats.sound++;
      else {
        if (outcome === 'other') stats.other++;
        else if (outcome === 'hang') stats.hangs++;
        else stats.unsound++;
        if (stats.failures.length < 5) stats.failures.push({ outcome, detail, input: show(input) });
      }
    }
  }
  const cpu = process.cpuUsage(cpu0);
  stats.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  return stats;
}

/** The campaign table (markdown). */
export function formatTable(rows: readonly TargetStats[]): string {
  const head = '| target | cases | typed errors | accepted and sound | other exceptions | hangs (> 10 CPU s) | crashes (child died) | NaN or out-of-range outputs | CPU s |';
  const sep = '|---|--:|--:|--:|--:|--:|--:|--:|--:|';
  const lines = rows.map((r) => `| ${r.target} | ${r.cases} | ${r.typed} | ${r.sound} | ${r.other} | ${r.hangs} | ${r.crashes} | ${r.unsound} | ${(r.cpuMs / 1000).toFixed(1)} |`);
  return [head, sep, ...lines].join('\n');
}
