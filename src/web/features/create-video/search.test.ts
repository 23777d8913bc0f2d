import { describe, expect, test } from 'bun:test';
import { SCRIPT_MAX_LENGTH } from '@/domains/scripts/schemas';
import { parseWizardSearch, SEARCH_SCRIPT_MAX } from './search';

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
});
