import { describe, expect, it } from 'vitest';
import { errorMessage, HttpError, toAppError } from './errors';

describe('toAppError', () => {
  it('defaults to 500 Internal Server Error', () => {
    expect(toAppError(new Error(''))).toEqual({
      statusCode: 500,
      statusMessage: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    expect(toAppError('boom')).toMatchObject({ statusCode: 500 });
    expect(toAppError(null)).toMatchObject({ statusCode: 500 });
  });

  it('keeps the message of a plain error', () => {
    expect(toAppError(new Error('Database unreachable'))).toMatchObject({
      statusCode: 500,
      message: 'Database unreachable',
    });
  });

  it('uses Page Not Found as the default status message of a 404', () => {
    expect(toAppError(new HttpError({ statusCode: 404 }))).toEqual({
      statusCode: 404,
      statusMessage: 'Page Not Found',
      message: 'Page Not Found',
    });
  });

  it('keeps a custom status and message', () => {
    expect(
      toAppError({ statusCode: 503, statusMessage: 'Service Unavailable', message: 'Maintenance' }),
    ).toEqual({
      statusCode: 503,
      statusMessage: 'Service Unavailable',
      message: 'Maintenance',
    });
  });

  it('ignores a status code that is not an HTTP error', () => {
    expect(toAppError({ statusCode: 200 }).statusCode).toBe(500);
    expect(toAppError({ statusCode: '404' }).statusCode).toBe(500);
  });
});

describe('errorMessage', () => {
  it('is the message of an Error, the text of a string, and anything else written out', () => {
    expect(errorMessage(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(errorMessage('socket hang up')).toBe('socket hang up');
    expect(errorMessage({ code: 'ECONNRESET' })).toBe('{"code":"ECONNRESET"}');
    expect(errorMessage(undefined)).toBe('undefined');
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(errorMessage(loop)).toBe('[object Object]');
  });
});
