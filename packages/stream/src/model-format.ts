import type { ClassLabel } from '@dt/core';
import {
  checkClassCounts,
  checkLoadedClasses,
  checkLoadedFeatures,
  constructLoaded,
  MAX_NODE_SAMPLES,
  loadParams,
  parseAt,
  readEnvelope,
  RESTORE,
  saveParams,
  type RestoreState,
  type Task,
} from '@dt/core/internal';
import { InvalidArgumentError, ModelFormatError } from '@dt/errors';
import { type Infer, z } from '@dt/core/internal';
import { STREAM_OPTIONS, type ResolvedStreamOptions } from './options.js';
import { StreamGraph } from './stream-graph.js';
import { fittedStreamArg, graphArg } from './arguments.js';

/** Name and version written into every Decision Stream model file; loaders reject anything else. */
export const STREAM_MODEL_FORMAT = 'dt-stream';
/** Version written into Decision Stream model files; loaders reject other versions. */
export const STREAM_MODEL_FORMAT_VERSION = 1;

const num = z.number().refine(Number.isFinite, 'must be a finite number');
const int = z.number().int();

const graphSchema = z.object({
  nodeCount: int.min(1),
  nFeatures: int.min(1),
  nOutputs: int.min(1),
  /** -1 for leaves. */
  feature: z.array(int.min(-1)),
  /** Child node ids per node ([] for leaves). */
  children: z.array(z.array(int)),
  /** Sorted thresholds per node, one fewer than its children. */
  thresholds: z.array(z.array(num)),
  nSamples: z.array(int.min(0)),
  /** nOutputs values per node: class counts, or the mean target. */
  value: z.array(num),
  /** Impurity decrease of each node's split when made (0 for leaves); absent in older files. */
  gain: z.array(num.refine((v) => v >= 0, 'must be >= 0')).optional(),
});

const label = z.union([z.string(), num]);

const modelSchema = z.object({
  format: z.literal(STREAM_MODEL_FORMAT),
  version: z.literal(STREAM_MODEL_FORMAT_VERSION),
  estimator: z.enum(['DecisionStreamClassifier', 'DecisionStreamRegressor']),
  params: z.record(z.string(), z.unknown()),
  featureNames: z.array(z.string()).nullable(),
  classes: z.array(label).optional(),
  graph: graphSchema,
});

/** The parsed shape of the graph inside a dt-stream model file. */
export type StreamGraphJson = Infer<typeof graphSchema>;
/** The parsed shape of a dt-stream model file. */
export type StreamModelJson = Infer<typeof modelSchema>;
/** The estimator names a dt-stream file holds. */
export type StreamEstimatorName = StreamModelJson['estimator'];

/**
 * A fitted Decision Stream as its model file sees it (DecisionStreamClassifier/Regressor): structural,
 * so that this file never imports the estimators (they import it for toJSON and fromJSON).
 */
export interface FittedStreamEstimator {
  readonly task: Task;
  readonly options: ResolvedStreamOptions;
  readonly graph: StreamGraph;
  readonly featureNames: string[] | null;
  /** Classifiers only. */
  readonly classes?: ClassLabel[];
  /** Installs a loaded model's fitted state (the model file reader's hook, not for users). */
  [RESTORE](state: RestoreState<StreamGraph>): void;
}

/** The JSON form of a fitted graph (nodes, edges, thresholds, statistics, split gains). */
export function graphToJson(g: StreamGraph): StreamGraphJson {
  graphArg('graph', g);
  const n = g.nodeCount;
  const children: number[][] = [];
  const thresholds: number[][] = [];
  for (let i = 0; i < n; i++) {
    const s = g.childStart[i]!;
    const e = g.childStart[i + 1]!;
    children.push(Array.from(g.children.subarray(s, e)));
    thresholds.push(e > s ? Array.from(g.thresholds.subarray(s, e - 1)) : []);
  }
  return {
    nodeCount: n,
    nFeatures: g.nFeatures,
    nOutputs: g.nOutputs,
    feature: Array.from(g.feature),
    children,
    thresholds,
    nSamples: Array.from(g.nSamples),
    value: Array.from(g.value),
    ...(g.gain === null ? {} : { gain: Array.from(g.gain) }),
  };
}

/**
 * Rebuilds a graph after checking everything routing relies on: matching array lengths, leaves
 * without children, internal nodes with ≥ 2 children, one fewer strictly increasing thresholds and a
 * feature in range, child ids that exist (no dangling ids), no node its own descendant (no cycles),
 * every node reachable from the root (node 0). Nodes are renumbered in topological order if needed.
 */
