/**
 * The long fuzz campaign: `pnpm fuzz [--cases N] [--seed S] [--only substring]` (default 10,000
 * cases per target). Prints a markdown table and the first failing cases of each target.
 */
import { formatTable, runTarget, type TargetStats } from './harness.js';
import { fuzzTargets } from './targets.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const cases = Number(arg('cases', process.env.DT_FUZZ_CASES ?? '10000'));
const seed = Number(arg('seed', '1'));
const only = arg('only', '');
if (!(Number.isInteger(cases) && cases > 0) || !Number.isInteger(seed)) {
  process.stderr.write('usage: pnpm fuzz [--cases N] [--seed S] [--only substring]\n');
  process.exit(2);
}
const rows: TargetStats[] = [];
for (const target of fuzzTargets()) {
  if (only !== '' && !target.name.includes(only)) continue;
  const stats = await runTarget(target, cases, seed);
  rows.push(stats);
  process.stderr.write(`${target.name}: ${stats.cases} cases, ${(stats.cpuMs / 1000).toFixed(1)} CPU s; slowest ${stats.slowest.ms} ms: ${stats.slowest.input}\n`);
  for (const f of stats.failures) process.stderr.write(`  ${f.outcome}: ${f.detail}\n    input: ${f.input}\n`);
}
process.stdout.write(`seed ${seed}, ${cases} cases per target\n\n${formatTable(rows)}\n`);
const bad = rows.some((r) => r.other + r.hangs + r.unsound > 0);
process.exit(bad ? 1 : 0);
