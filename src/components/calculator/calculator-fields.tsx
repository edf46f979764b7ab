import type { ReactNode, RefObject } from 'react';
import { ChoiceGroup } from '@/components/ui/choice-group';
import { NumberField } from '@/components/ui/number-field';
import {
  designLevels,
  pricingConfig,
  projectTypeIds,
  urgencyLevels,
  type DesignLevel,
  type Urgency,
} from '@/config/pricing';
import type { CalculatorTexts, CompactCalculatorTexts } from '@/lib/calculator/describe';
import { fillTemplate } from '@/lib/format/plural';
import { levelSlot, typeSlot, type OptionDetails } from './option-details';
import type { CalculatorState } from './use-calculator';

/** The levels of each three-level choice, in order. */
const levelsOf = { design: designLevels, urgency: urgencyLevels } as const;
type LevelName = keyof typeof levelsOf;

type Level<N extends LevelName> = (typeof levelsOf)[N][number];

type LevelChoiceProps<N extends LevelName> = {
  /** The selection's field, which gives the levels and the value. */
  name: N;
  texts: { legend: string; levels: Record<Level<N>, { name: string }> };
  calc: CalculatorState;
  /**
   * The full calculator's: each level with its description. Without them,
   * the compact calculator's cards: names only, three to a row.
   */
  details?: OptionDetails;
};

/** One of three levels (of design, of urgency) as radio cards. */
export function LevelChoice<N extends LevelName>({
  name,
  texts,
  calc,
  details,
}: LevelChoiceProps<N>) {
  const compact = !details;
  const levels: readonly Level<N>[] = levelsOf[name];
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
        description: details?.[levelSlot(name, level)],
        testId: compact ? undefined : `${name}-${level}`,
      }))}
      isChecked={(level) => level === calc.selection[name]}
      // The value is one of levelsOf[name], the levels of that very field.
      onChange={(level) =>
        calc.update(
          name === 'design' ? { design: level as DesignLevel } : { urgency: level as Urgency },
        )
      }
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

type TypeChoiceProps = { calc: CalculatorState } & (
  | {
      calculator: 'full';
      texts: Pick<CalculatorTexts, 'types'>;
      details: OptionDetails;
      /** The id of the step's heading, which names the choice. */
      labelledBy: string;
    }
  | { calculator: 'compact'; texts: Pick<CompactCalculatorTexts, 'types' | 'steps'> }
);

/**
 * The project type as radio cards: with its starting price and description in
 * the full calculator, by name only in the compact one.
 */
export function TypeChoice(props: TypeChoiceProps) {
  const { calc } = props;
  const compact = props.calculator === 'compact';
  return (
    <ChoiceGroup
      legend={compact ? props.texts.steps.type : { labelledBy: props.labelledBy }}
      className={
        compact
          ? 'grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3'
          : 'gap-3 sm:grid-cols-2 xl:grid-cols-3'
      }
      compact={compact}
      type="radio"
      name="type"
      options={projectTypeIds.map((typeId) =>
        props.calculator === 'compact'
          ? {
              value: typeId,
              title: props.texts.types[typeId].name,
              testId: `compact-type-${typeId}`,
            }
          : {
              value: typeId,
              title: props.texts.types[typeId].name,
              aside: props.details[typeSlot(typeId, 'Aside')],
              description: props.details[typeSlot(typeId, 'Description')],
              testId: `type-${typeId}`,
            },
      )}
      isChecked={(typeId) => calc.selection.type === typeId}
      onChange={(typeId) => calc.setType(typeId)}
    />
  );
}

type CalculatorFormProps = {
  form: RefObject<HTMLFormElement | null>;
  /** The calculator page, which reads the choices from the query without JavaScript. */
  action: string;
  label: string;
  className: string;
  testId: string;
  /** With JavaScript: what sending the form does instead of loading its address. */
  onSubmit?: () => void;
  children: ReactNode;
};

/**
 * A calculator's GET form. Without JavaScript, sending it opens the calculator
 * page with the choices in the query; the code keeps its state from the form's
 * fields (./use-calculator.ts) and decides what sending it does.
 */
export function CalculatorForm({
  form,
  action,
  label,
  className,
  testId,
  onSubmit,
  children,
}: CalculatorFormProps) {
  return (
    <form
      ref={form}
      method="get"
      action={action}
      aria-label={label}
      noValidate
      className={className}
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      {/* An empty value keeps "no features ticked" apart from "features not given". */}
      <input type="hidden" name="features" value="" />
      {children}
    </form>
  );
}
