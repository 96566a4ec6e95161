// End to end: apply docs/adding-a-criterion.md's steps, as written, to a temporary copy of this
// package and run the copy's whole test suite there. The guide's steps must give a green suite.
//
// How the doc is applied: every ```ts block whose first line is `// packages/criteria/<path>` is that
// file; a block headed `// packages/criteria/<path> (... to add)` lists lines to add to an existing
// file: `import` lines go after its last import, a `const NAME` line replaces the file's `const NAME`
// line, anything else is appended.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const pkg = fileURLToPath(new URL('..', import.meta.url));
const repo = join(pkg, '..', '..');

export function applyGuide(doc: string, dir: string): string[] {
  const touched: string[] = [];
  for (const m of doc.matchAll(/```ts\n\/\/ packages\/criteria\/(\S+)( \([^)]*to add\))?\n([\s\S]*?)```/g)) {
    const [, path, toAdd, body] = m as unknown as [string, string, string | undefined, string];
    const file = join(dir, path);
    touched.push(path);
    if (toAdd === undefined) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
      continue;
    }
    const lines = readFileSync(file, 'utf8').split('\n');
    for (const line of body.split('\n').filter((l) => l.trim() !== '')) {
      const constName = line.match(/^const (\w+)/)?.[1];
      if (line.startsWith('import ')) {
        let last = -1;
        lines.forEach((l, i) => {
          if (l.startsWith('import ')) last = i;
        });
        lines.splice(last + 1, 0, line);
      } else if (constName !== undefined) {
        const at = lines.findIndex((l) => l.startsWith(`const ${constName}`));
        if (at < 0) throw new Error(`${path} has no line starting with "const ${constName}"`);
        lines[at] = line;
      } else {
        if (lines.at(-1) === '') lines.pop();
        lines.push(line, '');
      }
    }
    writeFileSync(file, lines.join('\n'));
  }
  return touched;
}

// Slow (the copy's whole suite: ~20 s CPU, a minute on a loaded machine): run in CI (CI=true) or
// with DT_SLOW_TESTS=1; applyGuide's file list is checked on every run below.
const slow = Boolean(process.env.CI) || process.env.DT_SLOW_TESTS === '1';

it('the guide names the files it changes, and its blocks apply to this package', () => {
  const doc = readFileSync(join(repo, 'docs', 'adding-a-criterion.md'), 'utf8');
  const tmp = mkdtempSync(join(tmpdir(), 'dt-guide-'));
  try {
    cpSync(join(pkg, 'src'), join(tmp, 'src'), { recursive: true });
    const touched = applyGuide(doc, tmp);
    expect(touched).toEqual(['src/hellinger.ts', 'src/registry.ts', 'src/index.ts', 'src/hellinger.test.ts']);
    for (const path of touched) expect(doc).toContain(`| \`packages/criteria/${path}\` |`);
    expect(readFileSync(join(tmp, 'src', 'registry.ts'), 'utf8')).toMatch(/import \{ hellinger \}[\s\S]*poisson, hellinger\];/);
    expect(doc).not.toMatch(/(^|[^@/\w-])pnpm (?!@)/m); // every pnpm is `npx -y pnpm@10`
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});

it.runIf(slow)('following docs/adding-a-criterion.md on a copy of @dt/criteria leaves every test green', async () => {
  const doc = readFileSync(join(repo, 'docs', 'adding-a-criterion.md'), 'utf8');
  const tmp = mkdtempSync(join(tmpdir(), 'dt-guide-'));
  try {
    const copy = join(tmp, 'packages', 'criteria'); // so ../../../docs from src/ is tmp/docs
    cpSync(pkg, copy, {
      recursive: true,
      filter: (src) => !/[\\/](node_modules|dist)$/.test(src) && !src.endsWith('adding-a-criterion-guide.test.ts'),
    });
    // The copy resolves the same dependencies: this package's node_modules plus vitest and fast-check.
    const modules = join(copy, 'node_modules');
    mkdirSync(join(modules, '@dt'), { recursive: true });
    for (const dep of ['@dt/errors', '@dt/tsconfig', '@dt/vitest-config']) {
      symlinkSync(realpathSync(join(pkg, 'node_modules', dep)), join(modules, dep), 'dir');
    }
    for (const dep of ['vitest', 'fast-check']) symlinkSync(realpathSync(join(repo, 'node_modules', dep)), join(modules, dep), 'dir');
    const touched = applyGuide(doc, copy);
    expect(touched).toEqual(['src/hellinger.ts', 'src/registry.ts', 'src/index.ts', 'src/hellinger.test.ts']);
    expect(existsSync(join(copy, 'src', 'hellinger.ts'))).toBe(true);

    // The package's *.isolated.test.ts files (the registry's) run in the root's @dt/isolated project,
    // which the copy has not: its config runs them too, each file isolated.
    writeFileSync(
      join(copy, 'vitest.config.ts'),
      "import { configDefaults } from 'vitest/config';\nimport { dtProject, E2E_TEST_FILES } from '@dt/vitest-config';\n" +
        "export default dtProject('@dt/criteria', { test: { exclude: [...configDefaults.exclude, ...E2E_TEST_FILES], isolate: true } });\n",
    );
    const docsDir = join(tmp, 'docs');
    mkdirSync(docsDir, { recursive: true });
    writeFileSync(join(docsDir, 'adding-a-criterion.md'), doc);
    const vitest = join(realpathSync(join(repo, 'node_modules', 'vitest')), 'vitest.mjs');
    const r = await promisify(execFile)(process.execPath, [vitest, 'run', '--root', copy, '--reporter', 'dot'], {
      cwd: copy,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => {
      throw new Error(`the copy's suite failed:\n${e.stdout}\n${e.stderr}`);
    });
    expect(`${r.stdout}${r.stderr}`).toMatch(/Tests\s+\d+ passed/);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/failed/);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}, 180_000);
