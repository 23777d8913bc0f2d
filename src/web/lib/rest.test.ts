import { describe, expect, test } from 'bun:test';
import { errorMessage, HttpError } from './rest';

describe('errorMessage', () => {
  test('reads the server message from a failed call', () => {
    expect(errorMessage(new HttpError(409, JSON.stringify({ message: 'This username is already taken' })))).toBe('This username is already taken');
  });
  test('keeps the spec error text: status, colon, space, body', () => {
    const e = new HttpError(502, 'Bad Gateway');
    expect(e.message).toBe('502: Bad Gateway');
    expect(errorMessage(e)).toBe('Bad Gateway');
  });
  test('passes tRPC and other errors through', () => {
    expect(errorMessage(new Error('Current password is incorrect'))).toBe('Current password is incorrect');
    expect(errorMessage('boom')).toBe('boom');
  });
});
