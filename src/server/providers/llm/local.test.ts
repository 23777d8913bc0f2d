import { describe, expect, test } from 'bun:test';
import { detectIntents, detectLanguage } from './improve';
import { composeMessage, createLocalComposer, MAX_WORDS, MIN_WORDS } from './local';
import { fitToLength, polish, wordCount } from './text';
import type { GenerateRequest, ScriptLanguage, ScriptTone } from './types';

const llm = createLocalComposer();
const TONES: ScriptTone[] = ['friendly', 'professional', 'enthusiastic', 'casual', 'persuasive'];
const LANGS: ScriptLanguage[] = ['en', 'fr', 'es', 'de', 'it', 'pt'];

const request = (over: Partial<GenerateRequest> = {}): GenerateRequest => ({
  campaign: {
    name: 'Spring Launch',
    description: 'Our onboarding assistant cuts ramp-up time in half. It plugs into your HR tools in minutes.',
    product: 'OnboardAI',
    sector: 'Technology',
    callToAction: 'Book a 15-minute demo',
  },
  recipient: { firstName: 'Marie', fullName: 'Marie Curie', company: 'Radium Labs', position: 'Head of People' },
  sender: { name: 'Sam Carter', company: 'Brightwave' },
  tone: 'professional',
  language: 'en',
  ...over,
});

