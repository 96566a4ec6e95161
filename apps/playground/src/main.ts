// The page: controls, a worker per training run, and the results (accuracy, confusion matrix, tree).
import { listDatasets } from '@dt/datasets';
import type { TrainRequest, TrainResult, DataSource } from './train.js';
import { PLAYGROUND_ALGORITHMS } from './algorithms.js';
import type { WorkerMessage } from './worker.js';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const datasetSelect = $<HTMLSelectElement>('dataset');
const algorithmSelect = $<HTMLSelectElement>('algorithm');
const progressBar = $<HTMLProgressElement>('progress');
const status = $<HTMLSpanElement>('status');
const trainButton = $<HTMLButtonElement>('train');
let dropped: { csv: string; name: string } | null = null;
let last: TrainResult | null = null;
let worker: Worker | null = null;

for (const d of listDatasets()) {
  const o = new Option(`${d.name} (${d.rows} rows, ${d.features} features, ${d.task})`, d.name);
  datasetSelect.add(o);
}
datasetSelect.value = 'iris';
for (const a of PLAYGROUND_ALGORITHMS) algorithmSelect.add(new Option(a.label, a.name));
const showAlpha = (): void => void ($('alpha-label').hidden = algorithmSelect.value !== 'stream');
algorithmSelect.addEventListener('change', showAlpha);
showAlpha();
datasetSelect.addEventListener('change', () => {
  dropped = null;
  $('data-info').textContent = '';
});

async function takeFile(file: File): Promise<void> {
  dropped = { csv: await file.text(), name: file.name.replace(/\.csv$/i, '') };
  $('data-info').textContent = `Using ${file.name} (${dropped.csv.length.toLocaleString()} characters).`;
}
const drop = $('drop');
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  const file = e.dataTransfer?.files[0];
  if (file) void takeFile(file);
});
$<HTMLInputElement>('csv').addEventListener('change', (e) => {
  const file = (e.target as HTMLInputElement).files?.[0];
  if (file) void takeFile(file);
});

function request(): TrainRequest {
  const num = (id: string): number => Number($<HTMLInputElement>(id).value);
  const depth = $<HTMLInputElement>('max-depth').value.trim();
  const data: DataSource = dropped ?? { builtin: datasetSelect.value };
  return { data, algorithm: algorithmSelect.value, maxDepth: depth === '' ? null : Number(depth), minSamplesLeaf: num('min-leaf'), alpha: num('alpha'), folds: num('folds'), seed: num('seed') };
}

$<HTMLFormElement>('controls').addEventListener('submit', (e) => {
  e.preventDefault();
  worker?.terminate();
  worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  trainButton.disabled = true;
  status.className = '';
  status.textContent = 'starting…';
  progressBar.value = 0;
  worker.onmessage = (m: MessageEvent<WorkerMessage>) => {
    const msg = m.data;
    if (msg.type === 'progress') {
      progressBar.value = msg.total > 0 ? msg.done / msg.total : 0;
      status.textContent = msg.stage;
      return;
    }
    trainButton.disabled = false;
    worker?.terminate();
    worker = null;
    if (msg.type === 'error') {
      status.className = 'error';
      status.textContent = msg.message;
      return;
    }
    show(msg.result);
  };
  worker.postMessage(request());
});

function show(r: TrainResult): void {
  last = r;
  status.textContent = `trained on ${r.dataset}: ${r.rows} rows, ${r.features} features, ${r.nodeCount} nodes`;
  $('results').hidden = false;
  const name = r.metric === 'accuracy' ? 'Cross-validated accuracy' : 'Cross-validated R²';
  $('accuracy').textContent = `${name}: ${r.mean.toFixed(3)} ± ${r.std.toFixed(3)} (${r.folds} folds)`;
  const box = $('confusion');
  box.replaceChildren();
  if (r.confusion) {
    const table = document.createElement('table');
    table.className = 'confusion';
    const head = table.insertRow();
    head.insertCell().textContent = 'true \\ predicted';
    for (const l of r.confusion.labels) head.appendChild(document.createElement('th')).textContent = l;
    r.confusion.matrix.forEach((row, i) => {
      const tr = table.insertRow();
      tr.appendChild(document.createElement('th')).textContent = r.confusion!.labels[i]!;
      row.forEach((v, j) => {
        const td = tr.insertCell();
        td.textContent = String(v);
        if (i === j) td.className = 'diag';
      });
    });
    box.appendChild(table);
  }
  // Our own SVG string (names escaped by @dt/plot), parsed as SVG.
  const svg = new DOMParser().parseFromString(r.svg, 'image/svg+xml').documentElement;
  $('tree').replaceChildren(document.importNode(svg, true));
}

$<HTMLButtonElement>('download').addEventListener('click', () => {
  if (!last) return;
  const url = URL.createObjectURL(new Blob([last.modelFile], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = last.fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
