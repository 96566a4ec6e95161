import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { PAPER_TABLE2, PAPER_TABLE4, renderHhcartMarkdown, runHhcart } from './commands/hhcart.js';


it('bench hhcart --quick runs the protocol on three small sets and renders the tables', async () => {
  const logs: string[] = [];
  const r = await runHhcart({ quick: true, only: null, dir: null, report: null, speed: true, notes: ['a note'] }, (s) => logs.push(s));
  expect(r.experiments.map((x) => x.e.key)).toEqual(['WINE', 'SUR', 'StatLog']);
  for (const { records } of r.experiments) {
    expect(records).toHaveLength(3 * 5);
    for (const rec of records) {
      expect(rec.leaves).toBeGreaterThanOrEqual(1);
      expect(rec.leaves).toBeLessThanOrEqual(rec.unprunedLeaves);
      expect(rec.nGrow + rec.nPrune + rec.nTest).toBe(r.experiments.find((x) => x.e.key === rec.key)!.rows);
      // 10% of the training fold held out for pruning.
      expect(Math.abs(rec.nPrune - 0.1 * (rec.nGrow + rec.nPrune))).toBeLessThanOrEqual(1);
    }
  }
  const wine = r.experiments.find((x) => x.e.key === 'WINE')!.records;
  for (const m of ['hhcart-a', 'hhcart-d', 'cart']) {
    const acc = wine.filter((x) => x.method === m).reduce((s, x) => s + x.accuracy, 0) / 5;
    expect(acc, m).toBeGreaterThan(0.8);
  }
  expect(r.speed.map((s) => s.method).sort()).toEqual(['cart', 'hhcart-a', 'hhcart-d']);
  const md = renderHhcartMarkdown(r);
  expect(md).toContain('| WINE (wine) | 178 | HHCART(A) | 1 × 5 |');
  expect(md).toContain('91.3 ± 1.6');
  expect(md).toContain('- a note');
});

it('the paper tables are copied in full', () => {
  expect(Object.keys(PAPER_TABLE2).sort()).toEqual(['BC', 'BH', 'BS', 'BUPA', 'GLS', 'HRT', 'LET', 'PIND', 'SHUT', 'SUR', 'WINE']);
  for (const row of Object.values(PAPER_TABLE2)) expect(Object.keys(row).sort()).toEqual(['HHCART(A)', 'HHCART(D)', 'OC1', 'OC1-AP', 'OC1-LC']);
  expect(PAPER_TABLE2.LET!['HHCART(D)']).toEqual([83.1, 0.3, 1135.9, 122]);
  expect(PAPER_TABLE4.Bank!['HHCART(A)']).toEqual([90.2, 0.12, 22.58, 11.94]);
});

it('bench hhcart resumes after a killed run: the torn last line is reported and redone, every complete record kept', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dt-hhcart-resume-'));
  try {
    const done = { key: 'WINE', method: 'cart', run: 0, fold: 0, accuracy: 0.5, leaves: 3, unprunedLeaves: 9, pruneAccuracy: 0.5, fitCpuS: 0.01, nGrow: 128, nPrune: 14, nTest: 36, categorical: false };
    // The run was killed while writing the second record.
    writeFileSync(join(dir, 'WINE.jsonl'), JSON.stringify(done) + '\n' + JSON.stringify({ ...done, fold: 1 }).slice(0, 30));
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const r = await runHhcart({ quick: true, only: ['WINE'], dir, report: null, speed: false, notes: [] }, () => {});
    expect(warn.mock.calls.map((c) => String(c[0]))).toEqual([expect.stringMatching(/WINE\.jsonl:2: discarded a torn results line \(no newline/)]);
    warn.mockRestore();
    const records = r.experiments[0]!.records;
    expect(records).toHaveLength(15);
    // The complete record was kept (not re-run), the torn one was run again.
    expect(records.filter((x) => x.method === 'cart' && x.fold === 0)).toEqual([done]);
    expect(records.filter((x) => x.method === 'cart' && x.fold === 1)).toHaveLength(1);
    expect(readFileSync(join(dir, 'WINE.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as unknown)).toEqual(records);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
