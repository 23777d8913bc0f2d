import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { csvText } from '../../shared/csv';
import { newId } from '../../shared/ids';
import { signedInClient, type TestClient, testApp } from '../../test/harness';
import { campaigns } from '../campaigns/tables';
import { contactLists, contacts } from '../contacts/tables';
import { storeBytes } from '../files/service';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import { personalScope, type Scope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';
import { EXPORT_DATASETS } from './constants';
import { seedVolume } from './fixtures/seed';
import { readRows, SOURCES } from './sources';
import { cleanExpiredExports, EXPORT_IN_PROGRESS, getExport, listExports, openExportDownload, requestExport } from './service';
import { dataExports } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});

const DAY = 86_400_000;
const MP4 = new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 105, 115, 111, 109, 0, 0, 2, 0, 105, 115, 111, 109, 105, 115, 111, 50]);
const FORMULAS = ['=HYPERLINK("http://evil.example","x")', '+33 6 12 34 56 78', '-2+3', '@SUM(A1:A9)', '\tcmd', '\r=1+1'];

async function download(client: TestClient, id: string) {
  const res = await t.app.handle(new Request(`http://localhost/exports/${id}/download`, { headers: { cookie: client.cookie, 'x-forwarded-for': client.ip } }));
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function waitReady(client: TestClient, id: string) {
  for (let i = 0; i < 300; i++) {
    const res = await client.trpc('query', 'exports.list');
    const e = res.data.result?.data.find((x: { id: string }) => x.id === id);
    if (e && (e.status === 'ready' || e.status === 'failed')) return e;
    await Bun.sleep(100);
  }
  throw new Error('export did not finish');
}

/** A user with data of every kind, hostile cells included, and a stored render. */
async function userWithData() {
  const a = await signedInClient(t.app);
  const db = t.deps.db;
  const userId = a.user.id;
  const scope = personalScope(userId);
  const owned = { workspaceId: userId, createdBy: userId };
  const seeded = await seedVolume({ db, scope, n: { contacts: 12, deliveries: 5, events: 9 } });
  await db
    .insert(campaigns)
    .values({ id: newId(), ...owned, name: FORMULAS[0]!, description: 'Line one\nline "two", three', platforms: ['email', 'linkedin'] });
  const listId = newId();
  await db.insert(contactLists).values({ id: listId, ...owned, name: '@list' });
  await db
    .insert(contacts)
    .values(FORMULAS.map((f, i) => ({ id: newId(), ...owned, listId, name: `Formula ${i}`, company: f, position: ' padded ', fields: { note: f } })));
  const render = await storeBytes({ db, storage: t.deps.providers.storage, scope, bytes: MP4, contentType: 'video/mp4', kind: 'video' });
  await db.update(videos).set({ videoUrl: render.url }).where(eq(videos.id, seeded.videoId));
  return { ...a, ...seeded };
}

describe('data export', () => {
  test('the archive holds every dataset as JSON and CSV; CSVs parse back to the rows, formulas neutralised; e-mailed when ready', async () => {
    const a = await userWithData();
    const asked = await a.client.trpc('mutation', 'exports.request', { includeFiles: true });
    expect(asked.status).toBe(200);
    const id = asked.data.result.data.id as string;
    const ready = await waitReady(a.client, id);
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 100,
      counts: { campaigns: 2, contacts: 18, 'contact-lists': 2, deliveries: 5, events: 9, videos: 1, files: 1 },
    });
    expect(new Date(ready.expiresAt).getTime() - new Date(ready.finishedAt).getTime()).toBe(7 * DAY);

    const { res, bytes } = await download(a.client, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="avatar-studio-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    const zip = unzipSync(bytes);
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      [...EXPORT_DATASETS.flatMap((d) => [`${d}.json`, `${d}.csv`]), 'manifest.json', 'README.txt', `files/videos/${a.videoId}.mp4`].sort(),
    );
    expect(zip[`files/videos/${a.videoId}.mp4`]).toEqual(MP4);
    const text = (name: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(zip[name]);

    for (const source of SOURCES) {
      const dbRows: Record<string, unknown>[] = [];
      for await (const page of readRows(t.deps.db, source, a.user.id)) dbRows.push(...page);
      // JSON: the rows as stored.
      expect(JSON.parse(text(`${source.name}.json`))).toEqual(JSON.parse(JSON.stringify(dbRows)));
      // CSV: a BOM, one header row, then each row's cells as the CSV writer writes them.
      const csv = text(`${source.name}.csv`);
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      expect(parsed.data[0]).toEqual([...source.columns]);
      const expected = dbRows.map((r) =>
        source.columns.map((c) => csvText(r[c] !== null && typeof r[c] === 'object' && !(r[c] instanceof Date) ? JSON.stringify(r[c]) : (r[c] as never))),
      );
      expect(parsed.data.slice(1)).toEqual(expected);
    }
    // Every formula-looking cell comes out as text; the JSON keeps the value as it was.
    const contactsCsv = Papa.parse<Record<string, string>>(text('contacts.csv').slice(1), { header: true, skipEmptyLines: true }).data;
    const companies = contactsCsv.filter((c) => c.name!.startsWith('Formula')).map((c) => c.company);
    expect(companies.sort()).toEqual(FORMULAS.map((f) => `'${f}`).sort());
    expect(contactsCsv.filter((c) => c.company!.startsWith('=')).length).toBe(0);
    expect(contactsCsv.find((c) => c.id.endsWith('-0000010'))!.company).toStartWith(`'=HYPERLINK`);
    expect(Papa.parse<Record<string, string>>(text('campaigns.csv').slice(1), { header: true }).data.map((c) => c.name)).toContain(`'${FORMULAS[0]}`);
    expect(JSON.parse(text('contacts.json')).map((c: { company: string }) => c.company)).toEqual(expect.arrayContaining(FORMULAS));
    expect(JSON.parse(text('manifest.json'))).toMatchObject({ exportId: id, includeFiles: true, counts: { events: 9 } });

    // The owner is told by e-mail (the sandbox inbox here), right after the archive is stored.
    let inbox = '';
    for (let i = 0; i < 50 && !inbox.includes('export'); i++) {
      inbox = JSON.stringify((await a.client.get('/api/sandbox/inbox?channel=email')).data);
      await Bun.sleep(100);
    }
    expect(inbox).toContain('Your data export is ready');
    expect(inbox).toContain('/settings?tab=advanced');
  }, 60_000);

  test("another workspace's export, an unknown id, an anonymous caller, a key's holder: 404 or 401, never the file", async () => {
    const a = await userWithData();
    const b = await signedInClient(t.app);
    const id = (await a.client.trpc('mutation', 'exports.request', { includeFiles: false })).data.result.data.id as string;
    await waitReady(a.client, id);
    expect((await download(b.client, id)).res.status).toBe(404);
    await expect(getExport({ db: t.deps.db, scope: personalScope(b.user.id), id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await b.client.trpc('query', 'exports.list')).data.result.data).toEqual([]);
    expect((await download(a.client, 'zzzzzzzzzzzzzzzz')).res.status).toBe(404);
    const anon = await t.app.handle(new Request(`http://localhost/exports/${id}/download`));
    expect(anon.status).toBe(401);
    // The archive is a stored file, but the public /files route never serves it.
    const [row] = await t.deps.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect((await a.client.get(`/files/${row!.fileKey}`)).status).toBe(404);
    // Without files: metadata only.
    const zip = unzipSync((await download(a.client, id)).bytes);
    expect(Object.keys(zip).some((n) => n.startsWith('files/'))).toBe(false);
  }, 60_000);

  test('an archive expires after 7 days: 404, listed as expired, then deleted with its stored file by the sweep', async () => {
    const a = await userWithData();
    const id = (await a.client.trpc('mutation', 'exports.request', { includeFiles: false })).data.result.data.id as string;
    await waitReady(a.client, id);
    const db = t.deps.db;
    const storage = t.deps.providers.storage;
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
    const later = new Date(row!.expiresAt!.getTime() + 1000);
    const almost = new Date(row!.expiresAt!.getTime() - 1000);
    expect((await openExportDownload({ db, storage, scope: personalScope(a.user.id), id, now: almost })).size).toBeGreaterThan(0);
    await expect(openExportDownload({ db, storage, scope: personalScope(a.user.id), id, now: later })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listExports({ db, scope: personalScope(a.user.id), now: later }))[0]).toMatchObject({ id, status: 'expired', downloadUrl: null });
    // Reading does not delete; the sweep does (hourly job, or the user's next request).
    expect(await storage.open(row!.fileKey!)).not.toBeNull();
    expect(await cleanExpiredExports({ db, storage, now: later })).toMatchObject({ deleted: expect.any(Number) });
    expect(await storage.open(row!.fileKey!)).toBeNull();
    expect(await db.select().from(files).where(eq(files.key, row!.fileKey!))).toEqual([]);
    expect(await listExports({ db, scope: personalScope(a.user.id), now: later })).toEqual([]);
    expect((await download(a.client, id)).res.status).toBe(404);
  }, 60_000);

  test('one export at a time: a second request while one is being built answers 409', async () => {
    const a = await signedInClient(t.app);
    await t.deps.db.insert(dataExports).values({ id: newId(), workspaceId: a.user.id, createdBy: a.user.id, status: 'running' });
    const input = { includeFiles: false };
    await expect(
      requestExport({ db: t.deps.db, storage: t.deps.providers.storage, queue: t.deps.queue, scope: personalScope(a.user.id), input }),
    ).rejects.toMatchObject({
      code: 'IN_PROGRESS',
      retryable: true,
    });
    expect((await a.client.trpc('mutation', 'exports.request', input)).status).toBe(409);
  });

  test('one export at a time holds under concurrency: 10 requests at once start exactly one (database-level guarantee)', async () => {
    const a = await signedInClient(t.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => a.client.trpc('mutation', 'exports.request', { includeFiles: false })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.data.error.message).toBe(EXPORT_IN_PROGRESS);
    const rows = await t.deps.db.select({ id: dataExports.id }).from(dataExports).where(eq(dataExports.workspaceId, a.user.id));
    expect(rows).toHaveLength(1);
    await waitReady(a.client, rows[0]!.id);
  }, 60_000);

  test('rows are read in keyset pages: every row once, in key order, whatever the page size', async () => {
    const a = await signedInClient(t.app);
    await seedVolume({ db: t.deps.db, scope: personalScope(a.user.id), n: { contacts: 7, deliveries: 0, events: 0 } });
    const source = SOURCES.find((s) => s.name === 'contacts')!;
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const page of readRows(t.deps.db, source, a.user.id, 3)) {
      pages.push(page.length);
      ids.push(...page.map((r) => r.id as string));
    }
    expect(pages).toEqual([3, 3, 1]);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(7);
  });
  test('exports are the workspace’s: a member may not start or download one (403), an admin may, and it holds the workspace’s rows', async () => {
    const owner = await userWithData();
    const member = await signedInClient(t.app);
    await seedVolume({ db: t.deps.db, scope: personalScope(member.user.id), n: { contacts: 3, deliveries: 0, events: 0 } });
    await t.deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    const scope: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };
    const deps = { db: t.deps.db, storage: t.deps.providers.storage, queue: t.deps.queue };
    const forbidden = { code: 'FORBIDDEN' };
    await expect(requestExport({ ...deps, scope, input: { includeFiles: false } })).rejects.toMatchObject(forbidden);
    const id = (await owner.client.trpc('mutation', 'exports.request', { includeFiles: false })).data.result.data.id as string;
    await waitReady(owner.client, id);
    await expect(openExportDownload({ ...deps, scope, id })).rejects.toMatchObject(forbidden);
    // Listing is a read: any member sees the workspace's exports.
    expect((await listExports({ db: t.deps.db, scope })).map((e) => e.id)).toEqual([id]);

    const admin: Scope = { ...scope, role: 'admin' };
    expect((await openExportDownload({ ...deps, scope: admin, id })).size).toBeGreaterThan(0);
    await t.deps.db.delete(dataExports).where(eq(dataExports.id, id));
    const asked = await requestExport({ ...deps, scope: admin, input: { includeFiles: false } });
    const [row] = await t.deps.db.select().from(dataExports).where(eq(dataExports.id, asked.id));
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });
    // Built from the workspace's rows: the owner's 18 contacts, none of the member's own.
    for (let i = 0; i < 300 && (await getExport({ db: t.deps.db, scope: admin, id: asked.id })).status !== 'ready'; i++) await Bun.sleep(100);
    expect((await getExport({ db: t.deps.db, scope: admin, id: asked.id })).counts).toMatchObject({ contacts: 18 });
  }, 60_000);
});
