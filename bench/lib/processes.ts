import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_FLAGS } from '../../src/node-flags.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const NODE = process.execPath;
const HAS_TASKSET = spawnSync('sh', ['-c', 'command -v taskset']).status === 0 && os.availableParallelism() >= 2;

/** CPU time (user + system) a process has used so far, in µs; 0 once it is gone. */
export function cpuMicros(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000; // ticks (100 a second) → µs
  } catch {
    return 0;
  }
}

/** Core 0 for what is measured, core 1 for what generates the load (when there are two). */
export type Core = 0 | 1;

/** Spawns a Node script, pinned to `core` with taskset when available, with an IPC channel. */
export function spawnNode(
  script: string,
  args: string[],
  core: Core,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): ChildProcess {
  const command = HAS_TASKSET ? 'taskset' : NODE;
  const argv = HAS_TASKSET ? ['-c', String(core), NODE, ...nodeArgs, script, ...args] : [...nodeArgs, script, ...args];
  return spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
}

/** The next IPC message of `child` satisfying `accept`. */
export function message<T>(child: ChildProcess, accept: (m: any) => boolean = () => true, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no message from child in time')), timeoutMs);
    const onMessage = (m: any) => {
      if (!accept(m)) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`child exited (${code}) before answering`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `booking-bench-${name}-`));
}

/** `booking-api serve` from source on core 0, with the flags `npm start` gives it; resolves with its URL. */
export async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  /** The in-process driver (bench/lib/server-driver.ts) instead of the CLI, for profiling. */
  inProcess = false,
): Promise<{ child: ChildProcess; url: string }> {
  const argv = inProcess
    ? [...NODE_FLAGS, ...nodeArgs, path.join(ROOT, 'bench/lib/server-driver.ts'), dataDir]
    : [...NODE_FLAGS, ...nodeArgs, path.join(ROOT, 'src/bin.mjs'), 'serve', '--port', '0', '--data', dataDir];
  const child = spawn(HAS_TASKSET ? 'taskset' : NODE, [...(HAS_TASKSET ? ['-c', '0', NODE] : []), ...argv], {
    cwd: ROOT,
    env: { ...process.env, BOOKING_LOG_LEVEL: 'warn', BOOKING_ADMIN_TOKEN: 'bench-admin-token-000000000000000000', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // After start, pass the server's stderr (the SQL profile, warnings) through.
  const forward = (chunk: string) => process.stderr.write(chunk);
  const url = await new Promise<string>((resolve, reject) => {
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /at (http:\S+?)\/ /.exec(stderr);
      if (match) {
        resolve(match[1]!);
        if (inProcess) child.stderr!.on('data', forward);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  return { child, url };
}

/** Runs the load generator in its own process (core 1) and returns its report. */
export async function runLoad(spec: object): Promise<LoadReport> {
  const child = spawnNode(path.join(ROOT, 'bench/lib/load.ts'), [JSON.stringify(spec)], 1);
  const report = await message<LoadReport>(child);
  await new Promise((resolve) => child.once('exit', resolve));
  return report;
}

export interface LoadReport {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
  errors: number;
}

/** Resident memory of a process, in MiB. */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}
