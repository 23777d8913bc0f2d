import { describe, expect, test } from 'bun:test';
import { detectIntents } from '@/server/providers/llm/improve';
import { createLocalComposer } from '@/server/providers/llm/local';
import { SCRIPT_SUGGESTIONS } from './schemas';

// The four suggestions the script assistant offers (this domain's list) are each understood by the offline composer.
// This test lives here, not beside the composer: providers import no domain.
const llm = createLocalComposer();

describe('local composer: the script assistant suggestions', () => {
  const script =
    'Hello Marie. I am really excited to show you our product. I think that it could help your team. It is very easy to set up. We have a free trial. Maybe you could try it. Thanks for watching.';
  test('the four suggestions are recognised and each changes the script', async () => {
    const intents = SCRIPT_SUGGESTIONS.map((s) => detectIntents(s));
    expect(intents).toEqual([['concise'], ['persuasive'], ['cta'], ['friendly']]);
    const outs = await Promise.all(SCRIPT_SUGGESTIONS.map((instructions) => llm.improveScript({ script, instructions, language: 'en' })));
    for (const out of outs) expect(out).not.toBe(script);
    expect(new Set(outs).size).toBe(4);
  });

  test('concise: shorter, keeps the greeting and the ending', async () => {
    const out = await llm.improveScript({ script, instructions: SCRIPT_SUGGESTIONS[0], language: 'en' });
    expect(out.length).toBeLessThan(script.length * 0.8);
    expect(out).toStartWith('Hello Marie.');
    expect(out).toEndWith('Thanks for watching.');
    expect(out).not.toContain('really');
  });

  test('persuasive: confident wording, an urgency line and a call to action', async () => {
    const out = await llm.improveScript({ script, instructions: SCRIPT_SUGGESTIONS[1], language: 'en' });
    expect(out).toContain("I'm confident");
    expect(out).not.toMatch(/\bMaybe\b/);
    expect(out).toContain('Teams that act early see the biggest gains.');
    expect(out).toMatch(/click the button/i);
  });

  test('call to action: added before the closing, once', async () => {
    const once = await llm.improveScript({ script, instructions: SCRIPT_SUGGESTIONS[2], language: 'en' });
    expect(once).toContain('Simply click the button below this video to book a short call. Thanks for watching.');
    const twice = await llm.improveScript({ script: once, instructions: SCRIPT_SUGGESTIONS[2], language: 'en' });
    expect(twice.match(/click the button/g)?.length).toBe(1);
  });

  test('friendly: warmer greeting, contractions, a personal line; adds a greeting when there is none', async () => {
    const out = await llm.improveScript({ script, instructions: SCRIPT_SUGGESTIONS[3], language: 'en' });
    expect(out).toStartWith('Hi Marie.');
    expect(out).toContain("I'm really excited");
    expect(out).toContain('I recorded this short video just for you.');
    const bare = await llm.improveScript({ script: 'Our tool saves time.', instructions: SCRIPT_SUGGESTIONS[3], language: 'en' });
    expect(bare).toStartWith('Hi {first_name}!');
    expect(bare).toContain('{first_name}, and talk soon!');
  });
});
