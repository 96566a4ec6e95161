/**
 * Python's heapq (heappush / heappop) over node ids with scikit-learn's TreeNode ordering (higher
 * gain first). The same sift steps as CPython, so nodes of equal gain leave the heap in
 * scikit-learn's order.
 */
export class GainHeap {
  private ids: number[] = [];
  private readonly gainOf: (id: number) => number;

  constructor(gainOf: (id: number) => number) {
    this.gainOf = gainOf;
  }

  get size(): number {
    return this.ids.length;
  }

  clear(): void {
    this.ids.length = 0;
  }

  /** `a < b` in heapq's sense: a has the higher gain. */
  private less(a: number, b: number): boolean {
    return this.gainOf(a) > this.gainOf(b);
  }

  push(id: number): void {
    this.ids.push(id);
    this.siftDown(0, this.ids.length - 1);
  }

  pop(): number {
    const heap = this.ids;
    const last = heap.pop()!;
    if (heap.length === 0) return last;
    const top = heap[0]!;
    heap[0] = last;
    this.siftUp(0);
    return top;
  }

  /** Removes and returns the last array entry (Python's list.pop(), used when finalizing every node). */
  popLast(): number {
    return this.ids.pop()!;
  }

  private siftDown(startpos: number, pos: number): void {
    const heap = this.ids;
    const newitem = heap[pos]!;
    while (pos > startpos) {
      const parentpos = (pos - 1) >> 1;
      const parent = heap[parentpos]!;
      if (this.less(newitem, parent)) {
        heap[pos] = parent;
        pos = parentpos;
        continue;
      }
      break;
    }
    heap[pos] = newitem;
  }

  private siftUp(pos: number): void {
    const heap = this.ids;
    const endpos = heap.length;
    const startpos = pos;
    const newitem = heap[pos]!;
    let childpos = 2 * pos + 1;
    while (childpos < endpos) {
      const rightpos = childpos + 1;
      if (rightpos < endpos && !this.less(heap[childpos]!, heap[rightpos]!)) childpos = rightpos;
      heap[pos] = heap[childpos]!;
      pos = childpos;
      childpos = 2 * pos + 1;
    }
    heap[pos] = newitem;
    this.siftDown(startpos, pos);
  }
}
