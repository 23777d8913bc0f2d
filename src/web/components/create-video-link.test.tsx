import { expect, test } from 'bun:test';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { CreateVideoLink } from './create-video-link';

async function html(node: React.ReactNode) {
  const router = createRouter({ routeTree: createRootRoute({ component: () => node }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

test('CreateVideoLink: a link to /create-video with a plus and the label, its size and test id', async () => {
  const big = await html(<CreateVideoLink label="Create new" testId="create-new-video" />);
  expect(big).toContain('href="/create-video"');
  expect(big).toContain('class="btn btn-primary"');
  expect(big).toContain('data-testid="create-new-video"');
  expect(big).toContain('<svg');
  expect(big).toContain('Create new</a>');
  const small = await html(<CreateVideoLink label="Create new" small />);
  expect(small).toContain('class="btn btn-primary btn-sm"');
  expect(small).not.toContain('data-testid');
});
