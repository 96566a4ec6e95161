// Node-only entry (@dt/datasets/node): file system access for CSV and IDX files.
export { readCsv } from './read-csv.js';
export { loadIdx, loadIdxDataset } from './load-idx.js';
export type { IdxFiles } from './load-idx.js';
export { loadFashionMnist, FASHION_MNIST_CLASS_NAMES, DEBIAN_FASHION_MNIST_DIR } from './fashion-mnist.js';
export type { FashionMnistOptions } from './fashion-mnist.js';
