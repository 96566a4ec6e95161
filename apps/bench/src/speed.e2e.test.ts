import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { measuredClause, moderateGrid, runSpeed } from './commands/speed.js';

const dir = mkdtempSync(join(tmpdir(), 'dt-bench-speed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('bench speed measures dt and ml-cart in child processes (no Python), writes a report and resumes', async () => {
  const grid = { cells: [{ n: 400, d: 5 }], testSize: 200, classes: 2, repeats: 1 };
  const logs: string[] = [];
  const r = await runSpeed({ grid, libs: ['dt', 'ml-cart'], mlCartBudgetS: 30, out: dir, plots: true, description: 'test' }, (s) => logs.push(s));
  expect(r.cellsRun).toBe(2);
  const dt = r.records.filter((x) => x.lib === 'dt');
  expect(dt).toHaveLength(1);
  for (const x of r.records) {
    expect(x.status).toBe('ok');
    expect(x.result!.fit_cpu_s).toBeGreaterThan(0);
    expect(x.result!.test_accuracy).toBeGreaterThan(0.6);
  }
  expect(r.markdown).toContain('| 400 × 5 |');
  expect(readFileSync(join(dir, 'fit-time-vs-n.svg'), 'utf8')).toMatch(/^<svg/);
  const again = await runSpeed({ grid, libs: ['dt', 'ml-cart'], mlCartBudgetS: 30, out: dir, plots: false, description: 'test' }, () => {});
  expect(again.cellsRun).toBe(0);
  expect(moderateGrid().cells.some((c) => c.n === 1000000)).toBe(true);
}, 120_000);

it('--report-only keeps where and when the records were measured (a re-render changes nothing)', () => {
  const previous = '# CART speed\n\nModerate grid. Measured 2026-11-22 on Intel(R) Xeon(R) Processor (2 cores), Node v20.20.2, scikit-learn 1.2.1. Each ...';
  expect(measuredClause(previous, true)).toBe('Measured 2026-11-22 on Intel(R) Xeon(R) Processor (2 cores), Node v20.20.2');
  expect(measuredClause(previous, false)).toMatch(new RegExp(`^Measured ${new Date().toISOString().slice(0, 10)} on .+ \\(\\d+ cores\\), Node ${process.version}$`));
  expect(measuredClause('', true)).toMatch(/^Measured \d{4}-\d{2}-\d{2} on /);
});
