import {
  designLevels,
  neutralOptions,
  featureIds,
  platforms,
  pricingConfig,
  projectTypeIds,
  urgencyLevels,
  type FeatureId,
  type PricingConfig,
  type ProjectTypeId,
  type Selection,
} from '@/config/pricing';
import type { CalculatorQueryKey as QueryKey } from './query-keys';

/** Features that make sense for a project type, in config order. */
export function featuresFor(
  type: ProjectTypeId,
  config: PricingConfig = pricingConfig,
): FeatureId[] {
  return featureIds.filter((id) =>
    (config.features[id].appliesTo as readonly ProjectTypeId[]).includes(type),
  );
}

/**
 * The selection as a URL query, so an estimate can be shared and bookmarked.
 * Every value is a known word or a whole number, so nothing needs escaping,
 * and features stay readable: `features=cms,seoStart`.
 */
export function selectionToQuery(selection: Selection): string {
  const parts: [QueryKey, string][] = [
    ['type', selection.type],
    ['size', String(selection.size)],
    ['design', selection.design],
    ['features', selection.features.join(',')],
  ];
  if (selection.platform) parts.push(['platform', selection.platform]);
  parts.push(['urgency', selection.urgency], ['support', String(selection.support)]);
  return parts.map(([key, value]) => `${key}=${value}`).join('&');
}

type QuerySource = URLSearchParams | Record<string, string | string[] | undefined>;

function read(source: QuerySource, key: QueryKey): string | undefined {
  if (source instanceof URLSearchParams) {
    // A form sends one checkbox per feature; a shared link sends them comma-separated.
    // (The form also sends an empty `features`, so that "none ticked" is not read as "not given".)
    if (!source.has(key)) return undefined;
    return key === 'features' ? source.getAll(key).join(',') : (source.get(key) ?? undefined);
  }
  const value = source[key];
  return Array.isArray(value) ? value.join(',') : value;
}

const pick = <T extends string>(
  options: readonly T[],
  value: string | undefined,
  fallback: T,
): T => (options.includes(value as T) ? (value as T) : fallback);

/** A whole number from a query value; anything else (empty, "lots", 2.5) is no number. */
export function wholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*-?\d{1,9}\s*$/.test(value)) return undefined;
  return Number(value);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Reads a selection from a URL query without ever failing: each value that is
 * missing, unknown or malformed falls back to the default, a number out of
 * range to the nearest allowed one, features that do not apply to the type are
 * dropped and options that do not apply take their neutral value.
 */
export function selectionFromQuery(
  source: QuerySource,
  config: PricingConfig = pricingConfig,
): Selection {
  const defaults = config.defaultSelection;
  const typeId = pick(projectTypeIds, read(source, 'type'), defaults.type);
  const type = config.projectTypes[typeId];
  const size = wholeNumber(read(source, 'size'));
  const requested = (
    read(source, 'features') ?? (typeId === defaults.type ? defaults.features.join(',') : '')
  ).split(',');
  const support = wholeNumber(read(source, 'support'));
  return {
    type: typeId,
    size: size === undefined ? type.size.default : clamp(size, type.size.min, type.size.max),
    design: type.design
      ? pick(designLevels, read(source, 'design'), defaults.design)
      : neutralOptions.design,
    features: featuresFor(typeId, config).filter((id) => requested.includes(id)),
    ...('platforms' in type && type.platforms
      ? { platform: pick(platforms, read(source, 'platform'), 'both') }
      : {}),
    urgency: type.urgency
      ? pick(urgencyLevels, read(source, 'urgency'), defaults.urgency)
      : neutralOptions.urgency,
    support: !type.support
      ? neutralOptions.support
      : support === undefined
        ? defaults.support
        : clamp(support, 0, config.support.maxMonths),
  };
}

/** The cheapest selection of a type: what its "from" price means. */
export function minimalSelection(
  typeId: ProjectTypeId,
  config: PricingConfig = pricingConfig,
): Selection {
  const type = config.projectTypes[typeId];
  return {
    type: typeId,
    size: type.size.min,
    design: type.design ? designLevels[0] : neutralOptions.design,
    features: [],
    ...('platforms' in type && type.platforms ? { platform: platforms[0] } : {}),
    urgency: neutralOptions.urgency,
    support: 0,
  };
}

/**
 * The selection after the visitor picks another project type: the size starts
 * at the new type's default, features that still apply stay, and options the
 * new type does not have take their neutral value.
 */
export function changeType(
  selection: Selection,
  typeId: ProjectTypeId,
  config: PricingConfig = pricingConfig,
): Selection {
  if (selection.type === typeId) return selection;
  const type = config.projectTypes[typeId];
  const allowed = featuresFor(typeId, config);
  return {
    type: typeId,
    size: type.size.default,
    design: type.design ? selection.design : neutralOptions.design,
    features: selection.features.filter((id) => allowed.includes(id)),
    ...('platforms' in type && type.platforms ? { platform: selection.platform ?? 'both' } : {}),
    urgency: type.urgency ? selection.urgency : neutralOptions.urgency,
    support: type.support ? selection.support : neutralOptions.support,
  };
}
