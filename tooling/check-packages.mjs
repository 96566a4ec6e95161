#!/usr/bin/env node
// `pnpm check-packages`: packs every published package as it would be published (pnpm pack applies
// publishConfig) and runs publint --strict and @arethetypeswrong/cli on each tarball. Needs a build.
//
// attw runs with --profile node16 and ignores one rule, cjs-resolves-to-esm: the packages are ESM
// only, and require('@dt/x') works from CommonJS on Node >= 20.19 (require(esm) is on by default;
// checked by the consumer smoke test), which attw's node16 model of TypeScript does not know.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

execFileSync(process.execPath, [join(root, 'tooling/publish-manifest.mjs'), '--check'], { stdio: 'inherit' });

const dirs = [...readdirSync(join(root, 'packages')).map((d) => `packages/${d}`), 'apps/cli'].filter((d) => {
  const f = join(root, d, 'package.json');
  return existsSync(f) && !JSON.parse(readFileSync(f, 'utf8')).private;
});
const out = mkdtempSync(join(tmpdir(), 'dt-check-packages-'));
let failed = 0;
try {
  for (const dir of dirs) {
    const packed = run('npx', ['-y', 'pnpm@10', 'pack', '--pack-destination', out], join(root, dir)).trim().split('\n').pop();
    const tarball = packed.startsWith('/') ? packed : join(out, packed);
    for (const [tool, args] of [
      ['publint', ['run', tarball, '--strict']],
      ['attw', [tarball, '--profile', 'node16', '--ignore-rules', 'cjs-resolves-to-esm', '--format', 'table-flipped']],
    ]) {
      try {
        const text = run(bin(tool), args, root);
        console.log(`✓ ${dir} ${tool}\n${indent(text)}`);
      } catch (e) {
        failed++;
        console.log(`✗ ${dir} ${tool}\n${indent(`${e.stdout ?? ''}${e.stderr ?? ''}`)}`);
      }
    }
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log(failed ? `${failed} check(s) failed` : `all ${dirs.length} packages clean`);
process.exitCode = failed ? 1 : 0;

function indent(text) {
  return text.trim() ? `${text.trim().replace(/^/gm, '    ')}\n` : '';
}
