import { describe, expect, test } from 'bun:test';
import { fillTemplateInput } from '../domains/generation/service';
import { createLocalComposer } from '../server/providers/llm/local';
import { fill } from '../server/providers/llm/text';
import { fillTemplate, TEMPLATES_BY_ID } from './templates';
import { previewLabel, resolveText } from './variables';

// Variables are looked up among the declared ones only: a name such as {constructor} used to
// find Object.prototype's and render (and speak) "function Object() { [native code] }".
const PROTO = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];
const text = PROTO.map((n) => `{${n}}`).join(' ');
const leaked = (s: string) => /native code|\[object Object\]|function /.test(s);

describe('template variables: prototype names are not variables', () => {
  test('fillTemplate (the wizard preview, talk renders and template renders)', () => {
    expect(fillTemplate(`Hello ${text}`, {})).toBe(`Hello ${text}`);
    expect(fillTemplate(`Hello ${text}`, { first_name: 'Bo' })).toBe(`Hello ${text}`);
    expect(fillTemplate(`Hello ${text}`, new Map())).toBe(`Hello ${text}`);
    // Declared, they are ordinary names.
    expect(fillTemplate('Hello {constructor}', { constructor: 'Bo' })).toBe('Hello Bo');
    expect(fillTemplate('Hello {constructor}', new Map([['constructor', 'Bo']]))).toBe('Hello Bo');
  });

  test('POST /api/templates/{id}/generate fills only the template’s and the given variables', () => {
    const template = TEMPLATES_BY_ID.get('follow-up')!;
    expect(
      fillTemplateInput(template, {
        variables: {},
        text: `Hi {first_name} ${text}`,
      }).script,
    ).toBe(`Hi {first_name} ${text}`);
    const given = JSON.parse('{"__proto__":"Eve","constructor":"Bo","toString":"Al"}') as Record<string, string>;
    // Undeclared names are recipient variables: they stay in the script, the given values preview them.
    const filled = fillTemplateInput(template, { variables: given, text: 'Hi {__proto__} {constructor} {toString}' });
    expect(filled.script).toBe('Hi {__proto__} {constructor} {toString}');
    expect(Object.hasOwn(filled.previewValues, '__proto__')).toBe(true);
    expect({ ...filled.previewValues }).toMatchObject({ constructor: 'Bo', toString: 'Al' });
    expect(Object.getPrototypeOf(filled.previewValues)).toBe(Object.prototype);
  });

  test('what each recipient gets (resolveText): inherited names are missing, never Object.prototype', () => {
    const r = resolveText(`Hi ${text}`, {}, {});
    expect(leaked(r.text)).toBe(false);
    expect(r.missing.sort()).toEqual(PROTO.map((n) => n.toLowerCase()).sort());
    const inherited = Object.create({ first_name: 'Mallory' }) as Record<string, string>;
    expect(resolveText('Hi {first_name}', inherited, { first_name: 'there' }).text).toBe('Hi there');
    expect(resolveText('Hi {constructor}', {}, { first_name: 'there' }).missing).toEqual(['constructor']);
    const given = JSON.parse('{"__proto__":"Eve","constructor":"Bo"}') as Record<string, string>;
    expect(resolveText('Hi {__proto__} {constructor}', given).text).toBe('Hi Eve Bo');
    expect(previewLabel('Hi {constructor}', {})).toBeNull();
  });

  test('the script composer (fill, and a free-text sector named like a prototype key)', async () => {
    expect(fill(`{name} ${text}`, { name: 'Ada' })).toBe(`Ada ${text}`);
    const llm = createLocalComposer();
    for (const sector of PROTO)
      for (const language of ['en', 'fr', 'es', 'de'] as const) {
        const script = await llm.generateScript({
          campaign: { name: 'Launch', description: 'A new tool.', sector },
          recipient: { firstName: 'Ada' },
          sender: { name: 'Sam' },
          tone: 'friendly',
          language,
        });
        expect(leaked(script)).toBe(false);
      }
  });
});
