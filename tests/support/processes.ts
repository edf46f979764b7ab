import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs one of the project's TypeScript scripts as its own process, as `npm run` would. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  return spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--conditions=react-server',
      path.join(root, script),
      ...args,
    ],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

/** Runs a script to completion and returns its output. */
export async function runToEnd(script: string, args: string[], env: Record<string, string>) {
  const child = runScript(script, args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

export async function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null) return child.exitCode;
  child.kill(signal);
  return new Promise<number | null>((resolve) => child.on('exit', resolve));
}
