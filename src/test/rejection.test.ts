import { expect, test } from 'bun:test';
import { rejectionOf } from './rejection';

class Refusal extends Error {
  code = 'NOPE';
}

test('rejectionOf returns the error of the expected type, and fails when the call succeeds or throws another type', async () => {
  expect(await rejectionOf(Promise.reject(new Refusal('no')), Refusal)).toMatchObject({ code: 'NOPE', message: 'no' });
  await expect(rejectionOf(Promise.resolve(1), Refusal)).rejects.toThrow('expected a Refusal, but the call succeeded');
  await expect(rejectionOf(Promise.reject(new TypeError('other')), Refusal)).rejects.toThrow();
});
