'use client';

import { useEffect, useMemo, useState } from 'react';
import {
  featureIds,
  pricingConfig,
  type Currency,
  type FeatureId,
  type ProjectTypeId,
  type Selection,
} from '@/config/pricing';
import { summarize, type CalculatorTexts } from '@/lib/calculator/describe';
import { estimate, inCurrency, perMonth, type PricedEstimate } from '@/lib/calculator/estimate';
import { changeType, selectionToQuery } from '@/lib/calculator/selection';

/** A number field as typed: the text, and the whole number it holds if any. */
function readWhole(text: string | undefined): number | undefined {
  return text !== undefined && /^\s*-?\d{1,6}\s*$/.test(text) ? Number(text) : undefined;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export type CalculatorState = ReturnType<typeof useCalculator>;

/**
 * The calculator's state: the selection, the numbers typed into its two number
 * fields, and the estimate, recomputed by the engine on every change. With
 * `syncUrl`, the address bar follows the selection so the page can be shared.
 */
export function useCalculator(
  initial: Selection,
  {
    texts,
    currency,
    typed,
    syncUrl,
  }: {
    texts: CalculatorTexts;
    currency: Currency;
    typed?: { size?: string; support?: string };
    syncUrl: boolean;
  },
) {
  const [selection, setSelection] = useState(initial);
  // A number from the query that was out of range stays in the field, with a note.
  const [sizeText, setSizeText] = useState(
    readWhole(typed?.size) !== undefined ? typed!.size!.trim() : String(initial.size),
  );
  const [supportText, setSupportText] = useState(
    readWhole(typed?.support) !== undefined ? typed!.support!.trim() : String(initial.support),
  );

  const priced: PricedEstimate = useMemo(
    () => inCurrency(estimate(selection), currency),
    [selection, currency],
  );
  const monthly: PricedEstimate | null = useMemo(
    () =>
      priced.period === 'month' && selection.size > 1
        ? inCurrency(perMonth(estimate(selection), selection.size), currency)
        : null,
    [priced.period, selection, currency],
  );
  const query = useMemo(() => selectionToQuery(selection), [selection]);
  const summary = useMemo(() => summarize(texts, selection, priced), [texts, selection, priced]);

  useEffect(() => {
    if (!syncUrl) return;
    const current = window.location.search.slice(1);
    // A clean address stays clean until the visitor changes something.
    if (current === query || (current === '' && selection === initial)) return;
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}?${query}${window.location.hash}`,
    );
  }, [syncUrl, query, selection, initial]);

  const type = pricingConfig.projectTypes[selection.type];
  const typedSize = readWhole(sizeText);
  const typedSupport = readWhole(supportText);

  return {
    selection,
    priced,
    monthly,
    query,
    summary,
    /** The size the visitor typed, when the estimate had to use the nearest allowed one instead. */
    sizeAdjusted: typedSize !== undefined && typedSize !== selection.size,
    supportAdjusted: typedSupport !== undefined && typedSupport !== selection.support,
    sizeText,
    supportText,
    setType(typeId: ProjectTypeId) {
      const next = changeType(selection, typeId);
      setSelection(next);
      setSizeText(String(next.size));
      setSupportText(String(next.support));
    },
    setSizeText(text: string) {
      setSizeText(text);
      const value = readWhole(text);
      if (value !== undefined) {
        setSelection((s) => ({ ...s, size: clamp(value, type.size.min, type.size.max) }));
      }
    },
    setSupportText(text: string) {
      setSupportText(text);
      const value = readWhole(text);
      if (value !== undefined) {
        setSelection((s) => ({ ...s, support: clamp(value, 0, pricingConfig.support.maxMonths) }));
      }
    },
    /** On leaving a number field: show the number the estimate uses. */
    settleNumbers() {
      setSizeText(String(selection.size));
      setSupportText(String(selection.support));
    },
    toggleFeature(id: FeatureId, on: boolean) {
      setSelection((s) => ({
        ...s,
        features: featureIds.filter((feature) =>
          feature === id ? on : s.features.includes(feature),
        ),
      }));
    },
    update(change: Partial<Pick<Selection, 'design' | 'platform' | 'urgency'>>) {
      setSelection((s) => ({ ...s, ...change }));
    },
  };
}
