import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// The architecture rules live in biome.json (noRestrictedImports per folder, decision 155). Each case writes a
// fixture file where the rule applies, lints it with Biome's CLI and reads which imports it reported.
const ROOT = join(import.meta.dir, '..', '..');
const TAG = `zz-lint-fixture-${process.pid}`;
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

type Diagnostic = { category: string; message: string; location: { start: { line: number } } };

/** Lints `lines` (one import a line) as the file at `path` and returns the 1-based lines the import rules reported. */
function reportedLines(path: string, lines: string[]): number[] {
  const file = join(ROOT, path);
  mkdirSync(dirname(file), { recursive: true });
  const top = join(ROOT, path.split(TAG)[0], TAG);
  if (!made.includes(top)) made.push(top);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const run = Bun.spawnSync(['bunx', 'biome', 'lint', '--reporter=json', '--max-diagnostics=none', path], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' });
  const out = run.stdout.toString();
  const report = JSON.parse(out.slice(out.indexOf('{'))) as { diagnostics: Diagnostic[] };
  return report.diagnostics
    .filter((d) => d.category === 'lint/style/noRestrictedImports')
    .map((d) => d.location.start.line)
    .sort((a, b) => a - b);
}

describe('architecture import rules (biome.json)', () => {
  test('the web imports from the server only the router type, domain schemas and constants', () => {
    const lines = [
      "import type { AppRouter } from '@/app/router';",
      "import { ZCreateCampaign } from '@/domains/campaigns/schemas';",
      "import { CAMPAIGN_STATUSES } from '@/domains/campaigns/constants';",
      "import { PLANS } from '@/shared/plans';",
      "import { createApp } from '@/app/app';", // 5: server internals
      "import { appRouter } from '@/app/router';", // 6: a value from the router module
      "import { listCampaigns } from '@/domains/campaigns/service';", // 7: a domain service
      "import { campaigns } from '../../domains/campaigns/tables';", // 8: the same, by a relative path
      "import { renderVideo } from '@/media/render';", // 9: the render engine
      "import type { ApiRoutes } from '@/app/router';", // the REST route table's type (decision 228)
    ];
    expect(reportedLines(`src/web/${TAG}/w.ts`, lines)).toEqual([5, 6, 7, 8, 9]);
  });

  test('the platform (src/server) imports no domain and not the composition root', () => {
    const lines = [
      "import { AppError } from '../app-error';",
      "import { findFile } from '@/domains/files/service';",
      "import { users } from '../../../domains/users/tables';",
      "import { createDeps } from '../../../app/deps';", // 4: the root, by a relative path
      "import { appRouter } from '@/app/router';", // 5: the root, by alias
    ];
    expect(reportedLines(`src/server/http/${TAG}/h.ts`, lines)).toEqual([2, 3, 4, 5]);
    expect(reportedLines(`src/server/providers/${TAG}/p.ts`, lines)).toEqual([2, 3, 4, 5]);
    expect(reportedLines(`src/server/jobs/${TAG}/j.ts`, lines)).toEqual([2, 3, 4, 5]);
  });

  test('nothing below the composition root imports it (its tests and fixtures may)', () => {
    const lines = [
      "import { AppError } from '../../../server/http/app-error';",
      "import { listCampaigns } from '../../campaigns/service';",
      "import { createDeps } from '../../../app/deps';", // 3: the root, relative
      "import { contextFor } from '@/app/request-context';", // 4: the root, by alias
    ];
    expect(reportedLines(`src/domains/videos/${TAG}/d.ts`, lines)).toEqual([3, 4]);
    expect(reportedLines(`src/domains/videos/${TAG}/d.test.ts`, lines)).toEqual([]);
    expect(reportedLines(`src/media/${TAG}/m.ts`, ['', '', "import { createApp } from '../../app/app';"])).toEqual([3]);
  });

  test('a feature imports another feature only through components/ and lib/', () => {
    const top = [
      "import { Modal } from '../../components/modal';",
      "import { useTrpc } from '@/web/lib/trpc';",
      "import { helper } from './helper';",
      "import { Modal as M } from '../campaigns/modal';", // 4: a sibling feature, relative
      "import { useSocial } from '@/web/features/social/api';", // 5: a feature, by alias
    ];
    expect(reportedLines(`src/web/features/${TAG}/a.tsx`, top)).toEqual([4, 5]);
    const nested = [
      "import { a } from '../a';",
      "import { toast } from '../../../lib/toast';",
      "import { send } from '../../distribution/send-to-contact';", // 3: a feature, from a sub-folder
      "import { createApp } from '@/app/app';", // 4: the web's server rule still applies here
    ];
    expect(reportedLines(`src/web/features/${TAG}/sub/b.tsx`, nested)).toEqual([3, 4]);
  });

  test('components/ and lib/ import no feature', () => {
    const lines = ["import { Modal } from '../modal';", "import { CampaignsPage } from '@/web/features/campaigns/campaigns-page';"];
    expect(reportedLines(`src/web/components/${TAG}/c.tsx`, lines)).toEqual([2]);
    expect(reportedLines(`src/web/lib/${TAG}/l.ts`, lines)).toEqual([2]);
  });
});
