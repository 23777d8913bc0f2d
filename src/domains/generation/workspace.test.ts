import { beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import { signedInClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import type { Scope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';
import { ZTalk } from './schemas';
import { listBackgrounds, startTalk } from './service';
import { getVideoStatus, listClips } from './status';
import { renderTasks } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

// A render is the workspace's: a member renders with the workspace's uploads, every member follows it,
// and what it stores counts in the workspace, recorded as the member's.
test('a member renders in the workspace with its background; the video, its task and its files are the workspace’s, created by the member', async () => {
  const owner = await signedInClient(t.app);
  const member = await signedInClient(t.app);
  const db = t.deps.db;
  await db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
  const inTeam: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };

  const bg = await owner.client.post('/api/backgrounds/upload', formWith('file', PNG_1x1, 'sky.png', 'image/png'));
  expect(bg.status).toBe(201);
  expect((await listBackgrounds({ db, scope: inTeam })).backgrounds[0]).toMatchObject({ id: bg.data.id, source: 'upload' });
  // The member's personal workspace does not have the owner's upload.
  expect((await member.client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello.', backgroundId: bg.data.id })).status).toBe(404);

  const started = await startTalk({ ...t.deps, scope: inTeam, input: ZTalk.parse({ avatarId: 'stock-3', script: 'Hello team.', backgroundId: bg.data.id }) });
  const [video] = await db.select().from(videos).where(eq(videos.id, started.videoId));
  expect(video).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });
  const [task] = await db.select().from(renderTasks).where(eq(renderTasks.videoId, started.videoId));
  expect(task).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });

  // The owner follows it; the member's personal workspace does not see it.
  const done = (await pollUntil(owner.client, `/api/videos/${started.videoId}/status`, settled, 60_000)).data;
  expect(done).toMatchObject({ status: 'completed' });
  expect((await getVideoStatus({ db, scope: inTeam, id: started.taskId })).status).toBe('completed');
  expect((await listClips({ db, scope: inTeam })).clips.map((c) => c.videoId)).toContain(started.videoId);
  expect((await member.client.get(`/api/videos/${started.videoId}/status`)).status).toBe(404);

  const key = (done.url as string).replace(/^\/files\//, '');
  const [file] = await db.select().from(files).where(eq(files.key, key));
  expect(file).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id, kind: 'render' });
}, 90_000);
