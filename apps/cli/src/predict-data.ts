import { loadDataset, type Dataset, type MissingPolicy } from '@dt/datasets';
import { DataFormatError, ShapeMismatchError } from '@dt/errors';
import { builtinName, csvReader } from './data.js';
import type { InputStream } from './io.js';
import type { ModelFile } from './model-file.js';
import type { Progress } from './progress.js';

/** New data laid out for a model: its features in the model's order, and the label when present. */
export interface PredictData {
  /** Row-major, rows × model.nFeatures. */
  X: { data: Float64Array; rows: number; cols: number };
  /** The label column's values, or null when the data has none. */
  y: (string | number)[] | null;
  targetName: string | null;
  /** Columns of the data that are neither features of the model nor the label. */
  ignored: string[];
  /** Missing values met in the data and what the reader did (kept as NaN or dropped their rows). */
  missing: Dataset['missing'];
}

/**
 * Loads a built-in dataset or a CSV for prediction. Features are matched to the model by name
 * (positionally for a model saved without names); the one remaining column, or the training label's
 * name, is the label. Categorical levels are mapped to the codes the model was trained on.
 */
export async function loadPredictData(spec: string, file: ModelFile, cwd: string, missing: MissingPolicy = 'error', stdin?: InputStream, progress?: Progress): Promise<PredictData> {
  const { model, training } = file;
  const d = model.nFeatures;
  const names = model.featureNames;
  const categorical = (cols: readonly string[]): string[] =>
    training === null ? [] : cols.filter((_, j) => training.featureTypes[j] === 'categorical');

  let ds: Dataset;
  let featureCols: string[];
  let label: string | null;
  let columns: string[];

  const builtin = builtinName(spec, cwd);
  if (builtin !== null) {
    ds = await loadDataset(builtin);
    columns = [...ds.featureNames, ds.targetName];
    featureCols = names ?? ds.featureNames.slice(0, d);
    if (names === null && ds.X.cols !== d) {
      throw new ShapeMismatchError(`${builtin} has ${ds.X.cols} features but the model was fitted with ${d}`);
    }
    label = ds.targetName;
  } else {
    const readCsv = await csvReader(spec, cwd, stdin, progress);
    // First pass: the column names (every column read as a feature). A label column mixing numbers
    // and words (which dt train read as class names) cannot be read as a feature: then the last
    // column is read as the label, as dt train read it.
    let probe: Dataset;
    try {
      probe = readCsv({ task: 'classification', label: null, missing });
      columns = probe.featureNames;
    } catch (e) {
      if (!(e instanceof DataFormatError)) throw e;
      let labelled: Dataset;
      try {
        labelled = readCsv({ task: 'classification', missing });
      } catch {
        throw e;
      }
      columns = [...labelled.featureNames, labelled.targetName];
      probe = labelled;
    }
    if (names === null) {
      if (columns.length !== d && columns.length !== d + 1) {
        throw new ShapeMismatchError(
          `${spec} has ${columns.length} columns but the model needs ${d} features (and optionally a label column last)`,
        );
      }
      featureCols = columns.slice(0, d);
      label = columns.length === d + 1 ? columns[d]! : null;
    } else {
      const missing = names.filter((n) => !columns.includes(n));
      if (missing.length > 0) {
        throw new DataFormatError(`${spec} lacks column${missing.length > 1 ? 's' : ''} ${missing.map((m) => JSON.stringify(m)).join(', ')} that the model needs`);
      }
      featureCols = names;
      const extras = columns.filter((c) => !names.includes(c));
      label = training !== null && extras.includes(training.targetName) ? training.targetName : extras.length === 1 ? extras[0]! : null;
    }
    // Without a label column every column is read as a feature (label: null).
    const forced = categorical(featureCols).filter((c) => c !== label);
    ds = label === null && forced.length === 0 && probe.targetName === '' ? probe : readCsv({ task: 'classification', label, categorical: forced, missing });
  }

  const X = alignFeatures(ds, featureCols, file);
  const y = label === null ? null : Array.from(ds.y as ArrayLike<string | number>);
  const ignored = columns.filter((c) => c !== label && !featureCols.includes(c));
  return { X, y, targetName: label, ignored, missing: ds.missing };
}

function alignFeatures(
  ds: Dataset,
  featureCols: readonly string[],
  file: ModelFile,
): PredictData['X'] {
  const n = ds.X.rows;
  const d = featureCols.length;
  const src = ds.X.data;
  const sd = ds.X.cols;
  const data = new Float64Array(n * d);
  for (let j = 0; j < d; j++) {
    const name = featureCols[j]!;
    const trainLevels = file.training?.categories[j] ?? null;
    const codeOf = trainLevels === null ? null : new Map(trainLevels.map((l, k) => [l, k]));
    const unseen = (level: string): never => {
      throw new DataFormatError(
        `column ${JSON.stringify(name)} has value ${JSON.stringify(level)}, which the model never saw in training (levels: ${trainLevels!.join(', ')})`,
      );
    };
    const notNumeric = (value: string): never => {
      throw new DataFormatError(`column ${JSON.stringify(name)} has non-numeric value ${JSON.stringify(value)} but the model was trained on numbers`);
    };
    const k = ds.featureNames.indexOf(name);
    if (k < 0) throw new DataFormatError(`${ds.name} has no column ${JSON.stringify(name)}, which the model needs`);
    const levels = ds.categories[k] ?? null;
    if (levels === null) {
      for (let r = 0; r < n; r++) {
        const v = src[r * sd + k]!;
        // NaN (a missing cell read with missing: 'native') stays missing whatever the column's type.
        data[r * d + j] = codeOf === null || Number.isNaN(v) ? v : (codeOf.get(String(v)) ?? unseen(String(v)));
      }
    } else {
      // Level codes of this file -> level codes of the training data.
      const remap = levels.map((l) => (codeOf === null ? notNumeric(l) : (codeOf.get(l) ?? -1)));
      for (let r = 0; r < n; r++) {
        const c = src[r * sd + k]!;
        if (Number.isNaN(c)) {
          data[r * d + j] = c;
          continue;
        }
        const t = remap[c]!;
        data[r * d + j] = t >= 0 ? t : unseen(levels[c]!);
      }
    }
  }
  return { data, rows: n, cols: d };
}
