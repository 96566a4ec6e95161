export { run } from './program.js';
export type { Io, OutputStream } from './io.js';
export { listAlgorithms, getAlgorithm } from './algorithms.js';
export type { Algorithm, Task } from './algorithms.js';
