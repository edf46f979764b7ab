#!/usr/bin/env node
/**
 * `npm start`: the production server, from the standalone output that
 * `npm run build` makes (the same files the container image holds).
 *
 * Next.js's server.js changes into its own folder (.next/standalone) and reads
 * no .env file, so this reads .env files the way `next start` does and makes a
 * relative DATA_DIR absolute first; otherwise the embedded database would live
 * inside .next and go with the next build.
 *
 * Environment: PORT (3000), HOSTNAME (the address to listen on, HOST read too;
 * all of them): scripts/listen-address.mjs.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { listenAddress } from './listen-address.mjs';

const root = path.resolve(import.meta.dirname, '..');
// NEXT_DIST_DIR: a build made into another folder (the tests build one with analytics on).
const server = path.join(root, process.env.NEXT_DIST_DIR ?? '.next', 'standalone/server.js');
if (!existsSync(server)) {
  console.error('There is no production build yet: run `npm run build` first.');
  process.exit(1);
}

const { loadEnvConfig } = createRequire(import.meta.url)('@next/env');
loadEnvConfig(root, false, { info: () => {}, error: console.error });
process.env.DATA_DIR = path.resolve(process.env.DATA_DIR ?? 'data');
// server.js listens on HOSTNAME, which shells and containers also set to the machine's name.
process.env.HOSTNAME = listenAddress();

await import(server);
