/** Class colours: Tableau 10 (distinct, colour-blind aware), then golden-angle hues. */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];

export function classColor(c: number): string {
  if (c < 0) return '#cccccc';
  if (c < PALETTE.length) return PALETTE[c]!;
  const hue = Math.round((c * 137.508) % 360);
  return hslToHex(hue, 0.55, 0.55);
}

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return toHex([f(0), f(8), f(4)].map((x) => x * 255) as [number, number, number]);
}

function toHex(rgb: readonly [number, number, number]): string {
  return `#${rgb.map((x) => Math.round(Math.max(0, Math.min(255, x))).toString(16).padStart(2, '0')).join('')}`;
}

function parse(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved a fraction t towards `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Regression colour for t in [0, 1]: light (low) to mid blue (high), dark text stays readable. */
export function valueColor(t: number): string {
  return mix('#f7fbff', '#6baed6', Math.max(0, Math.min(1, t)));
}
