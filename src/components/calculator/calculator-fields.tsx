import { ChoiceGroup } from '@/components/ui/choice-group';
import { NumberField } from '@/components/ui/number-field';
import { pricingConfig } from '@/config/pricing';
import type { CompactCalculatorTexts } from '@/lib/calculator/describe';
import { fillTemplate } from '@/lib/format/plural';
import type { CalculatorState } from './use-calculator';

type LevelChoiceProps<T extends string> = {
  /** The selection's field: `design` or `urgency`. */
  name: 'design' | 'urgency';
  levels: readonly T[];
  texts: { legend: string; levels: Record<T, { name: string; description?: string }> };
  value: T;
  onChange: (value: T) => void;
  /** The compact calculator's: names only, three to a row. */
  compact?: boolean;
};

/** One of three levels (of design, of urgency) as radio cards. */
export function LevelChoice<T extends string>({
  name,
  levels,
  texts,
  value,
  onChange,
  compact,
}: LevelChoiceProps<T>) {
  return (
    <ChoiceGroup
      legend={texts.legend}
      className={
        compact ? 'gap-2 sm:grid-cols-3' : 'gap-3 md:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3'
      }
      compact={compact}
      type="radio"
      name={name}
      options={levels.map((level) => ({
        value: level,
        title: texts.levels[level].name,
        description: compact ? undefined : texts.levels[level].description,
        testId: compact ? undefined : `${name}-${level}`,
      }))}
      isChecked={(level) => level === value}
      onChange={onChange}
    />
  );
}

/** How big the project is (pages, screens, modules), in the type's own unit and range. */
export function SizeField({
  texts,
  calc,
}: {
  texts: Pick<CompactCalculatorTexts, 'types' | 'sizeClamped'>;
  calc: CalculatorState;
}) {
  const { selection } = calc;
  const range = pricingConfig.projectTypes[selection.type].size;
  return (
    <NumberField
      name="size"
      label={texts.types[selection.type].sizeLabel}
      hint={texts.types[selection.type].sizeRange}
      min={range.min}
      max={range.max}
      text={calc.sizeText}
      onText={calc.setSizeText}
      onSettle={calc.settleNumbers}
      adjusted={
        calc.sizeAdjusted ? fillTemplate(texts.sizeClamped, { value: selection.size }) : null
      }
    />
  );
}
