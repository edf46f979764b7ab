/**
 * What the consultation form asks beyond the contact: the limits of its free
 * text, the budget ranges a visitor can pick (in the pricing's base currency,
 * USD; each is shown in the visitor's currency and rounded like every price,
 * see `src/lib/consultation/budget.ts`) and the parts of the day a visitor can
 * ask to be contacted in. Their words are in `ConsultationForm` in the messages.
 */
export const consultationConfig = {
  maxNameLength: 100,
  maxMessageLength: 2_000,
  budgetBands: [
    { id: 'under-2k', high: 2_000 },
    { id: '2k-5k', low: 2_000, high: 5_000 },
    { id: '5k-15k', low: 5_000, high: 15_000 },
    { id: '15k-50k', low: 15_000, high: 50_000 },
    { id: 'over-50k', low: 50_000 },
  ],
  contactTimes: ['morning', 'afternoon', 'evening'],
  /** A request sent sooner after the form was shown is delivered and marked for a second look. */
  minimumFillTimeMs: 2_000,
} as const satisfies {
  maxNameLength: number;
  maxMessageLength: number;
  budgetBands: readonly { id: string; low?: number; high?: number }[];
  contactTimes: readonly string[];
  minimumFillTimeMs: number;
};

export type BudgetBandId = (typeof consultationConfig.budgetBands)[number]['id'];
export type ContactTime = (typeof consultationConfig.contactTimes)[number];

export const budgetBandIds: readonly BudgetBandId[] = consultationConfig.budgetBands.map(
  (band) => band.id,
);
