/// <reference lib="dom" />
import { tidyLayout } from './tidy-layout.js';
import { InvalidArgumentError } from '@dt/errors';
/**
 * The viewer of a picture from `renderSvg`: fit, zoom and pan by mouse and keyboard, a collapsible
 * tree, and an overview of the shown tree with the visible part marked (overview + detail).
 *
 * Large trees are wide (a tidy layout is as wide as its leaves: a 3,889-node MAGIC tree is
 * ~200,000 px at readable size), so a tree opens expanded to the deepest level whose layout is
 * about as wide as the window, re-laid out compactly (the same tidy layout, on the shown nodes);
 * a collapsed node carries a "+k" badge (k hidden nodes) and a click on any split node expands or
 * collapses it. `more`/`less` (keys `]`/`[`) change the expanded depth everywhere.
 *
 * The opening view follows scikit-learn's `plot_tree` while the shown tree fits readably (text at
 * ≥ 90 % of its size), and otherwise dtreeviz's large-tree habit: real type size, starting at the
 * root (top centre). Zoomed out below 40 % the text is hidden (it cannot be read there) and boxes,
 * colours and edges remain; edges and box outlines use non-scaling strokes, so they stay one screen
 * pixel wide at any zoom. Decision Stream DAGs keep their layered layout (zoom and pan only).
 *
 * `viewer` is self-contained (no imports, no outer names) because `renderHtml` and the interactive
 * SVG embed its source text, with the tidy layout passed in as a value.
 */

/** The view's state and commands: what the buttons and keys do. */
export interface TreeViewer {
  /** Screen pixels per picture pixel. */
  readonly scale: number;
  /** The opening view: the whole tree when it fits at ≥ 90 % size, else the root at 100 %. */
  reset(): void;
  /** The whole tree in the window, whatever the type size. */
  fit(): void;
  /** Zoom by `factor` about the window's centre. */
  zoom(factor: number): void;
  /** Move the picture by screen pixels. */
  pan(dx: number, dy: number): void;
  /** Nodes shown (not inside a collapsed subtree). */
  readonly shown: number;
  /** Expand every node to this depth (edges from the root) and collapse the rest; relays out. */
  expandTo(depth: number): void;
  /** Expands a collapsed node or collapses an expanded one (by its id in the model). */
  toggle(id: number): void;
  /** Removes the listeners the viewer added (the picture stays as it is). */
  detach(): void;
}

/** Options of `attachViewer`. */
export interface ViewerOptions {
  /**
   * Take keys from the whole window, for a page that is only the picture (the HTML page and the
   * interactive SVG). Default false: keys act while the picture has focus (click it or Tab to it).
   */
  keysFromWindow?: boolean;
}

/**
 * Makes a picture from `renderSvg` (an `<svg class="dt-tree">` in the page) fill its container
 * and respond to the mouse (wheel zooms at the pointer, drag pans, a click on a split node expands
 * or collapses it) and the keyboard (`+`/`-` zoom, `0` opening view, `f` fit all, arrows pan,
 * Shift pans further, `]`/`[` one level more/less). Browser only.
 */
export function attachViewer(svg: SVGSVGElement, options: ViewerOptions = {}): TreeViewer {
  if (typeof svg !== 'object' || svg === null || typeof (svg as { ownerDocument?: unknown }).ownerDocument !== 'object') throw new InvalidArgumentError('svg', 'an <svg> element of renderSvg (in a document)', svg);
  return viewer(svg, options, tidyLayout);
}

