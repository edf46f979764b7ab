'use client';

import { useEffect } from 'react';
import { recordVisit } from '@/lib/attribution/browser';

/** Notes where the visit came from as soon as the page runs (see src/lib/attribution/). */
export function AttributionCapture() {
  useEffect(() => recordVisit(), []);
  return null;
}
