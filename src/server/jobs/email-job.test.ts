import { expect, test } from 'bun:test';
import { emailJob } from './email-job';

test('an e-mail job: three retries, two minutes a try, the handler sends the job it is given', async () => {
  const sent: { to: string }[] = [];
  const def = emailJob<{ to: string }>('some-email', async (job) => sent.push(job));
  expect(def).toMatchObject({ name: 'some-email', retryLimit: 3, expireInSeconds: 120 });
  await def.handler({ to: 'a@example.com' }, { id: 'j1', retryCount: 0, retryLimit: 3, signal: new AbortController().signal });
  expect(sent).toEqual([{ to: 'a@example.com' }]);
});
