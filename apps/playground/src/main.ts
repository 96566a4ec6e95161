// The page: controls, a worker per training run, and the results (scores, confusion matrix, tree).
import { listDatasets } from '@dt/datasets';
import { attachViewer, type TreeViewer } from '@dt/plot';
import type { DataSource, Drawing, MissingChoice, TrainRequest, TrainResult } from './train.js';
import { BOOSTING, PLAYGROUND_ALGORITHMS } from './algorithms.js';
import { csvColumns } from './csv-columns.js';
import type { WorkerMessage, WorkerRequest } from './worker.js';

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const datasetSelect = $<HTMLSelectElement>('dataset');
const algorithmSelect = $<HTMLSelectElement>('algorithm');
const labelSelect = $<HTMLSelectElement>('label');
const progressBar = $<HTMLProgressElement>('progress');
const status = $<HTMLSpanElement>('status');
const trainButton = $<HTMLButtonElement>('train');
let dropped: { csv: string; name: string } | null = null;
let last: TrainResult | null = null;
let worker: Worker | null = null;
let viewer: TreeViewer | null = null;

for (const d of listDatasets()) {
  const o = new Option(`${d.name} (${d.rows} rows, ${d.features} features, ${d.task})`, d.name);
  datasetSelect.add(o);
}
datasetSelect.value = 'iris';
for (const a of PLAYGROUND_ALGORITHMS) algorithmSelect.add(new Option(a.label, a.name));
const showAlpha = (): void => {
  $('alpha-label').hidden = algorithmSelect.value !== 'stream';
  $('boost-options').hidden = algorithmSelect.value !== BOOSTING;
};
algorithmSelect.addEventListener('change', showAlpha);
showAlpha();
datasetSelect.addEventListener('change', () => {
  dropped = null;
  $('label-label').hidden = true;
  $('data-info').textContent = '';
});

/** A dropped CSV: its columns fill the label select (default: the last column). */
async function takeFile(file: File): Promise<void> {
  const csv = await file.text();
  const columns = csvColumns(csv);
  dropped = { csv, name: file.name.replace(/\.csv$/i, '') };
  labelSelect.replaceChildren(...columns.map((c) => new Option(c, c)));
  labelSelect.value = columns[columns.length - 1] ?? '';
  $('label-label').hidden = false;
  $('data-info').textContent = `Using ${file.name} (${csv.length.toLocaleString()} characters, ${columns.length} columns).`;
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
  const data: DataSource = dropped ? { ...dropped, label: labelSelect.value } : { builtin: datasetSelect.value };
  return {
    data,
    algorithm: algorithmSelect.value,
    maxDepth: depth === '' ? null : Number(depth),
    minSamplesLeaf: num('min-leaf'),
    alpha: num('alpha'),
    folds: num('folds'),
    seed: num('seed'),
    missing: $<HTMLSelectElement>('missing').value as MissingChoice,
    ...(algorithmSelect.value === BOOSTING ? { maxIter: num('max-iter'), learningRate: num('learning-rate') } : {}),
  };
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Gradient boosting's validation loss per iteration as a line (redrawn as each iteration arrives). */
function drawCurve(losses: readonly number[]): void {
  const box = $('curve');
  box.hidden = losses.length === 0;
  if (losses.length === 0) return box.replaceChildren();
  const [w, h, pad] = [360, 140, 30];
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of losses) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const span = hi > lo ? hi - lo : 1;
  const n = Math.max(losses.length - 1, 1);
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('width', String(w));
  svg.setAttribute('height', String(h));
  svg.setAttribute('aria-label', 'validation loss per iteration');
  const add = (tag: string, attrs: Record<string, string>, text?: string): void => {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    if (text !== undefined) el.textContent = text;
    svg.appendChild(el);
  };
  add('line', { x1: String(pad), y1: String(h - pad), x2: String(w - 5), y2: String(h - pad) });
  add('line', { x1: String(pad), y1: '5', x2: String(pad), y2: String(h - pad) });
  const points = losses.map((v, i) => `${(pad + ((w - pad - 5) * i) / n).toFixed(1)},${(5 + ((h - pad - 5) * (hi - v)) / span).toFixed(1)}`);
  add('polyline', { points: points.join(' ') });
  add('text', { x: String(pad), y: String(h - 8) }, `validation loss: ${losses[losses.length - 1]!.toPrecision(4)} after ${losses.length} iterations`);
  add('text', { x: '2', y: '14' }, hi.toPrecision(3));
  box.replaceChildren(svg);
}

