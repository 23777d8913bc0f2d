import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import type { Connection } from './api';
import { ConnectionRow } from './connections-section';

loadLocale('en');
loadLocale('fr');
const noop = () => undefined;
const row = (c: Partial<Connection>, locale: 'en' | 'fr' = 'en') =>
  renderToStaticMarkup(
    <TypesafeI18n locale={locale}>
      <ConnectionRow
        connection={{ platform: 'youtube', sandbox: true, status: 'connected', targets: [], connectedAt: null, ...c }}
        pending={false}
        disabled={false}
        onConnect={noop}
        onDisconnect={noop}
      />
    </TypesafeI18n>,
  );
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a publishing connection', () => {
  test('connected: its channel and Disconnect, no Connect', () => {
    const html = row({ targets: [{ id: 'UC1', name: 'Spring Shop' }] });
    expect(text(html)).toContain('YouTube Connected Channel: Spring Shop');
    expect(html).toContain('data-testid="publish-disconnect-youtube"');
    expect(html).not.toContain('data-testid="publish-connect-youtube"');
  });

  test('expired: Reconnect (and still Disconnect); in French the colon is spaced', () => {
    const html = row({ status: 'expired', platform: 'facebook', targets: [{ id: 'p1', name: 'Shop' }] }, 'fr');
    expect(text(html)).toContain('Page Facebook Expiré Page : Shop');
    expect(text(html)).toContain('Reconnecter');
    expect(html).toContain('data-testid="publish-disconnect-facebook"');
  });

  test('disconnected: Connect only, no targets line', () => {
    const html = row({ status: 'disconnected', platform: 'instagram' });
    expect(text(html)).toContain('Instagram (Reels) Not connected Connect');
    expect(html).not.toContain('connection-targets');
    expect(html).not.toContain('publish-disconnect-instagram');
  });
});
