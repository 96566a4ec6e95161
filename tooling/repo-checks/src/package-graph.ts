// The package dependency graph, as package.json files declare it and as docs/architecture.md draws it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Package name → its workspace (@dt/*) runtime dependencies (dependencies, peer, optional), sorted. */
export type PackageGraph = Map<string, string[]>;

/** The graph declared by the package.json files of packages/* and apps/*. */
export function declaredGraph(root: string): PackageGraph {
  const graph: PackageGraph = new Map();
  for (const dir of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const file = join(root, dir, name, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string> | string | undefined>;
      const deps = new Set<string>();
      for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
        for (const dep of Object.keys((pkg[field] as Record<string, string> | undefined) ?? {})) if (dep.startsWith('@dt/')) deps.add(dep);
      }
      graph.set(pkg.name as string, [...deps].sort());
    }
  }
  return graph;
}

/**
 * The graph drawn in a markdown document between `<!-- package-graph -->` and
 * `<!-- /package-graph -->`: one line per package, `@dt/name -> @dt/a, @dt/b` (or `-> (none)`);
 * other lines in the block (a code fence, blank lines) are ignored. Null when the block is missing.
 */
export function documentedGraph(markdown: string): PackageGraph | null {
  const m = /<!-- package-graph\b.*? -->([\s\S]*?)<!-- \/package-graph -->/.exec(markdown);
  if (m === null) return null;
  const graph: PackageGraph = new Map();
  for (const line of m[1]!.split('\n')) {
    const e = /^\s*(@dt\/[\w-]+)\s*->\s*(.*?)\s*$/.exec(line);
    if (e === null) continue;
    const deps = e[2] === '(none)' ? [] : e[2]!.split(',').map((d) => d.trim()).filter((d) => d !== '');
    graph.set(e[1]!, deps.sort());
  }
  return graph;
}

/** The doc's lines for a graph, in the block's format. */
export function formatGraph(graph: PackageGraph): string {
  return [...graph].map(([name, deps]) => `${name} -> ${deps.length === 0 ? '(none)' : deps.join(', ')}`).join('\n');
}
