import { useEffect, useId, useMemo, useRef } from 'react';
import { platforms, pricingConfig, type Currency, type Selection } from '@/config/pricing';
import type { LangCode } from '@/i18n/locales';
import { buttonClass } from '@/components/ui/button';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { NumberField } from '@/components/ui/number-field';
import {
  formatRange,
  formatWeeks,
  summarize,
  type CalculatorTexts,
} from '@/lib/calculator/describe';
import { featuresFor } from '@/lib/calculator/selection';
import { fillTemplate } from '@/lib/format/plural';
import { shareEstimate } from './attached-estimate';
import { EstimatePanel } from './estimate-panel';
import { CalculatorForm, LevelChoice, SizeField, TypeChoice } from './calculator-fields';
import { featureSlot, type OptionDetails } from './option-details';
import { useCalculator } from './use-calculator';
import { island } from '@/components/errors/island-boundary';

type CalculatorProps = OptionDetails & {
  texts: CalculatorTexts;
  currency: Currency;
  initial: Selection;
  /** The numbers as the query had them, so a no-JavaScript visitor learns when one was out of range. */
  typed?: { size?: string; support?: string };
  /** The calculator page itself, where the form sends its choices without JavaScript. */
  action: string;
  /** The page's language, for the estimate's PDF. */
  lang: LangCode;
};

function Step({
  index,
  title,
  id,
  children,
}: {
  index: number;
  title: string;
  id: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="print:hidden">
      <h2 id={id} className="flex items-center gap-3 text-xl font-bold tracking-tight sm:text-2xl">
        <span
          aria-hidden="true"
          className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-sm text-white"
        >
          {index}
        </span>
        {title}
      </h2>
      <div className="mt-5 space-y-6">{children}</div>
    </section>
  );
}

/**
 * The full calculator. Without JavaScript it is a GET form: the server reads
 * the query and renders the estimate. With it, the estimate follows every
 * change and the address bar keeps the choices, ready to share. The option
 * cards' fixed texts come as slots (./option-details.ts), the rest as props.
 */
function CalculatorView({
  texts,
  currency,
  initial,
  typed,
  action,
  lang,
  ...details
}: CalculatorProps) {
  const form = useRef<HTMLFormElement>(null);
  const calc = useCalculator(initial, { name: 'full', currency, typed, syncUrl: true, form });
  const { selection, priced, type } = calc;
  const summary = useMemo(() => summarize(texts, selection, priced), [texts, selection, priced]);
  const features = featuresFor(selection.type);
  const id = useId();
  // The consultation form below (an island of its own) attaches the estimate the visitor sees now.
  useEffect(() => {
    shareEstimate({
      query: calc.query,
      summary,
      range: { low: priced.low, high: priced.high, currency },
    });
  }, [calc.query, summary, priced.low, priced.high, currency]);

  const hasPlatforms = 'platforms' in type && type.platforms;
  let step = 0;

  return (
    <CalculatorForm
      form={form}
      action={action}
      label={texts.formLabel}
      className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-12 xl:grid-cols-[minmax(0,1fr)_24rem]"
      testId="calculator"
    >
      <div className="space-y-12">
        <Step index={++step} title={texts.steps.type} id={`${id}-type`}>
          <TypeChoice
            calculator="full"
            texts={texts}
            details={details}
            calc={calc}
            labelledBy={`${id}-type`}
          />
        </Step>

        <Step index={++step} title={texts.steps.scope} id={`${id}-scope`}>
          <SizeField texts={texts} calc={calc} />
          {hasPlatforms ? (
            <ChoiceGroup
              legend={texts.platform.legend}
              className="gap-2 sm:grid-cols-3"
              compact
              type="radio"
              name="platform"
              options={platforms.map((platform) => ({
                value: platform,
                title: texts.platform.options[platform],
              }))}
              isChecked={(platform) => selection.platform === platform}
              onChange={(platform) => calc.update({ platform })}
            />
          ) : null}
          {type.design ? (
            <LevelChoice name="design" texts={texts.design} details={details} calc={calc} />
          ) : null}
        </Step>

        <Step index={++step} title={texts.steps.features} id={`${id}-features`}>
          {features.length > 0 ? (
            <ChoiceGroup
              legend={{ labelledBy: `${id}-features` }}
              className="gap-3 sm:grid-cols-2"
              type="checkbox"
              name="features"
              options={features.map((feature) => ({
                value: feature,
                title: texts.features.items[feature].name,
                aside: details[featureSlot(feature, 'Aside')],
                description: details[featureSlot(feature, 'Description')],
                testId: `feature-${feature}`,
              }))}
              isChecked={(feature) => selection.features.includes(feature)}
              onChange={(feature, on) => calc.toggleFeature(feature, on)}
            />
          ) : (
            <p className="text-muted">{texts.features.none}</p>
          )}
        </Step>

        {type.urgency || type.support ? (
          <Step index={++step} title={texts.steps.timing} id={`${id}-timing`}>
            {type.urgency ? (
              <LevelChoice name="urgency" texts={texts.urgency} details={details} calc={calc} />
            ) : null}
            {type.support ? (
              <NumberField
                name="support"
                label={texts.support.label}
                hint={texts.support.hint}
                min={0}
                max={pricingConfig.support.maxMonths}
                text={calc.supportText}
                onText={calc.setSupportText}
                onSettle={calc.settleNumbers}
                adjusted={
                  calc.supportAdjusted
                    ? fillTemplate(texts.sizeClamped, { value: selection.support })
                    : null
                }
              />
            ) : null}
          </Step>
        ) : null}

        <noscript>
          <button type="submit" className={buttonClass({ size: 'lg' })}>
            {texts.actions.update}
          </button>
        </noscript>

        {/* Below the large breakpoint the estimate comes after the steps; this keeps its range in sight. */}
        <div
          className="sticky bottom-0 z-10 -mx-4 flex items-center justify-between gap-3 border-t border-line bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden print:hidden"
          data-testid="estimate-bar-mobile"
        >
          <p className="min-w-0">
            <span className="block font-bold text-brand-800 sm:text-lg">
              {formatRange(texts, priced.low, priced.high)}
            </span>
            <span className="block text-sm text-muted">{formatWeeks(texts, priced.weeks)}</span>
          </p>
          <a
            href="#estimate"
            className={buttonClass({ variant: 'secondary', className: 'shrink-0' })}
          >
            {texts.result.title}
          </a>
        </div>
      </div>

      <div
        id="estimate"
        className="lg:sticky lg:top-[calc(var(--header-height)+1.5rem)] lg:self-start print:static"
      >
        <EstimatePanel
          texts={texts}
          selection={selection}
          priced={priced}
          monthly={calc.monthly}
          lang={lang}
        />
      </div>
    </CalculatorForm>
  );
}

/** The island: the component inside the boundary that shows the error page if it fails. */
export const Calculator = island(CalculatorView);
