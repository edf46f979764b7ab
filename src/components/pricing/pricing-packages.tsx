import { getTranslations } from '@/i18n/server';
import { pricingConfig, type Currency } from '@/config/pricing';
import { buttonClass } from '@/components/ui/button';
import { Link } from '@/i18n/navigation';
import { describeSelection, formatAmount, type CalculatorTexts } from '@/lib/calculator/describe';
import { estimate } from '@/lib/calculator/estimate';
import { comparePackage } from '@/lib/calculator/packages';
import { caseArguments } from '@/lib/format/kazakh';
import { selectionToQuery } from '@/lib/calculator/selection';

type PricingPackagesProps = { texts: CalculatorTexts; currency: Currency };

const slot = '\u0000';

/**
 * "from 345 000 ₽" with the amount large and the words small, in whatever
 * order the language puts them. A case ending written onto the amount
 * (Kazakh «345 000 ₸-ден бастап») stays on the figure's line.
 */
function PriceFrom({ template, price }: { template: string; price: string }) {
  const [before = '', rest = ''] = template.split(slot);
  const ending = /^\S*/u.exec(rest)?.[0] ?? '';
  const after = rest.slice(ending.length);
  return (
    <p className="mt-5" data-testid="package-price">
      {before.trim() ? <span className="text-sm font-medium">{before.trim()} </span> : null}
      <span className="text-3xl font-bold tracking-tight whitespace-nowrap xl:text-[1.75rem]">
        {price}
        {ending ? <span className="text-sm font-medium">{ending}</span> : null}
      </span>
      {after.trim() ? <span className="block text-sm font-medium">{after.trim()}</span> : null}
    </p>
  );
}

/**
 * The packages of the pricing section. Nothing here is typed in by hand: each
 * price is the engine's low for the package's selection in `pricingConfig`,
 * what is included is that selection in words, and the button opens it in the
 * calculator. A package that counts other choices than the calculator's
 * default for its kind of project says so, with the calculator's price for
 * them: the two prices a visitor sees for one kind of project then explain
 * each other.
 */
export async function PricingPackages({ texts, currency }: PricingPackagesProps) {
  const t = await getTranslations('HomePage.pricing');
  // The options by their names, as the calculator lists them: a list of labels, not a sentence.
  const list = (items: string[]) => items.join(', ');
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {pricingConfig.packages.map(({ id, selection }, index) => {
        const [typeName, ...included] = describeSelection(texts, selection);
        const compared = comparePackage(texts, selection, currency);
        const featured = index === 1;
        return (
          <li
            key={id}
            className={featured ? 'package-featured' : 'package'}
            data-testid={`package-${id}`}
          >
            <h3 className="text-xl font-bold">{t(`packages.${id}.name`)}</h3>
            <p className={featured ? 'mt-1 text-sm text-brand-100' : 'mt-1 text-sm text-muted'}>
              {typeName}
            </p>
            <PriceFrom
              template={t('from', {
                ...caseArguments('price', formatAmount(texts, compared.price)),
                price: slot,
              })}
              price={formatAmount(texts, compared.price)}
            />
            <p className={featured ? 'mt-1 text-sm text-brand-100' : 'mt-1 text-sm text-muted'}>
              {t('weeks', { count: estimate(selection).weeks })}
            </p>
            <p
              className={
                featured ? 'mt-5 leading-relaxed text-brand-50' : 'mt-5 leading-relaxed text-muted'
              }
            >
              {t(`packages.${id}.description`)}
            </p>
            <h4 className="mt-6 text-sm font-semibold">{t('includes')}</h4>
            <ul
              className={
                featured
                  ? 'check-list mt-3 grow space-y-2 text-sm [--mark-color:var(--color-sun)]'
                  : 'check-list mt-3 grow space-y-2 text-sm'
              }
            >
              {included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {compared.added.length > 0 || compared.dropped.length > 0 ? (
              <div
                className={
                  featured
                    ? 'mt-5 space-y-1 rounded-xl bg-white/10 p-3 text-sm text-brand-50'
                    : 'mt-5 space-y-1 rounded-xl bg-surface p-3 text-sm text-muted'
                }
                data-testid="package-against-calculator"
              >
                <p>{t('calculatorStart', { price: formatAmount(texts, compared.startPrice) })}</p>
                {compared.added.length > 0 ? (
                  <p>{t('packageAdds', { items: list(compared.added) })}</p>
                ) : null}
                {compared.dropped.length > 0 ? (
                  <p>{t('packageDrops', { items: list(compared.dropped) })}</p>
                ) : null}
              </div>
            ) : null}
            <Link
              href={`/calculator?${selectionToQuery(selection)}`}
              className={buttonClass({
                variant: featured ? 'inverse' : 'secondary',
                className: 'mt-7 w-full',
              })}
              aria-label={`${t('cta')}: ${t(`packages.${id}.name`)}`}
            >
              {t('cta')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
