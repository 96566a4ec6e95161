import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const campaign = fileURLToPath(new URL('./campaign.ts', import.meta.url));
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', campaign, ...args], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 240_000 });

describe('pnpm fuzz (the campaign runner)', () => {
  it('--help prints the usage and exits 0', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: pnpm fuzz \[--cases N\] \[--seed S\]/);
    expect(r.stdout).toContain('--batch-seconds');
  }, 240_000);

  it('a case that allocates without bound is a counted crash of its batch (child heap cap), and the campaign goes on to print its table', () => {
    const r = run(['--only', 'selftest', '--heap', '96', '--rss', '400', '--cases', '2'], { DT_FUZZ_SELFTEST: '1' });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/\| selftest: unbounded allocation \| 2 \| 0 \| 0 \| 0 \| 0 \| 2 \| 0 \|/);
    expect(r.stderr).toMatch(/child died/);
  }, 240_000);
});
