import { useState } from 'react';
import type { Selection } from '@/config/pricing';
import {
  describeSelection,
  formatAmount,
  formatRange,
  formatWeeks,
  lineLabel,
  type CalculatorTexts,
} from '@/lib/calculator/describe';
import type { PricedEstimate } from '@/lib/calculator/estimate';
import { fillTemplate } from '@/lib/format/plural';
import { goal } from '@/lib/analytics/goals';
import { buttonClass } from '@/components/ui/button';
import { requestSend } from './attached-estimate';
import type { LangCode } from '@/i18n/locales';
import { proposalHref } from '@/lib/calculator/proposal-link';

type EstimatePanelProps = {
  texts: CalculatorTexts;
  selection: Selection;
  priced: PricedEstimate;
  monthly: PricedEstimate | null;
  lang: LangCode;
};

/**
 * The estimate: the range and timeline (announced politely as they change),
 * what the price is made of as a bar chart, and what to do with it.
 */
export function EstimatePanel({ texts, selection, priced, monthly, lang }: EstimatePanelProps) {
  const [copyStatus, setCopyStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const total = priced.lines.reduce((sum, line) => sum + line.amount, 0);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopyStatus('copied');
      goal('estimate_shared', {
        type: selection.type,
        estimate: `${priced.low}-${priced.high}`,
        currency: priced.currency,
      });
    } catch {
      setCopyStatus('failed');
    }
  }

  return (
    <div className="rounded-3xl bg-white p-6 shadow-card ring-1 ring-line sm:p-8 print:p-0 print:shadow-none print:ring-0">
      <h2 id="estimate-title" className="text-xl font-bold tracking-tight">
        {texts.result.title}
      </h2>

      <dl
        aria-live="polite"
        aria-atomic="true"
        className="mt-5 space-y-4"
        data-testid="estimate-summary"
      >
        <div>
          <dt className="text-sm font-medium text-muted">{texts.result.cost}</dt>
          <dd
            className="mt-1 text-3xl font-bold tracking-tight text-brand-800"
            data-testid="estimate-range"
          >
            {formatRange(texts, priced.low, priced.high)}
          </dd>
          {monthly ? (
            <dd className="mt-1 text-sm text-muted" data-testid="estimate-per-month">
              {fillTemplate(texts.result.perMonth, {
                low: formatAmount(texts, monthly.low),
                high: formatAmount(texts, monthly.high),
              })}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-sm font-medium text-muted">{texts.result.duration}</dt>
          <dd className="mt-1 text-lg font-semibold" data-testid="estimate-weeks">
            {formatWeeks(texts, priced.weeks)}
          </dd>
        </div>
      </dl>

      <div className="hidden print:mt-6 print:block">
        <h3 className="font-semibold">{texts.result.choices}</h3>
        <ul className="mt-2 list-disc pl-5 text-sm">
          {describeSelection(texts, selection).map((part) => (
            <li key={part}>{part}</li>
          ))}
        </ul>
      </div>

      <h3 className="mt-7 text-sm font-semibold text-ink">{texts.result.breakdown}</h3>
      <ul className="mt-3 space-y-3" data-testid="estimate-chart">
        {priced.lines.map((line) => {
          const share = total > 0 ? (line.amount / total) * 100 : 0;
          return (
            <li key={line.id} data-line={line.id}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="text-ink">{lineLabel(texts, line)}</span>
                <span className="shrink-0 font-medium text-ink">
                  {formatAmount(texts, line.amount)}
                </span>
              </div>
              <div
                className="mt-1.5 h-2 overflow-hidden rounded-full bg-brand-50 print:border print:border-line"
                aria-hidden="true"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-300 print:[print-color-adjust:exact]"
                  style={{ width: `${Math.max(2, share).toFixed(1)}%` }}
                  data-testid="estimate-bar"
                />
              </div>
            </li>
          );
        })}
      </ul>

      <p className="mt-6 text-xs leading-relaxed text-muted">
        {texts.result.disclaimer} {texts.result.ratesDate}
      </p>

      <div className="mt-6 flex flex-col gap-3 print:hidden">
        <a
          href="#consultation"
          className={buttonClass({ size: 'lg', className: 'w-full' })}
          onClick={requestSend}
          data-testid="send-estimate"
        >
          {texts.actions.send}
        </a>
        <a
          href={proposalHref(lang, selection, priced.currency)}
          className={buttonClass({ variant: 'secondary', className: 'w-full' })}
          download
          data-testid="estimate-pdf"
          onClick={() =>
            goal('estimate_pdf', {
              type: selection.type,
              estimate: `${priced.low}-${priced.high}`,
              currency: priced.currency,
            })
          }
        >
          {texts.actions.download}
        </a>
        <div className="flex flex-wrap gap-3 noscript:hidden">
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', className: 'grow' })}
            onClick={copyLink}
          >
            {texts.actions.copy}
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', className: 'grow' })}
            onClick={() => window.print()}
          >
            {texts.actions.print}
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-muted" data-testid="copy-status">
          {copyStatus === 'copied'
            ? texts.actions.copied
            : copyStatus === 'failed'
              ? texts.actions.copyFailed
              : ''}
        </p>
        <noscript>
          <p className="text-sm text-muted">{texts.actions.share}</p>
        </noscript>
      </div>
    </div>
  );
}