function viewer(svg: SVGSVGElement, options: ViewerOptions, tidy: typeof tidyLayout): TreeViewer {
  const NS = 'http://www.w3.org/2000/svg';
  const READABLE = 0.9;
  const FAR = 0.4;
  const GAP = 24;
  const MARGIN = 16;
  const doc = svg.ownerDocument;
  const win = doc.defaultView ?? window;
  const body = svg.querySelector<SVGGElement>('g.dt-body');
  if (body === null) throw new Error('attachViewer: not a @dt/plot picture (it has no <g class="dt-body">)');
  const vb = svg.viewBox.baseVal;
  let W0 = vb.width;
  let H0 = vb.height;

  // The drawing as laid out by renderSvg: node groups (view order: parents first), edges, stubs.
  const nodes = Array.from(body.querySelectorAll<SVGGElement>('g.nodes > g.node'));
  const n = nodes.length;
  const edges = Array.from(body.querySelectorAll<SVGPathElement>('g.edges > path'));
  const labels = Array.from(body.querySelectorAll<SVGTextElement>('g.edge-labels > text'));
  const stubs = Array.from(body.querySelectorAll<SVGGElement>('g.stubs > g.stub'));
  const legend = body.querySelector<SVGGElement>('g.legend');
  const x0 = new Float64Array(n);
  const y0 = new Float64Array(n);
  const w = new Float64Array(n);
  let h = 0;
  nodes.forEach((g, v) => {
    const m = g.transform.baseVal.consolidate()?.matrix;
    x0[v] = m?.e ?? 0;
    y0[v] = m?.f ?? 0;
    const r = g.querySelector('rect');
    w[v] = r?.width.baseVal.value ?? 0;
    h = r?.height.baseVal.value ?? h;
  });
  const x = Float64Array.from(x0);
  const legendRight0 = legend ? Number(legend.getAttribute('data-right')) || 0 : 0;
  // The window's size, read before any change (the container's size does not depend on the picture).
  let vw = 0;
  let vh = 0;
  const measure = (): void => {
    const box = svg.parentElement;
    vw = box ? box.clientWidth : win.innerWidth;
    vh = box ? box.clientHeight : win.innerHeight;
  };
  measure();
  // Tree structure from the edges (a DAG keeps its layout: no collapsing).
  const collapsible = svg.getAttribute('data-layout') === 'tree';
  const from = Int32Array.from(edges, (e) => Number(e.getAttribute('data-from')));
  const to = Int32Array.from(edges, (e) => Number(e.getAttribute('data-to')));
  const childStart = new Int32Array(n + 1);
  for (let k = 0; k < from.length; k++) childStart[from[k]! + 1]!++;
  for (let v = 0; v < n; v++) childStart[v + 1] = childStart[v + 1]! + childStart[v]!;
  const childEdge = new Int32Array(from.length);
  const fill = childStart.slice(0, n);
  for (let k = 0; k < from.length; k++) childEdge[fill[from[k]!]!++] = k;
  const depth = new Int32Array(n);
  const parent = new Int32Array(n).fill(-1);
  for (let k = 0; k < from.length; k++) {
    depth[to[k]!] = depth[from[k]!]! + 1;
    parent[to[k]!] = from[k]!;
  }
  const size = new Int32Array(n).fill(1);
  for (let v = n - 1; v > 0; v--) if (parent[v]! >= 0) size[parent[v]!] = size[parent[v]!]! + size[v]!;
  const open = new Uint8Array(n).fill(1);
  const shown = new Uint8Array(n).fill(1);
  const badges: (SVGGElement | null)[] = new Array<SVGGElement | null>(n).fill(null);

  svg.removeAttribute('viewBox');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('tabindex', '0');
  svg.classList.add('dt-viewer');
  svg.style.display = 'block';
  svg.style.touchAction = 'none';
  svg.style.cursor = 'grab';
  const style = doc.createElementNS(NS, 'style');
  style.textContent =
    '.dt-far .dt-body text,.dt-far .dt-body .bar{display:none}' +
    '.dt-ui{font:13px system-ui,sans-serif;cursor:pointer;user-select:none}' +
    '.dt-ui rect{fill:#fff;stroke:#888}.dt-ui g:hover rect{fill:#eef3fb}' +
    '.dt-badge{cursor:pointer}.dt-badge rect{fill:#fff;stroke:#5b7fb0}.dt-badge text{fill:#2d5d9f;font-weight:bold}' +
    (collapsible ? '.dt-viewer g.node:not(.leaf){cursor:pointer}' : '') +
    '.dt-overview{cursor:crosshair}.dt-viewer:focus{outline:none}';
  svg.appendChild(style);

  // Buttons (top right) and the overview (bottom right): outside the moving body, fixed on screen.
  const ui = doc.createElementNS(NS, 'g');
  ui.setAttribute('class', 'dt-ui');
  const buttons: [string, string, string, number, () => void][] = [
    ['+', 'in', 'zoom in (+)', 28, () => zoom(1.25)],
    ['−', 'out', 'zoom out (−)', 28, () => zoom(0.8)],
    ['fit', 'fit', 'the whole shown tree (f)', 36, () => fit()],
    ['root', 'root', 'opening view (0)', 40, () => reset()],
  ];
  if (collapsible) {
    buttons.push(['more', 'more', 'expand one level more everywhere (])', 44, () => expandTo(level + 1)]);
    buttons.push(['less', 'less', 'collapse the deepest shown level ([)', 40, () => expandTo(Math.max(0, level - 1))]);
  }
  let bx = 0;
  for (const [label, cls, help, bw, act] of buttons) {
    const g = doc.createElementNS(NS, 'g');
    g.setAttribute('transform', `translate(${bx},0)`);
    g.setAttribute('class', `dt-button dt-${cls}`);
    const r = doc.createElementNS(NS, 'rect');
    r.setAttribute('width', String(bw));
    r.setAttribute('height', '24');
    r.setAttribute('rx', '4');
    const t = doc.createElementNS(NS, 'text');
    t.setAttribute('x', String(bw / 2));
    t.setAttribute('y', '16.5');
    t.setAttribute('text-anchor', 'middle');
    t.textContent = label;
    const title = doc.createElementNS(NS, 'title');
    title.textContent = help;
    g.append(title, r, t);
    g.addEventListener('pointerdown', (e) => e.stopPropagation());
    g.addEventListener('click', (e) => {
      e.stopPropagation();
      act();
    });
    ui.appendChild(g);
    bx += bw + 4;
  }
  const uiWidth = bx - 4;

  const overview = doc.createElementNS(NS, 'g');
  overview.setAttribute('class', 'dt-overview');
  const ovBack = doc.createElementNS(NS, 'rect');
  ovBack.setAttribute('fill', '#fff');
  ovBack.setAttribute('stroke', '#888');
  const ovSvg = doc.createElementNS(NS, 'svg');
  ovSvg.setAttribute('preserveAspectRatio', 'none');
  ovSvg.setAttribute('x', '2');
  ovSvg.setAttribute('y', '2');
  // The overview draws the shown boxes as one path (cheap at any size), leaves darker.
  const ovBoxes = doc.createElementNS(NS, 'path');
  ovBoxes.setAttribute('fill', '#b9c3cf');
  const ovLeaves = doc.createElementNS(NS, 'path');
  ovLeaves.setAttribute('fill', '#5b7fb0');
  const isLeaf = Uint8Array.from(nodes, (g) => (g.classList.contains('leaf') ? 1 : 0));
  const ovView = doc.createElementNS(NS, 'rect');
  ovView.setAttribute('fill', 'rgba(220,50,50,0.12)');
  ovView.setAttribute('stroke', '#d33');
  ovView.setAttribute('stroke-width', '1.5');
  ovView.setAttribute('vector-effect', 'non-scaling-stroke');
  ovSvg.append(ovBoxes, ovLeaves, ovView);
  overview.append(ovBack, ovSvg);
  svg.append(ui, overview);
  let ovW = 220;
  let ovH = 140;
  const sizeOverview = (): void => {
    // Stretched to a usable strip: wide trees are many times wider than tall.
    const tall = H0 / W0 > 140 / 220;
    ovW = tall ? Math.max(40, Math.min(220, (140 * W0) / H0)) : 220;
    ovH = tall ? 140 : Math.max(40, Math.min(140, (220 * H0) / W0));
    ovSvg.setAttribute('viewBox', `0 0 ${W0} ${H0}`);
    ovBack.setAttribute('width', String(ovW + 4));
    ovBack.setAttribute('height', String(ovH + 4));
    ovSvg.setAttribute('width', String(ovW));
    ovSvg.setAttribute('height', String(ovH));
    // Boxes at least a few overview pixels wide, so a huge tree still shows its shape.
    const minW = (3 * W0) / ovW;
    const minH = (2 * H0) / ovH;
    const d: string[] = ['', ''];
    for (let v = 0; v < n; v++) {
      if (shown[v] === 0) continue;
      d[isLeaf[v]!] += `M${x[v]!.toFixed(0)},${y0[v]!.toFixed(0)}h${Math.max(w[v]!, minW).toFixed(0)}v${Math.max(h, minH).toFixed(0)}h${(-Math.max(w[v]!, minW)).toFixed(0)}z`;
    }
    ovBoxes.setAttribute('d', d[0]!);
    ovLeaves.setAttribute('d', d[1]!);
  };

  let k = 1;
  let tx = 0;
  let ty = 0;
  let level = Number.POSITIVE_INFINITY;
  const fitScale = (): number => {
    return Math.min((vw - 16) / W0, (vh - 16) / H0);
  };
  const apply = (): void => {
    body.setAttribute('transform', `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${k.toPrecision(6)})`);
    svg.classList.toggle('dt-far', k < FAR);
    ui.setAttribute('transform', `translate(${Math.max(4, vw - uiWidth - 8)},8)`);
    overview.setAttribute('transform', `translate(${Math.max(4, vw - ovW - 12)},${Math.max(40, vh - ovH - 12)})`);
    // The overview shows only when part of the shown tree is outside the window.
    const outside = tx < -1 || ty < -1 || tx + W0 * k > vw + 1 || ty + H0 * k > vh + 1;
    overview.style.display = outside ? '' : 'none';
    ovView.setAttribute('x', String(-tx / k));
    ovView.setAttribute('y', String(-ty / k));
    ovView.setAttribute('width', String(vw / k));
    ovView.setAttribute('height', String(vh / k));
  };

  /** Lays out the shown nodes (tidy, boxes as drawn) into x: no DOM access. Returns the drawing's width and height. */
  const compute = (): { width: number; height: number } => {
    const index = new Int32Array(n).fill(-1);
    let m = 0;
    for (let v = 0; v < n; v++) {
      const p = parent[v]!;
      shown[v] = v === 0 || (p >= 0 && shown[p] === 1 && open[p] === 1) ? 1 : 0;
      if (shown[v] === 1) index[v] = m++;
    }
    const cs = new Int32Array(m + 1);
    const ch = new Int32Array(Math.max(0, m - 1));
    const ws = new Float64Array(m);
    const ids = new Int32Array(m);
    let c = 0;
    for (let v = 0; v < n; v++) {
      if (shown[v] === 0) continue;
      const i = index[v]!;
      ids[i] = v;
      ws[i] = w[v]!;
      cs[i] = c;
      if (open[v] === 1) for (let e = childStart[v]!; e < childStart[v + 1]!; e++) ch[c++] = index[to[childEdge[e]!]!]!;
    }
    cs[m] = c;
    const cx = tidy(m, cs, ch, GAP, ws);
    let right = 0;
    let bottom = 0;
    for (let i = 0; i < m; i++) {
      const v = ids[i]!;
      x[v] = MARGIN + cx[i]! - w[v]! / 2;
      right = Math.max(right, x[v]! + w[v]!);
      bottom = Math.max(bottom, y0[v]! + h);
    }
    // The legend moves with the root and may reach past its subtree on the right.
    const legendRight = legendRight0 + (x[0]! - x0[0]!);
    return { width: Math.max(240, Math.ceil(Math.max(right, legendRight) + MARGIN)), height: Math.ceil(bottom + 44) };
  };
  /** Lays out the shown nodes, moves them and redraws the edges. */
  const layout = (): void => {
    if (!collapsible || n === 0) return;
    ({ width: W0, height: H0 } = compute());
    for (let v = 0; v < n; v++) {
      const g = nodes[v]!;
      if (shown[v] === 1) {
        g.style.display = '';
        g.setAttribute('transform', `translate(${x[v]!.toFixed(1)},${y0[v]!.toFixed(1)})`);
      } else g.style.display = 'none';
      const hidden = childStart[v + 1]! > childStart[v]! && open[v] === 0 && shown[v] === 1;
      if (hidden) badge(v);
      else if (badges[v]) badges[v]!.style.display = 'none';
    }
    for (let e = 0; e < edges.length; e++) {
      const a = from[e]!;
      const b = to[e]!;
      const on = shown[b] === 1;
      edges[e]!.style.display = on ? '' : 'none';
      const label = labels[e];
      if (label) label.style.display = on ? '' : 'none';
      if (!on) continue;
      const ax = x[a]! + w[a]! / 2;
      const ay = y0[a]! + h;
      const bxx = x[b]! + w[b]! / 2;
      const by = y0[b]!;
      const my = (ay + by) / 2;
      edges[e]!.setAttribute('d', `M${ax.toFixed(1)},${ay.toFixed(1)} C${ax.toFixed(1)},${my.toFixed(1)} ${bxx.toFixed(1)},${my.toFixed(1)} ${bxx.toFixed(1)},${by.toFixed(1)}`);
      if (label) {
        label.setAttribute('x', (ax + (bxx - ax) * 0.3).toFixed(1));
        label.setAttribute('y', (ay + (by - ay) * 0.3 + 3).toFixed(1));
      }
    }
    for (const s of stubs) {
      const v = Number(s.getAttribute('data-node'));
      s.style.display = shown[v] === 1 && open[v] === 1 ? '' : 'none';
      s.setAttribute('transform', `translate(${(x[v]! - x0[v]!).toFixed(1)},0)`);
    }
    if (legend) legend.setAttribute('transform', `translate(${(x[0]! - x0[0]!).toFixed(1)},0)`);
    sizeOverview();
  };
  /** "+k": the hidden nodes under a collapsed node; a click expands it. */
  const badge = (v: number): void => {
    let g = badges[v];
    if (!g) {
      g = doc.createElementNS(NS, 'g');
      g.setAttribute('class', 'dt-badge');
      const label = `+${size[v]! - 1}`;
      const bw = 10 + 7 * label.length;
      const r = doc.createElementNS(NS, 'rect');
      r.setAttribute('x', String(w[v]! / 2 - bw / 2));
      r.setAttribute('y', String(h + 4));
      r.setAttribute('width', String(bw));
      r.setAttribute('height', '16');
      r.setAttribute('rx', '8');
      r.setAttribute('vector-effect', 'non-scaling-stroke');
      const t = doc.createElementNS(NS, 'text');
      t.setAttribute('x', String(w[v]! / 2));
      t.setAttribute('y', String(h + 16));
      t.setAttribute('text-anchor', 'middle');
      t.textContent = label;
      const title = doc.createElementNS(NS, 'title');
      title.textContent = `${size[v]! - 1} nodes below: click to expand`;
      g.append(title, r, t);
      nodes[v]!.appendChild(g);
      badges[v] = g;
    }
    g.style.display = '';
  };

  const minScale = (): number => Math.min(fitScale(), 1) * 0.5;
  const setScale = (next: number, px: number, py: number): void => {
    const k2 = Math.max(minScale(), Math.min(8, next));
    tx = px - ((px - tx) * k2) / k;
    ty = py - ((py - ty) * k2) / k;
    k = k2;
    apply();
  };
  function zoom(factor: number): void {
    setScale(k * factor, vw / 2, vh / 2);
  }
  function pan(dx: number, dy: number): void {
    tx += dx;
    ty += dy;
    apply();
  }
  function fit(): void {
    k = fitScale();
    tx = (vw - W0 * k) / 2;
    ty = (vh - H0 * k) / 2;
    apply();
  }
  function reset(): void {
    const f = fitScale();
    if (f >= READABLE) {
      // plot_tree's habit: the whole shown tree, never enlarged past 1.5 times.
      k = Math.min(f, 1.5);
      tx = (vw - W0 * k) / 2;
      ty = 8;
    } else {
      k = 1;
      tx = vw / 2 - (x[0]! + w[0]! / 2);
      ty = 0;
    }
    apply();
  }
  function expandTo(d: number): void {
    if (!collapsible) return;
    let deepest = 0;
    for (let v = 0; v < n; v++) deepest = Math.max(deepest, depth[v]!);
    level = Math.min(d, deepest);
    for (let v = 0; v < n; v++) open[v] = depth[v]! < level ? 1 : 0;
    keepRoot(() => layout());
  }
  /** Relays out keeping the root where it is on screen. */
  const keepRoot = (relayout: () => void, v = 0): void => {
    const before = x[v]!;
    relayout();
    tx -= (x[v]! - before) * k;
    apply();
  };
  function toggle(id: number): void {
    const v = nodes.findIndex((g) => g.getAttribute('data-id') === String(id));
    if (v < 0 || !collapsible || childStart[v + 1] === childStart[v]) return;
    open[v] = open[v] === 1 ? 0 : 1;
    // Expanding shows the children collapsed (one level at a time).
    if (open[v] === 1) for (let e = childStart[v]!; e < childStart[v + 1]!; e++) open[to[childEdge[e]!]!] = 0;
    keepRoot(() => layout(), v);
  }
  /** The opening expansion: the deepest level whose layout is at most the window's width (readable at 90 %). */
  const openingLevel = (): void => {
    if (!collapsible) return;
    let deepest = 0;
    for (let v = 0; v < n; v++) deepest = Math.max(deepest, depth[v]!);
    let best = 1;
    for (let d = 1; d <= deepest; d++) {
      for (let v = 0; v < n; v++) open[v] = depth[v]! < d ? 1 : 0;
      if (compute().width * READABLE > vw && d > 1) break;
      best = d;
    }
    level = best;
    for (let v = 0; v < n; v++) open[v] = depth[v]! < best ? 1 : 0;
    layout();
  };

  // Mouse: the wheel zooms about the pointer; a drag pans; a click (no drag) on a split node toggles it.
  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.002;
    setScale(k * Math.exp(-e.deltaY * unit), e.clientX - r.left, e.clientY - r.top);
  };
  let drag: { x: number; y: number; id: number; moved: number; onOverview: boolean } | null = null;
  const onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    svg.focus({ preventScroll: true });
    const onOverview = overview.contains(e.target as Node);
    drag = { x: e.clientX, y: e.clientY, id: e.pointerId, moved: 0, onOverview };
    if (onOverview) centreOn(e);
    svg.setPointerCapture(e.pointerId);
    svg.style.cursor = 'grabbing';
  };
  const onMove = (e: PointerEvent): void => {
    if (drag === null || e.pointerId !== drag.id) return;
    if (drag.onOverview) return centreOn(e);
    drag.moved += Math.abs(e.clientX - drag.x) + Math.abs(e.clientY - drag.y);
    pan(e.clientX - drag.x, e.clientY - drag.y);
    drag.x = e.clientX;
    drag.y = e.clientY;
  };
  const onUp = (e: PointerEvent): void => {
    if (drag === null || e.pointerId !== drag.id) return;
    const click = drag.moved < 4 && !drag.onOverview;
    drag = null;
    svg.style.cursor = 'grab';
    if (!click) return;
    // Pointer capture retargets events to the svg: find the node under the pointer.
    const hit = doc.elementFromPoint(e.clientX, e.clientY);
    const g = hit?.closest('g.node');
    if (g && body.contains(g)) toggle(Number(g.getAttribute('data-id')));
  };
  // A point of the overview becomes the centre of the window.
  const centreOn = (e: PointerEvent): void => {
    const r = ovSvg.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W0;
    const py = ((e.clientY - r.top) / r.height) * H0;
    tx = vw / 2 - px * k;
    ty = vh / 2 - py * k;
    apply();
  };
  const onKey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (t && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(t.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const step = e.shiftKey ? 320 : 80;
    const acts: Record<string, () => void> = {
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      _: () => zoom(0.8),
      '0': () => reset(),
      f: () => fit(),
      ']': () => expandTo(level + 1),
      '[': () => expandTo(Math.max(0, level - 1)),
      ArrowLeft: () => pan(step, 0),
      ArrowRight: () => pan(-step, 0),
      ArrowUp: () => pan(0, step),
      ArrowDown: () => pan(0, -step),
    };
    const act = acts[e.key];
    if (act === undefined) return;
    e.preventDefault();
    act();
  };
  const onResize = (): void => {
    measure();
    apply();
  };
  const keyTarget: EventTarget = options.keysFromWindow ? win : svg;
  svg.addEventListener('wheel', onWheel, { passive: false });
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  svg.addEventListener('pointercancel', onUp);
  keyTarget.addEventListener('keydown', onKey as EventListener);
  win.addEventListener('resize', onResize);
  sizeOverview();
  openingLevel();
  reset();
  return {
    get scale() {
      return k;
    },
    get shown() {
      let c = 0;
      for (let v = 0; v < n; v++) c += shown[v]!;
      return c;
    },
    reset,
    fit,
    zoom,
    pan,
    expandTo,
    toggle,
    detach() {
      svg.removeEventListener('wheel', onWheel);
      svg.removeEventListener('pointerdown', onDown);
      svg.removeEventListener('pointermove', onMove);
      svg.removeEventListener('pointerup', onUp);
      svg.removeEventListener('pointercancel', onUp);
      keyTarget.removeEventListener('keydown', onKey as EventListener);
      win.removeEventListener('resize', onResize);
    },
  };
}

/**
 * The viewer's source, to embed in a standalone page or SVG: `svgExpression` is the expression
 * for the `<svg>` element. esbuild's `keepNames` (tsx) wraps functions in a `__name` helper that
 * lives outside a function's text; the embedded copy gets an identity stand-in for it.
 */
export function viewerScript(svgExpression: string): string {
  return `(function(){var __name=function(f){return f};var tidy=(${tidyLayout.toString()});(${viewer.toString()})(${svgExpression},{keysFromWindow:true},tidy);})();`;
}
