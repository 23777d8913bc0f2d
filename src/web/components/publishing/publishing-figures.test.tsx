import { describe, expect, test } from 'bun:test';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { PublishingFigures } from './publishing-figures';

loadLocale('en');
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const render = (figures: Parameters<typeof PublishingFigures>[0]['figures']) =>
  renderToStaticMarkup(
    <TypesafeI18n locale="en">
      <PublishingFigures figures={figures} />
    </TypesafeI18n>,
  );
const rowOf = (html: string, platform: string) => text(html.split(`data-testid="publishing-figure" data-platform="${platform}"`)[1]!.split('</li>')[0]!);

describe('PublishingFigures', () => {
  test('each platform: posts, the platform’s views with their source, the link’s clicks and plays', () => {
    const html = render([{ platform: 'youtube', posts: 2, views: 1204, viewsSource: 'sandbox player plays', clicks: 7, plays: 3 }]);
    expect(rowOf(html, 'youtube')).toContain('Posts 2 Platform views 1,204 sandbox player plays Link clicks 7 Plays 3');
  });

  test('nothing measured is "—", never an invented zero', () => {
    const html = render([{ platform: 'facebook', posts: 1, views: 0, viewsSource: null, clicks: 0, plays: 0 }]);
    expect(rowOf(html, 'facebook')).toContain('Posts 1 Platform views — Link clicks 0 Plays 0');
    expect(rowOf(html, 'instagram')).toContain('Posts — Platform views — Link clicks — Plays —');
    expect(text(render([]))).toContain('No video of this campaign is published yet.');
  });
});
