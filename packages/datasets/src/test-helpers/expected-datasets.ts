// The documented shape of every built-in dataset (shared/datasets/README.md), for the fast
// (builtin-datasets.test.ts) and the full (builtin-datasets.slow.test.ts) dataset tests.
import { expect } from 'vitest';
import { listDatasets } from '../builtin-datasets.js';
import { loadDataset } from '../load-dataset.js';
import type { Dataset } from '../types.js';

export const ADULT_CATEGORICAL = ['workclass', 'education', 'marital_status', 'occupation', 'relationship', 'race', 'sex', 'native_country'];

/** Rows, features and class counts as documented in shared/datasets/README.md (iris: 50 per species). */
export const EXPECTED: Record<string, { rows: number; features: number; counts: Record<string, number>; categorical?: string[] }> = {
  iris: { rows: 150, features: 4, counts: { setosa: 50, versicolor: 50, virginica: 50 } },
  'wine-quality-red': { rows: 1599, features: 11, counts: { 3: 10, 4: 53, 5: 681, 6: 638, 7: 199, 8: 18 } },
  'wine-quality-white': { rows: 4898, features: 11, counts: { 3: 20, 4: 163, 5: 1457, 6: 2198, 7: 880, 8: 175, 9: 5 } },
  'wine-quality-both': { rows: 6497, features: 12, counts: { 3: 30, 4: 216, 5: 2138, 6: 2836, 7: 1079, 8: 193, 9: 5 } },
  'magic-gamma': { rows: 19020, features: 10, counts: { g: 12332, h: 6688 } },
  'heart-disease': { rows: 1025, features: 13, counts: { 0: 499, 1: 526 } },
  wine: { rows: 178, features: 13, counts: { 1: 59, 2: 71, 3: 48 } },
  // 699 rows, 458 benign / 241 malignant, less the 16 with a missing bare_nuclei (UCI: 444 / 239).
  'breast-cancer-wisconsin': { rows: 683, features: 9, counts: { 2: 444, 4: 239 } },
  // The HHCART paper's sets (shared/datasets/README.md).
  'statlog-heart': { rows: 270, features: 13, counts: { 1: 150, 2: 120 }, categorical: ['chest_pain', 'resting_ecg', 'thal'] },
  'pima-indians-diabetes': { rows: 768, features: 8, counts: { 0: 500, 1: 268 } },
  // MEDV cut at its median 21.2: 250 above, 256 at or below (5 rows equal it).
  'boston-housing': { rows: 506, features: 13, counts: { high: 250, low: 256 } },
  'bupa-liver': { rows: 345, features: 6, counts: { 1: 145, 2: 200 } },
  'balance-scale': { rows: 625, features: 4, counts: { B: 49, L: 288, R: 288 } },
  glass: { rows: 214, features: 9, counts: { 1: 70, 2: 76, 3: 17, 5: 13, 6: 9, 7: 29 } },
  haberman: { rows: 306, features: 3, counts: { 1: 225, 2: 81 } },
  'letter-recognition': {
    rows: 20000,
    features: 16,
    counts: {
      A: 789, B: 766, C: 736, D: 805, E: 768, F: 775, G: 773, H: 734, I: 755, J: 747, K: 739, L: 761, M: 792,
      N: 783, O: 753, P: 803, Q: 783, R: 758, S: 748, T: 796, U: 813, V: 764, W: 752, X: 787, Y: 786, Z: 734,
    },
  },
  'shuttle-train': { rows: 43500, features: 9, counts: { 1: 34108, 2: 37, 3: 132, 4: 6748, 5: 2458, 6: 6, 7: 11 } },
  'shuttle-test': { rows: 14500, features: 9, counts: { 1: 11478, 2: 13, 3: 39, 4: 2155, 5: 809, 6: 4, 7: 2 } },
  // Rows with a missing value dropped: 32,561 -> 30,162 and 16,281 -> 15,060 (the paper's Income sizes).
  adult: { rows: 30162, features: 14, counts: { '<=50K': 22654, '>50K': 7508 }, categorical: ADULT_CATEGORICAL },
  'adult-test': { rows: 15060, features: 14, counts: { '<=50K': 11360, '>50K': 3700 }, categorical: ADULT_CATEGORICAL },
  'bank-marketing': {
    rows: 4521,
    features: 16,
    counts: { no: 4000, yes: 521 },
    categorical: ['job', 'marital', 'education', 'default', 'housing', 'loan', 'contact', 'month', 'poutcome'],
  },
  'australian-credit': { rows: 690, features: 14, counts: { 0: 383, 1: 307 }, categorical: ['A1', 'A4', 'A5', 'A6', 'A8', 'A9', 'A11', 'A12'] },
};

/** The sets the inner loop parses fully (small); the rest it checks by hash and line count. */
export const SMALL_ROWS = 2000;

/** Label → number of rows, as the EXPECTED counts are written. */
export function classCounts(d: Dataset): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const label of d.y as (string | number)[]) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
}

/** Loads `name` and checks it against its EXPECTED entry and listDatasets' metadata. */
export async function expectDocumentedDataset(name: string, e: (typeof EXPECTED)[string]): Promise<void> {
  const d = await loadDataset(name);
  const info = listDatasets().find((i) => i.name === name)!;
  expect(d.name).toBe(name);
  expect(d.task).toBe('classification');
  expect(d.X.rows).toBe(e.rows);
  expect(d.X.cols).toBe(e.features);
  expect(d.X.data.length).toBe(e.rows * e.features);
  expect(d.y).toHaveLength(e.rows);
  expect(d.featureNames).toHaveLength(e.features);
  const categorical = e.categorical ?? [];
  expect(d.featureTypes).toEqual(d.featureNames.map((f) => (categorical.includes(f) ? 'categorical' : 'numeric')));
  expect(d.categories.map((c) => c === null)).toEqual(d.featureNames.map((f) => !categorical.includes(f)));
  expect(categorical.every((f) => d.featureNames.includes(f))).toBe(true);
  expect(d.targetName).toBe(info.targetName);
  expect(classCounts(d)).toEqual(e.counts);
  expect(d.classes).toEqual(Object.keys(e.counts).map((k) => (Number.isNaN(Number(k)) ? k : Number(k))));
  expect(d).toMatchObject({ description: info.description, source: info.source, license: info.license });
  expect(d.X.data.every(Number.isFinite)).toBe(true);
}
