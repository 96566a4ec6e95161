// Node-only entry (@dt/datasets/node): file system access for CSV and IDX files.
export { readCsv } from './read-csv.js';
export { loadIdx, loadIdxDataset } from './load-idx.js';
export type { IdxFiles } from './load-idx.js';
export { loadFashionMnist, FASHION_MNIST_CLASS_NAMES, DEBIAN_FASHION_MNIST_DIR } from './fashion-mnist.js';
export type { FashionMnistOptions } from './fashion-mnist.js';
export { loadCifar } from './load-cifar.js';
export type { CifarOptions } from './load-cifar.js';
export { parseCifar, CIFAR10_CLASS_NAMES, CIFAR_PIXELS } from './cifar.js';
export type { CifarRecords, CifarVariant, CifarLabel } from './cifar.js';
