import { expect } from 'bun:test';

/** The error `p` rejects with, checked to be a `type`; the test fails when `p` resolves or throws something else. */
export async function rejectionOf<E>(p: Promise<unknown>, type: abstract new (...args: never[]) => E): Promise<E> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as E;
  }
  throw new Error(`expected a ${type.name}, but the call succeeded`);
}
