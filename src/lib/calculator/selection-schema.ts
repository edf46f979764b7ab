import { z } from 'zod';
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
import { featuresFor, wholeNumber } from './selection';

// Apart from selection.ts so that the browser, which only reads and writes
// selections, never downloads zod.

/**
 * A selection as an API or a test might send it, checked strictly: anything
 * that does not make sense is refused with the reason, never silently fixed.
 */
export const selectionSchema = z
  .object({
    type: z.enum(projectTypeIds, { error: 'unknown project type' }),
    size: z.number({ error: 'size must be a number' }).int('size must be a whole number'),
    design: z.enum(designLevels, { error: 'unknown design level' }),
    features: z.array(z.enum(featureIds, { error: 'unknown feature' })),
    platform: z.enum(platforms, { error: 'unknown platform' }).optional(),
    urgency: z.enum(urgencyLevels, { error: 'unknown urgency' }),
    support: z
      .number()
      .int('support must be a whole number of months')
      .min(0, 'support cannot be negative')
      .max(
        pricingConfig.support.maxMonths,
        `support is at most ${pricingConfig.support.maxMonths} months`,
      ),
  })
  .superRefine((selection, ctx) => {
    const type = pricingConfig.projectTypes[selection.type];
    const { min, max, unit } = type.size;
    if (selection.size < min || selection.size > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: `size must be between ${min} and ${max} ${unit} for ${selection.type}`,
      });
    }
    const allowed = featuresFor(selection.type);
    for (const feature of selection.features) {
      if (!allowed.includes(feature)) {
        ctx.addIssue({
          code: 'custom',
          path: ['features'],
          message: `feature ${feature} does not apply to ${selection.type}`,
        });
      }
    }
    if (new Set(selection.features).size !== selection.features.length) {
      ctx.addIssue({ code: 'custom', path: ['features'], message: 'a feature is listed twice' });
    }
    const hasPlatforms = 'platforms' in type && type.platforms;
    if (hasPlatforms && !selection.platform) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform'],
        message: `platform is required for ${selection.type}`,
      });
    }
    if (!hasPlatforms && selection.platform) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform'],
        message: `platform does not apply to ${selection.type}`,
      });
    }
    for (const option of ['design', 'urgency', 'support'] as const) {
      if (!type[option] && selection[option] !== neutralOptions[option]) {
        ctx.addIssue({
          code: 'custom',
          path: [option],
          message: `${option} does not apply to ${selection.type} (leave it ${neutralOptions[option]})`,
        });
      }
    }
  })
  .transform((selection): Selection => ({
    ...selection,
    // One canonical order, so the same choice always makes the same link.
    features: featureIds.filter((id) => selection.features.includes(id)),
  }));

export type SelectionField = keyof Selection;

/**
 * Reads a selection from a query strictly: what a form attached to a lead must
 * be. Anything missing or invalid is refused with the fields that are wrong,
 * never a guess.
 */
export function checkSelectionQuery(
  query: string | URLSearchParams,
): { ok: true; selection: Selection } | { ok: false; fields: SelectionField[] } {
  const params = new URLSearchParams(query);
  const number = (key: 'size' | 'support') =>
    wholeNumber(params.get(key) ?? undefined) ?? Number.NaN;
  const features = params.get('features');
  const result = selectionSchema.safeParse({
    type: params.get('type'),
    size: number('size'),
    design: params.get('design'),
    features: features ? features.split(',') : [],
    ...(params.has('platform') ? { platform: params.get('platform') } : {}),
    urgency: params.get('urgency'),
    support: number('support'),
  });
  if (result.success) return { ok: true, selection: result.data };
  const fields = new Set(result.error.issues.map((issue) => issue.path[0] as SelectionField));
  return { ok: false, fields: [...fields].filter(Boolean) };
}

/** A selection read strictly from a query, or `null` when it is not a valid one. */
export function parseSelectionQuery(query: string): Selection | null {
  const checked = checkSelectionQuery(query);
  return checked.ok ? checked.selection : null;
}
