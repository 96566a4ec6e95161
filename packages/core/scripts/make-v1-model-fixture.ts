// Writes packages/core/fixtures/model-v1/models.json: dt-model version 1 files (written before
// missing values, issue #19) with the predictions they made, for model-v1.test.ts.
// Run with the code of commit bfba2b9 (e.g. `git archive bfba2b9 | tar -x -C /tmp/v1`, link the
// node_modules, copy this file into that tree's packages/core/scripts/), from packages/core:
//   npx tsx --conditions=@dt/source scripts/make-v1-model-fixture.ts <output path>
import { writeFileSync } from 'node:fs';
import { DecisionTreeClassifier, DecisionTreeRegressor, serializeModel } from '../src/index.js';
import { randomClassification, randomRegression } from '../src/test-helpers/random-data.js';

const probe = randomClassification(40, 4, 3, 99).X;
const c = randomClassification(200, 4, 3, 5);
const r = randomRegression(200, 4, 6);
const models = [
  new DecisionTreeClassifier({ maxDepth: 6 }).fit(c.X, c.y),
  new DecisionTreeClassifier({ splitter: 'hist', maxBins: 16, maxLeafNodes: 12 }).fit(c.X, c.y),
  new DecisionTreeRegressor({ splitter: 'random', seed: 4, maxDepth: 5 }).fit(r.X, r.y),
];
const out = models.map((m) => ({ model: JSON.parse(serializeModel(m)) as unknown, probe, predictions: Array.from(m.predict(probe)) }));
writeFileSync(process.argv[2] ?? 'fixtures/model-v1/models.json', JSON.stringify(out) + '\n');
