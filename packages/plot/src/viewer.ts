/// <reference lib="dom" />
/**
 * The viewer of a picture from `renderSvg`: fit, zoom and pan by mouse and keyboard, and an
 * overview of the whole tree with the visible part marked (overview + detail), for trees of any
 * size. The picture's own layout is kept (one static drawing, no re-layout in the page); the
 * viewer only moves a transform, so a 4,000-node tree pans as smoothly as a 15-node one.
 *
 * The opening view follows scikit-learn's `plot_tree` while the whole tree fits readably (text at
 * ≥ 90 % of its size), and otherwise dtreeviz's large-tree habit: real type size, starting at the
 * root (top centre), with the overview to move around. Zoomed out below ~40 % the text is hidden
 * (it cannot be read there) and boxes, colours and edges remain; edges and box outlines use
 * non-scaling strokes, so they stay one screen pixel wide at any zoom.
 *
 * It is one self-contained function (no imports, no outer names) because `renderHtml` and the
 * interactive SVG embed its source text; pages that insert a picture themselves call it directly.
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
  /** Removes the listeners the viewer added (the picture stays as it is). */
  detach(): void;
}

export interface ViewerOptions {
  /**
   * Take keys from the whole window, for a page that is only the picture (the HTML page and the
   * interactive SVG). Default false: keys act while the picture has focus (click it or Tab to it).
   */
  keysFromWindow?: boolean;
}

/**
 * Makes a picture from `renderSvg` (an `<svg class="dt-tree">` in the page) fill its container
 * and respond to the mouse (wheel zooms at the pointer, drag pans) and the keyboard (`+`/`-` zoom,
 * `0` opening view, `f` fit all, arrows pan; Shift pans further). Browser only.
 */
