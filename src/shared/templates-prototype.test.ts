import { describe, expect, test } from 'bun:test';
import { fillVariables } from '../domains/distribution/variables';
import { fillTemplateInput } from '../domains/generation/service';
import { createLocalComposer } from '../server/providers/llm/local';
import { fill } from '../server/providers/llm/text';
import { fillTemplate, TEMPLATES_BY_ID } from './templates';

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
    ).toBe(`Hi there ${text}`);
    const given = JSON.parse('{"__proto__":"Eve","constructor":"Bo","toString":"Al"}') as Record<string, string>;
    expect(
      fillTemplateInput(template, {
        variables: given,
        text: 'Hi {__proto__} {constructor} {toString}',
      }).script,
    ).toBe('Hi Eve Bo Al');
  });

  test('distribution messages and personalised scripts (fillVariables)', () => {
    expect(fillVariables(`Hi ${text}`, {})).toBe(`Hi ${text}`);
    const inherited = Object.create({ first_name: 'Mallory' }) as Record<string, string>;
    expect(fillVariables('Hi {first_name}', inherited)).toBe('Hi there');
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
