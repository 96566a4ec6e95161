/**
 * Worker side of a forest's fit on its own threads (fit with nJobs > 1, fit-threads.ts): rebuilds the
 * unfitted forest from its spec, plans the same fit as the fitting thread (same data, same draws from
 * (seed, i)), fits members thread, thread + threads, ... and sends each on its port, counting it in
 * shared memory so that the fitting thread, blocked on Atomics, wakes.
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import { PREPARE_FIT } from './ensemble.js';
import { READY, SENT } from './fit-threads.js';
import { fitMemberMessage } from './member-message.js';
import { forestFromSpec, type ForestSpec } from './model-format.js';

interface ThreadInit {
  spec: ForestSpec;
  X: { data: Float64Array; rows: number; cols: number };
  y: unknown;
  sampleWeight: Float64Array | null;
  /** The fit's feature names (members resolve monotonicCst by name with them). */
  featureNames: readonly string[] | null;
  ctl: Int32Array;
  port: MessagePort;
  thread: number;
  threads: number;
}

const init = workerData as ThreadInit;
const send = (message: unknown): void => {
  init.port.postMessage(message);
  Atomics.add(init.ctl, SENT, 1);
  Atomics.notify(init.ctl, SENT);
};
try {
  const plan = forestFromSpec(init.spec)[PREPARE_FIT](init.X, init.y, { sampleWeight: init.sampleWeight, featureNames: init.featureNames });
  Atomics.add(init.ctl, READY, 1);
  for (let i = init.thread; i < plan.draws.length; i += init.threads) send(fitMemberMessage(plan, i));
} catch (e) {
  send({ i: -1, error: (e as Error).message });
}
