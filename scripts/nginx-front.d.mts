/** Types of scripts/nginx-front.mjs (plain JavaScript, so that `npm run bench` runs it with node). */
export declare const nginxBinary: string | undefined;
export declare function startNginxFront(options: {
  port: number;
  upstreams: string[];
}): Promise<{ url: string; stop(): Promise<void> }>;
