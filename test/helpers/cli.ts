import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { main } from '../../src/cli/main.ts';
import { NODE_FLAGS } from '../../src/node-flags.mjs';

export const BIN = path.resolve(import.meta.dirname, '../../src/bin.mjs');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/*
 * Every command below runs node with the V8 flags booking-api ships with (src/node-flags.mjs), as
 * the `booking-api` command, `npm start` and the executable do: spawning src/bin.mjs with node
 * skips its shebang's flags.
 */

/**
 * The clock's part of a child's environment: under faketime (npm run test:dates) the servers and
 * commands a test starts run on the same faked clock as the test. FAKETIME_SHARED names the
 * faketime wrapper's semaphore and shared memory: without it, libfaketime makes a pair of its own in
 * /dev/shm for each process, named by its PID, and a server killed with SIGKILL leaves its pair
 * behind. The wrapper refuses to start (exit 1, no output) when a leftover bears its own PID.
 */
const FAKED_CLOCK: Record<string, string> = Object.fromEntries(
  ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_SHARED', 'DONT_FAKE_MONOTONIC', 'TZ'].flatMap((name) =>
    process.env.FAKETIME && process.env[name] !== undefined ? [[name, process.env[name]!]] : [],
  ),
);

/** Runs the real CLI in a child process, as a salon owner would. */
export function cli(args: string[], env: Record<string, string> = {}): CliResult {
  const result = spawnSync(process.execPath, [...NODE_FLAGS, BIN, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...FAKED_CLOCK, ...env },
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts the real CLI in a child process; its output is collected as it comes. */
function spawnCli(args: string[], env: Record<string, string>, nodeArgs: readonly string[] = NODE_FLAGS) {
  const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...FAKED_CLOCK, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  return { child, output: () => ({ stdout, stderr }) };
}

/** Like cli(), without blocking this process: for commands that run while the test does other work. */
export function cliAsync(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const { child, output } = spawnCli(args, env);
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, ...output() })));
}

/** The same command line run inside this process (no process start-up): for tests that run many commands. */
export async function cliHere(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const io = { out: (text: string) => void (stdout += `${text}\n`), err: (text: string) => void (stderr += `${text}\n`) };
  const status = await main(args, io, env);
  return { status, stdout, stderr };
}

export function cliJson<T = any>(args: string[], env: Record<string, string> = {}): T {
  const result = cli([...args, '--json'], env);
  if (result.status !== 0) throw new Error(`booking-api ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/**
 * Starts `booking-api serve` in a child process and resolves once it listens. `nodeArgs` go to
 * node before the script, in place of the shipped flags (the load run's comparison and memory probe).
 */
export async function startServeProcess(args: string[], env: Record<string, string> = {}, nodeArgs: readonly string[] = NODE_FLAGS) {
  const { child, output } = spawnCli(['serve', '--port', '0', ...args], env, nodeArgs);
  // The human line on stderr is printed at every log level, unlike the JSON "listening" entry.
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${output().stderr}`));
    }, 15_000);
    const check = () => {
      const match = /running: the back office and the API at (https?:\S+?)\/ /.exec(output().stderr);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stderr.on('data', check);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code ?? signal}: ${output().stderr}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    url,
    exited,
    output,
  };
}
