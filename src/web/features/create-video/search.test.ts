import { describe, expect, test } from 'bun:test';
import { SCRIPT_MAX_LENGTH } from '@/domains/scripts/schemas';
import { hasWizardParams, parseWizardSearch, SEARCH_SCRIPT_MAX, STEP_SLUGS, stepOfSlug } from './search';
import { STEP_IDS } from './step-ids';

describe('the wizard address parameters', () => {
  test('keeps avatar, template, script, from and send; drops anything malformed', () => {
    expect(parseWizardSearch({ avatar: 'stock-3', template: 'sales-intro', script: 'Hi {first_name}!\nWelcome.', from: 'v_1', send: 'abc' })).toEqual({
      avatar: 'stock-3',
      template: 'sales-intro',
      script: 'Hi {first_name}!\nWelcome.',
      from: 'v_1',
      send: 'abc',
    });
    expect(Object.values(parseWizardSearch({ avatar: '../x', template: 'a b', from: '<x>', send: { id: 1 }, other: 'y' })).filter(Boolean)).toEqual([]);
    expect(parseWizardSearch({ script: 42 }).script).toBe('42');
  });

  test('the script is bounded by the script field limit and refuses control characters', () => {
    expect(SEARCH_SCRIPT_MAX).toBe(SCRIPT_MAX_LENGTH);
    expect(parseWizardSearch({ script: 'a'.repeat(SEARCH_SCRIPT_MAX) }).script).toHaveLength(SEARCH_SCRIPT_MAX);
    expect(parseWizardSearch({ script: 'a'.repeat(SEARCH_SCRIPT_MAX + 1) }).script).toBeUndefined();
    expect(parseWizardSearch({ script: 'Hi\u0000there' }).script).toBeUndefined();
    expect(parseWizardSearch({ script: '   ' }).script).toBeUndefined();
  });

  test('the step: every step by its name, absent stays absent (the saved step resumes), anything else is the first step', () => {
    expect(STEP_IDS.map((id) => STEP_SLUGS[id])).toEqual(['script', 'avatar', 'customize', 'background', 'visualize', 'payment', 'send']);
    for (const id of STEP_IDS) {
      const { step } = parseWizardSearch({ step: STEP_SLUGS[id] });
      expect(stepOfSlug(step)).toBe(id);
    }
    expect(parseWizardSearch({}).step).toBeUndefined();
    expect(stepOfSlug(undefined)).toBeUndefined();
    for (const raw of ['preview', 'avatar-customize', 'VISUALIZE', '', 'toString', '__proto__', 3, ['avatar'], { step: 'avatar' }, null])
      expect(parseWizardSearch({ step: raw }).step).toBe('script');
  });

  test('the step is not a parameter applied once', () => {
    expect(hasWizardParams(parseWizardSearch({ step: 'visualize' }))).toBe(false);
    expect(hasWizardParams(parseWizardSearch({ step: 'visualize', avatar: 'stock-3' }))).toBe(true);
  });
});
