#!/usr/bin/env node
// The published shape of every package manifest, in one place:
//   node tooling/publish-manifest.mjs          rewrite packages/*/package.json and apps/cli/package.json
//   node tooling/publish-manifest.mjs --check  exit 1 if any manifest differs (run by `pnpm check-packages`)
// `publishConfig.exports` (what pnpm publishes in place of `exports`) is derived from `exports`: the
// workspace-only `@dt/source` condition dropped, a `node` condition kept, a `default` condition added (Node >= 20.19 can
// require() ESM, so require('@dt/x') works without a CJS build), and `./package.json` exported.
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const REPO = 'https://github.com/dt-trees/dt'; // placeholder until the repository is public
const root = new URL('..', import.meta.url).pathname;
const dirs = [...readdirSync(join(root, 'packages')).map((d) => `packages/${d}`), 'apps/cli'].filter((d) =>
  existsSync(join(root, d, 'package.json')),
);

const KEYWORDS = {
  '@dt/core': ['cart', 'classification', 'regression', 'oblique-tree'],
  '@dt/criteria': ['gini', 'entropy', 'split-criterion', 'max-cut'],
  '@dt/datasets': ['datasets', 'iris', 'mnist', 'csv'],
  '@dt/errors': ['errors', 'validation', 'random', 'seeded-random'],
  '@dt/eval': ['cross-validation', 'metrics', 't-test', 'model-evaluation'],
  '@dt/projections': ['pca', 'householder', 'oblique-tree'],
  '@dt/prune': ['pruning', 'cost-complexity-pruning', 'reduced-error-pruning'],
  '@dt/stats': ['statistics', 'student-t', 'normal-distribution', 'quantile'],
  '@dt/stream': ['decision-stream', 'two-sample-test', 'dag'],
  '@dt/plot': ['svg', 'visualization', 'tree-plot'],
  '@dt/ensemble': ['random-forest', 'extra-trees', 'bagging', 'oblique-forest'],
  '@dt/boost': ['gradient-boosting', 'gbdt', 'histogram-gradient-boosting'],
  '@dt/exchange': ['lightgbm', 'xgboost', 'onnx', 'model-import'],
  '@dt/explain': ['shap', 'treeshap', 'explainability', 'shapley-values'],
  '@dt/cli': ['cli', 'command-line'],
};

function publishExports(exports) {
  const out = {};
  for (const [sub, target] of Object.entries(exports)) {
    if (typeof target === 'string') {
      out[sub] = target;
      continue;
    }
    // A `node` condition (@dt/core's main entry registering its Node-only defaults) is kept before `default`.
    const { types, node, import: imp, default: def } = target;
    // A subpath with no published target (only `@dt/source`, e.g. @dt/ensemble's `./cv-check` used by the
    // bench) is workspace-only: it is not published.
    if (types === undefined && node === undefined && imp === undefined && def === undefined) continue;
    out[sub] = node === undefined ? { types, default: def ?? imp } : { types, node, default: def ?? imp };
  }
  out['./package.json'] = './package.json';
  return out;
}

/** Key order: npm's usual order for the fields we own, everything else where it was. */
function withField(pkg, key, value, after) {
  if (JSON.stringify(pkg[key]) === JSON.stringify(value)) return pkg;
  const out = {};
  let placed = false;
  for (const [k, v] of Object.entries(pkg)) {
    if (k === key) continue;
    out[k] = v;
    if (k === after && !placed) {
      out[key] = value;
      placed = true;
    }
  }
  if (!placed) out[key] = value;
  return out;
}

let drift = 0;
for (const dir of dirs) {
  const file = join(root, dir, 'package.json');
  const text = readFileSync(file, 'utf8');
  let pkg = JSON.parse(text);
  if (pkg.private && dir !== 'apps/cli') continue;
  if (!(pkg.name in KEYWORDS)) {
    console.error(`${dir}: add ${pkg.name} to KEYWORDS in tooling/publish-manifest.mjs`);
    drift++;
    continue;
  }
  if (pkg.private) delete pkg.private;
  pkg = withField(pkg, 'keywords', ['decision-tree', 'machine-learning', ...KEYWORDS[pkg.name]], 'description');
  pkg = withField(pkg, 'homepage', `${REPO}/tree/main/${dir}#readme`, 'keywords');
  pkg = withField(pkg, 'bugs', { url: `${REPO}/issues` }, 'homepage');
  pkg = withField(pkg, 'repository', { type: 'git', url: `git+${REPO}.git`, directory: dir }, 'bugs');
  pkg = withField(pkg, 'license', 'MIT', 'repository');
  pkg = withField(pkg, 'engines', { node: '>=20' }, 'sideEffects');
  const files = pkg.files.includes('LICENSE') ? pkg.files : [...pkg.files, 'LICENSE'];
  pkg = withField(pkg, 'files', files, 'types');
  pkg = withField(pkg, 'publishConfig', { access: 'public', exports: publishExports(pkg.exports) }, 'exports');
  for (const field of ['dependencies', 'peerDependencies']) {
    for (const [dep, range] of Object.entries(pkg[field] ?? {})) {
      if (range === 'workspace:*') pkg[field][dep] = 'workspace:^'; // published as ^x.y.z, not an exact pin
    }
  }
  const next = `${JSON.stringify(pkg, null, 2)}\n`;
  const license = join(root, dir, 'LICENSE');
  const licenseOk = existsSync(license) && readFileSync(license, 'utf8') === readFileSync(join(root, 'LICENSE'), 'utf8');
  if (next === text && licenseOk) continue;
  if (process.argv.includes('--check')) {
    console.error(`${dir}: package.json or LICENSE differs from tooling/publish-manifest.mjs (run it to fix)`);
    drift++;
  } else {
    writeFileSync(file, next);
    writeFileSync(license, readFileSync(join(root, 'LICENSE'), 'utf8'));
  }
}
process.exitCode = drift ? 1 : 0;
