/**
 * Stands in for the `server-only` package outside a React Server bundle: in
 * the tests, which import server code directly, and in the worker bundle.
 */
export {};
