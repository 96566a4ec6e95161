import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { declaredGraph, documentedGraph, formatGraph } from './package-graph.js';

const root = new URL('../../../', import.meta.url).pathname;

describe("docs/architecture.md's package graph", () => {
  it('equals the graph the package.json files declare (dependencies, peer, optional; @dt/* only)', () => {
    const declared = declaredGraph(root);
    const documented = documentedGraph(readFileSync(`${root}docs/architecture.md`, 'utf8'));
    const expected = `the block, between <!-- package-graph --> and <!-- /package-graph -->:\n${formatGraph(declared)}`;
    expect(documented, `docs/architecture.md has no package-graph block; add ${expected}`).not.toBeNull();
    expect(formatGraph(new Map([...documented!].sort())), `docs/architecture.md's package graph is out of date; ${expected}`).toBe(formatGraph(new Map([...declared].sort())));
  });

  it('parses the block format and finds a difference', () => {
    const doc = '# x\n<!-- package-graph one line per package -->\n```text\n@dt/a -> @dt/c, @dt/b\n@dt/b -> (none)\n```\n<!-- /package-graph -->\n';
    expect(documentedGraph(doc)).toEqual(new Map([['@dt/a', ['@dt/b', '@dt/c']], ['@dt/b', []]]));
    expect(documentedGraph('no block')).toBeNull();
    expect(formatGraph(documentedGraph(doc)!)).not.toBe(formatGraph(new Map([['@dt/a', ['@dt/b']], ['@dt/b', []]])));
  });
});
