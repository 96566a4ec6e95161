export type { DenseMatrix, FeatureType, Dataset } from './types.js';
export { parseCsv, AUTO_REGRESSION_MIN_DISTINCT } from './parse-csv.js';
export type { CsvOptions, ColumnRef } from './parse-csv.js';
export { loadDataset, listDatasets } from './builtin-datasets.js';
export type { DatasetInfo } from './builtin-datasets.js';
export { standardScaler } from './standard-scaler.js';
export type { StandardScaler, StandardScalerOptions, FittedStandardScaler, MatrixInput } from './standard-scaler.js';
export { parseIdx, encodeIdx, idxToDataset } from './idx.js';
export type { IdxArray, IdxDatasetOptions } from './idx.js';
