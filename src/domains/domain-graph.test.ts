import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cycles, dataLayerLeaks, describeCycles, domainGraph } from '../../scripts/check-domain-graph';

// The checker behind `bun run lint` (docs/decisions/140-domain-graph.md), on fixture folders and on the real domains.

const roots: string[] = [];
function fixture(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'domain-graph-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe('domain graph checker', () => {
  test('finds a loop between domain folders and names the imports that close it', () => {
    const root = fixture({
      'a/service.ts': "import { b } from '../b/service';\nexport const a = b;",
      'b/service.ts': "export { c as b } from '../c/reads';",
      'c/reads.ts': "import('../a/service');\nexport const c = 1;",
      'd/service.ts': "import { a } from '../a/service';",
    });
    const graph = domainGraph(root);
    const found = cycles(graph);
    expect(found).toEqual([['a', 'b', 'c']]);
    const text = describeCycles(graph, found);
    expect(text).toContain('a → b  (a/service.ts)');
    expect(text).toContain('c → a  (c/reads.ts)');
  });

  test('a one-way graph passes; tests, comments and type-only imports make no edge', () => {
    const root = fixture({
      'a/service.ts': "import { b } from '../b/service';\n// import { x } from '../c/service';\nimport type { C } from '../c/service';",
      'a/a.test.ts': "import { c } from '../c/service';",
      'b/service.ts': 'export const b = 1;',
      'c/service.ts': "/* import { a } from '../a/service'; */\nimport { b } from '../b/service';\nimport { a } from '../a/tables';",
      'a/tables.ts': "import { rows } from '../b/tables';",
      'b/tables.ts': 'export const rows = 1;',
    });
    expect(cycles(domainGraph(root))).toEqual([]);
    expect(dataLayerLeaks(root)).toEqual([]);
  });

  test('the data layer is shared but may not reach behaviour', () => {
    const root = fixture({
      'a/owned.ts': "import { rule } from '../b/service';",
      'b/service.ts': "import { ownA } from '../a/owned';\nexport const rule = 1;",
    });
    expect(cycles(domainGraph(root))).toEqual([]);
    expect(dataLayerLeaks(root)).toEqual(['a/owned.ts imports ../b/service']);
  });

  test('src/domains is acyclic and its data layer self-contained', () => {
    const dir = join(import.meta.dir);
    expect(describeCycles(domainGraph(dir), cycles(domainGraph(dir)))).toBe('');
    expect(dataLayerLeaks(dir)).toEqual([]);
  });
});
