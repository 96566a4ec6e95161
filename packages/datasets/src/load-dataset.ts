import { loadBuiltin } from './builtin-datasets.js';
import type { CsvFile } from './csv-files.js';
import type { Dataset } from './types.js';

// Literal import() calls so bundlers split each CSV into its own lazily loaded chunk.
const csvModules: Record<CsvFile, () => Promise<{ default: string }>> = {
  iris: () => import('./embedded/iris.js'),
  'wine-quality-red': () => import('./embedded/wine-quality-red.js'),
  'wine-quality-white': () => import('./embedded/wine-quality-white.js'),
  'magic-gamma': () => import('./embedded/magic-gamma.js'),
  'heart-disease': () => import('./embedded/heart-disease.js'),
  wine: () => import('./embedded/wine.js'),
  'breast-cancer-wisconsin': () => import('./embedded/breast-cancer-wisconsin.js'),
  'statlog-heart': () => import('./embedded/statlog-heart.js'),
  'pima-indians-diabetes': () => import('./embedded/pima-indians-diabetes.js'),
  'boston-housing': () => import('./embedded/boston-housing.js'),
  'bupa-liver': () => import('./embedded/bupa-liver.js'),
  'balance-scale': () => import('./embedded/balance-scale.js'),
  glass: () => import('./embedded/glass.js'),
  haberman: () => import('./embedded/haberman.js'),
  'letter-recognition': () => import('./embedded/letter-recognition.js'),
  'shuttle-train': () => import('./embedded/shuttle-train.js'),
  'shuttle-test': () => import('./embedded/shuttle-test.js'),
  adult: () => import('./embedded/adult.js'),
  'adult-test': () => import('./embedded/adult-test.js'),
  'bank-marketing': () => import('./embedded/bank-marketing.js'),
  'australian-credit': () => import('./embedded/australian-credit.js'),
};

/**
 * Loads a built-in dataset by name (see listDatasets()). Asynchronous because each dataset's data is
 * a separate module imported on demand, so code-splitting bundles only carry the datasets that are
 * loaded; a single-file bundle inlines every one — import `@dt/datasets/<name>` there instead.
 */
export async function loadDataset(name: string): Promise<Dataset> {
  return loadBuiltin(name, async (file) => (await csvModules[file]()).default);
}
