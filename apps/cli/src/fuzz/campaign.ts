/**
 * The long fuzz campaign: `pnpm fuzz [options]` (default 10,000 cases per target). Each batch of
 * cases runs in a child process with a heap cap and a wall limit, so a case that allocates without
 * bound or never returns is a counted crash of its batch, not a dead campaign. Prints a markdown
 * table (with the seed and the commit) and the first failing cases of each target.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addStats, emptyStats, formatTable, runTarget, type TargetStats } from './harness.js';
import { fuzzTargets } from './targets.js';

const HELP = `usage: pnpm fuzz [--cases N] [--seed S] [--only substring] [--batch B] [--heap MB] [--rss MB] [--batch-seconds T] [--list]

Runs every fuzz target (apps/cli/src/fuzz/targets.ts) on N seeded cases (default 10000; env
DT_FUZZ_CASES) and prints the outcome table. Each batch of B cases (default 500) runs in a child
process with --max-old-space-size=MB (default 2048), a resident-size limit (--rss, default 4096 MB:
typed arrays live outside the JS heap) and a wall limit of T seconds (default 900): a batch whose
child dies counts its cases as crashes. Exit code 1 when any target has other
exceptions, hangs, crashes or NaN/out-of-range outputs.

  --cases N          cases per target (targets with a smaller maxCases run that many)
  --seed S           the seed (default 1); the table names it with the commit
  --only substring   run only targets whose name contains it
  --list             print the target names and exit
  --help             this text
`;

const argv = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1]! : fallback;
}
function int(name: string, fallback: string): number {
  const v = Number(arg(name, fallback));
  if (!Number.isInteger(v)) {
    process.stderr.write(`pnpm fuzz: --${name} must be an integer\n\n${HELP}`);
    process.exit(2);
  }
  return v;
}

/** A child: runs cases [from, from + count) of one target and prints its stats as one JSON line. */
async function child(): Promise<void> {
  const [name, from, count, seed] = [arg('child', ''), int('from', '0'), int('count', '0'), int('seed', '1')];
  const target = fuzzTargets().find((t) => t.name === name);
  if (target === undefined) throw new Error(`no fuzz target ${name}`);
  const stats = await runTarget(target, count, seed, from);
  process.stdout.write(`\n@@stats ${JSON.stringify(stats)}\n`);
  process.exit(0);
}

/** Runs one batch in a child process; a child that dies or overruns counts the batch as crashes. */
function batch(name: string, from: number, count: number, seed: number, heapMb: number, wallS: number, rssMb: number): Promise<TargetStats> {
  return new Promise((resolve) => {
    const self = fileURLToPath(import.meta.url);
    const p = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--conditions=@dt/source', '--import', 'tsx', self, '--child', name, '--from', String(from), '--count', String(count), '--seed', String(seed)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    let why = '';
    const timer = setTimeout(() => {
      why = `killed after the ${wallS} s wall limit`;
      p.kill('SIGKILL');
    }, wallS * 1000);
    // Typed arrays live outside the JS heap (--max-old-space-size does not bound them): watch the resident size too.
    const watch = setInterval(() => {
      try {
        const pages = Number(readFileSync(`/proc/${p.pid}/statm`, 'utf8').split(' ')[1]);
        if ((pages * 4096) / 2 ** 20 > rssMb) {
          why = `killed above the ${rssMb} MB resident limit`;
          p.kill('SIGKILL');
        }
      } catch {
        // no /proc (not Linux), or the child has exited
      }
    }, 100);
    p.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watch);
      const line = out.split('\n').find((l) => l.startsWith('@@stats '));
      if (code === 0 && line !== undefined) return resolve(JSON.parse(line.slice(8)) as TargetStats);
      const s = emptyStats(name);
      s.cases = count;
      s.crashes = count;
      if (why === '') why = `exit ${code ?? signal}`;
      s.failures.push({ outcome: 'other', detail: `child died (${why}): ${err.trim().split('\n').slice(-3).join(' | ')}`, input: `cases ${from}..${from + count - 1} of seed ${seed}` });
      resolve(s);
    });
  });
}

async function main(): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(HELP);
    return;
  }
  if (argv.includes('--child')) return child();
  const targets = fuzzTargets();
  if (argv.includes('--list')) {
    process.stdout.write(`${targets.map((t) => t.name).join('\n')}\n`);
    return;
  }
  const cases = int('cases', process.env.DT_FUZZ_CASES ?? '10000');
  const seed = int('seed', '1');
  const only = arg('only', '');
  const size = int('batch', '500');
  const heapMb = int('heap', '2048');
  const wallS = int('batch-seconds', '900');
  const rssMb = int('rss', '4096');
  if (cases < 1 || size < 1 || heapMb < 64 || wallS < 1) {
    process.stderr.write(HELP);
    process.exit(2);
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const rows: TargetStats[] = [];
  for (const target of targets) {
    if (only !== '' && !target.name.includes(only)) continue;
    const total = Math.min(cases, target.maxCases ?? cases);
    const stats = emptyStats(target.name);
    for (let from = 0; from < total; from += size) addStats(stats, await batch(target.name, from, Math.min(size, total - from), seed, heapMb, wallS, rssMb));
    rows.push(stats);
    process.stderr.write(`${target.name}: ${stats.cases} cases, ${(stats.cpuMs / 1000).toFixed(1)} CPU s; slowest ${stats.slowest.ms} ms: ${stats.slowest.input}\n`);
    for (const f of stats.failures) process.stderr.write(`  ${f.outcome}: ${f.detail}\n    input: ${f.input}\n`);
  }
  process.stdout.write(`seed ${seed}, ${cases} cases per target, commit ${commit}, batches of ${size} in child processes (heap ${heapMb} MB, ${wallS} s each)\n\n${formatTable(rows)}\n`);
  const bad = rows.some((r) => r.other + r.hangs + r.unsound + r.crashes > 0);
  process.exit(bad ? 1 : 0);
}

await main();