/** Clears every result of the previous run, so nothing stale stays on screen after a new run or an error. */
function clearResults(): void {
  last = null;
  viewer?.detach();
  viewer = null;
  $('results').hidden = true;
  $('accuracy').textContent = '';
  $('confusion').replaceChildren();
  $('tree').replaceChildren();
  $('cut').hidden = true;
  $('row-table').replaceChildren();
  $('waterfall').replaceChildren();
  $('explain-status').textContent = '';
  drawCurve([]);
}

function send(msg: WorkerRequest): void {
  worker!.postMessage(msg);
}

$<HTMLFormElement>('controls').addEventListener('submit', (e) => {
  e.preventDefault();
  worker?.terminate();
  clearResults();
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
      if (msg.curve) drawCurve(msg.curve);
      return;
    }
    trainButton.disabled = false;
    if (msg.type === 'error') {
      clearResults();
      progressBar.value = 0;
      status.className = 'error';
      status.textContent = msg.message;
      return;
    }
    if (msg.type === 'explanation') {
      showExplanation(msg.explanation.row, msg.explanation.svg);
      return;
    }
    if (msg.type === 'explain-error') {
      $('waterfall').replaceChildren();
      $('explain-status').className = 'error';
      $('explain-status').textContent = `Row ${msg.row} cannot be explained: ${msg.message}`;
      return;
    }
    if (msg.type === 'drawing') {
      drawTree(msg.svg, msg.drawing);
      return;
    }
    show(msg.result);
  };
  send({ type: 'train', request: request() });
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
  showRows(r);
  if (r.validationLoss) drawCurve(r.validationLoss);
  drawTree(r.svg, r.drawing);
}

/** Lists the first rows of the data; clicking one asks the worker for its SHAP waterfall. */
function showRows(r: TrainResult): void {
  const table = $('row-table');
  table.replaceChildren();
  const head = (table as HTMLTableElement).insertRow();
  head.appendChild(document.createElement('th')).textContent = 'row';
  for (const c of r.preview.columns) head.appendChild(document.createElement('th')).textContent = c;
  for (const row of r.preview.rows) {
    const tr = (table as HTMLTableElement).insertRow();
    tr.dataset.row = String(row.index);
    tr.tabIndex = 0;
    tr.appendChild(document.createElement('th')).textContent = String(row.index);
    for (const c of row.cells) tr.insertCell().textContent = c;
    const pick = (): void => {
      table.querySelectorAll('tr.selected').forEach((other) => other.classList.remove('selected'));
      tr.classList.add('selected');
      $('explain-status').className = '';
      $('explain-status').textContent = `explaining row ${row.index}…`;
      send({ type: 'explain', row: row.index });
    };
    tr.addEventListener('click', pick);
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') pick();
    });
  }
}

/** Shows a row's waterfall (our own SVG string from @dt/plot, names escaped, parsed as SVG). */
function showExplanation(row: number, svgText: string): void {
  const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement;
  $('waterfall').replaceChildren(document.importNode(svg, true));
  $('explain-status').className = '';
  $('explain-status').textContent = `Row ${row}: exact TreeSHAP values (each bar moves the prediction from the average to this row's).`;
}

/** Shows a picture in the viewer, and says when it is cut (with buttons to draw deeper or all of it). */
function drawTree(svgText: string, d: Drawing): void {
  if (!last) return;
  // Our own SVG string (names escaped by @dt/plot), parsed as SVG.
  const svg = new DOMParser().parseFromString(svgText, 'image/svg+xml').documentElement as unknown as SVGSVGElement;
  viewer?.detach();
  const node = document.importNode(svg, true);
  $('tree').replaceChildren(node);
  viewer = attachViewer(node);
  const cut = d.maxDepth !== null;
  $('cut').hidden = !cut;
  if (cut) {
    $('cut-text').textContent = `The tree has ${last.nodeCount.toLocaleString()} nodes and depth ${d.depth}; drawn to depth ${d.maxDepth} (${d.drawn.toLocaleString()} nodes, "…" marks a cut branch).`;
    $<HTMLButtonElement>('deeper').onclick = () => send({ type: 'draw', maxDepth: d.maxDepth! + 2 });
    $<HTMLButtonElement>('draw-all').onclick = () => send({ type: 'draw', maxDepth: Number.POSITIVE_INFINITY });
  }
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
