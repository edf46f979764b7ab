import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { HttpError, toAppError } from '@/lib/errors';
import en from '../../../messages/en.json';
import ru from '../../../messages/ru.json';
import { errorPageLabels } from './error-labels';

const tEn = createTranslator({ locale: 'en', messages: en, namespace: 'ErrorPage' });
const tRu = createTranslator({ locale: 'ru', messages: ru, namespace: 'ErrorPage' });

describe('errorPageLabels', () => {
  it('shows status 500 and Internal Server Error for an unexpected failure', () => {
    expect(errorPageLabels(toAppError(new Error('boom')), tEn)).toEqual({
      status: 'Error 500',
      statusMessage: 'Internal Server Error',
      description: en.ErrorPage.description,
    });
  });

  it('translates the default status messages', () => {
    expect(errorPageLabels(toAppError(new Error('boom')), tRu).statusMessage).toBe(
      'Внутренняя ошибка сервера',
    );
    expect(errorPageLabels(toAppError(new HttpError({ statusCode: 404 })), tRu)).toMatchObject({
      status: 'Ошибка 404',
      statusMessage: 'Страница не найдена',
    });
  });

  it('keeps a specific status message as it came', () => {
    const error = toAppError(
      new HttpError({ statusCode: 503, statusMessage: 'Service Unavailable' }),
    );
    expect(errorPageLabels(error, tEn)).toMatchObject({
      status: 'Error 503',
      statusMessage: 'Service Unavailable',
    });
  });
});