export function graphFromJson(j: StreamGraphJson): StreamGraph {
  // Untrusted or hand-made JSON: the schema first, so a wrong shape is a ModelFormatError naming it.
  return buildGraph(parseAt(graphSchema, j, 'graph'));
}

/** graphFromJson after the schema: the structural checks and the graph. */
function buildGraph(j: StreamGraphJson): StreamGraph {
  const n = j.nodeCount;
  const bad = (msg: string): never => {
    throw new ModelFormatError(`invalid graph: ${msg}`);
  };
  for (const key of ['feature', 'children', 'thresholds', 'nSamples'] as const) {
    if (j[key].length !== n) bad(`${key} has ${j[key].length} entries but nodeCount is ${n}`);
  }
  if (j.gain !== undefined && j.gain.length !== n) bad(`gain has ${j.gain.length} entries but nodeCount is ${n}`);
  if (j.value.length !== n * j.nOutputs) bad(`value has ${j.value.length} entries, expected nodeCount*nOutputs = ${n * j.nOutputs}`);
  for (let i = 0; i < n; i++) {
    const f = j.feature[i]!;
    const kids = j.children[i]!;
    const thr = j.thresholds[i]!;
    if (f === -1) {
      if (kids.length !== 0 || thr.length !== 0) bad(`leaf node ${i} has children or thresholds`);
      continue;
    }
    if (f >= j.nFeatures) bad(`node ${i} splits on feature ${f} but the model has ${j.nFeatures} features`);
    if (kids.length < 2) bad(`node ${i} splits but has ${kids.length} child(ren)`);
    if (thr.length !== kids.length - 1) bad(`node ${i} has ${kids.length} children but ${thr.length} thresholds (expected ${kids.length - 1})`);
    for (let k = 1; k < thr.length; k++) if (!(thr[k]! > thr[k - 1]!)) bad(`node ${i} has thresholds out of order (${thr[k - 1]} then ${thr[k]})`);
    for (const c of kids) {
      if (!(c >= 0 && c < n)) bad(`node ${i} has dangling child id ${c} (nodes are 0..${n - 1})`);
      if (c === i) bad(`node ${i} is its own child (a cycle)`);
    }
  }
  // Cycle check and topological order: iterative DFS from the root with colours.
  const colour = new Uint8Array(n); // 0 new, 1 on the stack, 2 done
  const post: number[] = [];
  const stack: [number, number][] = [[0, 0]];
  const parentOnPath = new Int32Array(n).fill(-1);
  colour[0] = 1;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const [node, k] = top;
    const kids = j.children[node]!;
    if (k < kids.length) {
      top[1]++;
      const c = kids[k]!;
      if (colour[c] === 1) {
        const cycle = [c];
        for (let v = node; v !== c && v >= 0; v = parentOnPath[v]!) cycle.push(v);
        cycle.push(c);
        bad(`cycle through nodes ${cycle.reverse().join(' -> ')}`);
      }
      if (colour[c] === 0) {
        colour[c] = 1;
        parentOnPath[c] = node;
        stack.push([c, 0]);
      }
    } else {
      colour[node] = 2;
      post.push(node);
      stack.pop();
    }
  }
  for (let i = 0; i < n; i++) if (colour[i] === 0) bad(`node ${i} is not reachable from the root (node 0)`);
  for (let i = 0; i < n; i++) {
    if (j.nSamples[i]! > MAX_NODE_SAMPLES) bad(`node ${i} has nSamples ${j.nSamples[i]} (at most ${MAX_NODE_SAMPLES})`);
    if (j.nOutputs > 1) checkClassCounts(j.value, i * j.nOutputs, j.nOutputs, i, 'graph.value');
  }
  // Keep the file's ids when every edge already goes to a higher id (files this library writes);
  // otherwise renumber in reverse postorder, which is topological.
  let topological = true;
  for (let i = 0; i < n && topological; i++) for (const c of j.children[i]!) if (c <= i) topological = false;
  const order = topological ? Array.from({ length: n }, (_, i) => i) : post.reverse();
  const newId = new Int32Array(n);
  order.forEach((old, k) => (newId[old] = k));
  let edges = 0;
  for (const kids of j.children) edges += kids.length;
  const feature = new Int32Array(n);
  const childStart = new Int32Array(n + 1);
  const children = new Int32Array(edges);
  const thresholds = new Float64Array(edges);
  const nSamples = new Int32Array(n);
  const value = new Float64Array(n * j.nOutputs);
  const gain = j.gain === undefined ? null : new Float64Array(n);
  let e = 0;
  for (let k = 0; k < n; k++) {
    const old = order[k]!;
    feature[k] = j.feature[old]!;
    if (gain !== null && j.feature[old]! >= 0) gain[k] = j.gain![old]!;
    nSamples[k] = j.nSamples[old]!;
    for (let c = 0; c < j.nOutputs; c++) value[k * j.nOutputs + c] = j.value[old * j.nOutputs + c]!;
    childStart[k] = e;
    const kids = j.children[old]!;
    const thr = j.thresholds[old]!;
    for (let c = 0; c < kids.length; c++) {
      children[e] = newId[kids[c]!]!;
      thresholds[e] = c < thr.length ? thr[c]! : Number.POSITIVE_INFINITY;
      e++;
    }
    childStart[k + 1] = e;
  }
  return new StreamGraph(j.nFeatures, j.nOutputs, feature, childStart, children, thresholds, nSamples, value, gain);
}

