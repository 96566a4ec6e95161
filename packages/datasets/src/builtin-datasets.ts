import { UnknownNameError } from '@dt/errors';
import { sortedDistinct } from './labels.js';
import { parseCsv } from './parse-csv.js';
import type { CsvOptions } from './parse-csv.js';
import type { Dataset } from './types.js';

/** What listDatasets() tells about a built-in dataset without loading it. */
export interface DatasetInfo {
  name: string;
  task: 'classification' | 'regression';
  rows: number;
  features: number;
  /** Number of classes (classification only). */
  classes?: number;
  targetName: string;
  description: string;
  source: string;
  license: string;
}

interface Builtin extends DatasetInfo {
  load(): Promise<Dataset>;
}

type CsvModule = Promise<{ default: string }>;

const UCI = 'CC BY 4.0 (UCI Machine Learning Repository)';
const WINE_QUALITY_SOURCE =
  'UCI Wine Quality: Cortez, Cerdeira, Almeida, Matos & Reis, Modeling wine preferences by data mining from physicochemical properties, Decision Support Systems 47(4), 2009';

// Literal import() calls so bundlers split each CSV into its own lazily loaded chunk.
const csvModules = {
  iris: () => import('./embedded/iris.js') as CsvModule,
  'wine-quality-red': () => import('./embedded/wine-quality-red.js') as CsvModule,
  'wine-quality-white': () => import('./embedded/wine-quality-white.js') as CsvModule,
  'magic-gamma': () => import('./embedded/magic-gamma.js') as CsvModule,
  'heart-disease': () => import('./embedded/heart-disease.js') as CsvModule,
  wine: () => import('./embedded/wine.js') as CsvModule,
  'breast-cancer-wisconsin': () => import('./embedded/breast-cancer-wisconsin.js') as CsvModule,
};

async function fromCsv(info: DatasetInfo, file: keyof typeof csvModules, options: CsvOptions = {}): Promise<Dataset> {
  const text = (await csvModules[file]()).default;
  const dataset = parseCsv(text, { name: info.name, task: info.task, ...options });
  dataset.description = info.description;
  dataset.source = info.source;
  dataset.license = info.license;
  return dataset;
}

/** Red rows then white rows, with a trailing 0/1 feature `is_red` (as in the Max-Cut paper's Wine-Both). */
async function wineQualityBoth(info: DatasetInfo): Promise<Dataset> {
  const [red, white] = await Promise.all([fromCsv(info, 'wine-quality-red'), fromCsv(info, 'wine-quality-white')]);
  const d = red.X.cols;
  const rows = red.X.rows + white.X.rows;
  const data = new Float64Array(rows * (d + 1));
  let i = 0;
  for (const part of [red, white]) {
    const flag = part === red ? 1 : 0;
    for (let r = 0; r < part.X.rows; r++, i++) {
      data.set(part.X.data.subarray(r * d, (r + 1) * d), i * (d + 1));
      data[i * (d + 1) + d] = flag;
    }
  }
  const y = [...(red.y as (string | number)[]), ...(white.y as (string | number)[])];
  return {
    ...red,
    X: { data, rows, cols: d + 1 },
    y,
    featureNames: [...red.featureNames, 'is_red'],
    featureTypes: [...red.featureTypes, 'numeric'],
    categories: [...red.categories, null],
    classes: sortedDistinct(y),
  };
}

function builtin(info: DatasetInfo, load: (info: DatasetInfo) => Promise<Dataset>): Builtin {
  return { ...info, load: () => load(info) };
}

