import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricingConfig, projectTypeIds } from '@/config/pricing';
import { validSelection } from './test-arbitraries';
import { estimate } from './estimate';
import { leadEstimate, leadEstimateSchema } from './lead-estimate';
import { changeType, minimalSelection, selectionFromQuery, selectionToQuery } from './selection';
import { parseSelectionQuery, selectionSchema } from './selection-schema';

describe('selectionSchema refuses what makes no sense, saying why', () => {
  const base = {
    type: 'landing',
    size: 1,
    design: 'custom',
    features: [],
    urgency: 'standard',
    support: 0,
  };
  it.each([
    [{ ...base, type: 'spaceship' }, 'unknown project type'],
    [{ ...base, size: -3 }, 'size must be between 1 and 10 pages for landing'],
    [{ ...base, size: 2.5 }, 'size must be a whole number'],
    [{ ...base, features: ['payments'] }, 'feature payments does not apply to landing'],
    [{ ...base, features: ['cms', 'cms'] }, 'a feature is listed twice'],
    [{ ...base, platform: 'ios' }, 'platform does not apply to landing'],
    [{ ...base, type: 'mobile', size: 10 }, 'platform is required for mobile'],
    [{ ...base, support: 13 }, 'support is at most 12 months'],
    [{ ...base, urgency: 'yesterday' }, 'unknown urgency'],
    [
      { ...base, type: 'marketing', urgency: 'rush' },
      'urgency does not apply to marketing (leave it standard)',
    ],
    [
      { ...base, type: 'audit', design: 'premium' },
      'design does not apply to audit (leave it custom)',
    ],
    [{ ...base, type: 'audit', support: 3 }, 'support does not apply to audit (leave it 0)'],
  ])('%j → %s', (input, reason) => {
    const result = selectionSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(reason);
  });

  it('puts features in one canonical order', () => {
    expect(selectionSchema.parse({ ...base, features: ['seoStart', 'cms'] }).features).toEqual([
      'cms',
      'seoStart',
    ]);
  });
});

describe('the selection in the URL', () => {
  it('round-trips losslessly: selection → query → selection', () => {
    fc.assert(
      fc.property(validSelection, (selection) => {
        const query = selectionToQuery(selection);
        expect(selectionFromQuery(new URLSearchParams(query))).toEqual(selection);
      }),
    );
  });

  it('writes a readable link: known words, whole numbers, commas between features', () => {
    expect(
      selectionToQuery({
        type: 'mobile',
        size: 12,
        design: 'custom',
        features: ['accounts', 'payments'],
        platform: 'ios',
        urgency: 'fast',
        support: 2,
      }),
    ).toBe(
      'type=mobile&size=12&design=custom&features=accounts,payments&platform=ios&urgency=fast&support=2',
    );
  });

  it('reads the query of a plain GET form, one checkbox per feature', () => {
    const params = new URLSearchParams(
      'type=shop&size=30&design=premium&features=&features=payments&features=cms&urgency=fast&support=3',
    );
    expect(selectionFromQuery(params)).toEqual({
      type: 'shop',
      size: 30,
      design: 'premium',
      features: ['cms', 'payments'],
      urgency: 'fast',
      support: 3,
    });
  });

  it('falls back to defaults for missing, unknown or malformed values, never failing', () => {
    expect(selectionFromQuery(new URLSearchParams())).toEqual(pricingConfig.defaultSelection);
    const messy = new URLSearchParams(
      'type=rocket&size=lots&design=<script>&features=cms,payments,nope&urgency=now&support=-4',
    );
    expect(selectionFromQuery(messy)).toEqual({
      ...pricingConfig.defaultSelection,
      features: ['cms'],
      support: 0,
    });
  });

  it('treats an empty or fractional number as missing', () => {
    expect(selectionFromQuery(new URLSearchParams('type=shop&size=&support=1.5'))).toMatchObject({
      size: 20,
      support: 0,
    });
    expect(selectionFromQuery(new URLSearchParams('type=shop&size=1e3'))).toMatchObject({
      size: 20,
    });
  });

  it('gives options that do not apply their neutral value', () => {
    expect(
      selectionFromQuery(
        new URLSearchParams('type=marketing&design=premium&urgency=rush&support=6'),
      ),
    ).toEqual({
      type: 'marketing',
      size: 3,
      design: 'custom',
      features: [],
      urgency: 'standard',
      support: 0,
    });
  });

  it('clamps sizes and support into range and keeps only features of the type', () => {
    expect(
      selectionFromQuery(
        new URLSearchParams('type=landing&size=999&support=99&features=payments,cms'),
      ),
    ).toMatchObject({
      size: 10,
      support: 12,
      features: ['cms'],
    });
  });

  it('gives a mobile app a platform even when the link has none', () => {
    expect(selectionFromQuery(new URLSearchParams('type=mobile')).platform).toBe('both');
    expect(
      selectionFromQuery(new URLSearchParams('type=web&platform=ios')).platform,
    ).toBeUndefined();
  });

  it('accepts a query as a record, a repeated key as an array', () => {
    expect(
      selectionFromQuery({ type: 'crm', size: '20', features: ['automation', 'integrations'] }),
    ).toMatchObject({
      type: 'crm',
      size: 20,
      features: ['integrations', 'automation'],
    });
  });
});

