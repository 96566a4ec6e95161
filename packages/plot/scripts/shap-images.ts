// Renders the SHAP pictures (waterfall, beeswarm, dependence) to PNG with headless Chromium:
//   npx tsx --conditions=@dt/source packages/plot/scripts/shap-images.ts [outDir]
// Without outDir it writes the two committed in docs/img/; with outDir it also writes the stress
// cases checked by eye (100 features, hostile names, a three-class model, NaN rows).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svgToPng, withBrowser } from '@dt/browser-test';
import { loadDataset } from '@dt/datasets';
import { RandomForestClassifier, RandomForestRegressor } from '@dt/ensemble';
import { createRandom } from '@dt/errors';
import { treeShap } from '@dt/explain';
import { beeswarmSvg, dependenceSvg, waterfallSvg } from '../src/index.js';

const outDir = process.argv[2];
const docs = fileURLToPath(new URL('../../../docs/img/', import.meta.url));
const wine = await loadDataset('wine-quality-red');
const X = Array.from({ length: wine.X.rows }, (_, r) => Array.from(wine.X.data.subarray(r * wine.X.cols, (r + 1) * wine.X.cols)));
const y = Float64Array.from(wine.y as ArrayLike<number>);
const forest = new RandomForestRegressor({ nEstimators: 50, maxDepth: 8, seed: 1 }).fit(X, y, { featureNames: wine.featureNames });
const shap = treeShap(forest, X.slice(0, 400));
const pictures: [string, string][] = [
  [join(docs, 'shap-waterfall-wine.png'), waterfallSvg(shap, { row: 3, title: 'Why wine 3 scores what it does (random forest, 50 trees)' })],
  [join(docs, 'shap-beeswarm-wine.png'), beeswarmSvg(shap, { title: 'SHAP values of 400 red wines (random forest regressor)' })],
];
if (outDir !== undefined) {
  pictures.push([join(outDir, 'dependence.png'), dependenceSvg(shap, { feature: 10, color: 9, title: 'alcohol, coloured by sulphates' })]);
  pictures.push([join(outDir, 'waterfall-5.png'), waterfallSvg(shap, { row: 0, maxDisplay: 5 })]);
  // 100 features with hostile and long names, NaN cells, three classes.
  const rng = createRandom(7);
  const M = 100;
  const Xs = Array.from({ length: 300 }, () => Array.from({ length: M }, () => (rng.next() < 0.03 ? Number.NaN : rng.next() * 2 - 1)));
  const ys = Xs.map((r) => ((r[0] ?? 0) + (r[1] ?? 0) * (r[2] ?? 0) > 0 ? 'hi' : (r[3] ?? 0) > 0.3 ? 'mid' : 'lo'));
  const names = Array.from({ length: M }, (_, j) => (j === 0 ? '<script>alert("x")</script> & co' : j === 1 ? 'a very long feature name that goes on and on and on' : `f${j}'"`));
  const clf = new RandomForestClassifier({ nEstimators: 20, maxDepth: 6, seed: 2 }).fit(Xs, ys, { featureNames: names });
  const s100 = treeShap(clf, Xs.slice(0, 200));
  pictures.push([join(outDir, 'waterfall-100.png'), waterfallSvg(s100, { row: 1, output: 0 })]);
  pictures.push([join(outDir, 'beeswarm-100.png'), beeswarmSvg(s100, { output: 2 })]);
  pictures.push([join(outDir, 'dependence-100.png'), dependenceSvg(s100, { feature: 0, color: 1 })]);
  writeFileSync(join(outDir, 'waterfall-100.svg'), waterfallSvg(s100, { row: 1, output: 0 }));
}
await withBrowser(async (browser) => {
  for (const [file, svg] of pictures) {
    writeFileSync(file, await svgToPng(browser, svg));
    console.log(`wrote ${file}`);
  }
});
