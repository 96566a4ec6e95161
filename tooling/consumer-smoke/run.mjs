#!/usr/bin/env node
// Consumer smoke test (issue #15): what a new user gets from npm. Packs every publishable package,
// installs the tarballs into a fresh project with npm (external dependencies from the registry),
// runs a small program as ESM and through require(), bundles for the browser with esbuild and checks
// the size budgets in size-budgets.json, printing every size. Assumes the packages are built
// (`turbo run build`). Usage: node tooling/consumer-smoke/run.mjs [--keep]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Sum of the file sizes in a .tgz (ustar headers: size is 12 octal bytes at offset 124). */
function tarUnpackedBytes(tgz) {
  const tar = gunzipSync(tgz);
  let total = 0;
  for (let off = 0; off + 512 <= tar.length; ) {
    if (tar[off] === 0) break;
    const size = parseInt(tar.subarray(off + 124, off + 136).toString('latin1').replace(/\0.*$/, '').trim(), 8) || 0;
    const type = String.fromCharCode(tar[off + 156]);
    if (type === '0' || type === '\0') total += size;
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return total;
}

const root = new URL('../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'dt-consumer-'));
const packs = join(tmp, 'packs');
const app = join(tmp, 'app');
const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
let failed = false;
const fail = (msg) => {
  failed = true;
  console.error(`consumer-smoke: FAIL ${msg}`);
};

try {
  sh('npx', ['-y', 'pnpm@10', '-r', '--filter', './packages/*', '--filter', './apps/cli', 'pack', '--pack-destination', packs], root);
  const tarballs = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
  console.log(`consumer-smoke: packed ${tarballs.length} packages`);
  // Unpacked sizes (what `npm install` writes) against size-budgets.json's "unpacked" limits.
  const unpackedBudgets = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8')).unpacked ?? {};
  for (const [pkg, b] of Object.entries(unpackedBudgets)) {
    const prefix = `${pkg.replace(/^@/, '').replace('/', '-')}-`;
    const tgz = tarballs.find((t) => t.startsWith(prefix) && /^\d/.test(t.slice(prefix.length)));
    if (tgz === undefined) {
      fail(`${pkg}: no tarball to measure`);
      continue;
    }
    const mb = tarUnpackedBytes(readFileSync(join(packs, tgz))) / 1e6;
    const line = `${pkg}: ${mb.toFixed(2)} MB unpacked (budget ${b.maxMB} MB)`;
    if (mb > b.maxMB) fail(line);
    else console.log(`consumer-smoke: ${line}`);
  }
  sh('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'esbuild@^0.28.2', ...tarballs.map((t) => join(packs, t))], app);

  // ESM, the README's first steps: a dataset, a classifier, a model file round trip.
  writeFileSync(
    join(app, 'esm.mjs'),
    `import { DecisionTreeClassifier, loadModel, serializeModel } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { loadIris } from '@dt/datasets/iris';
import '@dt/core/oblique';
import { createClassifier } from '@dt/core';
const iris = await loadDataset('iris');
const clf = new DecisionTreeClassifier({ maxDepth: 3 }).fit(iris.X, iris.y);
const back = loadModel(serializeModel(clf));
if (String(back.predict(iris.X)) !== String(clf.predict(iris.X))) throw new Error('round trip changed predictions');
if ((await loadIris()).X.rows !== 150) throw new Error('@dt/datasets/iris');
createClassifier('gini-node-features-pca', { maxDepth: 2 }).fit(iris.X, iris.y);
// Node's main entry (the \`node\` condition) registers splitters 'hist' and 'random' itself.
for (const splitter of ['hist', 'random']) new DecisionTreeClassifier({ splitter, seed: 1 }).fit(iris.X, iris.y);
// and ccpAlpha's pruning and scale's scaler, and the estimators' fromJSON/load.
new DecisionTreeClassifier({ ccpAlpha: 0.01, scale: true }).fit(iris.X, iris.y);
if (String(DecisionTreeClassifier.fromJSON(JSON.stringify(clf)).predict(iris.X)) !== String(clf.predict(iris.X))) throw new Error('fromJSON changed predictions');
console.log('esm ok: training accuracy', clf.score(iris.X, iris.y).toFixed(3));
`,
  );
  console.log(sh('node', ['esm.mjs'], app).trim());
  // require(): Node >= 20.19 / 22.12 loads the ESM build synchronously.
  writeFileSync(
    join(app, 'cjs.cjs'),
    `const { DecisionTreeClassifier } = require('@dt/core');
const m = new DecisionTreeClassifier().fit([[0], [1], [2], [3]], ['a', 'a', 'b', 'b']);
if (m.predict([[0.2], [2.8]]).join() !== 'a,b') throw new Error('require() predictions');
new DecisionTreeClassifier({ splitter: 'hist' }).fit([[0], [1], [2], [3]], ['a', 'a', 'b', 'b']);
console.log('require ok');
`,
  );
  console.log(sh('node', ['cjs.cjs'], app).trim());
  console.log(sh('npx', ['--no-install', 'dt', '--version'], app).trim().replace(/^/, 'cli: dt --version '));

  // Browser bundles against the installed packages.
  const esbuild = createRequire(join(app, 'package.json'))('esbuild');
  const budgets = JSON.parse(readFileSync(join(root, 'size-budgets.json'), 'utf8')).bundles;
  for (const [name, b] of Object.entries(budgets)) {
    const r = esbuild.buildSync({ stdin: { contents: b.code, resolveDir: app, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error' });
    const out = r.outputFiles[0].contents;
    const kb = gzipSync(out).length / 1024;
    const line = `${name}: ${(out.length / 1024).toFixed(1)} KB min, ${kb.toFixed(1)} KB min+gz (budget ${b.maxKB}${b.goalKB ? `, goal ${b.goalKB}` : ''})`;
    if (kb > b.maxKB) fail(line);
    else console.log(`consumer-smoke: ${line}`);
  }

  // A browser bundle gets the lean entry: 'auto' fits exactly, 'hist' names the import it needs, and
  // works after it (the bundle is run by Node, which it does not know about).
  const lean = `import { DecisionTreeClassifier } from '@dt/core';
const X = [[0], [1], [2], [3]], y = ['a', 'a', 'b', 'b'];
if (new DecisionTreeClassifier().fit(X, y).predict([[2.8]])[0] !== 'b') throw new Error('auto without hist');
let msg = '';
try { new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y); } catch (e) { msg = e.message; }
if (!msg.includes("import '@dt/core/hist'")) throw new Error('hist without its import: ' + msg);
await import('@dt/core/hist');
new DecisionTreeClassifier({ splitter: 'hist' }).fit(X, y);
console.log('browser bundle ok: splitter hist is opt-in');
`;
  const runBundle = (file, code) => {
    const r = esbuild.buildSync({ stdin: { contents: code, resolveDir: app, loader: 'js' }, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error' });
    writeFileSync(join(app, file), r.outputFiles[0].contents);
    console.log(sh('node', [file], app).trim());
  };
  runBundle('lean.mjs', lean);
  // Criteria twoing and maxCut by name are opt-in as well (the classifier registers gini, entropy and
  // misclassification). Static imports only: a dynamic import() makes esbuild keep whole modules.
  const X = 'const X = [[0], [1], [2], [3]], y = [0, 0, 1, 1];';
  runBundle(
    'lean-criteria.mjs',
    `import { DecisionTreeClassifier } from '@dt/core';
${X}
let msg = '';
try { new DecisionTreeClassifier({ criterion: 'twoing' }); } catch (e) { msg = e.message; }
if (!msg.includes("import '@dt/criteria/all'")) throw new Error('twoing without its import: ' + msg);
console.log('browser bundle ok: criterion twoing by name is opt-in');`,
  );
  runBundle(
    'lean-criteria-all.mjs',
    `import '@dt/criteria/all';
import { DecisionTreeClassifier } from '@dt/core';
${X}
new DecisionTreeClassifier({ criterion: 'twoing' }).fit(X, y);
new DecisionTreeClassifier({ criterion: 'maxCut' }).fit(X, y);
console.log("browser bundle ok: twoing and maxCut after import '@dt/criteria/all'");`,
  );
  // ccpAlpha and scale: true need '@dt/core/ccp' / '@dt/core/scale' in a browser bundle.
  runBundle(
    'lean-ccp-scale.mjs',
    `import { DecisionTreeClassifier } from '@dt/core';
${X}
for (const [o, path] of [[{ ccpAlpha: 0.1 }, 'ccp'], [{ scale: true }, 'scale']]) {
  let msg = '';
  try { new DecisionTreeClassifier(o).fit(X, y); } catch (e) { msg = e.message; }
  if (!msg.includes(\`import '@dt/core/\${path}'\`)) throw new Error(path + ' without its import: ' + msg);
}
console.log('browser bundle ok: ccpAlpha and scale are opt-in');`,
  );
  runBundle(
    'lean-ccp-scale-on.mjs',
    `import '@dt/core/ccp';
import '@dt/core/scale';
import { DecisionTreeClassifier } from '@dt/core';
${X}
new DecisionTreeClassifier({ ccpAlpha: 0.1, scale: true }).fit(X, y);
console.log("browser bundle ok: ccpAlpha and scale after import '@dt/core/ccp' and '@dt/core/scale'");`,
  );
  // The estimators' static fromJSON/load need '@dt/core/load' in a browser bundle; toJSON and loadModel do not.
  runBundle(
    'lean-load.mjs',
    `import { DecisionTreeClassifier, loadModel } from '@dt/core';
${X}
const text = JSON.stringify(new DecisionTreeClassifier().fit(X, y));
let msg = '';
try { DecisionTreeClassifier.fromJSON(text); } catch (e) { msg = e.message; }
if (!msg.includes("import '@dt/core/load'")) throw new Error('fromJSON without its import: ' + msg);
if (loadModel(text).predict([[2.8]])[0] !== 1) throw new Error('loadModel without @dt/core/load');
console.log('browser bundle ok: fromJSON/load are opt-in, loadModel is not');`,
  );
  runBundle(
    'lean-load-on.mjs',
    `import '@dt/core/load';
import { DecisionTreeClassifier } from '@dt/core';
${X}
const m = DecisionTreeClassifier.fromJSON(JSON.stringify(new DecisionTreeClassifier().fit(X, y)));
if (m.predict([[2.8]])[0] !== 1) throw new Error('fromJSON after the import');
console.log("browser bundle ok: fromJSON after import '@dt/core/load'");`,
  );
} finally {
  if (!process.argv.includes('--keep')) rmSync(tmp, { recursive: true, force: true });
  else console.log(`consumer-smoke: kept ${tmp}`);
}
if (failed) process.exit(1);
console.log('consumer-smoke: ok');
