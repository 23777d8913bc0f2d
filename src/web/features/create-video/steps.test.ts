import { describe, expect, test } from 'bun:test';
import { TEMPLATES_BY_ID } from '@/shared/templates';
import {
  fallbackValues,
  initialFallbacks,
  initialValues,
  missingVariables,
  nextStepOf,
  previousStepOf,
  previewText,
  resolveMove,
  STEP_IDS,
  textValues,
  variableFields,
} from './steps';

describe('steps', () => {
  test('the seven steps of the spec, in order', () => {
    expect(STEP_IDS).toEqual(['script', 'avatar', 'avatar-customize', 'template', 'preview', 'payment', 'distribute']);
    expect(nextStepOf('script')).toBe('avatar');
    expect(nextStepOf('distribute')).toBe('distribute');
    expect(previousStepOf('script')).toBe('script');
    expect(previousStepOf('template')).toBe('avatar-customize');
  });

  test('customize without an avatar goes back to the avatar step', () => {
    expect(resolveMove('avatar-customize', { script: 'Hello.', avatarId: null, savedVideoId: null })).toEqual({ step: 'avatar', error: 'noAvatar' });
    expect(resolveMove('avatar-customize', { script: 'Hello.', avatarId: 'stock-1', savedVideoId: null })).toEqual({ step: 'avatar-customize' });
  });

  test('distribute without a saved video goes back to preview with the error', () => {
    expect(resolveMove('distribute', { script: 'Hello.', avatarId: 'stock-1', savedVideoId: null })).toEqual({ step: 'preview', error: 'noVideo' });
    expect(resolveMove('distribute', { script: 'Hello.', avatarId: 'stock-1', savedVideoId: 'v1' })).toEqual({ step: 'distribute' });
  });

  test('no step past the script without one (blank counts as none); a saved video is sent as it is', () => {
    for (const step of ['avatar', 'avatar-customize', 'template', 'preview', 'payment', 'distribute'] as const)
      expect(resolveMove(step, { script: '  \n ', avatarId: 'stock-1', savedVideoId: null })).toEqual({ step: 'script', error: 'noScript' });
    expect(resolveMove('script', { script: '', avatarId: null, savedVideoId: null })).toEqual({ step: 'script' });
    expect(resolveMove('distribute', { script: '', avatarId: null, savedVideoId: 'v1' })).toEqual({ step: 'distribute' });
  });

  test('other moves are free', () => {
    for (const step of ['script', 'avatar', 'template', 'preview', 'payment'] as const)
      expect(resolveMove(step, { script: 'Hello.', avatarId: null, savedVideoId: null })).toEqual({ step });
  });
});

describe('template variables', () => {
  const sales = TEMPLATES_BY_ID.get('sales-intro')!;

  test('the template variables, then the script placeholders it does not define; recipient ones ask for a preview value and a fallback', () => {
    const fields = variableFields(sales, 'Hi {First_Name}, how is {city}? {city}! {product}', { product: 'our app' });
    expect(fields.map((f) => [f.name, f.kind, f.role, f.source])).toEqual([
      ['first_name', 'text', 'recipient', 'template'],
      ['company', 'text', 'recipient', 'template'],
      ['call_to_action', 'text', 'content', 'template'],
      ['avatar', 'avatar', 'content', 'template'],
      ['voice', 'voice', 'content', 'template'],
      // A column of the contact list; a name some template uses for the sender's own words stays the sender's.
      ['city', 'text', 'recipient', 'script'],
      ['product', 'text', 'content', 'script'],
    ]);
    // The template's default of a recipient variable is its fallback; the preview says Jane.
    expect(fields[0]).toMatchObject({ defaultValue: 'Jane', defaultFallback: 'there' });
    expect(variableFields(null, 'Hi {industry}', {})[0]).toMatchObject({ name: 'industry', role: 'recipient', defaultValue: '', defaultFallback: '' });
  });

  test('without a template only the script placeholders are asked for', () => {
    expect(variableFields(null, 'Hello {first_name}', {}).map((f) => [f.name, f.role, f.defaultValue, f.defaultFallback])).toEqual([
      ['first_name', 'recipient', 'Jane', 'there'],
    ]);
    expect(variableFields(null, 'Hello there', {})).toEqual([]);
  });

  test('Next only when every variable has a (preview) value; avatar and voice come from the earlier choices', () => {
    const fields = variableFields(sales, '', {});
    const values = initialValues(fields, {});
    expect(values).toEqual({ first_name: 'Jane', company: 'Acme', call_to_action: 'Can we book fifteen minutes this week?' });
    expect(initialFallbacks(fields, {})).toEqual({ first_name: 'there', company: 'your company' });
    const chosen = { script: 'Hello.', avatarId: 'stock-3', voiceId: 'local-en-male' };
    expect(missingVariables(fields, values, chosen)).toEqual([]);
    expect(missingVariables(fields, { ...values, company: '   ' }, chosen)).toEqual(['company']);
    expect(missingVariables(fields, values, { avatarId: 'stock-3', voiceId: null })).toEqual(['voice']);
    expect(missingVariables(fields, values, { avatarId: null, voiceId: null })).toEqual(['avatar', 'voice']);
  });

  test('typed values survive a change of template; values trimmed, a blank fallback is none; the preview text has no brace', () => {
    const fields = variableFields(sales, '', {});
    expect(initialValues(fields, { company: 'Acme' }).company).toBe('Acme');
    expect(textValues(fields, { first_name: ' Marie ', company: 'Acme' })).toEqual({
      first_name: 'Marie',
      company: 'Acme',
      call_to_action: 'Can we book fifteen minutes this week?',
    });
    expect(fallbackValues(fields, { first_name: ' friend ', company: '  ' })).toEqual({ first_name: 'friend', company: null });
    const script = 'Hi {first_name}, the team at {company}. {call_to_action}';
    expect(previewText(script, fields, { first_name: '', company: 'Acme', call_to_action: 'Call me.' }, { first_name: 'there' })).toBe(
      'Hi there, the team at Acme. Call me.',
    );
  });
});
