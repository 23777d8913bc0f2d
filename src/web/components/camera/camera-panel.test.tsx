import { describe, expect, test } from 'bun:test';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import TypesafeI18n from '@locales/i18n-react';
import { loadLocale } from '@locales/i18n-util.sync';
import { AvatarGuidance } from './avatar-guidance';
import { CameraPanel, UseCameraButton } from './camera-panel';

for (const l of ['en', 'fr', 'es'] as const) loadLocale(l);
const html = (node: ReactNode, locale: 'en' | 'fr' | 'es' = 'en') => renderToStaticMarkup(<TypesafeI18n locale={locale}>{node}</TypesafeI18n>);

describe('camera panel', () => {
  test('opens on Photo, offers Clip, starts the camera, says what works best and keeps the file picker', () => {
    const out = html(<CameraPanel onUse={() => {}} onClose={() => {}} fileInputId="pick" />);
    expect(out).toContain('data-camera="starting"');
    expect(out).toMatch(/role="tab" aria-selected="true"[^>]*>Photo</);
    expect(out).toMatch(/role="tab" aria-selected="false"[^>]*>Clip</);
    expect(out).toContain('Starting the camera…');
    expect(out).toContain('Face at least 200 px wide, looking at the camera, even light, a photo that shows your teeth (smile!)');
    expect(out).not.toContain('For a clip');
    expect(out).toMatch(/<label for="pick"[^>]*>Choose a file instead<\/label>/);
    expect(out).toContain('aria-label="Close the camera"');
  });

  test('in French and Spanish', () => {
    expect(html(<CameraPanel onUse={() => {}} onClose={() => {}} fileInputId="pick" />, 'fr')).toContain('Choisir plutôt un fichier');
    expect(html(<UseCameraButton onClick={() => {}} />, 'es')).toContain('Usar mi cámara');
    expect(html(<AvatarGuidance clip />, 'fr')).toContain('Pour un clip : 10 à 60 secondes');
  });

  test('"Use my camera" button, and the guidance with the clip line', () => {
    expect(html(<UseCameraButton onClick={() => {}} />)).toContain('Use my camera');
    const tips = html(<AvatarGuidance clip />);
    expect(tips).toContain('What works best');
    expect(tips).toContain('For a clip: 10–60 seconds, keep your head in the frame, talking or smiling naturally');
  });
});
