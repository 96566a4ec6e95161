// Isolated (`@dt/isolated` project): it records which command modules a run loads, so it needs a module
// graph of its own (the packages' projects share one across files).
import { describe, expect, it, vi } from 'vitest';
import { commandsFor } from './program.js';
import { cli, tempDir } from './test-helpers/cli.js';

// Records each command module's first load (vi.mock factories are hoisted; paths must be literals).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./commands/datasets.js', async (orig) => (loaded.add('datasets'), orig()));
vi.mock('./commands/train.js', async (orig) => (loaded.add('train'), orig()));
vi.mock('./commands/predict.js', async (orig) => (loaded.add('predict'), orig()));
vi.mock('./commands/eval.js', async (orig) => (loaded.add('eval'), orig()));
vi.mock('./commands/show.js', async (orig) => (loaded.add('show'), orig()));
vi.mock('./commands/explain.js', async (orig) => (loaded.add('explain'), orig()));

describe('commands load lazily', () => {
  it('commandsFor: the named command only, none for --version, all otherwise', () => {
    expect(commandsFor(['train', '--data', 'iris'])).toEqual(['train']);
    expect(commandsFor(['--version'])).toEqual([]);
    expect(commandsFor(['-V'])).toEqual([]);
    const all = ['datasets', 'train', 'predict', 'eval', 'show', 'import', 'export', 'explain'];
    expect(commandsFor(['--help'])).toEqual(all);
    expect(commandsFor(['trian'])).toEqual(all);
    expect(commandsFor([])).toHaveLength(all.length);
  });

  it('dt --version loads no command module; dt datasets loads only its own; help still lists all', async () => {
    const dir = tempDir();
    const v = await cli(dir, ['--version']);
    expect(v).toMatchObject({ code: 0, stdout: expect.stringMatching(/^\d+\.\d+\.\d+\n$/) });
    expect([...loaded]).toEqual([]);

    expect((await cli(dir, ['datasets'])).code).toBe(0);
    expect([...loaded]).toEqual(['datasets']);

    const h = await cli(dir, ['--help']);
    expect(h.code).toBe(0);
    for (const c of ['datasets', 'train', 'predict', 'eval', 'show', 'import', 'export', 'explain']) expect(h.stdout).toContain(`  ${c}`);

    const typo = await cli(dir, ['trian']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/Did you mean train\?/);
  });
});