export function attachViewer(svg: SVGSVGElement, options: ViewerOptions = {}): TreeViewer {
  const NS = 'http://www.w3.org/2000/svg';
  const READABLE = 0.9;
  const FAR = 0.4;
  const doc = svg.ownerDocument;
  const win = doc.defaultView ?? window;
  const body = svg.querySelector<SVGGElement>('g.dt-body');
  if (body === null) throw new Error('attachViewer: not a @dt/plot picture (it has no <g class="dt-body">)');
  const vb = svg.viewBox.baseVal;
  const W0 = vb.width;
  const H0 = vb.height;
  // The root's box: the first node group (nodes are drawn root first).
  const rootGroup = body.querySelector<SVGGElement>('g.node');
  const rootRect = rootGroup?.querySelector('rect') ?? null;
  const rootM = rootGroup?.transform.baseVal.consolidate()?.matrix;
  const root = { x: rootM?.e ?? 0, y: rootM?.f ?? 0, w: rootRect?.width.baseVal.value ?? 0 };
  const legend = svg.querySelector<SVGGElement>('g.legend');
  const legendTop = legend ? Math.max(0, legend.getBBox().y - 8) : 0;

  svg.removeAttribute('viewBox');
  svg.setAttribute('width', '100%');
  svg.setAttribute('height', '100%');
  svg.setAttribute('tabindex', '0');
  svg.setAttribute('focusable', 'true');
  svg.classList.add('dt-viewer');
  svg.style.display = 'block';
  svg.style.touchAction = 'none';
  svg.style.cursor = 'grab';
  const style = doc.createElementNS(NS, 'style');
  style.textContent =
    '.dt-far .dt-body text,.dt-far .dt-body .bar{display:none}' +
    '.dt-ui{font:13px system-ui,sans-serif;cursor:pointer;user-select:none}' +
    '.dt-ui rect{fill:#fff;stroke:#888}.dt-ui g:hover rect{fill:#eef3fb}' +
    '.dt-overview{cursor:crosshair}.dt-viewer:focus{outline:none}';
  svg.appendChild(style);
  body.id = body.id || `dt-body-${Math.random().toString(36).slice(2, 10)}`;

  // Buttons (top right) and the overview (bottom right): outside the moving body, fixed on screen.
  const ui = doc.createElementNS(NS, 'g');
  ui.setAttribute('class', 'dt-ui');
  const buttons: [string, string, () => void][] = [
    ['+', 'zoom in (+)', () => zoom(1.25)],
    ['−', 'zoom out (−)', () => zoom(0.8)],
    ['fit', 'whole tree (f)', () => fit()],
    ['root', 'opening view: the root at 100 % (0)', () => reset()],
  ];
  const buttonW = [28, 28, 36, 40];
  let bx = 0;
  buttons.forEach(([label, help, act], i) => {
    const g = doc.createElementNS(NS, 'g');
    g.setAttribute('transform', `translate(${bx},0)`);
    g.setAttribute('class', `dt-button dt-${label === '+' ? 'in' : label === '−' ? 'out' : label}`);
    const r = doc.createElementNS(NS, 'rect');
    r.setAttribute('width', String(buttonW[i]));
    r.setAttribute('height', '24');
    r.setAttribute('rx', '4');
    const t = doc.createElementNS(NS, 'text');
    t.setAttribute('x', String(buttonW[i]! / 2));
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
    bx += buttonW[i]! + 4;
  });
  const uiWidth = bx - 4;

  const overview = doc.createElementNS(NS, 'g');
  overview.setAttribute('class', 'dt-overview');
  const ovBack = doc.createElementNS(NS, 'rect');
  ovBack.setAttribute('fill', '#fff');
  ovBack.setAttribute('stroke', '#888');
  const ovSvg = doc.createElementNS(NS, 'svg');
  ovSvg.setAttribute('viewBox', `0 0 ${W0} ${H0}`);
  ovSvg.setAttribute('preserveAspectRatio', 'none');
  const use = doc.createElementNS(NS, 'use');
  use.setAttribute('href', `#${body.id}`);
  const ovView = doc.createElementNS(NS, 'rect');
  ovView.setAttribute('fill', 'rgba(220,50,50,0.12)');
  ovView.setAttribute('stroke', '#d33');
  ovView.setAttribute('stroke-width', '1.5');
  ovView.setAttribute('vector-effect', 'non-scaling-stroke');
  ovSvg.append(use, ovView);
  overview.append(ovBack, ovSvg);
  svg.append(ui, overview);
  // The overview is stretched to a readable strip: very wide trees are 50 times wider than tall.
  const ovW = H0 / W0 > 140 / 220 ? Math.max(40, Math.min(220, (140 * W0) / H0)) : 220;
  const ovH = H0 / W0 > 140 / 220 ? 140 : Math.max(40, Math.min(140, (220 * H0) / W0));
  ovBack.setAttribute('width', String(ovW + 4));
  ovBack.setAttribute('height', String(ovH + 4));
  ovSvg.setAttribute('x', '2');
  ovSvg.setAttribute('y', '2');
  ovSvg.setAttribute('width', String(ovW));
  ovSvg.setAttribute('height', String(ovH));

  let k = 1;
  let tx = 0;
  let ty = 0;
  const size = (): { w: number; h: number } => {
    const r = svg.getBoundingClientRect();
    return { w: r.width || win.innerWidth, h: r.height || win.innerHeight };
  };
  const fitScale = (): number => {
    const { w, h } = size();
    return Math.min((w - 16) / W0, (h - 16) / H0);
  };
  const apply = (): void => {
    const { w, h } = size();
    body.setAttribute('transform', `translate(${tx.toFixed(2)},${ty.toFixed(2)}) scale(${k.toPrecision(6)})`);
    svg.classList.toggle('dt-far', k < FAR);
    ui.setAttribute('transform', `translate(${Math.max(4, w - uiWidth - 8)},8)`);
    overview.setAttribute('transform', `translate(${Math.max(4, w - ovW - 12)},${Math.max(40, h - ovH - 12)})`);
    // The overview shows only when part of the tree is outside the window.
    overview.style.display = W0 * k > w + 1 || H0 * k > h + 1 || tx < -1 || ty < -1 || tx + W0 * k > w + 1 || ty + H0 * k > h + 1 ? '' : 'none';
    ovView.setAttribute('x', String(-tx / k));
    ovView.setAttribute('y', String(-ty / k));
    ovView.setAttribute('width', String(w / k));
    ovView.setAttribute('height', String(h / k));
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
    const { w, h } = size();
    setScale(k * factor, w / 2, h / 2);
  }
  function pan(dx: number, dy: number): void {
    tx += dx;
    ty += dy;
    apply();
  }
  function fit(): void {
    const { w, h } = size();
    k = fitScale();
    tx = (w - W0 * k) / 2;
    ty = (h - H0 * k) / 2;
    apply();
  }
  function reset(): void {
    const f = fitScale();
    if (f >= READABLE) {
      // plot_tree's habit: the whole tree, here never enlarged past 1.5 times.
      const { w } = size();
      k = Math.min(f, 1.5);
      tx = (w - W0 * k) / 2;
      ty = 8;
      apply();
      return;
    }
    const { w } = size();
    k = 1;
    tx = w / 2 - (root.x + root.w / 2);
    ty = -legendTop;
    apply();
  }

  // Mouse: the wheel zooms about the pointer; a drag pans.
  const onWheel = (e: WheelEvent): void => {
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    const unit = e.deltaMode === 1 ? 0.05 : e.deltaMode === 2 ? 1 : 0.002;
    setScale(k * Math.exp(-e.deltaY * unit), e.clientX - r.left, e.clientY - r.top);
  };
  let drag: { x: number; y: number; id: number } | null = null;
  const onDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    svg.focus({ preventScroll: true });
    if (overview.contains(e.target as Node)) {
      centreOn(e);
      drag = { x: Number.NaN, y: Number.NaN, id: e.pointerId };
    } else drag = { x: e.clientX, y: e.clientY, id: e.pointerId };
    svg.setPointerCapture(e.pointerId);
    svg.style.cursor = 'grabbing';
  };
  const onMove = (e: PointerEvent): void => {
    if (drag === null || e.pointerId !== drag.id) return;
    if (Number.isNaN(drag.x)) return centreOn(e);
    pan(e.clientX - drag.x, e.clientY - drag.y);
    drag.x = e.clientX;
    drag.y = e.clientY;
  };
  const onUp = (e: PointerEvent): void => {
    if (drag === null || e.pointerId !== drag.id) return;
    drag = null;
    svg.style.cursor = 'grab';
  };
  // A point of the overview becomes the centre of the window.
  const centreOn = (e: PointerEvent): void => {
    const r = ovSvg.getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * W0;
    const py = ((e.clientY - r.top) / r.height) * H0;
    const { w, h } = size();
    tx = w / 2 - px * k;
    ty = h / 2 - py * k;
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
  const onResize = (): void => apply();
  const keyTarget: EventTarget = options.keysFromWindow ? win : svg;
  svg.addEventListener('wheel', onWheel, { passive: false });
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('pointermove', onMove);
  svg.addEventListener('pointerup', onUp);
  svg.addEventListener('pointercancel', onUp);
  keyTarget.addEventListener('keydown', onKey as EventListener);
  win.addEventListener('resize', onResize);
  reset();
  return {
    get scale() {
      return k;
    },
    reset,
    fit,
    zoom,
    pan,
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
 * The viewer's source, to embed in a standalone page or SVG: `call` is the expression for the
 * `<svg>` element. esbuild's `keepNames` (tsx) wraps functions in a `__name` helper that lives
 * outside the function's text; the embedded copy gets an identity stand-in for it.
 */
export function viewerScript(svgExpression: string): string {
  return `(function(){var __name=function(f){return f};(${attachViewer.toString()})(${svgExpression},{keysFromWindow:true});})();`;
}
