/**
 * The address, under each language, of the two 404 pages built ahead as whole
 * documents (src/app/[lang]/404): "Page not found: {path}" and, for a route
 * whose parameter is unknown, "Page Not Found: {path}". See ./not-found-response.ts.
 */
export const notFoundDocuments = {
  route: ['404'],
  param: ['404', 'param'],
} as const satisfies Record<string, readonly string[]>;

export type NotFoundVariant = keyof typeof notFoundDocuments;
