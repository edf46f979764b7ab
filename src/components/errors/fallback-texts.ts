import type { LangCode } from '@/i18n/locales';

/**
 * Texts of the last-resort error page, shown when even the root layout failed
 * and no translations can be loaded. A test keeps them equal to ErrorPage in
 * messages/*.json.
 */
export const fallbackErrorTexts = {
  ru: {
    internalServerError: 'Внутренняя ошибка сервера',
    description:
      'На нашей стороне что-то пошло не так. Попробуйте ещё раз, а если ошибка повторится, напишите нам — мы разберёмся.',
    retry: 'Попробовать снова',
    home: 'На главную',
  },
  en: {
    internalServerError: 'Internal Server Error',
    description:
      'Something went wrong on our side. Please try again; if the problem persists, contact us and we will sort it out.',
    retry: 'Try again',
    home: 'Go to the home page',
  },
  kz: {
    internalServerError: 'Сервердің ішкі қатесі',
    description:
      'Біз жақта бірдеңе дұрыс болмады. Қайталап көріңіз; егер мәселе қайталана берсе, бізге жазыңыз — анықтап, түзетеміз.',
    retry: 'Қайталап көру',
    home: 'Басты бетке өту',
  },
  ua: {
    internalServerError: 'Внутрішня помилка сервера',
    description:
      'На нашому боці щось пішло не так. Спробуйте ще раз, а якщо помилка повториться, напишіть нам — ми розберемося.',
    retry: 'Спробувати ще раз',
    home: 'На головну',
  },
} satisfies Record<
  LangCode,
  Record<'internalServerError' | 'description' | 'retry' | 'home', string>
>;
