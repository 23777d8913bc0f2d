import { describe, expect, test } from 'bun:test';
import { t } from '../../server/i18n/translate';
import { noticeLines } from './email';

// The notice e-mails' words are the server's (src/server/i18n/words-notices.ts): one catalogue, every language.
describe('notice e-mail words', () => {
  test('subject and body in the reader’s language, job-written reasons translated, the viewer’s name and title kept', () => {
    const played = noticeLines('viewer.played', { viewer: 'Zoë', videoTitle: 'Tour' }, 'fr');
    expect(t('fr', ...played.subject)).toBe('Zoë regarde « Tour »');
    expect(played.body.map((l) => t('fr', ...l))).toEqual(['La lecture de votre vidéo a commencé.']);
    const anonymous = noticeLines('viewer.opened', { viewer: null, videoTitle: 'Tour' }, 'es');
    expect(t('es', ...anonymous.subject)).toBe('Alguien abrió «Tour»');
    const failed = noticeLines(
      'send.finished',
      { videoTitle: 'Tour', sent: 1, failed: 2, deferred: 0, reasons: [{ reason: 'No e-mail address', count: 2 }] },
      'fr',
    );
    expect(t('fr', ...failed.subject)).toBe('« Tour » : 1 envoyés, 2 en échec');
    expect(failed.body.map((l) => t('fr', ...l))).toEqual([
      'Envoyés : 1. En échec : 2. Reportés au lendemain (limite quotidienne) : 0.',
      'Raisons des échecs :',
      '- Pas d’adresse e-mail (2)',
    ]);
    expect(t('en', ...noticeLines('digest', { day: '2026-01-02', played: 3, clicked: 1 }, 'en').subject)).toBe('Your videos on 2026-01-02: 3 played, 1 clicks');
  });
});
