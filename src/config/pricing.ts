import type { ServiceSlug } from './services';

/**
 * Everything the agency edits about prices. The calculator, the pricing
 * packages on the home page and the "from" price of every service page are all
 * computed from this file by one engine (src/lib/calculator), so they cannot
 * disagree. Amounts are in the base currency (USD); each language shows its
 * own currency through `rate` and rounds to `step`.
 */

export const currencies = ['USD', 'RUB', 'KZT', 'UAH'] as const;
export type Currency = (typeof currencies)[number];

export const projectTypeIds = [
  'landing',
  'corporate',
  'shop',
  'webapp',
  'mobile',
  'crm',
  'marketing',
  'audit',
  'cloud',
] as const;
export type ProjectTypeId = (typeof projectTypeIds)[number];

export const featureIds = [
  'multilingual',
  'cms',
  'payments',
  'accounts',
  'integrations',
  'analytics',
  'copywriting',
  'seoStart',
  'automation',
  'migration',
  'seo',
  'ads',
  'social',
  'email',
  'content',
  'security',
  'monitoring',
] as const;
export type FeatureId = (typeof featureIds)[number];

export const designLevels = ['template', 'custom', 'premium'] as const;
export type DesignLevel = (typeof designLevels)[number];

export const platforms = ['ios', 'android', 'both'] as const;
export type Platform = (typeof platforms)[number];

export const urgencyLevels = ['standard', 'fast', 'rush'] as const;
export type Urgency = (typeof urgencyLevels)[number];

export type SizeUnit = 'pages' | 'screens' | 'users' | 'months' | 'days' | 'environments';

export type ProjectType = {
  /** Price of the smallest project of this type, before options. */
  base: number;
  weeks: number;
  size: {
    unit: SizeUnit;
    min: number;
    max: number;
    default: number;
    /** Units the base price already covers. */
    included: number;
    perUnit: number;
    weeksPerUnit: number;
  };
  /** Whether the design level applies (it does not to audits or marketing). */
  design: boolean;
  /** Whether the work can be sped up for a surcharge (a monthly campaign cannot). */
  urgency: boolean;
  /** Whether months of support after launch can be added. */
  support: boolean;
  /** Mobile apps are built for iOS, Android or both. */
  platforms?: boolean;
  /** Ongoing work is priced per month rather than per project. */
  period: 'project' | 'month';
};

export type Feature = {
  /** Either a fixed amount or a share of the build price (size and design included). */
  price: { fixed: number } | { percent: number };
  weeks: number;
  appliesTo: readonly ProjectTypeId[];
};

/** A choice in the calculator; every price on the site is the engine's answer to one. */
export type Selection = {
  type: ProjectTypeId;
  size: number;
  design: DesignLevel;
  /** In the order of `featureIds`, each once. */
  features: readonly FeatureId[];
  platform?: Platform;
  urgency: Urgency;
  /** Months of support after launch, 0–12. */
  support: number;
};

/**
 * Where an option does not apply to a project type, a selection holds its
 * neutral value, so one choice has one spelling (and one link).
 */
export const neutralOptions = { design: 'custom', urgency: 'standard', support: 0 } as const;

