// One-off conversion of scikit-learn's bundled iris.csv (Debian python3-sklearn) into the layout of
// the other data/*.csv files: a named header, the species name as the last column.
// Usage: node scripts/convert-iris.mjs [/usr/lib/python3/dist-packages/sklearn/datasets/data/iris.csv]
import { readFileSync, writeFileSync } from 'node:fs';

const src = process.argv[2] ?? '/usr/lib/python3/dist-packages/sklearn/datasets/data/iris.csv';
const [first, ...rows] = readFileSync(src, 'utf8').trim().split(/\r?\n/);
// sklearn's first line is "n_samples,n_features,class names..."
const [nRows, nFeatures, ...names] = first.split(',');
if (rows.length !== Number(nRows) || Number(nFeatures) !== 4) throw new Error(`unexpected ${src} header: ${first}`);
const out = ['sepal_length,sepal_width,petal_length,petal_width,species'];
for (const row of rows) {
  const fields = row.split(',');
  const species = names[Number(fields[4])];
  if (fields.length !== 5 || species === undefined) throw new Error(`bad row: ${row}`);
  out.push([...fields.slice(0, 4), species].join(','));
}
writeFileSync(new URL('../data/iris.csv', import.meta.url), `${out.join('\n')}\n`);
console.log(`wrote data/iris.csv: ${rows.length} rows`);
