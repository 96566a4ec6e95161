/**
 * A hist worker thread (as histogram-worker.ts) whose subtree command fails: workerData mode 'throw'
 * throws, 'stall' stays busy for `seconds` first. For the tests that a worker's failure or silence fails the fit instead of hanging it.
 */
import { parentPort, receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import { runHistogramWorker } from '../search/hist/histogram-parallel.js';

const { mode, seconds } = workerData as { mode: 'throw' | 'stall'; seconds: number };

parentPort!.on('message', (message: unknown) => {
  runHistogramWorker(
    message,
    (port) => receiveMessageOnPort(port as MessagePort),
    // The grower is made when the subtree command arrives, before any task is claimed.
    () => {
      if (mode === 'throw') throw new Error('cannot grow subtrees');
      const until = Date.now() + seconds * 1000;
      const idle = new Int32Array(new SharedArrayBuffer(4));
      while (Date.now() < until) Atomics.wait(idle, 0, 0, 50);
      return () => null;
    },
  );
});
parentPort!.postMessage('ready');
