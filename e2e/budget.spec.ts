import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

// Issue figure: the landing page's initial JavaScript stays within 150 KB gzip.
const BUDGET_KB = 150;

test('landing page initial JS is within the gzip budget', async ({ page }) => {
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.url().endsWith('.js') || type.includes('javascript')) {
      scripts.set(
        res.url(),
        res.body().then((b) => gzipSync(b, { level: 9 }).length),
      );
    }
  });
  await page.goto('/');
  await expect(page.getByTestId('pricing-card-pro')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts.values());
  const totalKb = sizes.reduce((a, b) => a + b, 0) / 1024;
  if (process.env.BUDGET_VERBOSE)
    for (const [url, size] of scripts) console.log(`${((await size) / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  console.log(`landing initial JS: ${scripts.size} files, ${totalKb.toFixed(1)} KB gzip`);
  test.info().annotations.push({ type: 'landing-js-gzip-kb', description: totalKb.toFixed(1) });
  expect(totalKb).toBeLessThanOrEqual(BUDGET_KB);
});
