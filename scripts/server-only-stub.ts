/** Stands in for the `server-only` package where no bundler for browsers is involved (the worker bundle). */
export {};
