import { describe, expect, test } from 'bun:test';
import { DEFAULT_LOOK, initialState, readSavedWizard, SAVED_WIZARD_VERSION, type WizardState } from './store';

const avatar = { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' } as const;
const draft: WizardState = {
  ...initialState(),
  step: 'avatar-customize',
  reached: 2,
  script: 'Hello {first_name}.',
  avatar,
  voiceId: 'local-en-male',
  look: { ...DEFAULT_LOOK, avatarStyle: 'circle' },
  variables: { first_name: 'Sam' },
};

describe("the wizard's saved draft (sessionStorage)", () => {
  test('a draft of this format comes back whole; one without a version is of the first format', () => {
    expect(SAVED_WIZARD_VERSION).toBe(1);
    expect(readSavedWizard(JSON.stringify({ version: SAVED_WIZARD_VERSION, ...draft }))).toEqual(draft);
    expect(readSavedWizard(JSON.stringify(draft))).toEqual(draft);
  });

  test('a draft of another format, unreadable or not an object is the fresh wizard', () => {
    for (const raw of [
      JSON.stringify({ ...draft, version: SAVED_WIZARD_VERSION + 1 }),
      JSON.stringify({ ...draft, version: '1' }),
      '{',
      'null',
      '[]',
      '"x"',
      null,
    ])
      expect(readSavedWizard(raw)).toEqual(initialState());
  });

  test('a partial draft takes the rest from the fresh wizard, its look from the defaults', () => {
    const s = readSavedWizard(JSON.stringify({ step: 'distribute', reached: 6, savedVideoId: 'v_1', look: { matting: true } }));
    expect(s).toEqual({ ...initialState(), step: 'distribute', reached: 6, savedVideoId: 'v_1', look: { ...DEFAULT_LOOK, matting: true } });
  });

  test('a field of another shape takes its initial value; an unknown step is the first one; reached stays within the steps', () => {
    const s = readSavedWizard(
      JSON.stringify({
        step: 'nowhere',
        reached: 99,
        script: 42,
        avatar: 'stock-3',
        voiceId: {},
        variables: ['a'],
        look: null,
        render: 'done',
        savedVideoId: 7,
      }),
    );
    expect(s).toEqual({ ...initialState(), reached: 6 });
    expect(readSavedWizard(JSON.stringify({ step: 'toString', reached: -3.5 }))).toMatchObject({ step: 'script', reached: 0 });
    expect(readSavedWizard(JSON.stringify({ reached: '3' })).reached).toBe(0);
  });
});
