import { expect, test } from 'bun:test';
import { KeyRound } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DEFAULT_SETTINGS, type TSettingsPatch } from '@/domains/settings/schemas';
import { sectionToggles, SettingsCard, ToggleCard } from './settings-card';

const html = renderToStaticMarkup;

test('SettingsCard: a bordered section, its title with the icon when given, the hint, the body', () => {
  const out = html(
    <SettingsCard title="API keys" icon={KeyRound} hint="Keys for the REST API" testId="api-keys">
      <p>body</p>
    </SettingsCard>,
  );
  expect(out).toStartWith('<section class="rounded-box border border-base-300 p-4" data-testid="api-keys">');
  expect(out).toContain('<h2 class="flex items-center gap-2 text-lg font-semibold"><svg');
  expect(out).toContain('</svg> API keys</h2>');
  expect(out).toContain('<p class="mb-4 text-sm text-base-content/60">Keys for the REST API</p><p>body</p>');
  const plain = html(
    <SettingsCard title="Developer">
      <p>body</p>
    </SettingsCard>,
  );
  expect(plain).toContain('<h2 class="text-lg font-semibold">Developer</h2><p>body</p>');
  expect(plain).not.toContain('<svg');
});

test('ToggleCard: one switch per toggle, each with its label, hint, state and test id', () => {
  const out = html(
    <ToggleCard
      title="Privacy"
      toggles={[
        { label: 'Share analytics', hint: 'Anonymous', checked: true, onChange: () => {}, testId: 'share-analytics' },
        { label: 'Personalise', checked: false, onChange: () => {}, testId: 'allow-personalization' },
      ]}
    />,
  );
  expect(out).toContain('<h2 class="text-lg font-semibold">Privacy</h2><div class="divide-y divide-base-300">');
  expect(out.match(/type="checkbox"/g)?.length).toBe(2);
  expect(out).toContain(`data-testid="share-analytics" checked=""/>`);
  expect(out).toContain(`data-testid="allow-personalization"/>`);
  expect(out).toContain('Share analytics');
  expect(out).toContain('Anonymous');
});

test('sectionToggles: a section’s keys as switches with the words key() and keyHint(), a kebab-case test id, a change saved in the section', () => {
  const settings = { ...DEFAULT_SETTINGS, advanced: { ...DEFAULT_SETTINGS.advanced, apiAccess: true } };
  const words = { developerMode: () => 'Developer mode', developerModeHint: () => 'Shows ids', apiAccess: () => 'API', apiAccessHint: () => 'Keys' };
  const saved: TSettingsPatch[] = [];
  const toggles = sectionToggles(settings, 'advanced', ['developerMode', 'apiAccess'], words, (p) => saved.push(p));
  expect(toggles.map(({ onChange: _, ...t }) => t)).toEqual([
    { label: 'Developer mode', hint: 'Shows ids', checked: false, testId: 'developer-mode' },
    { label: 'API', hint: 'Keys', checked: true, testId: 'api-access' },
  ]);
  toggles[1]?.onChange(false);
  expect(saved).toEqual([{ advanced: { apiAccess: false } }]);
});