export const pricingConfig = {
  baseCurrency: 'USD',
  /** When the exchange rates below were last set. */
  ratesSetOn: '2026-11-01',
  currencies: {
    USD: { rate: 1, step: 50 },
    RUB: { rate: 80, step: 5_000 },
    KZT: { rate: 500, step: 25_000 },
    UAH: { rate: 42, step: 1_000 },
  },
  /** An estimate is a range: before the brief no project is priced to the dollar. */
  range: { low: 0.9, high: 1.3 },
  projectTypes: {
    landing: {
      base: 800,
      weeks: 2,
      size: {
        unit: 'pages',
        min: 1,
        max: 10,
        default: 1,
        included: 1,
        perUnit: 150,
        weeksPerUnit: 0.3,
      },
      design: true,
      urgency: true,
      support: true,
      period: 'project',
    },
    corporate: {
      base: 2_500,
      weeks: 5,
      size: {
        unit: 'pages',
        min: 3,
        max: 80,
        default: 10,
        included: 5,
        perUnit: 120,
        weeksPerUnit: 0.2,
      },
      design: true,
      urgency: true,
      support: true,
      period: 'project',
    },
    shop: {
      base: 5_000,
      weeks: 8,
      size: {
        unit: 'pages',
        min: 5,
        max: 200,
        default: 20,
        included: 10,
        perUnit: 80,
        weeksPerUnit: 0.1,
      },
      design: true,
      urgency: true,
      support: true,
      period: 'project',
    },
    webapp: {
      base: 9_000,
      weeks: 12,
      size: {
        unit: 'screens',
        min: 3,
        max: 100,
        default: 15,
        included: 8,
        perUnit: 400,
        weeksPerUnit: 0.4,
      },
      design: true,
      urgency: true,
      support: true,
      period: 'project',
    },
    mobile: {
      base: 12_000,
      weeks: 14,
      size: {
        unit: 'screens',
        min: 3,
        max: 80,
        default: 12,
        included: 8,
        perUnit: 500,
        weeksPerUnit: 0.4,
      },
      design: true,
      urgency: true,
      support: true,
      platforms: true,
      period: 'project',
    },
    crm: {
      base: 3_000,
      weeks: 5,
      size: {
        unit: 'users',
        min: 1,
        max: 500,
        default: 10,
        included: 5,
        perUnit: 40,
        weeksPerUnit: 0.02,
      },
      design: false,
      urgency: true,
      support: true,
      period: 'project',
    },
    marketing: {
      base: 600,
      weeks: 4,
      size: {
        unit: 'months',
        min: 1,
        max: 12,
        default: 3,
        included: 1,
        perUnit: 600,
        weeksPerUnit: 4,
      },
      design: false,
      urgency: false,
      support: false,
      period: 'month',
    },
    audit: {
      base: 500,
      weeks: 1,
      size: {
        unit: 'days',
        min: 1,
        max: 30,
        default: 5,
        included: 1,
        perUnit: 450,
        weeksPerUnit: 0.2,
      },
      design: false,
      urgency: true,
      support: false,
      period: 'project',
    },
    cloud: {
      base: 1_500,
      weeks: 3,
      size: {
        unit: 'environments',
        min: 1,
        max: 10,
        default: 2,
        included: 1,
        perUnit: 700,
        weeksPerUnit: 0.5,
      },
      design: false,
      urgency: true,
      support: true,
      period: 'project',
    },
  },
  design: {
    template: { factor: 0.8, weeksFactor: 0.8 },
    custom: { factor: 1, weeksFactor: 1 },
    premium: { factor: 1.4, weeksFactor: 1.3 },
  },
  platforms: {
    ios: { factor: 1, weeksFactor: 1 },
    android: { factor: 1, weeksFactor: 1 },
    both: { factor: 1.7, weeksFactor: 1.25 },
  },
  features: {
    multilingual: {
      price: { percent: 20 },
      weeks: 1,
      appliesTo: ['landing', 'corporate', 'shop', 'webapp', 'mobile'],
    },
    cms: { price: { fixed: 700 }, weeks: 1, appliesTo: ['landing', 'corporate', 'shop'] },
    payments: { price: { fixed: 1_200 }, weeks: 1, appliesTo: ['shop', 'webapp', 'mobile'] },
    accounts: { price: { fixed: 1_500 }, weeks: 2, appliesTo: ['shop', 'webapp', 'mobile'] },
    integrations: {
      price: { fixed: 1_000 },
      weeks: 1,
      appliesTo: ['corporate', 'shop', 'webapp', 'mobile', 'crm'],
    },
    analytics: {
      price: { fixed: 400 },
      weeks: 0.5,
      appliesTo: ['landing', 'corporate', 'shop', 'webapp', 'mobile', 'audit'],
    },
    copywriting: { price: { percent: 15 }, weeks: 1, appliesTo: ['landing', 'corporate', 'shop'] },
    seoStart: { price: { fixed: 600 }, weeks: 1, appliesTo: ['landing', 'corporate', 'shop'] },
    automation: { price: { fixed: 1_200 }, weeks: 2, appliesTo: ['crm'] },
    migration: { price: { fixed: 800 }, weeks: 1, appliesTo: ['crm', 'shop', 'cloud'] },
    seo: { price: { percent: 80 }, weeks: 0, appliesTo: ['marketing'] },
    ads: { price: { percent: 70 }, weeks: 0, appliesTo: ['marketing'] },
    social: { price: { percent: 70 }, weeks: 0, appliesTo: ['marketing'] },
    email: { price: { percent: 50 }, weeks: 0, appliesTo: ['marketing'] },
    content: { price: { percent: 60 }, weeks: 0, appliesTo: ['marketing'] },
    security: { price: { fixed: 900 }, weeks: 1, appliesTo: ['audit', 'cloud', 'webapp'] },
    monitoring: { price: { fixed: 500 }, weeks: 0.5, appliesTo: ['cloud', 'webapp', 'mobile'] },
  },
  urgency: {
    standard: { factor: 1, weeksFactor: 1 },
    fast: { factor: 1.25, weeksFactor: 0.8 },
    rush: { factor: 1.5, weeksFactor: 0.65 },
  },
  support: { maxMonths: 12, perMonth: 250 },
  /** The calculator opens on this. */
  defaultSelection: {
    type: 'corporate',
    size: 10,
    design: 'custom',
    features: ['cms'],
    urgency: 'standard',
    support: 0,
  },
  /** The pricing section of the home page: each price is the engine's low for its selection. */
  packages: [
    {
      id: 'start',
      selection: {
        type: 'landing',
        size: 1,
        design: 'template',
        features: ['analytics'],
        urgency: 'standard',
        support: 0,
      },
    },
    {
      id: 'business',
      selection: {
        type: 'corporate',
        size: 10,
        design: 'custom',
        features: ['cms', 'seoStart', 'analytics'],
        urgency: 'standard',
        support: 0,
      },
    },
    {
      id: 'commerce',
      selection: {
        type: 'shop',
        size: 20,
        design: 'custom',
        features: ['cms', 'payments', 'integrations'],
        urgency: 'standard',
        support: 3,
      },
    },
    {
      id: 'product',
      selection: {
        type: 'mobile',
        size: 12,
        design: 'custom',
        features: ['accounts', 'payments'],
        platform: 'both',
        urgency: 'standard',
        support: 3,
      },
    },
  ],
  /** The "from" price of each service page: the engine's low for the smallest sensible selection. */
  services: {
    web: {
      type: 'landing',
      size: 1,
      design: 'template',
      features: [],
      urgency: 'standard',
      support: 0,
    },
    mobile: {
      type: 'mobile',
      size: 3,
      design: 'template',
      features: [],
      platform: 'ios',
      urgency: 'standard',
      support: 0,
    },
    'smm-target': {
      type: 'marketing',
      size: 1,
      design: 'custom',
      features: ['social', 'ads'],
      urgency: 'standard',
      support: 0,
    },
    seo: {
      type: 'marketing',
      size: 1,
      design: 'custom',
      features: ['seo'],
      urgency: 'standard',
      support: 0,
    },
    marketing: {
      type: 'marketing',
      size: 1,
      design: 'custom',
      features: [],
      urgency: 'standard',
      support: 0,
    },
    integration: {
      type: 'crm',
      size: 1,
      design: 'custom',
      features: ['integrations'],
      urgency: 'standard',
      support: 0,
    },
    automation: {
      type: 'crm',
      size: 1,
      design: 'custom',
      features: ['automation'],
      urgency: 'standard',
      support: 0,
    },
    'email-marketing': {
      type: 'marketing',
      size: 1,
      design: 'custom',
      features: ['email'],
      urgency: 'standard',
      support: 0,
    },
    cybersecurity: {
      type: 'audit',
      size: 3,
      design: 'custom',
      features: ['security'],
      urgency: 'standard',
      support: 0,
    },
    crm: { type: 'crm', size: 1, design: 'custom', features: [], urgency: 'standard', support: 0 },
    'conversion-analytics': {
      type: 'audit',
      size: 2,
      design: 'custom',
      features: ['analytics'],
      urgency: 'standard',
      support: 0,
    },
    'content-marketing': {
      type: 'marketing',
      size: 1,
      design: 'custom',
      features: ['content'],
      urgency: 'standard',
      support: 0,
    },
    consulting: {
      type: 'audit',
      size: 1,
      design: 'custom',
      features: [],
      urgency: 'standard',
      support: 0,
    },
    'cloud-devops': {
      type: 'cloud',
      size: 1,
      design: 'custom',
      features: [],
      urgency: 'standard',
      support: 0,
    },
  },
} as const satisfies {
  baseCurrency: 'USD';
  ratesSetOn: string;
  currencies: Record<Currency, { rate: number; step: number }>;
  range: { low: number; high: number };
  projectTypes: Record<ProjectTypeId, ProjectType>;
  design: Record<DesignLevel, { factor: number; weeksFactor: number }>;
  platforms: Record<Platform, { factor: number; weeksFactor: number }>;
  features: Record<FeatureId, Feature>;
  urgency: Record<Urgency, { factor: number; weeksFactor: number }>;
  support: { maxMonths: number; perMonth: number };
  defaultSelection: Selection;
  packages: readonly { id: string; selection: Selection }[];
  services: Record<ServiceSlug, Selection>;
};

export type PricingConfig = typeof pricingConfig;
