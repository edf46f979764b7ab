#!/usr/bin/env node
/**
 * `npm start`: the production server that `npm run build` makes in `dist/`
 * (the same files the container image runs).
 *
 * Reads `.env.production.local`, `.env.local`, `.env.production` and `.env`
 * (a variable already set wins, then the first file that has it) and makes a
 * relative DATA_DIR absolute, so the embedded database lives in the project
 * whatever folder the server is started from.
 *
 * Environment: PORT (3000), HOSTNAME (the address to listen on; HOST is read
 * too; all of them by default), DIST_DIR (the build to serve, `dist`; relative
 * to the project).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const server = path.resolve(root, process.env.DIST_DIR || 'dist', 'server.mjs');
if (!existsSync(server)) {
  console.error('There is no production build yet: run `npm run build` first.');
  process.exit(1);
}

for (const name of ['.env.production.local', '.env.local', '.env.production', '.env']) {
  const file = path.join(root, name);
  if (!existsSync(file)) continue;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8'))))
    process.env[key] ??= value;
}
process.env.NODE_ENV ??= 'production';
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR ?? 'data');
process.chdir(root);

await import(server);
