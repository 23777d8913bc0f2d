import { expect, test } from 'bun:test';
import { scriptJson } from './inline-script';

test('inline script values cannot close the script or start markup', () => {
  const hostile = '</script><meta http-equiv=refresh content=0;url=//evil><!-- & \u2028\u2029';
  const out = scriptJson(hostile);
  expect(out).not.toMatch(/[<>&\u2028\u2029]/);
  expect(JSON.parse(out)).toBe(hostile);
  // The same text evaluated as JavaScript gives the value back.
  expect(new Function(`return ${out}`)()).toBe(hostile);
  expect(scriptJson({ a: ['<b>'] })).toBe('{"a":["\\u003cb\\u003e"]}');
});
