/**
 * The consent banner's settings (src/components/consent/): what the agency
 * changes when its cookie policy changes. Raise `revision` when the policy's
 * substance changes (a new provider, a new purpose): every visitor is asked again.
 */
export const consentConfig = {
  revision: 1,
  /** The first-party cookie that stores the visitor's choice and its revision. */
  cookieName: 'consent',
  /** How long a choice is kept before the visitor is asked again. */
  days: 365,
  /**
   * The cookies each category's providers may set, removed when the visitor
   * withdraws it (Yandex Metrica's _ym_*, Google Analytics' _ga*, Google's ad
   * cookies _gcl_*). Umami sets none.
   */
  cookies: {
    analytics: [/^_ym_/, /^_ym\d/, /^_ga/, /^_gid$/, /^_gat/],
    marketing: [/^_gcl_/],
  },
} as const;
