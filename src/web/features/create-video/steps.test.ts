import { describe, expect, test } from 'bun:test';
import { TEMPLATES_BY_ID } from '@/shared/templates';
import { initialValues, missingVariables, nextStepOf, previousStepOf, resolveMove, STEP_IDS, textValues, variableFields } from './steps';

describe('steps', () => {
  test('the seven steps of the spec, in order', () => {
    expect(STEP_IDS).toEqual(['script', 'avatar', 'avatar-customize', 'template', 'preview', 'payment', 'distribute']);
    expect(nextStepOf('script')).toBe('avatar');
    expect(nextStepOf('distribute')).toBe('distribute');
    expect(previousStepOf('script')).toBe('script');
    expect(previousStepOf('template')).toBe('avatar-customize');
  });

  test('customize without an avatar goes back to the avatar step', () => {
    expect(resolveMove('avatar-customize', { avatarId: null, savedVideoId: null })).toEqual({ step: 'avatar', error: 'noAvatar' });
    expect(resolveMove('avatar-customize', { avatarId: 'stock-1', savedVideoId: null })).toEqual({ step: 'avatar-customize' });
  });

  test('distribute without a saved video goes back to preview with the error', () => {
    expect(resolveMove('distribute', { avatarId: 'stock-1', savedVideoId: null })).toEqual({ step: 'preview', error: 'noVideo' });
    expect(resolveMove('distribute', { avatarId: 'stock-1', savedVideoId: 'v1' })).toEqual({ step: 'distribute' });
  });

  test('other moves are free', () => {
    for (const step of ['script', 'avatar', 'template', 'preview', 'payment'] as const) expect(resolveMove(step, { avatarId: null, savedVideoId: null })).toEqual({ step });
  });
});

describe('template variables', () => {
  const sales = TEMPLATES_BY_ID.get('sales-intro')!;

  test('the template variables, then the script placeholders it does not define', () => {
    const fields = variableFields(sales, 'Hi {First_Name}, how is {city}? {city}!', { city: 'Paris' });
    expect(fields.map((f) => [f.name, f.kind, f.source])).toEqual([
      ['first_name', 'text', 'template'],
      ['company', 'text', 'template'],
      ['call_to_action', 'text', 'template'],
      ['avatar', 'avatar', 'template'],
      ['voice', 'voice', 'template'],
      ['city', 'text', 'script'],
    ]);
    expect(fields.at(-1)?.defaultValue).toBe('Paris');
  });

  test('without a template only the script placeholders are asked for', () => {
    expect(variableFields(null, 'Hello {first_name}', {}).map((f) => f.name)).toEqual(['first_name']);
    expect(variableFields(null, 'Hello there', {})).toEqual([]);
  });

  test('Next only when every variable is filled; avatar and voice come from the earlier choices', () => {
    const fields = variableFields(sales, '', {});
    const values = initialValues(fields, {});
    expect(values).toEqual({ first_name: 'there', company: 'your company', call_to_action: 'Can we book fifteen minutes this week?' });
    const chosen = { avatarId: 'stock-3', voiceId: 'local-en-male' };
    expect(missingVariables(fields, values, chosen)).toEqual([]);
    expect(missingVariables(fields, { ...values, company: '   ' }, chosen)).toEqual(['company']);
    expect(missingVariables(fields, values, { avatarId: 'stock-3', voiceId: null })).toEqual(['voice']);
    expect(missingVariables(fields, values, { avatarId: null, voiceId: null })).toEqual(['avatar', 'voice']);
  });

  test('typed values survive a change of template; only text values are sent, trimmed', () => {
    const fields = variableFields(sales, '', {});
    expect(initialValues(fields, { company: 'Acme' }).company).toBe('Acme');
    expect(textValues(fields, { first_name: ' Marie ', company: 'Acme' })).toEqual({ first_name: 'Marie', company: 'Acme', call_to_action: 'Can we book fifteen minutes this week?' });
  });
});
