/**
 * Fails when the folders of src/domains import each other in a loop (docs/decisions/140-domain-graph.md).
 * Reads every .ts/.tsx file of each domain (tests excluded: a test may reach across), resolves its
 * relative imports (static, `export … from`, dynamic `import()`), and reports each cycle between folders
 * with one import that makes each step of it.
 *
 * The data layer is shared: a domain's `tables.ts` (its rows; foreign keys point across domains) and
 * `owned.ts` (the owner check of its rows and their 404 message) may be imported by any domain without
 * making an edge. In exchange a data-layer file may itself import only other data-layer files (or types):
 * the checker reports any other import from one, so no behaviour can hide behind the exemption.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** domain → imported domain → one file (relative to the domains folder) that imports it. */
export type DomainGraph = Map<string, Map<string, string>>;

/** Files every domain may import: rows and their owner checks (see the header). */
export const DATA_LAYER = new Set(['tables.ts', 'owned.ts']);
const isDataLayer = (path: string) =>
  DATA_LAYER.has(
    path
      .split(sep)
      .pop()!
      .replace(/\.tsx?$/, '.ts'),
  );

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The relative module specifiers a source file imports (comments stripped first). */
export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(IMPORT)]
    .filter((m) => !/^\s*;?\s*(import|export)\s+type\s/.test(m[0]))
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((s) => s.startsWith('.'));
}

/** Imports from a data-layer file to another domain's behaviour (`from → to (file)`): each is an error. */
export function dataLayerLeaks(domainsDir: string): string[] {
  const root = resolve(domainsDir);
  const leaks: string[] = [];
  for (const domain of readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory())) {
    for (const file of sourceFiles(join(root, domain)).filter(isDataLayer)) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = relative(root, resolve(dirname(file), spec));
        if (target.startsWith('..') || target.split(sep)[0] === domain || isDataLayer(`${target}.ts`)) continue;
        leaks.push(`${relative(root, file)} imports ${spec}`);
      }
    }
  }
  return leaks;
}

export function domainGraph(domainsDir: string): DomainGraph {
  const root = resolve(domainsDir);
  const graph: DomainGraph = new Map();
  for (const domain of readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory())) {
    const edges = new Map<string, string>();
    graph.set(domain, edges);
    for (const file of sourceFiles(join(root, domain))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = relative(root, resolve(dirname(file), spec));
        if (target.startsWith('..') || isDataLayer(`${target}.ts`)) continue;
        const to = target.split(sep)[0]!;
        if (to !== domain && !edges.has(to)) edges.set(to, relative(root, file));
      }
    }
  }
  return graph;
}

/** Strongly connected groups of two or more domains (Tarjan), each sorted, largest first. */
export function cycles(graph: DomainGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.sort((a, b) => b.length - a.length);
}

/** A readable report: each loop, and the imports that close it inside the group. */
export function describeCycles(graph: DomainGraph, groups: string[][]): string {
  return groups
    .map((group) => {
      const inside = new Set(group);
      const lines = group.flatMap((from) =>
        [...(graph.get(from) ?? [])].filter(([to]) => inside.has(to)).map(([to, file]) => `    ${from} → ${to}  (${file})`),
      );
      return `  cycle between {${group.join(', ')}}:\n${lines.join('\n')}`;
    })
    .join('\n');
}

if (import.meta.main) {
  const dir = process.argv[2] ?? join(import.meta.dir, '..', 'src', 'domains');
  const graph = domainGraph(dir);
  const found = cycles(graph);
  const leaks = dataLayerLeaks(dir);
  if (found.length) console.error(`Domain folders import each other in a loop (docs/decisions/140-domain-graph.md):\n${describeCycles(graph, found)}`);
  if (leaks.length) console.error(`Data-layer files (tables.ts, owned.ts) may import only other data-layer files or types:\n  ${leaks.join('\n  ')}`);
  if (found.length || leaks.length) process.exit(1);
  console.log(`Domain graph: ${graph.size} domains, no cycle.`);
}
