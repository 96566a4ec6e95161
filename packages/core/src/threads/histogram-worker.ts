/**
 * Worker thread of createHistogramWorkers (@dt/core/node): serves the large nodes and subtree tasks
 * of 'hist' fits (search/hist/histogram-parallel.ts, subtree-worker.ts). Each fit arrives as one
 * message; the worker then follows the fitting thread through shared memory until the fit ends, and
 * reads new histogram slots and the subtree tasks from the fit's port synchronously.
 */
import { parentPort, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { runHistogramWorker } from '../search/hist/histogram-parallel.js';
import { growSubtreesHere } from '../build/subtree-worker.js';

parentPort!.on('message', (message: unknown) => {
  runHistogramWorker(message, (port) => receiveMessageOnPort(port as MessagePort), growSubtreesHere);
});
parentPort!.postMessage('ready');
