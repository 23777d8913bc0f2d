import { afterEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { PublishError, type PublishingProvider, type PublishRequest } from '../../server/providers/publishing/types';
import { stableJobId } from '../../server/jobs/job-ids';
import { UPLOAD_JOB } from './constants';
import { connect, connectionTo, m, publishingWorld, settled, setup, trpcData } from './fixtures/world';
import { publications, publishingConnections, sandboxPosts } from './tables';

// A platform that refuses: a small provider standing for Facebook's or YouTube's answers (the code
// under test is the job's handling of them, through the real queue and database).
const w = publishingWorld();

let restore: (() => void) | null = null;
afterEach(() => restore?.());

/** Puts `fake` in place of the youtube provider for one test; the sandbox's own consent flow still connects. */
function platformAnswers(kind: PublishError['kind'], message: string) {
  const sandbox = w.t.deps.providers.publishing.youtube;
  const calls: PublishRequest[] = [];
  const fake: PublishingProvider = {
    ...sandbox,
    name: 'youtube',
    sandbox: false,
    refresh: async ({ token }) => token,
    publish: async (req) => {
      calls.push(req);
      await req.onSession?.({ uploadUrl: `https://upload.example.test/${req.reference}` });
      throw new PublishError(message, kind, kind === 'quota' ? 403 : kind === 'reauth' ? 401 : 400);
    },
  };
  w.t.deps.providers.publishing.youtube = fake;
  restore = () => {
    w.t.deps.providers.publishing.youtube = sandbox;
    restore = null;
  };
  return calls;
}

async function publishToYouTube() {
  const s = await setup(w);
  await connect(s.client, 'youtube');
  const conn = await connectionTo(s.client, 'youtube');
  return {
    ...s,
    conn,
    publish: () =>
      m(s.client, 'publish', {
        videoId: s.videoId,
        platform: 'youtube',
        targetId: conn.targets[0].id,
        title: 'Spring tour',
        description: 'Watch it',
        visibility: 'private',
        requestKey: `k-${s.videoId}`,
      }),
  };
}

const rowOf = async (id: string) => (await w.t.deps.db.select().from(publications).where(eq(publications.id, id)))[0]!;

describe('the platform refuses', () => {
  test('reauth: failed, needs reconnect, the connection shows expired, the message says reconnect; a new publish is refused until then', async () => {
    const s = await publishToYouTube();
    const calls = platformAnswers('reauth', 'Token has been expired or revoked.');
    const first = trpcData(await s.publish());
    const done = await settled(s.client, first.id);
    expect(calls.length).toBe(1);
    expect(done).toMatchObject({ status: 'failed', needsReconnect: true, error: 'YouTube asks to reconnect the account: reconnect it, then publish again' });
    const yt = await connectionTo(s.client, 'youtube');
    expect(yt.status).toBe('expired');
    // Nothing lost: the row keeps what was asked and the session the platform opened.
    const row = await rowOf(first.id);
    expect(row.title).toBe('Spring tour');
    expect(row.session).toEqual({ uploadUrl: `https://upload.example.test/${first.id}` });
    const again = await m(s.client, 'publish', {
      ...(calls[0] && {}),
      videoId: s.videoId,
      platform: 'youtube',
      targetId: s.conn.targets[0].id,
      title: 'Again',
      description: '',
      visibility: 'public',
      requestKey: 'again',
    });
    expect(again.status).toBe(400);
    expect(again.data.error.message).toBe('The connection has expired: reconnect the platform, then publish again');
    // Reconnecting makes it usable again.
    restore?.();
    await connect(s.client, 'youtube');
    const [conn] = await w.t.deps.db.select().from(publishingConnections).where(eq(publishingConnections.workspaceId, s.user.id));
    expect(conn!.status).toBe('connected');
  });

  test('quota: waits, the note says so, a later attempt is queued; nothing failed', async () => {
    const s = await publishToYouTube();
    platformAnswers('quota', 'The request cannot be completed because you have exceeded your quota.');
    const first = trpcData(await s.publish());
    const done = await settled(s.client, first.id);
    expect(done.status).toBe('queued');
    expect(done.error).toBeNull();
    expect(done.note).toMatch(/^Waiting for the platform’s upload quota: trying again at \d\d:\d\d UTC$/);
    const row = await rowOf(first.id);
    expect(row.attempts).toBe(1);
    // The next attempt waits in the queue (an hour later).
    const later = await w.t.deps.queue.getJob(UPLOAD_JOB, stableJobId(UPLOAD_JOB, first.id, 'quota', 1));
    expect(later?.state).toBe('created');
    expect(row.session).toEqual({ uploadUrl: `https://upload.example.test/${first.id}` });
  });

  test('rejected: failed with the platform’s reason, no retry', async () => {
    const s = await publishToYouTube();
    const calls = platformAnswers('rejected', 'The video is too long for this account.');
    const first = trpcData(await s.publish());
    const done = await settled(s.client, first.id);
    expect(done).toMatchObject({ status: 'failed', needsReconnect: false, error: 'The video is too long for this account.' });
    await Bun.sleep(1500);
    expect(calls.length).toBe(1);
    expect(await w.t.deps.db.select().from(sandboxPosts).where(eq(sandboxPosts.publicationId, first.id))).toEqual([]);
  });

  test('transient: retried, resuming the stored session, then published once', async () => {
    const s = await publishToYouTube();
    const sandbox = w.t.deps.providers.publishing.youtube;
    const resumes: unknown[] = [];
    let failures = 1;
    w.t.deps.providers.publishing.youtube = {
      ...sandbox,
      publish: async (req) => {
        resumes.push(req.resume ?? null);
        if (failures-- > 0) {
          await req.onSession?.({ sessionId: `sbx-session-${req.reference}` });
          throw new PublishError('Backend Error', 'transient', 503);
        }
        return sandbox.publish(req);
      },
    };
    restore = () => {
      w.t.deps.providers.publishing.youtube = sandbox;
      restore = null;
    };
    const first = trpcData(await s.publish());
    const done = await settled(s.client, first.id, 30_000);
    expect(done.status).toBe('published');
    expect(resumes).toEqual([null, { sessionId: `sbx-session-${first.id}` }]);
    expect(await w.t.deps.db.select().from(sandboxPosts).where(eq(sandboxPosts.publicationId, first.id))).toHaveLength(1);
  }, 120_000);
});
