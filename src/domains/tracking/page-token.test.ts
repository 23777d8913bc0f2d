import { describe, expect, test } from 'bun:test';
import { createSecretBox } from '../../server/crypto';
import { issuePageToken, readPageToken } from './page-token';

const box = createSecretBox('page-token-test-key-material');
const link = { linkToken: 'abcdefghabcdefgh', videoId: 'v1' };

describe('page tokens carry the post that brought the viewer (decision 229)', () => {
  test('a `via` is sealed with the rest: read back, and a changed or added one is refused', async () => {
    const token = await issuePageToken(box, { ...link, ip: '198.18.0.1', via: 'abcdefghijklmnop' });
    expect((await readPageToken(box, token, link))?.via).toBe('abcdefghijklmnop');
    const parts = token.split('.');
    expect(await readPageToken(box, [...parts.slice(0, 4), 'bbbbbbbbbbbbbbbb'].join('.'), link)).toBeNull();
    const plain = await issuePageToken(box, { ...link, ip: '198.18.0.1' });
    expect((await readPageToken(box, plain, link))?.via).toBeNull();
    expect(await readPageToken(box, `${plain}.abcdefghijklmnop`, link)).toBeNull();
  });

  test('a malformed `via` is not sealed: the page counts for the video alone', async () => {
    const token = await issuePageToken(box, { ...link, ip: '198.18.0.1', via: 'not an id!' });
    expect(token.split('.')).toHaveLength(4);
    expect((await readPageToken(box, token, link))?.via).toBeNull();
  });
});
