/**
 * The per-node feature draw every split strategy shares (scikit-learn's rule): features are drawn
 * without replacement — all of them in index order when not sampling — skipping the node's known
 * constants, until `maxFeatures` non-constant ones were evaluated. Sampling is on when maxFeatures is
 * below the number of features not known constant. After the node the order is reset, so that each
 * node's draws depend on the generator only, never on earlier nodes.
 *
 *   sampler.begin(node.constants);
 *   for (let f = sampler.next(); f >= 0; f = sampler.next()) {
 *     if (evaluate(f)) sampler.evaluated(); else newConstants.push(f);
 *   }
 *   sampler.end(node.constants);
 *
 * One call per feature (never per sample), no allocation after construction.
 */
import type { Random } from '@dt/errors';

export class FeatureSampler {
  /** Features in draw order (0..d−1 between nodes). */
  private readonly order: Int32Array;
  private readonly constFlag: Uint8Array;
  private readonly d: number;
  private readonly maxFeatures: number;
  private readonly rng: Random;
  private i = 0;
  private visited = 0;
  private drawing = false;

  constructor(d: number, maxFeatures: number, rng: Random) {
    this.d = d;
    this.maxFeatures = maxFeatures;
    this.rng = rng;
    this.order = new Int32Array(d);
    for (let f = 0; f < d; f++) this.order[f] = f;
    this.constFlag = new Uint8Array(d);
  }

  /** Starts a node whose `knownConstants` are skipped. */
  begin(knownConstants: ArrayLike<number>): void {
    const flag = this.constFlag;
    for (let k = 0; k < knownConstants.length; k++) flag[knownConstants[k]!] = 1;
    this.drawing = this.maxFeatures < this.d - knownConstants.length;
    this.i = 0;
    this.visited = 0;
  }

  /** True when this node samples features (maxFeatures below the features not known constant). */
  get sampling(): boolean {
    return this.drawing;
  }

  /** True when `f` is one of the node's known constants. */
  isKnownConstant(f: number): boolean {
    return this.constFlag[f] === 1;
  }

  /** The next feature to evaluate, or −1 when the node's draw is over. */
  next(): number {
    const order = this.order;
    const d = this.d;
    while (this.i < d) {
      const i = this.i++;
      if (this.drawing) {
        if (this.visited >= this.maxFeatures) return -1;
        const j = i + this.rng.int(d - i);
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
      const f = order[i]!;
      if (this.constFlag[f] === 1) continue;
      return f;
    }
    return -1;
  }

  /** The feature next() returned was evaluated (it is not constant in the node): it counts toward maxFeatures. */
  evaluated(): void {
    this.visited++;
  }

  /** Ends the node: clears its constants and restores the index order. */
  end(knownConstants: ArrayLike<number>): void {
    const flag = this.constFlag;
    for (let k = 0; k < knownConstants.length; k++) flag[knownConstants[k]!] = 0;
    if (this.drawing) for (let f = 0; f < this.d; f++) this.order[f] = f;
    this.i = this.d;
  }
}
