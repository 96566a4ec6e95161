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
  load(csv: CsvSource): Promise<Dataset>;
}

import type { CsvFile } from './csv-files.js';

const UCI = 'CC BY 4.0 (UCI Machine Learning Repository)';
const WINE_QUALITY_SOURCE =
  'UCI Wine Quality: Cortez, Cerdeira, Almeida, Matos & Reis, Modeling wine preferences by data mining from physicochemical properties, Decision Support Systems 47(4), 2009';

/** Where a built-in dataset's CSV text comes from: lazily imported chunks (loadDataset) or a static import (the per-dataset entry points). */
export type CsvSource = (file: CsvFile) => Promise<string>;

async function fromCsv(info: DatasetInfo, csv: CsvSource, file: CsvFile, options: CsvOptions = {}): Promise<Dataset> {
  const text = await csv(file);
  const dataset = parseCsv(text, { name: info.name, task: info.task, ...options });
  dataset.description = info.description;
  dataset.source = info.source;
  dataset.license = info.license;
  return dataset;
}

/** Red rows then white rows, with a trailing 0/1 feature `is_red` (as in the Max-Cut paper's Wine-Both). */
async function wineQualityBoth(info: DatasetInfo, csv: CsvSource): Promise<Dataset> {
  const [red, white] = await Promise.all([fromCsv(info, csv, 'wine-quality-red'), fromCsv(info, csv, 'wine-quality-white')]);
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

/** Median of MEDV in boston-housing.csv (506 values); MEDV above it is class 'high', else 'low'. */
const BOSTON_MEDV_MEDIAN = 21.2;

/** Boston Housing as two classes, as the HHCART paper uses it: MEDV cut at its median. */
async function bostonTwoClass(info: DatasetInfo, csv: CsvSource): Promise<Dataset> {
  const reg = await fromCsv(info, csv, 'boston-housing', { task: 'regression' });
  const y = Array.from(reg.y as Float64Array, (v) => (v > BOSTON_MEDV_MEDIAN ? 'high' : 'low'));
  return { ...reg, task: 'classification', y, classes: sortedDistinct(y) };
}

/**
 * The Adult test split with the training split's levels: 'Holand-Netherlands' (one training row)
 * never occurs in the test rows, so without it every later native_country code would shift by one.
 */
async function adultTest(info: DatasetInfo, csv: CsvSource): Promise<Dataset> {
  const d = await fromCsv(info, csv, 'adult-test', { missing: 'drop' });
  const j = d.featureNames.indexOf('native_country');
  const levels = d.categories[j]!;
  if (levels.includes('Holand-Netherlands')) return d;
  const full = [...levels, 'Holand-Netherlands'].sort();
  const recode = levels.map((l) => full.indexOf(l));
  const cols = d.X.cols;
  for (let r = 0; r < d.X.rows; r++) d.X.data[r * cols + j] = recode[d.X.data[r * cols + j]!]!;
  d.categories[j] = full;
  return d;
}

const UCI_ADULT_SOURCE = 'UCI Adult / Census Income (Kohavi & Becker, 1996)';
const SHUTTLE_SOURCE = 'UCI Statlog (Shuttle) (J. Catlett, NASA)';
const SHUTTLE_DESCRIPTION =
  'Space shuttle radiator positions: 9 integer attributes a1..a9 (a1 is time); label 1..7 (1 Rad Flow, 2 Fpv Close, 3 Fpv Open, 4 High, 5 Bypass, 6 Bpv Close, 7 Bpv Open).';

function builtin(info: DatasetInfo, load: (info: DatasetInfo, csv: CsvSource) => Promise<Dataset>): Builtin {
  return { ...info, load: (csv) => load(info, csv) };
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
    (info, csv) => fromCsv(info, csv, 'iris'),
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
    (info, csv) => fromCsv(info, csv, 'wine-quality-red'),
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
    (info, csv) => fromCsv(info, csv, 'wine-quality-white'),
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
    (info, csv) => fromCsv(info, csv, 'magic-gamma'),
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
    (info, csv) => fromCsv(info, csv, 'heart-disease'),
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
    (info, csv) => fromCsv(info, csv, 'wine'),
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
    (info, csv) => fromCsv(info, csv, 'breast-cancer-wisconsin', { missing: 'drop' }),
  ),
  builtin(
    {
      name: 'statlog-heart',
      task: 'classification',
      rows: 270,
      features: 13,
      classes: 2,
      targetName: 'class',
      description:
        'Statlog heart disease: 13 attributes of 270 patients; label 1 absence, 2 presence. The nominal chest_pain, resting_ecg and thal are typed categorical (X holds level codes; categories[j] the original values); the rest are numeric.',
      source: 'UCI Statlog (Heart)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'statlog-heart', { categorical: ['chest_pain', 'resting_ecg', 'thal'] }),
  ),
  builtin(
    {
      name: 'pima-indians-diabetes',
      task: 'classification',
      rows: 768,
      features: 8,
      classes: 2,
      targetName: 'class',
      description:
        'Pima Indians diabetes: 8 medical measurements of 768 women; label 0/1 (diabetes). Zeros stand for missing values in glucose, blood_pressure, skin_thickness, insulin and bmi and are left as 0.',
      source: 'Pima Indians Diabetes (NIDDK; Smith et al. 1988), formerly on UCI',
      license: 'not stated by the source (UCI no longer hosts it); research / benchmark use',
    },
    (info, csv) => fromCsv(info, csv, 'pima-indians-diabetes'),
  ),
  builtin(
    {
      name: 'boston-housing',
      task: 'classification',
      rows: 506,
      features: 13,
      classes: 2,
      targetName: 'MEDV',
      description:
        "Boston housing as two classes, as the HHCART paper uses it (the paper does not say how it cut MEDV): MEDV above its median 21.2 is 'high' (250 rows), at or below it 'low' (256). Column B encodes the share of Black residents, why the set was withdrawn from scikit-learn; think before using it in examples.",
      source: 'Boston Housing (Harrison & Rubinfeld, 1978; StatLib / UCI Housing)',
      license: 'not stated by the source (UCI no longer hosts it); research / benchmark use',
    },
    bostonTwoClass,
  ),
  builtin(
    {
      name: 'bupa-liver',
      task: 'classification',
      rows: 345,
      features: 6,
      classes: 2,
      targetName: 'selector',
      description:
        "BUPA liver disorders: 5 blood tests and drinks per day; label `selector` 1/2, the column the HHCART and OC1 papers use as class (UCI says it is a train/test selector, the intended target being drinks).",
      source: 'UCI Liver Disorders (BUPA Medical Research Ltd., R. S. Forsyth, 1990)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'bupa-liver'),
  ),
  builtin(
    {
      name: 'balance-scale',
      task: 'classification',
      rows: 625,
      features: 4,
      classes: 3,
      targetName: 'class',
      description: 'Balance scale: left/right weight and distance 1..5; label L, B or R by the sign of left_weight·left_distance − right_weight·right_distance.',
      source: 'UCI Balance Scale (Siegler, 1976; T. Hume)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'balance-scale'),
  ),
  builtin(
    {
      name: 'glass',
      task: 'classification',
      rows: 214,
      features: 9,
      classes: 6,
      targetName: 'type',
      description: 'Glass identification: refractive index and 8 oxide contents; label glass type 1, 2, 3, 5, 6, 7 (type 4 has no rows).',
      source: 'UCI Glass Identification (B. German, 1987)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'glass'),
  ),
  builtin(
    {
      name: 'haberman',
      task: 'classification',
      rows: 306,
      features: 3,
      classes: 2,
      targetName: 'survival',
      description: "Haberman's survival (the HHCART paper's SUR): age, operation year − 1900, positive axillary nodes; label 1 survived ≥ 5 years, 2 died within 5 years.",
      source: "UCI Haberman's Survival (S. J. Haberman, 1976)",
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'haberman'),
  ),
  builtin(
    {
      name: 'letter-recognition',
      task: 'classification',
      rows: 20000,
      features: 16,
      classes: 26,
      targetName: 'letter',
      description: 'Letter recognition: 16 integer features (0..15) of distorted character images; label A..Z. (The HHCART paper lists 10 features; UCI has 16.)',
      source: 'UCI Letter Recognition (Frey & Slate, 1991)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'letter-recognition'),
  ),
  builtin(
    {
      name: 'shuttle-train',
      task: 'classification',
      rows: 43500,
      features: 9,
      classes: 7,
      targetName: 'class',
      description: `${SHUTTLE_DESCRIPTION} The standard training split (43,500 of 58,000 rows).`,
      source: SHUTTLE_SOURCE,
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'shuttle-train'),
  ),
  builtin(
    {
      name: 'shuttle-test',
      task: 'classification',
      rows: 14500,
      features: 9,
      classes: 7,
      targetName: 'class',
      description: `${SHUTTLE_DESCRIPTION} The standard test split (14,500 of 58,000 rows).`,
      source: SHUTTLE_SOURCE,
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'shuttle-test'),
  ),
  builtin(
    {
      name: 'adult',
      task: 'classification',
      rows: 30162,
      features: 14,
      classes: 2,
      targetName: 'income',
      description:
        'Adult / census income (the HHCART paper\'s Income), training split: 6 numeric and 8 categorical features; label <=50K / >50K. Rows with a missing value (workclass, occupation or native_country) are dropped: 32,561 -> 30,162.',
      source: UCI_ADULT_SOURCE,
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'adult', { missing: 'drop' }),
  ),
  builtin(
    {
      name: 'adult-test',
      task: 'classification',
      rows: 15060,
      features: 14,
      classes: 2,
      targetName: 'income',
      description:
        "Adult / census income, test split; rows with a missing value dropped: 16,281 -> 15,060. Categorical levels (and so codes) are the training split's: native_country keeps 'Holand-Netherlands', which only the training rows have.",
      source: UCI_ADULT_SOURCE,
      license: UCI,
    },
    adultTest,
  ),
  builtin(
    {
      name: 'bank-marketing',
      task: 'classification',
      rows: 4521,
      features: 16,
      classes: 2,
      targetName: 'y',
      description:
        "Bank marketing (Portuguese bank phone campaigns), the 10% sample bank.csv — not bank-full.csv (45,211 rows) that the HHCART paper uses: 7 numeric and 9 categorical features ('unknown' is a level); label no / yes. duration is only known after the call (it leaks the label).",
      source: 'UCI Bank Marketing (Moro, Cortez & Rita, 2014; Moro, Laureano & Cortez, 2011)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'bank-marketing'),
  ),
  builtin(
    {
      name: 'australian-credit',
      task: 'classification',
      rows: 690,
      features: 14,
      classes: 2,
      targetName: 'class',
      description:
        'Statlog Australian credit approval (the HHCART paper\'s StatLog): anonymised attributes A1..A14, of which A1, A4, A5, A6, A8, A9, A11 and A12 are categorical (integer codes in the file, typed categorical here); label 0/1.',
      source: 'UCI Statlog (Australian Credit Approval) (J. R. Quinlan)',
      license: UCI,
    },
    (info, csv) => fromCsv(info, csv, 'australian-credit', { categorical: ['A1', 'A4', 'A5', 'A6', 'A8', 'A9', 'A11', 'A12'] }),
  ),
];

/** The built-in datasets, described without loading any of them. */
export function listDatasets(): DatasetInfo[] {
  return BUILTINS.map(({ load: _load, ...info }) => ({ ...info }));
}

/** The built-in dataset `name`, its CSV text read through `csv` (the loaders share this one home). */
export function loadBuiltin(name: string, csv: CsvSource): Promise<Dataset> {
  const entry = BUILTINS.find((b) => b.name === name);
  if (entry === undefined) throw new UnknownNameError('dataset', name, BUILTINS.map((b) => b.name));
  return entry.load(csv);
}
