import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, testApp } from '../../../test/harness';
import { TEMPLATE_CATALOGUE, templateVariablesOf } from '../../../shared/templates';
import { VOICES } from '../../../media/voice-catalogue';
import { ROLE_LABELS } from '../../avatars/roles';
import { LANGUAGES } from '../../settings/schemas';
import { CATALOGUE_WORDS, localizeTemplate, templateBackgroundName } from '.';

const OTHERS = LANGUAGES.filter((l) => l !== 'en');

describe('the catalogue in every language', () => {
  // Fails as soon as a user-facing string of the catalogue has no translation in some language.
  test.each(OTHERS)('%s: every template, variable label and text default is translated', (lang) => {
    const words = CATALOGUE_WORDS[lang];
    for (const en of TEMPLATE_CATALOGUE) {
      const own = words.templates[en.id];
      expect(own, `${lang}/${en.id}`).toBeDefined();
      const t = localizeTemplate(en, lang);
      for (const field of ['name', 'description', 'script'] as const) {
        expect(t[field].trim(), `${lang}/${en.id}.${field}`).not.toBe('');
        expect(t[field], `${lang}/${en.id}.${field} is still English`).not.toBe(en[field]);
      }
      // The same placeholders: a translation may not drop or invent a variable.
      expect(new Set(templateVariablesOf(t.script))).toEqual(new Set(templateVariablesOf(en.script)));
      for (const [name, v] of Object.entries(en.variables)) {
        expect(words.labels[name], `${lang}: label of {${name}}`).toBeString();
        if (v.kind === 'text') expect(own?.defaults[name], `${lang}/${en.id}: default of {${name}}`).toBeString();
      }
      // The default voice speaks the template's language.
      expect(VOICES.some((v) => v.id === t.variables.voice?.defaultValue && v.language === lang)).toBe(true);
      expect(templateBackgroundName(en, lang)).toContain(t.name);
    }
    // No stale words for a template that no longer exists.
    expect(Object.keys(words.templates).sort()).toEqual(TEMPLATE_CATALOGUE.map((t) => t.id).sort());
  });

  test('the presenters’ role labels exist in every language', () => {
    for (const lang of LANGUAGES) {
      for (const role of ['office', 'casual', 'custom'] as const) expect(ROLE_LABELS[lang][role].trim()).not.toBe('');
      if (lang !== 'en') expect(ROLE_LABELS[lang].office).not.toBe(ROLE_LABELS.en.office);
    }
  });
});

describe('served in the user’s language', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    ctx = await testApp();
  });

  test('templates, backgrounds, dashboard and presenters follow settings.language', async () => {
    const { client } = await signedInClient(ctx.app);
    const en = (await client.get('/api/templates')).data.templates.find((t: { id: string }) => t.id === 'story-welcome');
    expect(en.name).toBe('Welcome story');

    expect((await client.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    const list = (await client.get('/api/templates')).data.templates;
    const fr = list.find((t: { id: string }) => t.id === 'story-welcome');
    expect(fr.name).toBe('Story de bienvenue');
    expect(fr.script).toStartWith('Bienvenue à bord, {first_name} !');
    expect(fr.variables.call_to_action.label).toBe('Appel à l’action');
    expect(fr.variables.voice.defaultValue).toBe('local-fr-female');
    expect((await client.get('/api/templates/product-launch')).data.name).toBe('Lancement de produit');

    const backgrounds = (await client.get('/api/background-videos')).data.backgrounds;
    expect(backgrounds.map((b: { name: string }) => b.name)).toContain('Arrière-plan Story de bienvenue');
    const dashboard = (await client.get('/api/dashboard')).data;
    for (const t of dashboard.templates) expect(t.name).toBe(list.find((x: { id: string }) => x.id === t.id).name);
    const avatars = (await client.get('/api/avatars?limit=4')).data.avatars;
    expect(avatars.map((a: { categoryLabel: string }) => a.categoryLabel)).toEqual(['Bureau', 'Bureau', 'Décontracté', 'Décontracté']);

    await client.patch('/api/settings', { language: 'es' });
    expect((await client.get('/api/templates/recruitment')).data.name).toBe('Contacto de selección');
  });
});
