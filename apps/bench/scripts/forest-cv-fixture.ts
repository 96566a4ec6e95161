/**
 * Writes packages/ensemble/src/fixtures/sklearn-forest-cv.json: for each data set of cv-sets.ts, the
 * fold of every row of scikit-learn's StratifiedKFold(10, shuffle, random_state 0) and scikit-learn
 * 1.2's per-fold test accuracy of RandomForestClassifier and ExtraTreesClassifier (100 trees,
 * defaults otherwise). The ensemble's unit test and `bench forest` fit dt on the same folds.
 *
 *   pnpm --filter @dt/bench exec tsx --conditions=@dt/source scripts/forest-cv-fixture.ts [sets...]
 *
 * With set names, only those are (re)computed; the others are kept from the existing file.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CV_SET_NAMES, loadCvSet } from '@dt/ensemble/cv-check';
import { runPython } from '../src/harness/python.js';

const SCRIPT = fileURLToPath(new URL('../python/sklearn_forest_cv.py', import.meta.url));
const OUT = fileURLToPath(new URL('../../../packages/ensemble/src/fixtures/sklearn-forest-cv.json', import.meta.url));
const FOLDS = 10;
const SEED = 0;
const N_ESTIMATORS = 100;

interface SetResult {
  fold: number[];
  random_forest: number[];
  extra_trees: number[];
  sklearn_version: string;
}

const wanted = process.argv.slice(2);
const previous = existsSync(OUT) ? (JSON.parse(readFileSync(OUT, 'utf8')) as { sets: Record<string, unknown> }).sets : {};
const sets: Record<string, unknown> = {};
let version = '';
for (const name of CV_SET_NAMES) {
  if (wanted.length > 0 && !wanted.includes(name) && previous[name] !== undefined) {
    sets[name] = previous[name];
    continue;
  }
  const s = await loadCvSet(name);
  const t0 = Date.now();
  const r = runPython<SetResult>(SCRIPT, { n_features: s.X.cols, folds: FOLDS, seed: SEED, n_estimators: N_ESTIMATORS }, { X_path: s.X.data, y_path: s.y });
  version = r.sklearn_version;
  sets[name] = { rows: s.X.rows, fold: r.fold, randomForest: r.random_forest, extraTrees: r.extra_trees };
  console.error(`${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
const doc = { script: 'apps/bench/scripts/forest-cv-fixture.ts + apps/bench/python/sklearn_forest_cv.py', sklearn: version, folds: FOLDS, seed: SEED, nEstimators: N_ESTIMATORS, sets };
writeFileSync(OUT, `${JSON.stringify(doc)}\n`);
