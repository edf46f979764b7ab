import { useId, useRef } from 'react';
import type { Currency, Selection } from '@/config/pricing';
import { buttonClass } from '@/components/ui/button';
import { formatRange, formatWeeks, type CompactCalculatorTexts } from '@/lib/calculator/describe';
import { fillTemplate } from '@/lib/format/plural';
import { navigate } from '@/lib/navigation/navigate';
import { CalculatorForm, LevelChoice, SizeField, TypeChoice } from './calculator-fields';
import { useCalculator } from './use-calculator';
import { island } from '@/components/errors/island-boundary';

type CompactCalculatorProps = {
  texts: CompactCalculatorTexts;
  currency: Currency;
  /** The full calculator's default choices, so that both open on the same estimate. */
  initial: Selection;
  /**
   * `includes` is a template with {features}: the features the estimate counts,
   * which this calculator has no boxes for; `includesNone` is said when there are none.
   */
  labels: { estimate: string; open: string; includes: string; includesNone: string };
  /** The calculator page in the page's language, where the choices go to be refined. */
  action: string;
};

/**
 * The home page's calculator: type, size, design and timeline, with the live
 * range. It starts from the full calculator's default choices, features
 * included, and says which features it counts, so that its range and the full
 * calculator's agree. It is a GET form to the full calculator, so "open the
 * full calculator" carries the choices with or without JavaScript.
 */
function CompactCalculatorView({
  texts,
  currency,
  initial,
  labels,
  action,
}: CompactCalculatorProps) {
  const form = useRef<HTMLFormElement>(null);
  const calc = useCalculator(initial, { name: 'compact', currency, syncUrl: false, form });
  const { selection, priced, type } = calc;
  const id = useId();

  return (
    <CalculatorForm
      form={form}
      action={action}
      label={texts.formLabel}
      // The choices in the calculator's own order, the address a shared estimate has.
      onSubmit={() => navigate(`${action}?${calc.query}`)}
      className="mt-10 grid gap-8 rounded-3xl bg-white p-6 shadow-card ring-1 ring-line sm:p-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10"
      testId="compact-calculator"
    >
      {/* The full calculator opens with exactly these choices: the features counted, no support. */}
      {selection.features.map((feature) => (
        <input key={feature} type="hidden" name="features" value={feature} />
      ))}
      <input type="hidden" name="support" value="0" />
      {selection.platform ? (
        <input type="hidden" name="platform" value={selection.platform} />
      ) : null}
      <div className="space-y-6">
        <TypeChoice calculator="compact" texts={texts} calc={calc} />
        <SizeField texts={texts} calc={calc} />
        {type.design ? <LevelChoice name="design" texts={texts.design} calc={calc} /> : null}
        {type.urgency ? <LevelChoice name="urgency" texts={texts.urgency} calc={calc} /> : null}
      </div>

      <div className="flex flex-col justify-between gap-6 rounded-2xl bg-brand-50 p-6 lg:self-start">
        <dl aria-live="polite" aria-atomic="true">
          <dt id={`${id}-estimate`} className="text-sm font-medium text-muted">
            {labels.estimate}
          </dt>
          <dd
            className="mt-1 text-3xl font-bold tracking-tight text-brand-800"
            data-testid="compact-range"
          >
            {formatRange(texts, priced.low, priced.high)}
          </dd>
          <dd className="mt-1 font-semibold" data-testid="compact-weeks">
            {formatWeeks(texts, priced.weeks)}
          </dd>
          <dd className="mt-3 text-sm text-muted" data-testid="compact-includes">
            {selection.features.length > 0
              ? fillTemplate(labels.includes, {
                  features: selection.features
                    .map((feature) => texts.features.items[feature].name)
                    .join(', '),
                })
              : labels.includesNone}
          </dd>
        </dl>
        <button
          type="submit"
          className={buttonClass({ size: 'lg', className: 'w-full' })}
          data-testid="compact-open"
        >
          {labels.open}
        </button>
      </div>
    </CalculatorForm>
  );
}

/** The island: the component inside the boundary that shows the error page if it fails. */
export const CompactCalculator = island(CompactCalculatorView);
