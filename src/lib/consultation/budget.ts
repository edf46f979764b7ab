import type { Currency } from '@/config/pricing';
import { consultationConfig, type BudgetBandId } from '@/config/consultation';
import { toCurrency } from '@/lib/calculator/estimate';

/** A budget range as a lead keeps it: in the currency the visitor saw, as they saw it. */
export type LeadBudget = {
  band: BudgetBandId;
  currency: Currency;
  /** null: no lower bound ("up to …"). */
  low: number | null;
  /** null: no upper bound ("over …"). */
  high: number | null;
};

export function budgetInCurrency(band: BudgetBandId, currency: Currency): LeadBudget {
  const found = consultationConfig.budgetBands.find((b) => b.id === band)!;
  return {
    band,
    currency,
    low: 'low' in found ? toCurrency(found.low, currency) : null,
    high: 'high' in found ? toCurrency(found.high, currency) : null,
  };
}

/** A range's words, from the messages (`ConsultationForm.details.budget`, `LeadNotification.budgetRange`). */
export type BudgetTexts = {
  upTo: (amount: string) => string;
  between: (low: string, high: string) => string;
  over: (amount: string) => string;
};

/** "up to 160 000 ₽", "400 000 – 1 200 000 ₽", "over 4 000 000 ₽". */
export function budgetLabel(
  budget: Pick<LeadBudget, 'low' | 'high'>,
  texts: BudgetTexts,
  money: (amount: number) => string,
): string {
  if (budget.low === null && budget.high !== null) return texts.upTo(money(budget.high));
  if (budget.high === null && budget.low !== null) return texts.over(money(budget.low));
  return texts.between(money(budget.low ?? 0), money(budget.high ?? 0));
}
