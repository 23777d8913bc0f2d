import { describe, expect, test } from 'bun:test';
import enCampaigns from '../../locales/en/campaigns';
import enSocial from '../../locales/en/social';
import frCampaigns from '../../locales/fr/campaigns';
import frSocial from '../../locales/fr/social';
import {
  CAMPAIGN_PLATFORMS,
  CATALOGUE,
  CHANNELS,
  CONNECT_PLATFORMS,
  DAILY_LIMITS,
  DIRECT_PLATFORMS,
  MESSAGE_MAX_LENGTH,
  MESSAGING_PLATFORMS,
  PLATFORM_NAMES,
  PUBLISH_PLATFORMS,
  RETIRED_PLATFORMS,
  channelName,
  type LabelUse,
} from './channel-catalogue';

// The lists every module used to write out by hand, as they were before the catalogue (the
// campaign list as decision 231 changed it); a change here is a change of behaviour.
describe('the lists derived from the channel catalogue', () => {
  test('ids per use', () => {
    expect([...CHANNELS]).toEqual(['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'email']);
    expect([...MESSAGING_PLATFORMS]).toEqual(['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'facebook']);
    expect([...CONNECT_PLATFORMS]).toEqual(['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook']);
    expect([...DIRECT_PLATFORMS]).toEqual(['linkedin', 'whatsapp']);
    expect([...PUBLISH_PLATFORMS]).toEqual(['instagram', 'facebook', 'youtube']);
    expect([...CAMPAIGN_PLATFORMS]).toEqual(['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'facebook', 'email', 'youtube', 'share']);
    expect([...RETIRED_PLATFORMS]).toEqual(['tiktok']);
  });

  test('limits and names per channel', () => {
    expect(DAILY_LIMITS).toEqual({ linkedin: 80, twitter: 50, instagram: 50, whatsapp: 200, google: 400, outlook: 300, email: 5000 });
    expect(MESSAGE_MAX_LENGTH).toEqual({ linkedin: 300, twitter: 280, instagram: 1000, whatsapp: 1000, google: 2000, outlook: 2000, email: 2000 });
    expect(PLATFORM_NAMES).toEqual({
      linkedin: 'LinkedIn',
      twitter: 'X (Twitter)',
      instagram: 'Instagram',
      whatsapp: 'WhatsApp',
      google: 'Google',
      outlook: 'Outlook',
      facebook: 'Facebook Messenger',
    });
    expect(channelName('email')).toBe('Email');
    expect(channelName('facebook', 'campaign')).toBe('Facebook');
    expect(channelName('youtube')).toBe('YouTube');
    expect(channelName('myspace')).toBe('myspace');
  });

  test('one record per id, each with an icon and colours', () => {
    expect(new Set(CATALOGUE.map((r) => r.id)).size).toBe(CATALOGUE.length);
    for (const r of CATALOGUE) {
      expect(r.icon).toBeTruthy();
      expect(r.colour.text).toStartWith('text-');
      expect(r.colour.tint).toStartWith('bg-');
      expect(r.connects.length).toBeGreaterThan(0);
    }
  });

  test('every record has a label for each of its uses in en and fr, the English one as written here', () => {
    const dictionaries: Record<LabelUse, { en: Record<string, string>; fr: Record<string, string> }> = {
      account: { en: enSocial.platforms, fr: frSocial.platforms },
      campaign: { en: enCampaigns.platforms, fr: frCampaigns.platforms },
    };
    for (const r of CATALOGUE) {
      const uses = Object.keys(r.labels) as LabelUse[];
      expect(uses.length).toBeGreaterThan(0);
      for (const use of uses) {
        expect(`${use}:${r.id}:${dictionaries[use].en[r.id]}`).toBe(`${use}:${r.id}:${(r.labels as Record<LabelUse, string>)[use]}`);
        expect(dictionaries[use].fr[r.id]).toBeString();
      }
    }
    // Every campaign platform and every send channel has a name for its use.
    for (const id of CAMPAIGN_PLATFORMS) expect(dictionaries.campaign.fr[id]).toBeString();
    for (const id of MESSAGING_PLATFORMS) expect(dictionaries.account.fr[id]).toBeString();
    for (const id of CHANNELS) expect(dictionaries.account.fr[id]).toBeString();
  });
});
