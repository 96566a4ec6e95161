#!/usr/bin/env node
// Consumer smoke test (issue #15): what a new user gets from npm. Packs every publishable package,
// installs the tarballs into a fresh project with npm (external dependencies from the registry),
// runs a small program as ESM and through require(), bundles for the browser with esbuild and checks
// the size budgets in size-budgets.json, printing every size, and bundles a program fitting every
// algorithm with esbuild and rollup and runs both bundles. Assumes the packages are built
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
    if (pkg.startsWith('$')) continue; // '$comment'
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
  sh('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', 'esbuild@^0.28.2', 'rollup@^4.52.0', '@rollup/plugin-node-resolve@^16.0.0', '@rollup/plugin-commonjs@^29.0.0', ...tarballs.map((t) => join(packs, t))], app);

  // ESM, the README's first steps: a dataset, a classifier, a model file round trip.
  writeFileSync(
    join(app, 'esm.mjs'),
    `import { DecisionTreeClassifier, loadModel, serializeModel } from '@dt/core';
import { loadDataset } from '@dt/datasets';
import { loadIris } from '@dt/datasets/iris';
import { createClassifier } from '@dt/core';
const iris = await loadDataset('iris');
const clf = new DecisionTreeClassifier({ maxDepth: 3 }).fit(iris.X, iris.y);
const back = loadModel(serializeModel(clf));
if (String(back.predict(iris.X)) !== String(clf.predict(iris.X))) throw new Error('round trip changed predictions');
if ((await loadIris()).X.rows !== 150) throw new Error('@dt/datasets/iris');
createClassifier('gini-node-features-pca', { maxDepth: 2 }).fit(iris.X, iris.y);
for (const splitter of ['hist', 'random']) new DecisionTreeClassifier({ splitter, seed: 1 }).fit(iris.X, iris.y);
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

  // Every algorithm in a production browser bundle, with esbuild and with rollup: nothing is opt-in
  // or registered by an import a bundler may drop (the shipped bug of issue #26: '@dt/core/oblique'
  // was dropped and every PCA and HHCART algorithm failed). Each bundle is run, and fits everything.
  const every = `import { DecisionTreeClassifier, DecisionTreeRegressor, TreeClassifier, createClassifier, listAlgorithms, histSplitter, randomSplitter, loadModel } from '@dt/core';
import { entropy } from '@dt/criteria';
const X = [], y = [], t = [];
for (let i = 0; i < 60; i++) { const a = (i * 7) % 11, b = (i * 5) % 13, c = i % 3; X.push([a, b, c]); y.push(a + b / 2 > 9 ? 'x' : c === 1 ? 'y' : 'z'); t.push(a - b + c); }
let fitted = 0;
for (const name of listAlgorithms()) { createClassifier(name, { maxDepth: 4 }).fit(X, y); fitted++; }
for (const splitter of ['best', 'hist', 'random', 'auto']) { new DecisionTreeClassifier({ splitter, seed: 1 }).fit(X, y); new DecisionTreeRegressor({ splitter, seed: 1 }).fit(X, t); fitted += 2; }
for (const criterion of ['twoing', 'maxCut', 'entropy', 'misclassification']) { new DecisionTreeClassifier({ criterion }).fit(X, y); fitted++; }
for (const projection of ['global-pca', 'node-features-pca', 'node-means-pca', 'householder-a', 'householder-d']) { new DecisionTreeClassifier({ projection, scale: true }).fit(X, y); fitted++; }
new DecisionTreeClassifier({ ccpAlpha: 0.01, categoricalFeatures: [2] }).fit(X, y);
new DecisionTreeRegressor({ criterion: 'mae', ccpAlpha: 0.1 }).fit(X, t);
const m = new DecisionTreeClassifier({ maxDepth: 3 }).fit(X, y);
if (String(DecisionTreeClassifier.fromJSON(JSON.stringify(m)).predict(X)) !== String(m.predict(X))) throw new Error('fromJSON');
if (String(loadModel(JSON.stringify(m)).predict(X)) !== String(m.predict(X))) throw new Error('loadModel');
new TreeClassifier({ splitter: histSplitter, criterion: entropy }).fit(X, y);
new TreeClassifier({ splitter: randomSplitter, seed: 2 }).fit(X, y);
fitted += 6;
console.log('BUNDLER bundle ok: ' + fitted + ' fits, every algorithm and option');
`;
  const esb = esbuild.buildSync({ stdin: { contents: every.replace('BUNDLER', 'esbuild'), resolveDir: app, loader: 'js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error' });
  writeFileSync(join(app, 'every-esbuild.mjs'), esb.outputFiles[0].contents);
  console.log(sh('node', ['every-esbuild.mjs'], app).trim());
  const req = createRequire(join(app, 'package.json'));
  const { rollup } = req('rollup');
  const { nodeResolve } = req('@rollup/plugin-node-resolve');
  // ml-matrix (through ml-pca) ships CommonJS behind its ESM entry: a browser rollup build needs the
  // commonjs plugin, as any rollup app that uses a CommonJS dependency does.
  const commonjs = req('@rollup/plugin-commonjs');
  writeFileSync(join(app, 'every-entry.mjs'), every.replace('BUNDLER', 'rollup'));
  const bundle = await rollup({ input: join(app, 'every-entry.mjs'), plugins: [nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'] }), (commonjs.default ?? commonjs)()], onwarn: () => {} });
  await bundle.write({ file: join(app, 'every-rollup.mjs'), format: 'es' });
  console.log(sh('node', ['every-rollup.mjs'], app).trim());
} finally {
  if (!process.argv.includes('--keep')) rmSync(tmp, { recursive: true, force: true });
  else console.log(`consumer-smoke: kept ${tmp}`);
}
if (failed) process.exit(1);
console.log('consumer-smoke: ok');
