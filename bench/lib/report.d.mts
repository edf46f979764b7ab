/** The Markdown report of a run's results (the shape bench/results/latest.json holds). */
export function report(results: Record<string, unknown>): string;
