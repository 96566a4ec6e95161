import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NOTES_MARKER, ORDER, PAPER_TABLE5, machineOf, aggregate, mergeNotes, readRecords, runMaxcut, type MaxcutOptions } from './commands/maxcut.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function quickOptions(): MaxcutOptions {
  const dir = mkdtempSync(join(tmpdir(), 'dt-maxcut-test-'));
  dirs.push(dir);
  return {
    quick: true,
    datasets: ['iris'],
    algorithms: [...ORDER],
    scales: [false, true],
    folds: 5,
    repeats: 2,
    seed: 0,
    fashionTrain: 1000,
    fashionTest: 500,
    resultsDir: join(dir, 'records'),
    out: join(dir, 'maxcut.md'),
  };
}

describe('bench maxcut --quick', () => {
  it('runs all eight algorithms scaled and unscaled on iris, resumes, and renders Table 5', async () => {
    const o = quickOptions();
    const first = await runMaxcut(o, () => {});
    expect(first.ran).toBe(8 * 2 * 10);
    expect(first.skipped).toBe(0);
    const cells = aggregate(first.records, o);
    expect(cells).toHaveLength(16);
    for (const c of cells) {
      expect(c.n).toBe(10);
      expect(c.accuracy).toBeGreaterThan(0.85);
      expect(c.leaves).toBeGreaterThanOrEqual(3);
    }
    // Gini on the original features is invariant under standardisation (same partitions, same midpoints).
    const gu = cells.find((c) => c.algorithm === 'gini-features' && !c.scaled)!;
    const gs = cells.find((c) => c.algorithm === 'gini-features' && c.scaled)!;
    expect(gs.accuracy).toBe(gu.accuracy);
    const md = readFileSync(o.out!, 'utf8');
    expect(md).toContain('| Max Cut Node Means PCA | 0.960 | 0.0070 | False |');
    expect(md).toContain(NOTES_MARKER);

    // A rerun fits nothing; dropping the last lines (a killed run) refits exactly those folds.
    const again = await runMaxcut(o, () => {});
    expect(again.ran).toBe(0);
    expect(again.skipped).toBe(160);
    const file = join(o.resultsDir, 'iris.jsonl');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    writeFileSync(file, lines.slice(0, -3).join('\n') + '\n' + lines.at(-3)!.slice(0, 20));
    const resumed = await runMaxcut(o, () => {});
    expect(resumed.ran).toBe(3);
    expect(readRecords(o.resultsDir)).toHaveLength(160);
    // Same folds and seed: the refitted folds reproduce their accuracies.
    expect(aggregate(resumed.records, o).find((c) => c.algorithm === 'maxcut-node-means-pca' && c.scaled)!.accuracy).toBe(
      cells.find((c) => c.algorithm === 'maxcut-node-means-pca' && c.scaled)!.accuracy,
    );
  }, 60_000);

  it('keeps the hand-written notes below the marker when re-rendering', () => {
    const prev = `old table\n${NOTES_MARKER}\n\n## Notes\n\nwhy iris differs\n`;
    expect(mergeNotes('new table\n', prev)).toBe(`new table\n\n${NOTES_MARKER}\n\n## Notes\n\nwhy iris differs\n`);
  });
});

// The transcription of Table 5 against the paper's text, where the paper is available (not in CI).
const PAPER = join(import.meta.dirname, '../../../../shared/papers/maxcut-decision-tree.txt');
it.skipIf(!existsSync(PAPER))('PAPER_TABLE5 matches the paper text', () => {
  const text = readFileSync(PAPER, 'utf8');
  const table = text.slice(text.indexOf('Table 5: Results'), text.indexOf('CIFAR-100\nAccuracy'));
  const names = ['Gini Features', 'Gini Pre PCA Features', 'Gini Node Features PCA', 'Gini Node Means PCA', 'Max Cut Features', 'Max Cut Pre PCA Features', 'Max Cut Node Features PCA', 'Max Cut Node Means PCA'];
  const toSeconds = (t: string): number => t.split(':').reduce((acc, part) => acc * 60 + Number(part), 0);
  // Blocks in the text: Iris, Wine-Red, Wine-White, Wine-Both, MNIST, CIFAR-10 (each line holds two data sets).
  const rows = new Map<string, string[][]>();
  for (const line of table.split('\n')) {
    const name = names.find((n) => line.startsWith(n + ' '));
    if (!name) continue;
    const list = rows.get(name) ?? [];
    list.push(line.slice(name.length + 1).split(' '));
    rows.set(name, list);
  }
  const order: [string, number, number][] = [
    ['iris', 0, 0],
    ['wine-quality-red', 0, 3],
    ['wine-quality-white', 1, 0],
    ['wine-quality-both', 1, 3],
    ['mnist', 2, 0],
  ];
  for (const [dataset, block, col] of order) {
    names.forEach((name, i) => {
      const f = rows.get(name)![block]!;
      const cell = PAPER_TABLE5[dataset]![i]!;
      expect(cell.accuracy, `${dataset} ${name}`).toBe(Number(f[col]));
      expect(cell.timeS, `${dataset} ${name}`).toBeCloseTo(toSeconds(f[col + 1]!), 9);
      expect(cell.scaled, `${dataset} ${name}`).toBe(f[col + 2] === 'True');
    });
  }
});

it('a run that fits nothing keeps the machine the previous report names', () => {
  // A machine name no real machine has: the test must not depend on which CPU runs it.
  const prev = 'x\n\nGenerated by `pnpm bench maxcut` (apps/bench/src/commands/maxcut.ts) on Test CPU Model 9000 (64 cores, shared with other jobs), Node v20.20.2. Paper: ...';
  expect(machineOf(prev, 0)).toBe('Test CPU Model 9000 (64 cores');
  expect(machineOf(prev, 1)).not.toBe('Test CPU Model 9000 (64 cores');
  expect(machineOf('', 0)).toMatch(/ \(\d+ cores$/);
});