describe('local composer: generate', () => {
  test('same input → same script; a different recipient → a different script', async () => {
    const a = await llm.generateScript(request());
    expect(await llm.generateScript(request())).toBe(a);
    const b = await llm.generateScript(request({ recipient: { firstName: 'Jon', company: 'Snow Inc' } }));
    expect(b).not.toBe(a);
  });

  test('uses the recipient, company, position, campaign, product, call to action and speaker', async () => {
    const s = await llm.generateScript(request());
    for (const part of [
      'Marie',
      'Radium Labs',
      'Head of People',
      'Spring Launch',
      'OnboardAI',
      'book a 15-minute demo',
      'Sam Carter',
      'Brightwave',
      'cuts ramp-up time in half',
    ])
      expect(s).toContain(part);
    expect(s).not.toContain('{first_name}');
    expect(s).not.toMatch(/\{\w+\}/);
  });

  test('without a recipient it writes {first_name} and {company} for per-contact personalisation', async () => {
    const s = await llm.generateScript(request({ recipient: null }));
    expect(s).toContain('{first_name}');
    expect(s).toContain('{company}');
  });

  test('every tone and language gives a 20–60 s spoken script (55–150 words) ending with punctuation', async () => {
    for (const language of LANGS)
      for (const tone of TONES)
        for (const campaign of [request().campaign, { description: 'A webinar on AI' }, { product: 'CRM Cloud' }]) {
          const s = await llm.generateScript(request({ tone, language, campaign }));
          const words = wordCount(s);
          expect(words).toBeGreaterThanOrEqual(MIN_WORDS - 10);
          expect(words).toBeLessThanOrEqual(MAX_WORDS);
          expect(s).toMatch(/[.!?…]$/);
        }
  });

  test('a very long description is cut to stay under 60 seconds', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Benefit number ${i + 1} saves your team real time every week.`).join(' ');
    const s = await llm.generateScript(request({ campaign: { description: long } }));
    expect(wordCount(s)).toBeLessThanOrEqual(MAX_WORDS);
    expect(s).toContain('Benefit number 1 saves');
  });

  test('the tone changes the wording', async () => {
    const scripts = await Promise.all(TONES.map((tone) => llm.generateScript(request({ tone }))));
    expect(new Set(scripts).size).toBe(TONES.length);
    expect(scripts[TONES.indexOf('casual')]).toMatch(/^Hey Marie/);
    expect(scripts[TONES.indexOf('professional')]).toMatch(/^Hello Marie/);
  });

  test('French and Spanish scripts are written in those languages, sectors translated', async () => {
    const fr = await llm.generateScript(request({ language: 'fr' }));
    expect(fr).toMatch(/^Bonjour Marie/);
    expect(fr).toContain('vous');
    expect(fr).toContain('Technologie');
    expect(fr).toContain('Radium Labs');
    const es = await llm.generateScript(request({ language: 'es', tone: 'friendly' }));
    expect(es).toMatch(/^¡Hola, Marie!/);
    expect(es).toContain('Tecnología');
    const de = await llm.generateScript(request({ language: 'de' }));
    expect(de).toMatch(/^Guten Tag Marie/);
  });

  test('a description that greets already is not greeted twice', async () => {
    const s = await llm.generateScript(request({ campaign: { description: 'Hi Marie, I wanted to share our new pricing with you.' } }));
    expect(s.match(/\b(Hi|Hello) Marie/g)?.length).toBe(1);
  });
});

describe('local composer: improve', () => {
  const _script =
    'Hello Marie. I am really excited to show you our product. I think that it could help your team. It is very easy to set up. We have a free trial. Maybe you could try it. Thanks for watching.';

  test('works in the script’s own language: a French script gets a French call to action', async () => {
    const fr = 'Bonjour Marie, je vous présente notre outil. Il est simple et rapide pour votre équipe. Merci pour votre temps.';
    expect(detectLanguage(fr, 'en')).toBe('fr');
    const out = await llm.improveScript({ script: fr, instructions: 'Add a clear call to action', language: 'en' });
    expect(out).toContain('Il vous suffit de cliquer sur le bouton');
    expect(out).toEndWith('Merci pour votre temps.');
    expect(detectIntents('Rends-le plus court')).toEqual(['concise']);
    expect(detectIntents('Hazlo más persuasivo')).toEqual(['persuasive']);
  });

  test('“Make it more concise” keeps the offer and the call to action of a generated script', async () => {
    const offer = 'This month, new teams get 30% off the first year.';
    const script = await llm.generateScript(
      request({ campaign: { ...request().campaign, description: `Our onboarding assistant cuts ramp-up time in half. It plugs into your HR tools in minutes. ${offer}` } }),
    );
    expect(script).toContain(offer);
    const out = await llm.improveScript({ script, instructions: 'Make it more concise', language: 'en' });
    expect(wordCount(out)).toBeLessThan(wordCount(script));
    expect(out).toContain(offer);
    expect(out).toMatch(/demo/i);
    const fr = "Bonjour Marie. Je voulais vous présenter notre outil. Il est simple. Il se branche sur vos outils RH. Ce mois-ci, l'essai est gratuit pendant 30 jours. Cliquez sur le bouton ci-dessous. Merci pour votre temps.";
    const shorter = await llm.improveScript({ script: fr, instructions: 'Rends-le plus concis', language: 'fr' });
    expect(shorter).toContain("l'essai est gratuit pendant 30 jours");
    expect(shorter).toContain('Cliquez sur le bouton');
  });

  test('unknown instructions only polish: spacing, sentence case, ending punctuation; variables untouched', async () => {
    const out = await llm.improveScript({ script: '  hi {first_name} ,this is   a test.we love {company}  ', instructions: 'whatever', language: 'en' });
    expect(out).toBe('Hi {first_name}, this is a test. We love {company}.');
  });

  test('professional and casual rewrite English contractions and greetings', async () => {
    const pro = await llm.improveScript({ script: "Hey Marie! I'm sure you'll like it! Don't miss it.", instructions: 'more formal please', language: 'en' });
    expect(pro).toBe('Hello Marie. I am sure you will like it. Do not miss it.');
    const casual = await llm.improveScript({ script: 'Hello Marie. I am sure it is good.', instructions: 'make it casual', language: 'en' });
    expect(casual).toBe("Hey Marie. I'm sure it's good.");
  });
});

describe('local composer: inspire', () => {
  test('stays within maxLength, at a sentence boundary, and builds on the input text', async () => {
    for (const maxLength of [500, 300, 200, 120, 60, 20]) {
      const s = await llm.inspireScript({
        inputText: 'We help small shops sell online. Setup takes one afternoon.',
        tone: 'enthusiastic',
        maxLength,
        language: 'en',
        sender: {},
      });
      expect(s.length).toBeLessThanOrEqual(maxLength);
      expect(s).toMatch(/[.!?…]$/);
      if (maxLength >= 120) expect(s).toContain('We help small shops sell online.');
    }
  });

  test('without input text it still inspires, with {first_name}', async () => {
    const s = await llm.inspireScript({ inputText: '', tone: 'friendly', maxLength: 500, language: 'fr', sender: {} });
    expect(s).toContain('{first_name}');
    expect(s).toMatch(/Bonjour/);
  });

  test('message: per platform, {first_name}, the video title, within the platform limit', () => {
    const msg = (platform: 'linkedin' | 'twitter' | 'whatsapp' | 'email', videoTitle: string | null, maxLength = 300) =>
      composeMessage({ platform, videoTitle, maxLength, language: 'en', sender: { name: 'Sam Carter' } });
    const linkedin = msg('linkedin', 'Spring offer');
    expect(linkedin).toContain('{first_name}');
    expect(linkedin).toContain('"Spring offer"');
    expect(linkedin).toMatch(/^Hi \{first_name\}/);
    expect(msg('whatsapp', null)).toMatch(/^Hey \{first_name\} 👋/);
    const email = msg('email', null, 2000);
    expect(email).toStartWith('Hi {first_name},\n\n');
    expect(email).toEndWith('Best regards,\nSam Carter');
    expect(msg('twitter', 'x'.repeat(200), 280).length).toBeLessThanOrEqual(280);
    expect(composeMessage({ platform: 'linkedin', videoTitle: null, maxLength: 300, language: 'es', sender: {} })).toMatch(/^Hola, \{first_name\}/);
  });
});

describe('text helpers', () => {
  test('fitToLength cuts at sentence boundaries and never exceeds', () => {
    expect(fitToLength('One. Two two. Three three three.', 14)).toBe('One. Two two.');
    expect(fitToLength('Short enough.', 100)).toBe('Short enough.');
    const cut = fitToLength('A very long sentence without any stop at all here', 20);
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(cut).toEndWith('…');
  });

  test('polish keeps French spacing before ! and ?', () => {
    expect(polish('bonjour Marie ! ça va ?', { language: 'fr' })).toBe('Bonjour Marie ! Ça va ?');
    expect(polish('hello Marie ! how are you ?', { language: 'en' })).toBe('Hello Marie! How are you?');
  });
});
