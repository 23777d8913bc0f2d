import { describe, expect, test } from 'bun:test';
import { loadEnv } from '../server/env';
import { forwardedClient } from '../server/http/client-ip';

describe('TRUST_PROXY', () => {
  test('true is one hop, false none, a number that many; anything else refuses to start', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(0);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(() => loadEnv({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY');
    expect(() => loadEnv({ TRUST_PROXY: '-1' })).toThrow('TRUST_PROXY');
  });

  test('the address the trusted proxy appended, whatever the client wrote to its left', () => {
    // client → proxy → app: the proxy appends the client's address.
    expect(forwardedClient('203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClient('1.1.1.1,2.2.2.2 , 6.6.6.6,203.0.113.7', 1)).toBe('203.0.113.7');
    // client → CDN → load balancer → app: the CDN appended the client, the balancer the CDN.
    expect(forwardedClient('6.6.6.6, 203.0.113.7, 198.51.100.1', 2)).toBe('203.0.113.7');
    // Fewer entries than hops: every one was written by a trusted proxy, the leftmost is the client.
    expect(forwardedClient('203.0.113.7', 2)).toBe('203.0.113.7');
  });

  test('ignored without trusted proxies or without the header', () => {
    expect(forwardedClient('6.6.6.6, 203.0.113.7', 0)).toBeNull();
    expect(forwardedClient(null, 1)).toBeNull();
    expect(forwardedClient(' , ', 1)).toBeNull();
  });
});
