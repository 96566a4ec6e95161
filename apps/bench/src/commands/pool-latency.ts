/**
 * `bench pool-latency`: what handing one task to a worker thread costs, the two ways a tree fit could
 * do it — a message round trip settled through a Promise (the floor under tinypool/piscina, which
 * dispatch every task as a message and add their own bookkeeping on top), and the fork/join over
 * shared memory that @dt/core's hist threads use (Atomics.notify, then Atomics.wait for the answer;
 * the fit stays synchronous). Prints microseconds per round trip (median of 5 batches of N).
 */
import { Worker } from 'node:worker_threads';
import { loadavg } from 'node:os';
import { Command } from 'commander';

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.kind === 'message') parentPort.on('message', (i) => parentPort.postMessage(i));
else {
  const ctrl = new Int32Array(workerData.sab);
  let seen = 0;
  for (;;) {
    Atomics.wait(ctrl, 0, seen);
    seen = Atomics.load(ctrl, 0);
    if (seen < 0) break;
    Atomics.add(ctrl, 1, 1);
    Atomics.notify(ctrl, 1);
  }
}`;

async function messageRoundTrips(n: number): Promise<number> {
  const w = new Worker(WORKER_CODE, { eval: true, workerData: { kind: 'message' } });
  const once = (i: number) => new Promise<void>((res) => (w.once('message', () => res()), w.postMessage(i)));
  for (let i = 0; i < 200; i++) await once(i);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await once(i);
  const us = ((performance.now() - t0) * 1000) / n;
  await w.terminate();
  return us;
}

async function atomicsRoundTrips(n: number): Promise<number> {
  const sab = new SharedArrayBuffer(8);
  const ctrl = new Int32Array(sab);
  const w = new Worker(WORKER_CODE, { eval: true, workerData: { kind: 'atomics', sab } });
  await new Promise((r) => w.once('online', r));
  const once = (): void => {
    const target = Atomics.load(ctrl, 1) + 1;
    Atomics.add(ctrl, 0, 1);
    Atomics.notify(ctrl, 0);
    for (let v = Atomics.load(ctrl, 1); v < target; v = Atomics.load(ctrl, 1)) Atomics.wait(ctrl, 1, v);
  };
  for (let i = 0; i < 200; i++) once();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) once();
  const us = ((performance.now() - t0) * 1000) / n;
  Atomics.store(ctrl, 0, -1);
  Atomics.notify(ctrl, 0);
  await w.terminate();
  return us;
}

export function poolLatencyCommand(): Command {
  return new Command('pool-latency')
    .description('µs per task handed to a worker thread: message round trip (tinypool/piscina floor) vs Atomics fork/join (dt hist nJobs)')
    .option('--n <count>', 'round trips per batch', (v) => Number.parseInt(v, 10), 2000)
    .action(async (o: { n: number }) => {
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
      const msg: number[] = [];
      const atom: number[] = [];
      for (let k = 0; k < 5; k++) {
        msg.push(await messageRoundTrips(o.n));
        atom.push(await atomicsRoundTrips(o.n));
      }
      console.log(
        `round trip to a worker thread (median of 5 × ${o.n}; load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')}): ` +
          `postMessage + Promise ${median(msg).toFixed(1)} µs, Atomics.notify/wait ${median(atom).toFixed(1)} µs`,
      );
    });
}
