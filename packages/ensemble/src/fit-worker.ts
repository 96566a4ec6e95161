/**
 * Worker side of @dt/ensemble/node's parallel fit: rebuilds the unfitted forest from its spec, plans
 * the same fit as the main thread (same data, same draws from (seed, i)), fits the members it is
 * asked for and sends each tree back (its typed arrays, structured-cloned).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BinnedDataset, type SharedBinnedDataset } from '@dt/core';
import { PREPARE_FIT } from './ensemble.js';
import { fitMemberMessage } from './member-message.js';
import { forestFromSpec, type ForestSpec } from './model-format.js';

interface Init {
  spec: ForestSpec;
  X: { data: Float64Array; rows: number; cols: number };
  y: unknown;
  sampleWeight: Float64Array | null;
  /** The fit's feature names (members resolve monotonicCst by name with them). */
  featureNames: readonly string[] | null;
  /** The fitting thread's bins of X (codes in shared memory, read in place), or null. */
  binned: SharedBinnedDataset | null;
}

const init = workerData as Init;
const forest = forestFromSpec(init.spec);
const plan = forest[PREPARE_FIT](init.X, init.y, { sampleWeight: init.sampleWeight, featureNames: init.featureNames }, { binned: init.binned === null ? null : BinnedDataset.fromShared(init.binned) });
parentPort!.on('message', (i: number) => parentPort!.postMessage(fitMemberMessage(plan, i)));
// Up: the pool hands out members from now on (a member's time is its fit, not this thread's start-up).
parentPort!.postMessage({ ready: true });
