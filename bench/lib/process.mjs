/**
 * Servers and ports for `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Any free port, from the system. */
function systemPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be listened on now. */
function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let nextPort = Number(process.env.BENCH_PORT) || 0;

/**
 * A free port: the next free one from BENCH_PORT upwards when it is set (to
 * keep a run inside a range of ports of its own), else one the system picks.
 */
export async function freePort() {
  if (!nextPort) return systemPort();
  for (let tries = 0; tries < 100; tries += 1) {
    const port = nextPort;
    nextPort += 1;
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port from BENCH_PORT=${process.env.BENCH_PORT} on`);
}

/** Resolves once GET `url` answers with `ok(status)`; throws after `ms`. */
export async function waitFor(url, { ms = 60_000, ok = (status) => status < 400, exited } = {}) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (exited?.()) throw new Error(`${url}: the server exited`);
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      if (ok(response.status)) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`);
}

/**
 * Starts a server process and resolves once `url` answers; `stop()` ends it
 * (SIGTERM, then waits for it to exit).
 */
export async function startProcess({ command, args, cwd, env, url, name, stderr = 'inherit' }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', stderr] });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = () =>
    exited
      ? Promise.resolve()
      : new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
  try {
    await waitFor(url, { exited: () => exited });
  } catch (error) {
    await stop();
    throw new Error(`${name} did not start: ${error.message}`);
  }
  return { url, stop };
}
