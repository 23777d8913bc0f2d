import { expect, type Page } from '@playwright/test';

let counter = 0;
export function newUser() {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { fullName: 'Jane Cooper', email: `jane.${id}@example.com`, username: `jane_${id}`, password: 'correct-horse-9' };
}

/** Signs a fresh user up through the API; the page's context carries the session cookie. */
export async function signUpViaApi(page: Page) {
  const user = newUser();
  const res = await page.request.post('/api/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

export const toast = (page: Page) => page.getByTestId('toast');

/** A valid 1×1 PNG (the server checks image bytes, not the name). */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Closes the visible toast (it sits over the bottom-right corner of the page). */
export async function dismissToast(page: Page) {
  await page.getByTestId('toast').getByRole('button').click();
  await expect(page.getByTestId('toast')).toHaveCount(0);
}

/** A short real render through the talk API (the local engine); waits until the video is completed and returns its id. */
export async function renderVideo(page: Page, script: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await page.request.post('/api/avatars/talk', { data: { avatarId: 'stock-7', voiceId: 'local-en-female', script, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
  const { videoId } = (await res.json()) as { videoId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/videos/${videoId}/status`)).json()) as { status: string }).status, {
      timeout: 150_000,
      intervals: [1000],
    })
    .toBe('completed');
  return videoId;
}

/** Checks the toast says each of `texts`, then closes it (it sits over the bottom-right corner, where Send Video is). */
export async function closeToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
  await dismissToast(page);
}

/** A contact list made through the API from CSV rows under `header`; every row must be imported. Returns its id. */
export async function importList(page: Page, name: string, rows: string[], header = 'first_name,last_name,email') {
  const list = (await (await page.request.post('/api/contact-lists', { data: { name } })).json()) as { id: string };
  const res = await page.request.post(`/api/contact-lists/${list.id}/import`, {
    multipart: { file: { name: `${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from([header, ...rows].join('\n')) } },
  });
  expect(((await res.json()) as { imported: number }).imported).toBe(rows.length);
  return list.id;
}

/** The wizard keeps its state in session storage per user: open it at Send To Contact with a saved video (as after its Payment step). */
export async function openSendStep(page: Page, videoId: string) {
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  await page.goto('/dashboard');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    `create-video:${user.id}`,
    JSON.stringify({ step: 'distribute', reached: 6, savedVideoId: videoId }),
  ] as const);
  await page.goto('/create-video');
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'distribute');
  await expect(page.getByTestId('send-to-contact')).toBeVisible();
}