const BUILTINS: readonly Builtin[] = [
  builtin(
    {
      name: 'iris',
      task: 'classification',
      rows: 150,
      features: 4,
      classes: 3,
      targetName: 'species',
      description: "Fisher's iris: sepal and petal length and width (cm) of 50 flowers of each of three species.",
      source:
        "UCI Iris (R. A. Fisher, 1936), the copy shipped with scikit-learn (Debian python3-sklearn), whose samples 35 and 38 follow Fisher's paper",
      license: UCI,
    },
    (info) => fromCsv(info, 'iris'),
  ),
  builtin(
    {
      name: 'wine-quality-red',
      task: 'classification',
      rows: 1599,
      features: 11,
      classes: 6,
      targetName: 'quality',
      description: 'Physicochemical tests of red Portuguese vinho verde wines; label: sensory quality score 3..8.',
      source: WINE_QUALITY_SOURCE,
      license: UCI,
    },
    (info) => fromCsv(info, 'wine-quality-red'),
  ),
  builtin(
    {
      name: 'wine-quality-white',
      task: 'classification',
      rows: 4898,
      features: 11,
      classes: 7,
      targetName: 'quality',
      description: 'Physicochemical tests of white Portuguese vinho verde wines; label: sensory quality score 3..9.',
      source: WINE_QUALITY_SOURCE,
      license: UCI,
    },
    (info) => fromCsv(info, 'wine-quality-white'),
  ),
  builtin(
    {
      name: 'wine-quality-both',
      task: 'classification',
      rows: 6497,
      features: 12,
      classes: 7,
      targetName: 'quality',
      description: 'Red rows then white rows of Wine Quality, with a 12th feature is_red (1 red, 0 white), as in the Max-Cut paper.',
      source: WINE_QUALITY_SOURCE,
      license: UCI,
    },
    wineQualityBoth,
  ),
  builtin(
    {
      name: 'magic-gamma',
      task: 'classification',
      rows: 19020,
      features: 10,
      classes: 2,
      targetName: 'class',
      description: 'MAGIC gamma telescope: simulated Cherenkov shower image parameters; label g (gamma) or h (hadron).',
      source: 'UCI MAGIC Gamma Telescope (R. K. Bock, 2004)',
      license: UCI,
    },
    (info) => fromCsv(info, 'magic-gamma'),
  ),
  builtin(
    {
      name: 'heart-disease',
      task: 'classification',
      rows: 1025,
      features: 13,
      classes: 2,
      targetName: 'target',
      description: 'Heart disease, the 1,025-row Kaggle version (only 302 unique rows); label 0/1. Features are numeric codes.',
      source: 'Kaggle "Heart Disease Dataset" (johnsmith88), built from UCI Heart Disease (Janosi, Steinbrunn, Pfisterer & Detrano, 1988)',
      license: 'underlying UCI data CC BY 4.0; the Kaggle upload states no clear license',
    },
    (info) => fromCsv(info, 'heart-disease'),
  ),
  builtin(
    {
      name: 'wine',
      task: 'classification',
      rows: 178,
      features: 13,
      classes: 3,
      targetName: 'class',
      description: 'Chemical analysis of wines from three Italian cultivars; label 1..3.',
      source: 'UCI Wine (Forina et al.; S. Aeberhard)',
      license: UCI,
    },
    (info) => fromCsv(info, 'wine'),
  ),
  builtin(
    {
      name: 'breast-cancer-wisconsin',
      task: 'classification',
      rows: 683,
      features: 9,
      classes: 2,
      targetName: 'class',
      description:
        'Breast Cancer Wisconsin (Original): cytology scores 1..10; label 2 benign, 4 malignant. The 16 rows with a missing bare_nuclei are dropped (699 -> 683).',
      source: 'UCI Breast Cancer Wisconsin (Original) (Wolberg & Mangasarian, 1990)',
      license: UCI,
    },
    (info) => fromCsv(info, 'breast-cancer-wisconsin', { missing: 'drop' }),
  ),
];

/** The built-in datasets, described without loading any of them. */
export function listDatasets(): DatasetInfo[] {
  return BUILTINS.map(({ load: _load, ...info }) => ({ ...info }));
}

/**
 * Loads a built-in dataset by name (see listDatasets()). Asynchronous because each dataset's data is
 * a separate module imported on demand, so bundles only carry the datasets that are loaded.
 */
export async function loadDataset(name: string): Promise<Dataset> {
  const entry = BUILTINS.find((b) => b.name === name);
  if (entry === undefined) throw new UnknownNameError('dataset', String(name), BUILTINS.map((b) => b.name));
  return entry.load();
}
