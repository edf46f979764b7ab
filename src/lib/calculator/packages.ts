import { pricingConfig, type Currency, type PricingConfig, type Selection } from '@/config/pricing';
import { describeSelection, type CalculatorTexts } from './describe';
import { fromPrice } from './estimate';
import { changeType } from './selection';

/**
 * A package and the calculator price the same kind of project from different
 * choices: the package from what it includes, the calculator from its default
 * choices. Both prices come from the one engine; what tells them apart is
 * which choices each counts, and this says which.
 */

/**
 * What the calculator counts for a project type before the visitor changes
 * anything: its default choices, moved to that type the way picking the type
 * in the calculator (full or compact) moves them.
 */
export function calculatorStart(
  type: Selection['type'],
  config: PricingConfig = pricingConfig,
): Selection {
  return changeType(config.defaultSelection, type, config);
}

export type PackageComparison = {
  /** The calculator's default choices for the package's project type. */
  start: Selection;
  /** The calculator's "from" price for them. */
  startPrice: number;
  /** The package's own "from" price. */
  price: number;
  /** What the package counts that the calculator's default does not, in words. */
  added: string[];
  /** What the calculator's default counts that the package does not, in words. */
  dropped: string[];
};

/** A package's choices against the calculator's default for the same project type. */
export function comparePackage(
  texts: CalculatorTexts,
  selection: Selection,
  currency: Currency,
  config: PricingConfig = pricingConfig,
): PackageComparison {
  const start = calculatorStart(selection.type, config);
  // The first word is the project type, the same on both sides.
  const mine = describeSelection(texts, selection).slice(1);
  const theirs = describeSelection(texts, start).slice(1);
  return {
    start,
    startPrice: fromPrice(start, currency, config),
    price: fromPrice(selection, currency, config),
    added: mine.filter((item) => !theirs.includes(item)),
    dropped: theirs.filter((item) => !mine.includes(item)),
  };
}
