import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  featureIds,
  pricingConfig,
  type Currency,
  type FeatureId,
  type ProjectTypeId,
  type Selection,
} from '@/config/pricing';
import { goal } from '@/lib/analytics/goals';
import { currencyParam } from '@/lib/currency/param';
import { estimate, inCurrency, perMonth, type PricedEstimate } from '@/lib/calculator/estimate';
import { calculatorQueryKeys, type CalculatorQueryKey } from '@/lib/calculator/query-keys';
import {
  changeType,
  selectionFromQuery,
  selectionToQuery,
  wholeNumber,
} from '@/lib/calculator/selection';

/** A number field as typed: the text, and the whole number it holds if any. */
function readWhole(text: string | undefined): number | undefined {
  return text !== undefined && /^\s*-?\d{1,6}\s*$/.test(text) ? Number(text) : undefined;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export type CalculatorState = ReturnType<typeof useCalculator>;

/** What a form holds now, as the query it would send. */
function formQuery(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of new FormData(form))
    if (typeof value === 'string') query.append(key, value);
  return query;
}

/** A form's value for a query key, as `selectionToQuery` writes it; null when the form lacks it. */
function formValue(query: URLSearchParams, key: CalculatorQueryKey): string | null {
  if (!query.has(key)) return null;
  return key === 'features'
    ? query.getAll(key).filter(Boolean).join(',')
    : (query.get(key)?.trim() ?? null);
}

/**
 * The selection a calculator form shows, compared with the one the server
 * rendered. Each value the visitor changed counts. A project type switched
 * before the page's code arrived counts as the switch it is: what the visitor
 * left alone takes the new type's values, as when they switch it later.
 */
function selectionInForm(initial: Selection, query: URLSearchParams): Selection {
  const shown = selectionFromQuery(query);
  if (shown.type === initial.type) return shown;
  const server = new URLSearchParams(selectionToQuery(initial));
  const result = new URLSearchParams(selectionToQuery(changeType(initial, shown.type)));
  for (const key of calculatorQueryKeys) {
    const value = formValue(query, key);
    if (key !== 'type' && value !== null && value !== server.get(key)) result.set(key, value);
  }
  return selectionFromQuery(result);
}

const same = (a: Selection, b: Selection) => selectionToQuery(a) === selectionToQuery(b);

/**
 * The calculator's state: the selection, the numbers typed into its two number
 * fields, and the estimate, recomputed by the engine on every change. With
 * `syncUrl`, the address bar follows the selection so the page can be shared.
 *
 * State starts from what the form holds when the code arrives, not from what
 * the server rendered: a choice made before hydration stays (React leaves such
 * input alone while hydrating, but its first update would reset it to state).
 * With `syncUrl`, an untouched form defers to choices in the address, which
 * the page may not have been rendered with: the page with the default choices,
 * built ahead, served for it (by a cache that ignores the query, say, or the
 * development server).
 */
export function useCalculator(
  initial: Selection,
  {
    currency,
    typed,
    syncUrl,
    form,
    name,
  }: {
    /** Which calculator this is, for the analytics goal of its first use. */
    name: 'full' | 'compact';
    currency: Currency;
    typed?: { size?: string; support?: string };
    syncUrl: boolean;
    form: RefObject<HTMLFormElement | null>;
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

  // Once, before the first paint after hydration.
  useLayoutEffect(() => {
    if (!form.current) return;
    const held = formQuery(form.current);
    let start = selectionInForm(initial, held);
    let numbers = held;
    if (same(start, initial) && syncUrl) {
      const address = new URLSearchParams(window.location.search);
      if (calculatorQueryKeys.some((key) => address.has(key))) {
        start = selectionFromQuery(address);
        numbers = address;
      }
    }
    // A number stays as typed (out of range, say) unless it is the server's own,
    // which a switch of type replaces with the new type's.
    const text = (key: 'size' | 'support') => {
      const raw = numbers.get(key)?.trim();
      const mine = raw !== undefined && (numbers !== held || raw !== String(initial[key]));
      return mine && wholeNumber(raw) !== undefined ? raw : String(start[key]);
    };
    const size = text('size');
    const support = text('support');
    if (same(start, initial) && size === sizeText && support === supportText) return;
    // The form is the outside state this effect reads once: the rule's concern
    // (renders cascading from every run) does not arise.
    /* eslint-disable react-hooks/set-state-in-effect */
    setSelection(start);
    setSizeText(size);
    setSupportText(support);
    /* eslint-enable react-hooks/set-state-in-effect */
    // Only the form as the code finds it counts; later renders own the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  useEffect(() => {
    if (!syncUrl) return;
    const current = window.location.search.slice(1);
    // A currency picked in the address stays in it, so a shared link shows the same figures.
    const picked = new URLSearchParams(current).get(currencyParam);
    const next = picked ? `${query}&${currencyParam}=${encodeURIComponent(picked)}` : query;
    // A clean address stays clean until the visitor changes something, and an
    // address that already means this selection (a link's own order) stays as it is.
    if (current === next || (current === '' && selection === initial)) return;
    if (current && selectionToQuery(selectionFromQuery(new URLSearchParams(current))) === query)
      return;
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}?${next}${window.location.hash}`,
    );
  }, [syncUrl, query, selection, initial]);

  const type = pricingConfig.projectTypes[selection.type];
  const typedSize = readWhole(sizeText);
  // The first change a visitor makes is the goal "calculator used", once per page.
  const used = useRef(false);
  const reportUse = (typeId: ProjectTypeId = selection.type) => {
    if (used.current) return;
    used.current = true;
    goal('calculator_used', { type: typeId, calculator: name });
  };
  const typedSupport = readWhole(supportText);

  return {
    selection,
    /** The selected project type's pricing: which options and sizes apply. */
    type,
    priced,
    monthly,
    query,
    /** The size the visitor typed, when the estimate had to use the nearest allowed one instead. */
    sizeAdjusted: typedSize !== undefined && typedSize !== selection.size,
    supportAdjusted: typedSupport !== undefined && typedSupport !== selection.support,
    sizeText,
    supportText,
    setType: (typeId: ProjectTypeId) => {
      reportUse(typeId);
      const next = changeType(selection, typeId);
      setSelection(next);
      setSizeText(String(next.size));
      setSupportText(String(next.support));
    },
    setSizeText: (text: string) => {
      reportUse();
      setSizeText(text);
      const value = readWhole(text);
      if (value !== undefined) {
        setSelection((s) => ({ ...s, size: clamp(value, type.size.min, type.size.max) }));
      }
    },
    setSupportText: (text: string) => {
      reportUse();
      setSupportText(text);
      const value = readWhole(text);
      if (value !== undefined) {
        setSelection((s) => ({ ...s, support: clamp(value, 0, pricingConfig.support.maxMonths) }));
      }
    },
    /** On leaving a number field: show the number the estimate uses. */
    settleNumbers: () => {
      setSizeText(String(selection.size));
      setSupportText(String(selection.support));
    },
    toggleFeature: (id: FeatureId, on: boolean) => {
      reportUse();
      setSelection((s) => ({
        ...s,
        features: featureIds.filter((feature) =>
          feature === id ? on : s.features.includes(feature),
        ),
      }));
    },
    update: (change: Partial<Pick<Selection, 'design' | 'platform' | 'urgency'>>) => {
      reportUse();
      setSelection((s) => ({ ...s, ...change }));
    },
  };
}
