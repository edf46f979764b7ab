/** Types of scripts/listen-address.mjs (plain JavaScript: `npm start` runs it with node). */
export declare function listenAddress(
  env?: Record<string, string | undefined>,
  machineName?: string,
): string;
