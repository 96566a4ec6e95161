// The training runs here, off the page's thread: the page stays responsive and shows progress.
import { train, type TrainRequest, type TrainResult } from './train.js';

export type WorkerMessage =
  | { type: 'progress'; stage: string; done: number; total: number }
  | { type: 'result'; result: TrainResult }
  | { type: 'error'; message: string };

const scope = self as unknown as { postMessage(m: WorkerMessage): void; onmessage: ((e: MessageEvent<TrainRequest>) => void) | null };

scope.onmessage = (e) => {
  train(e.data, (p) => scope.postMessage({ type: 'progress', ...p }))
    .then((result) => scope.postMessage({ type: 'result', result }))
    .catch((err: unknown) => scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
};
