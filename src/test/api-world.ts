import { Resvg } from '@resvg/resvg-js';
import { eq } from 'drizzle-orm';
import { campaigns } from '../domains/campaigns/tables';
import type { Db } from '../server/db/client';
import { formWith } from './fixtures';
import { signedInClient, TestClient } from './harness';
import { pollUntil, settled } from './wait';
import { portraitJpeg } from './faces';

type App = { handle(r: Request): Promise<Response> };

let face: Promise<Uint8Array> | undefined;
/** A portrait with one face (made once per test process: detection and ffmpeg cost seconds). */
export const facePhoto = () => (face ??= portraitJpeg(800));

export const portraitPng = (w = 300, h = 300) =>
  new Uint8Array(
    new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#d4a373"/><circle cx="${w / 2}" cy="${h * 0.4}" r="${w / 4}" fill="#6b4226"/></svg>`,
    )
      .render()
      .asPng(),
  );

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/**
 * One user owning one of everything the documented API talks about (a campaign waiting for its
 * start day, a rendered video, a saved one, a list with a contact, a distribution with a sent
 * e-mail, a custom avatar, an uploaded background, a sandbox social profile), so that tests can
 * call every operation with ids that answer their success status.
 */
export async function buildApiWorld(app: App, db: Db) {
  const { client, user, password } = await signedInClient(app);
  const ok = async <T = any>(p: Promise<{ status: number; data: any }>, what: string): Promise<T> => {
    const r = await p;
    if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.data)}`);
    return r.data as T;
  };

  const talk = await ok(
    client.post('/api/avatars/talk', { avatarId: 'stock-7', script: 'Hello {first_name}. This is our product.', voiceId: 'local-en-female', captions: 'none' }),
    'talk',
  );
  // Custom avatars need a photo with one face (checked at upload).
  const upload = await ok(client.post('/api/avatars/upload', formWith('image', await facePhoto(), 'me.jpg', 'image/jpeg')), 'avatar upload');
  const avatar = await ok(
    client.post('/api/avatars/create-custom', { name: 'Me', gender: 'female', imageUrl: upload.url, mimeType: 'image/jpeg' }),
    'create-custom',
  );
  const background = await ok(client.post('/api/backgrounds/upload', formWith('file', portraitPng(64, 36), 'bg.png', 'image/png')), 'background');
  const saved = await ok(client.post('/api/videos', { title: 'Saved', videoUrl: 'https://cdn.example.com/x.mp4', status: 'completed' }), 'video');
  const campaign = await ok(
    client.post('/api/campaigns', { name: 'Spring', platforms: ['email'], videoIds: [saved.id], startDate: '2999-01-01', endDate: '2999-02-01' }),
    'campaign',
  );
  await ok(client.patch(`/api/campaigns/${campaign.id}`, { action: 'launch' }), 'launch');
  // Scheduled, and its start day has come: reading it must not be what moves it.
  await db.update(campaigns).set({ startDate: yesterday() }).where(eq(campaigns.id, campaign.id));
  const list = await ok(client.post('/api/contact-lists', { name: 'VIP' }), 'list');
  const contact = await ok(
    client.post(`/api/contact-lists/${list.id}/contacts`, { firstName: 'Alice', lastName: 'Martin', email: 'alice@example.com', phoneNumber: '+33612345678' }),
    'contact',
  );

  const auth = await ok(client.post('/api/social-connections/auth-url', { platformId: 'linkedin' }), 'auth-url');
  await client.request('POST', auth.authUrl, new URLSearchParams({ action: 'allow', platform: 'linkedin', accountName: 'Me' }).toString(), {
    origin: 'http://localhost',
    'content-type': 'application/x-www-form-urlencoded',
  });
  const [profile] = await ok<{ id: string }[]>(client.get('/api/social-profiles'), 'profiles');
  const [socialContact] = await ok<{ id: string }[]>(client.get('/api/social-contacts'), 'social contacts');

  const rendered = await pollUntil(client, `/api/videos/${talk.videoId}/status`, settled, 90_000);
  if (rendered.data.status !== 'completed') throw new Error(`render: ${JSON.stringify(rendered.data)}`);
  const ready = await pollUntil(client, `/api/avatars/custom/${avatar.id}`, (d) => d.status === 'done' || d.status === 'failed', 30_000);
  if (ready.data.status !== 'done') throw new Error(`custom avatar: ${JSON.stringify(ready.data)}`);
  const distribution = await ok(client.post(`/api/videos/${talk.videoId}/distribute`, { listIds: [list.id], platforms: ['email'] }), 'distribute');
  await pollUntil(client, `/api/distributions/${distribution.distributionId}/progress`, (p) => p.done, 60_000);
  const inbox = await ok(client.get('/api/sandbox/inbox'), 'inbox');
  // A delivery's landing page, served once: beacons carry its link and page-load tokens (decision 206).
  const sentTo = await ok(client.get(`/api/distributions/${distribution.distributionId}`), 'distribution');
  const landingPath = new URL(sentTo.deliveries[0].landingUrl).pathname;
  const landingHtml = String((await new TestClient(app).get(landingPath)).data);
  const beaconPage = { token: landingPath.slice(3), page: /P="([A-Za-z0-9_.-]+)"/.exec(landingHtml)?.[1] ?? '' };

  return {
    client,
    user,
    password,
    anon: new TestClient(app),
    talk: talk as { videoId: string; taskId: string },
    savedVideoId: saved.id as string,
    /** The link and page-load tokens of a served landing page, for beacons. */
    beaconPage,
    campaignId: campaign.id as string,
    listId: list.id as string,
    contactId: contact.id as string,
    avatarId: avatar.id as string,
    backgroundId: background.id as string,
    profileId: profile!.id,
    socialContactId: socialContact!.id,
    distributionId: distribution.distributionId as string,
    inboxMessageId: inbox.messages[0]?.id as string,
    templateId: 'sales-intro',
    voiceId: 'local-en-female',
    stockAvatarId: 'stock-0',
  };
}
export type ApiWorld = Awaited<ReturnType<typeof buildApiWorld>>;
