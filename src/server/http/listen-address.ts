import os from 'node:os';

/**
 * The address `npm start` listens on. `HOSTNAME`, the name Node servers
 * commonly read, unless it is only this machine's own name, which shells and
 * containers put there by themselves; then `HOST`, the name this project used
 * first (still read); else every interface (`::`, IPv4 included).
 */
export function listenAddress(env = process.env, machineName = os.hostname()): string {
  const hostname = env.HOSTNAME?.trim();
  if (hostname && hostname !== machineName) return hostname;
  return env.HOST?.trim() || '::';
}
