import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { cleanLine, id, multiLine, secret, singleLine } from './zod-text';

const issue = (r: z.ZodSafeParseResult<unknown>) => (r.success ? null : r.error.issues[0]?.message);

describe('text builders', () => {
  const name = singleLine('Full name').trim().min(1, 'Full name is required').max(100);
  const script = multiLine('Script').trim().max(5000);

  test('NUL, other C0 controls and DEL are refused with a message naming the field', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\u0001', 'bell\u0007', 'esc\u001b[31m', 'del\u007f', 'vt\u000b', 'ff\u000c']) {
      expect(issue(name.safeParse(bad))).toBe('Full name must not contain control characters');
      expect(issue(script.safeParse(bad))).toBe('Script must not contain control characters');
    }
  });

  test('unpaired surrogates are refused; pairs (emoji) are fine', () => {
    expect(issue(name.safeParse('Ada \ud800'))).toBe('Full name is not valid text');
    expect(issue(script.safeParse('\udc00'))).toBe('Script is not valid text');
    expect(name.parse('Ada 😀')).toBe('Ada 😀');
  });

  test('single line: line breaks and tabs become one space (one rule for forms, API and CSV)', () => {
    expect(name.parse('Ada\nLovelace')).toBe('Ada Lovelace');
    expect(name.parse('Ada\r\n\r\nLovelace')).toBe('Ada Lovelace');
    expect(name.parse('Ada\tLovelace')).toBe('Ada Lovelace');
    expect(name.parse('Ada\u2028Lovelace\u2029')).toBe('Ada Lovelace');
    expect(name.parse('  Ada\n')).toBe('Ada');
    expect(issue(name.safeParse('\n\t\n'))).toBe('Full name is required');
  });

  test('multi-line: \\n and tab kept, Windows line ends become \\n', () => {
    expect(script.parse('Hello\n\tworld')).toBe('Hello\n\tworld');
    expect(script.parse('a\r\nb\rc')).toBe('a\nb\nc');
  });

  test('ids: printable ASCII only, 1 to max characters', () => {
    const campaign = id('campaign');
    expect(campaign.parse('abc-123_X.y')).toBe('abc-123_X.y');
    for (const bad of ['', 'a b', 'a\u0000', 'é', 'x'.repeat(65), '\ud800']) expect(issue(campaign.safeParse(bad))).toBe('Invalid campaign');
  });

  test('secrets take any character and say so in the document', () => {
    expect(secret().parse('p\u0000ss\nword')).toBe('p\u0000ss\nword');
    expect(z.toJSONSchema(secret().min(8))).toMatchObject({ type: 'string', format: 'password' });
  });

  test('the rule is visible in the JSON Schema (OpenAPI) as a pattern', () => {
    const js = z.toJSONSchema(z.object({ a: name, b: script, c: id() }), { io: 'input' }) as { properties: Record<string, { pattern?: string }> };
    for (const k of ['a', 'b', 'c']) expect(js.properties[k]!.pattern).toBeString();
    expect(new RegExp(js.properties.a!.pattern!).test('a\u0000')).toBe(false);
    expect(new RegExp(js.properties.b!.pattern!).test('a\nb')).toBe(true);
  });

  test('cleanLine: names nobody typed are cleaned, not refused', () => {
    expect(cleanLine('photo\u0000\u0007 of\nme\ud800.png')).toBe('photo of me\uFFFD.png');
    expect(cleanLine('\u0000\u0001')).toBe('');
  });
});
