import { describe, expect, it } from 'vitest';
import { designLevels, featureIds, projectTypeIds, urgencyLevels } from '@/config/pricing';
import type { CalculatorDetails } from '@/lib/calculator/describe';
import { featureSlot, levelSlot, optionSlots, typeSlot } from './option-details';

const record = <K extends string, V>(keys: readonly K[], value: (key: K) => V) =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>;

const details: CalculatorDetails = {
  types: record(projectTypeIds, (id) => ({ from: `from ${id}`, description: `about ${id}` })),
  features: record(featureIds, (id) => ({ price: `+${id}`, description: `about ${id}` })),
  design: record(designLevels, (level) => `design ${level}`),
  urgency: record(urgencyLevels, (level) => `urgency ${level}`),
};

describe('the option cards’ slots', () => {
  const slots = optionSlots(details);

  it('name each text once, as Astro’s React renderer keeps a name (camelCase, no dash or underscore)', () => {
    const names = slots.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(
      2 * projectTypeIds.length +
        2 * featureIds.length +
        designLevels.length +
        urgencyLevels.length,
    );
    for (const name of names) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
  });

  it('carry the text each card shows under the name the island reads', () => {
    const byName = new Map(slots);
    expect(byName.get(typeSlot('shop', 'Aside'))).toBe('from shop');
    expect(byName.get(typeSlot('shop', 'Description'))).toBe('about shop');
    expect(byName.get(featureSlot('seoStart', 'Aside'))).toBe('+seoStart');
    expect(byName.get(featureSlot('seoStart', 'Description'))).toBe('about seoStart');
    expect(byName.get(levelSlot('design', 'premium'))).toBe('design premium');
    expect(byName.get(levelSlot('urgency', 'rush'))).toBe('urgency rush');
  });
});
