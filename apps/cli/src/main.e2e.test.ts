import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

it('the real entry runs from sources (node --conditions=@dt/source --import tsx)', () => {
  const r = spawnSync(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', 'apps/cli/src/main.ts', 'datasets'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toMatch(/^iris\s+classification\s+150/m);

  const bad = spawnSync(process.execPath, ['--conditions=@dt/source', '--import', 'tsx', 'apps/cli/src/main.ts', 'show', '--model', 'no-such.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(bad.status).toBe(1);
  expect(bad.stderr).toMatch(/^dt: cannot read model .*no-such\.json: no such file\n$/);
}, 30_000);
