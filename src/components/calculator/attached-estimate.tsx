'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The estimate a consultation request carries: the selection as a query, its
 * summary in words, and its range (for the analytics goal of a sent request).
 */
export type AttachedEstimate = {
  query: string;
  summary: string;
  range?: { low: number; high: number; currency: string };
};

type AttachedEstimateState = {
  estimate: AttachedEstimate;
  setEstimate: (estimate: AttachedEstimate) => void;
  /** Bumped by "Send this estimate", so the form ticks "attach" again if it was unticked. */
  sendRequests: number;
  requestSend: () => void;
};

const AttachedEstimateContext = createContext<AttachedEstimateState | null>(null);

/**
 * Joins the calculator and the consultation form on one page: the form always
 * carries the estimate the visitor sees now, not the one the page opened with.
 */
export function AttachedEstimateProvider({
  initial,
  children,
}: {
  initial: AttachedEstimate;
  children: ReactNode;
}) {
  const [estimate, setEstimate] = useState(initial);
  const [sendRequests, setSendRequests] = useState(0);
  const value = useMemo(
    () => ({
      estimate,
      setEstimate,
      sendRequests,
      requestSend: () => setSendRequests((n) => n + 1),
    }),
    [estimate, sendRequests],
  );
  return <AttachedEstimateContext value={value}>{children}</AttachedEstimateContext>;
}

/** The shared estimate, or `null` outside the calculator page. */
export function useAttachedEstimate(): AttachedEstimateState | null {
  return useContext(AttachedEstimateContext);
}
