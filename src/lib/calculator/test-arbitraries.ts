import fc from 'fast-check';
import {
  designLevels,
  featureIds,
  neutralOptions,
  platforms,
  pricingConfig,
  projectTypeIds,
  urgencyLevels,
  type Selection,
} from '@/config/pricing';
import { featuresFor } from './selection';

/** Any valid selection, features in canonical order: for property tests. */
export const validSelection: fc.Arbitrary<Selection> = fc
  .constantFrom(...projectTypeIds)
  .chain((type) => {
    const config = pricingConfig.projectTypes[type];
    const allowed = featuresFor(type);
    return fc.record({
      type: fc.constant(type),
      size: fc.integer({ min: config.size.min, max: config.size.max }),
      design: config.design ? fc.constantFrom(...designLevels) : fc.constant(neutralOptions.design),
      features: fc.subarray(allowed).map((list) => featureIds.filter((id) => list.includes(id))),
      urgency: config.urgency
        ? fc.constantFrom(...urgencyLevels)
        : fc.constant(neutralOptions.urgency),
      support: config.support
        ? fc.integer({ min: 0, max: pricingConfig.support.maxMonths })
        : fc.constant(0),
      ...('platforms' in config && config.platforms
        ? { platform: fc.constantFrom(...platforms) }
        : {}),
    });
  });