/**
 * A graph from untrusted JSON (a member of a dt-forest file): the schema, then graphFromJson's
 * structural checks; errors are ModelFormatErrors naming the place under `at`.
 */
export function readGraphJson(value: unknown, at: string): StreamGraph {
  if (typeof at !== 'string') throw new InvalidArgumentError('at', 'a string (where the graph is, for error messages)', at);
  const graph = parseAt(graphSchema, value, at);
  try {
    return buildGraph(graph);
  } catch (e) {
    if (e instanceof ModelFormatError) throw new ModelFormatError(`invalid model at ${at}: ${e.message}`);
    throw e;
  }
}

/** A fitted model as a plain JSON-ready object (versioned; numbers round-trip exactly). */
export function streamModelToJson(model: FittedStreamEstimator): StreamModelJson {
  fittedStreamArg('model', model);
  const json: StreamModelJson = {
    format: STREAM_MODEL_FORMAT,
    version: STREAM_MODEL_FORMAT_VERSION,
    estimator: model.task === 'classification' ? 'DecisionStreamClassifier' : 'DecisionStreamRegressor',
    params: saveParams(STREAM_OPTIONS, model.options, model.task),
    featureNames: model.featureNames,
    graph: graphToJson(model.graph),
  };
  if (model.task === 'classification') json.classes = model.classes!;
  return json;
}

/** A fitted Decision Stream as model-file JSON text (what JSON.stringify(model) gives). */
export function serializeStreamModel(model: FittedStreamEstimator): string {
  return JSON.stringify(streamModelToJson(model));
}

/**
 * Validates a dt-stream file (JSON text or parsed object; unknown top-level keys are ignored) and
 * builds its estimator with `create` from the saved options. `want` (the estimators' fromJSON) also
 * checks the file holds that estimator; `create` is the caller's constructor only, so this file
 * never imports the estimators.
 */
export function parseStreamModel<M extends FittedStreamEstimator>(
  input: string | unknown,
  want: StreamEstimatorName | null,
  create: (estimator: StreamEstimatorName, params: never) => M,
): M {
  const j = readEnvelope(input, {
    format: STREAM_MODEL_FORMAT,
    version: STREAM_MODEL_FORMAT_VERSION,
    what: 'a Decision Stream model',
    schema: modelSchema,
  });
  if (want !== null && j.estimator !== want) throw new ModelFormatError(`the file holds a ${j.estimator}, not a ${want}`);
  checkLoadedFeatures(j.graph.nFeatures, j.featureNames);
  const graph = graphFromJson(j.graph);
  const featureNames = j.featureNames;
  if (j.estimator === 'DecisionStreamClassifier') {
    const classes = checkLoadedClasses(j.classes, graph.nOutputs);
    const m = constructLoaded(() => create(j.estimator, loadParams(j.params, 'classification') as never));
    m[RESTORE]({ fitted: graph, featureNames, classes });
    return m;
  }
  if (graph.nOutputs !== 1) throw new ModelFormatError(`regressor graphs have one output, found ${graph.nOutputs}`);
  const m = constructLoaded(() => create(j.estimator, loadParams(j.params, 'regression') as never));
  m[RESTORE]({ fitted: graph, featureNames });
  return m;
}
