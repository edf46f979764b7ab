/**
 * The 14 service pages. The order here is the order of
 * the menu and the carousel. Names and texts live in messages and content.
 */
export const serviceSlugs = [
  'web',
  'mobile',
  'smm-target',
  'seo',
  'marketing',
  'integration',
  'automation',
  'email-marketing',
  'cybersecurity',
  'crm',
  'conversion-analytics',
  'content-marketing',
  'consulting',
  'cloud-devops',
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

export function isServiceSlug(value: string): value is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(value);
}

/**
 * The services page (`/services`) shows the services in these groups, each in
 * this order; every service is in exactly one group (a test checks it).
 */
export const serviceGroups = {
  development: ['web', 'mobile', 'crm', 'integration', 'automation'],
  marketing: [
    'marketing',
    'seo',
    'smm-target',
    'content-marketing',
    'email-marketing',
    'conversion-analytics',
  ],
  technology: ['cloud-devops', 'cybersecurity', 'consulting'],
} as const satisfies Record<string, readonly ServiceSlug[]>;

export type ServiceGroup = keyof typeof serviceGroups;