describe('a selection attached to a lead', () => {
  it('is read back exactly from the query the calculator wrote', () => {
    fc.assert(
      fc.property(validSelection, (selection) => {
        expect(parseSelectionQuery(selectionToQuery(selection))).toEqual(selection);
      }),
    );
  });

  it.each([
    ['', 'nothing'],
    ['type=landing&size=1&design=custom&features=&urgency=standard', 'support missing'],
    [
      'type=landing&size=abc&design=custom&features=&urgency=standard&support=0',
      'size not a number',
    ],
    [
      'type=landing&size=1&design=custom&features=payments&urgency=standard&support=0',
      'feature of another type',
    ],
    ['type=rocket&size=1&design=custom&features=&urgency=standard&support=0', 'unknown type'],
  ])('is refused, not guessed: %s (%s)', (query) => {
    expect(parseSelectionQuery(query)).toBeNull();
  });
});

describe('the cheapest selection of a type', () => {
  it.each(projectTypeIds)('%s: valid, and no selection of the type costs less', (type) => {
    const minimal = minimalSelection(type);
    expect(selectionSchema.parse(minimal)).toEqual(minimal);
    fc.assert(
      fc.property(
        validSelection.filter((selection) => selection.type === type),
        (selection) => {
          expect(estimate(selection).low).toBeGreaterThanOrEqual(estimate(minimal).low);
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('picking another project type', () => {
  it('always leaves a valid selection', () => {
    fc.assert(
      fc.property(validSelection, fc.constantFrom(...projectTypeIds), (selection, type) => {
        const changed = changeType(selection, type);
        expect(selectionSchema.parse(changed)).toEqual(changed);
        expect(changed.type).toBe(type);
      }),
    );
  });

  it('keeps the features and options that still apply', () => {
    const shop = {
      type: 'shop',
      size: 40,
      design: 'premium',
      features: ['cms', 'payments'],
      urgency: 'fast',
      support: 2,
    } as const;
    expect(changeType(shop, 'corporate')).toEqual({
      type: 'corporate',
      size: pricingConfig.projectTypes.corporate.size.default,
      design: 'premium',
      features: ['cms'],
      urgency: 'fast',
      support: 2,
    });
    expect(changeType(shop, 'marketing')).toMatchObject({
      design: 'custom',
      urgency: 'standard',
      support: 0,
      features: [],
    });
  });
});

describe('the estimate stored with a lead', () => {
  it('is the engine price of the selection in the visitor currency, with a link back', () => {
    const query = 'type=corporate&size=10&design=custom&features=cms&urgency=standard&support=0';
    const stored = leadEstimate(query, 'ru', 'RUB');
    expect(stored).toMatchObject({
      selection: { type: 'corporate', size: 10, features: ['cms'] },
      link: `/ru/calculator?${query}`,
      currency: 'RUB',
      low: 270_000,
      high: 400_000,
      weeks: 7,
      pricesAsOf: pricingConfig.ratesSetOn,
    });
    expect(leadEstimateSchema.parse(stored)).toEqual(stored);
  });

  it('is not made from an invalid selection', () => {
    expect(leadEstimate('type=corporate&size=1000', 'ru', 'RUB')).toBeNull();
    expect(leadEstimate('{"summary":"free site"}', 'en', 'USD')).toBeNull();
  });
});
