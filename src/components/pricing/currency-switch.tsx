import type { Currency } from '@/config/pricing';
import { codeOf } from '@/i18n/locales';
import { currentPage, getTranslations } from '@/i18n/server';
import { cn } from '@/lib/cn';
import { currencyOrder, currencyParam } from '@/lib/currency/choice';
import { getCalculatorTexts } from '@/server/calculator/page-texts';

const signs: Record<Currency, string> = { RUB: '₽', KZT: '₸', UAH: '₴', USD: '$' };

type CurrencySwitchProps = {
  /** Unique on the page: names the group. */
  id: string;
  /** The page's own query, kept by each link (the calculator's choices). */
  query?: string;
  /** Where a link lands on the page it reloads: the block the visitor was reading. */
  fragment?: string;
  /**
   * `both` by default; `rate` where a switch is already on the page, `switch`
   * where the prices carry their rate themselves (the calculator's panel).
   */
  show?: 'both' | 'rate' | 'switch';
  /** Two by two, for a narrow card, instead of one row that wraps. */
  grid?: boolean;
  className?: string;
};

/**
 * The currency of the prices above it, and the rate they were converted at.
 * The switch is a row of links (`?currency=KZT`), so it works without
 * JavaScript: the server remembers the choice in a cookie and renders the
 * page in it (src/lib/currency/choice.ts). With script, a link keeps what the
 * address gained since the page loaded (the calculator's choices,
 * src/scripts/currency.ts).
 */
export async function CurrencySwitch({
  id,
  query = '',
  fragment,
  show = 'both',
  grid = false,
  className,
}: CurrencySwitchProps) {
  const { locale, currency } = currentPage();
  const texts = await getCalculatorTexts();
  const rate =
    show === 'switch' ? null : (
      <p className={cn('text-sm leading-relaxed text-muted', show === 'both' && 'mt-2')}>
        {texts.result.ratesDate}
      </p>
    );
  if (show === 'rate') return <div className={className}>{rate}</div>;
  const t = await getTranslations('Currency');
  const href = (code: Currency) => {
    const params = new URLSearchParams(query);
    params.set(currencyParam, code);
    return `?${params}${fragment ? `#${fragment}` : ''}`;
  };
  return (
    <div className={className}>
      <div
        role="group"
        aria-labelledby={id}
        className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm"
      >
        <span id={id} className="font-semibold text-ink">
          {t('label')}
        </span>
        <ul
          className={grid ? 'grid w-full grid-cols-2 gap-2' : 'flex flex-wrap gap-2'}
          data-currency-options
        >
          {currencyOrder(codeOf(locale)).map((code) => (
            <li key={code}>
              <a
                href={href(code)}
                data-currency={code}
                aria-current={code === currency ? 'true' : undefined}
                className={cn(
                  'chip min-h-11 px-3',
                  grid && 'w-full justify-center',
                  code === currency && 'chip-active',
                )}
              >
                <span aria-hidden="true">{signs[code]}</span>
                <span className="ml-1.5">{code}</span>
                <span className="sr-only">, {t(`names.${code}`)}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      {rate}
    </div>
  );
}
