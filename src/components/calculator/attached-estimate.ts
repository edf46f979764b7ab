import { useSyncExternalStore } from 'react';

/**
 * The estimate a consultation request carries: the selection as a query, its
 * summary in words, and its range (for the analytics goal of a sent request).
 */
export type AttachedEstimate = {
  query: string;
  summary: string;
  range?: { low: number; high: number; currency: string };
};

export type AttachedEstimateState = {
  /** The estimate the visitor sees now. */
  estimate: AttachedEstimate;
  /** Bumped by "Send this estimate", so the form ticks "attach" again if it was unticked. */
  sendRequests: number;
  requestSend: () => void;
};

type Snapshot = { estimate: AttachedEstimate | null; sendRequests: number };

/**
 * Joins the calculator and the consultation form on the calculator page. They
 * are two islands, each hydrated on its own, so they cannot share a React
 * context: they share this module instead (one instance per page, since the
 * bundler puts a module two islands import in a chunk of its own).
 *
 * The calculator island writes (`shareEstimate` as the estimate changes,
 * `requestSend` from "Send this estimate"); the form island reads with
 * `useAttachedEstimate(initial)`. On the server every page would share a
 * module's state, so the server (and hydration) render from `initial`, the
 * estimate the page was rendered with, which the page hands the form as a prop.
 */
const blank: Snapshot = { estimate: null, sendRequests: 0 };

const sameEstimate = (a: AttachedEstimate | null, b: AttachedEstimate) =>
  a !== null &&
  a.query === b.query &&
  a.summary === b.summary &&
  a.range?.low === b.range?.low &&
  a.range?.high === b.range?.high &&
  a.range?.currency === b.range?.currency;

/** A store without a framework: a snapshot that is replaced on each change, and its listeners. */
export function createAttachedEstimateStore() {
  let snapshot = blank;
  const listeners = new Set<() => void>();
  const update = (next: Snapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  return {
    get: (): Snapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    share: (estimate: AttachedEstimate): void => {
      if (!sameEstimate(snapshot.estimate, estimate)) update({ ...snapshot, estimate });
    },
    requestSend: (): void => update({ ...snapshot, sendRequests: snapshot.sendRequests + 1 }),
  };
}

/** The page's one store. */
const store = createAttachedEstimateStore();

/** For the calculator: its estimate as it now stands. */
export const shareEstimate = store.share;

/** "Send this estimate": the form attaches it again, even if the visitor had unticked it. */
export const requestSend = store.requestSend;

/**
 * For the consultation form: the estimate it can attach, or `null` where there
 * is none (`initial` not given: every page but the calculator). `initial` is
 * what the page was rendered with; once the calculator has shared one, that
 * is the estimate.
 */
export function useAttachedEstimate(
  initial: AttachedEstimate | undefined,
): AttachedEstimateState | null {
  // On the server, and while hydrating, the page's own estimate: never what
  // another page's render left in the module.
  const shared = useSyncExternalStore(store.subscribe, store.get, () => blank);
  if (!initial) return null;
  return {
    estimate: shared.estimate ?? initial,
    sendRequests: shared.sendRequests,
    requestSend,
  };
}
