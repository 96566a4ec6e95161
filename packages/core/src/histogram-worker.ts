/**
 * Worker thread of createHistogramWorkers (@dt/core/node): serves the large nodes and subtree tasks
 * of 'hist' fits (split-search/histogram-parallel.ts, subtree-worker.ts). Each fit arrives as one
 * message; the worker then follows the fitting thread through shared memory until the fit ends, and
 * reads new histogram slots and the subtree tasks from the fit's port synchronously.
 */
import { parentPort, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { runHistogramWorker } from './split-search/histogram-parallel.js';
import { growSubtreesHere } from './subtree-worker.js';

parentPort!.on('message', (message: unknown) => {
  runHistogramWorker(message, (port) => receiveMessageOnPort(port as MessagePort), growSubtreesHere);
});
parentPort!.postMessage('ready');
