import { describe, expect, it } from 'vitest';
import { HttpError, toAppError } from '@/lib/errors';
import en from '../../../messages/en.json' with { type: 'json' };
import ru from '../../../messages/ru.json' with { type: 'json' };
import { errorPageLabels } from './error-labels';

const texts = (m: typeof en) => ({ ...m.ErrorPage, status: m.ErrorPage.status });

describe('errorPageLabels', () => {
  it('shows status 500 and Internal Server Error for an unexpected failure', () => {
    expect(errorPageLabels(toAppError(new Error('boom')), texts(en))).toEqual({
      status: 'Error 500',
      statusMessage: 'Internal Server Error',
      description: en.ErrorPage.description,
    });
  });

  it('translates the default status messages', () => {
    expect(errorPageLabels(toAppError(new Error('boom')), texts(ru)).statusMessage).toBe(
      'Внутренняя ошибка сервера',
    );
    expect(
      errorPageLabels(toAppError(new HttpError({ statusCode: 404 })), texts(ru)),
    ).toMatchObject({
      status: 'Ошибка 404',
      statusMessage: 'Страница не найдена',
    });
  });

  it('keeps a specific status message as it came', () => {
    const error = toAppError(
      new HttpError({ statusCode: 503, statusMessage: 'Service Unavailable' }),
    );
    expect(errorPageLabels(error, texts(en))).toMatchObject({
      status: 'Error 503',
      statusMessage: 'Service Unavailable',
    });
  });
});
