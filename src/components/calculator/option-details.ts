import type { ReactNode } from 'react';
import {
  designLevels,
  featureIds,
  projectTypeIds,
  urgencyLevels,
  type DesignLevel,
  type FeatureId,
  type ProjectTypeId,
  type Urgency,
} from '@/config/pricing';
import type { CalculatorDetails } from '@/lib/calculator/describe';

/**
 * The fixed texts of the full calculator's option cards (a type's "from" price
 * and description, a feature's price and description, a level's description)
 * reach the island as named slots, not props: Astro renders each to HTML once,
 * and the island takes the HTML of the cards on screen from the page itself
 * and the rest from `<template>`s, so the page does not carry these texts a
 * second time as serialized props. Names are camelCase: Astro's React
 * renderer camel-cases slot names, and one with a dash would be sent twice.
 */
type Part = 'Aside' | 'Description';
export type OptionSlot =
  | `type${Capitalize<ProjectTypeId>}${Part}`
  | `feature${Capitalize<FeatureId>}${Part}`
  | `design${Capitalize<DesignLevel>}Description`
  | `urgency${Capitalize<Urgency>}Description`;

/** The slots as the island receives them: static HTML it places, never re-renders. */
export type OptionDetails = Partial<Record<OptionSlot, ReactNode>>;

const capital = <S extends string>(text: S) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}` as Capitalize<S>;

export const typeSlot = (id: ProjectTypeId, part: Part): OptionSlot => `type${capital(id)}${part}`;
export const featureSlot = (id: FeatureId, part: Part): OptionSlot =>
  `feature${capital(id)}${part}`;
export const levelSlot = (name: 'design' | 'urgency', level: DesignLevel | Urgency): OptionSlot =>
  `${name}${capital(level)}Description` as OptionSlot;

/** On the server: every slot with its text, for the page to pass to the island. */
export function optionSlots(details: CalculatorDetails): [OptionSlot, string][] {
  return [
    ...projectTypeIds.flatMap((id): [OptionSlot, string][] => [
      [typeSlot(id, 'Aside'), details.types[id].from],
      [typeSlot(id, 'Description'), details.types[id].description],
    ]),
    ...featureIds.flatMap((id): [OptionSlot, string][] => [
      [featureSlot(id, 'Aside'), details.features[id].price],
      [featureSlot(id, 'Description'), details.features[id].description],
    ]),
    ...designLevels.map((level): [OptionSlot, string] => [
      levelSlot('design', level),
      details.design[level],
    ]),
    ...urgencyLevels.map((level): [OptionSlot, string] => [
      levelSlot('urgency', level),
      details.urgency[level],
    ]),
  ];
}
