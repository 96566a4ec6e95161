/**
 * Worker side of @dt/ensemble/node's parallel fit: rebuilds the unfitted forest from its spec, plans
 * the same fit as the main thread (same data, same draws from (seed, i)), fits the members it is
 * asked for and sends each tree back (its typed arrays, structured-cloned).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { BinnedDataset, DecisionTreeClassifier, DecisionTreeRegressor, type SharedBinnedDataset } from '@dt/core';
import { PREPARE_FIT } from './ensemble.js';
import { forestFromSpec, memberToJson, type ForestMember, type ForestSpec } from './model-format.js';

interface Init {
  spec: ForestSpec;
  X: { data: Float64Array; rows: number; cols: number };
  y: unknown;
  sampleWeight: Float64Array | null;
  /** The fitting thread's bins of X (codes in shared memory, read in place), or null. */
  binned: SharedBinnedDataset | null;
}

const init = workerData as Init;
const forest = forestFromSpec(init.spec);
const plan = forest[PREPARE_FIT](init.X, init.y, { sampleWeight: init.sampleWeight }, { binned: init.binned === null ? null : BinnedDataset.fromShared(init.binned) });
parentPort!.on('message', (i: number) => {
  try {
    const m = plan.fitMember(i) as ForestMember;
    if (m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor) {
      // The Tree itself (structured clone copies its typed arrays; reviveTree gives it its class back):
      // no JSON to write, parse and validate (≈35 ms per letter tree).
      parentPort!.postMessage({ i, tree: m.tree, classes: m instanceof DecisionTreeClassifier ? m.classes : null });
    } else {
      // A Decision Stream member (a graph, not a Tree): its forest-file JSON, read back by memberFromJson.
      parentPort!.postMessage({ i, member: memberToJson(m, plan.draws[i]!.features) });
    }
  } catch (e) {
    parentPort!.postMessage({ i, error: (e as Error).message });
  }
});
// Up: the pool hands out members from now on (a member's time is its fit, not this thread's start-up).
parentPort!.postMessage({ ready: true });
