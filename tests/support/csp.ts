/**
 * What every Content-Security-Policy the site sends must say, whichever
 * builds it (src/lib/security/headers.ts): nothing from another origin, no
 * plugins, no framing by others, no changed base, forms to the site only.
 * Written out here, not imported, so that a test notices when the code drops one.
 */
export const requiredDirectives = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
] as const;
