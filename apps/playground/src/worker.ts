// The training runs here, off the page's thread: the page stays responsive and shows progress. The
// worker keeps the last model, so the page can ask for a deeper (or the whole) picture of it.
import { drawModel, explainRow, train, type Drawing, type RowExplanation, type Trained, type TrainRequest, type TrainResult } from './train.js';

export type WorkerRequest = { type: 'train'; request: TrainRequest } | { type: 'draw'; maxDepth: number | null } | { type: 'explain'; row: number };

export type WorkerMessage =
  | { type: 'progress'; stage: string; done: number; total: number; curve?: number[] }
  | { type: 'result'; result: TrainResult }
  | { type: 'drawing'; svg: string; drawing: Drawing }
  | { type: 'explanation'; explanation: RowExplanation }
  | { type: 'explain-error'; row: number; message: string }
  | { type: 'error'; message: string };

const scope = self as unknown as { postMessage(m: WorkerMessage): void; onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null };
let last: (Pick<Awaited<ReturnType<typeof train>>, 'model' | 'picture'> & { trained: Trained }) | null = null;

const fail = (err: unknown): void => scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'explain') {
    // A failed explanation (a model without per-feature paths) keeps the results on the page.
    try {
      if (last === null) throw new Error('no trained model to explain');
      scope.postMessage({ type: 'explanation', explanation: explainRow(last.trained, msg.row) });
    } catch (err) {
      scope.postMessage({ type: 'explain-error', row: msg.row, message: err instanceof Error ? err.message : String(err) });
    }
    return;
  }
  if (msg.type === 'draw') {
    try {
      if (last === null) throw new Error('no trained model to draw');
      scope.postMessage({ type: 'drawing', ...drawModel(last.model, last.picture, { maxDepth: msg.maxDepth }) });
    } catch (err) {
      fail(err);
    }
    return;
  }
  last = null;
  train(msg.request, (p) => scope.postMessage({ type: 'progress', ...p }))
    .then(({ model, picture, trained, ...result }) => {
      last = { model, picture, trained };
      scope.postMessage({ type: 'result', result });
    })
    .catch(fail);
};
