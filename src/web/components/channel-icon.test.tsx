import { describe, expect, test } from 'bun:test';
import { Globe } from 'lucide-react';
import { i18nObject } from '@locales/i18n-util';
import { loadLocale } from '@locales/i18n-util.sync';
import { CATALOGUE } from '@/shared/channel-catalogue';
import { channelLabel } from '@/web/lib/platforms';
import { channelLook } from './channel-icon';

loadLocale('en');
loadLocale('fr');

describe('one look and one name per channel', () => {
  test('every catalogue record has its own glyph and its colours; an unknown name gets the globe', () => {
    for (const r of CATALOGUE) {
      const look = channelLook(r.id);
      expect(look.Icon).not.toBe(Globe);
      expect(look.text).toBe(r.colour.text);
      expect(look.tint).toBe(r.colour.tint);
    }
    expect(channelLook('myspace').Icon).toBe(Globe);
  });

  test('names per use: the messaging account, the campaign platform, each falling back to the other', () => {
    const en = i18nObject('en');
    expect(channelLabel(en, 'facebook')).toBe('Facebook Messenger');
    expect(channelLabel(en, 'facebook', 'campaign')).toBe('Facebook');
    expect(channelLabel(en, 'twitter')).toBe('X (Twitter)');
    expect(channelLabel(en, 'youtube')).toBe('YouTube');
    expect(channelLabel(en, 'email', 'campaign')).toBe('E-mail');
    expect(channelLabel(i18nObject('fr'), 'share', 'campaign')).toBe('Lien de partage');
    expect(channelLabel(en, 'myspace')).toBe('myspace');
  });
});
