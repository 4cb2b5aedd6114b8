/** The benchmarks' child processes: started with `READY <port>` on stdout, pinned to core 0 where `taskset` exists. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CLOCK_TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

export const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return os.cpus().length > 1;
  } catch {
    return false;
  }
})();

/** Keeps the load generator (this process) off the server's core. */
export function pinSelfToCore1(): void {
  if (hasTaskset) execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
}

export async function startChild(script: string, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  // BENCH_CPU_PROF=<dir>: the product's CPU profile (node --cpu-prof), written when it stops.
  const profile = process.env.BENCH_CPU_PROF && script.includes('serve-product') ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, '--cpu-prof-interval=100'] : [];
  const args = [process.execPath, ...profile, '--import', 'tsx', script];
  const [cmd, ...rest] = hasTaskset ? ['taskset', '-c', '0', ...args] : args;
  const child = spawn(cmd, rest, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out: string | null = '';
    child.stdout!.on('data', (chunk) => {
      // The request log follows READY: stop reading it once the port is known.
      if (out === null) return;
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) {
        out = null;
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  child.stdout!.resume();
  return { child, port };
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** User + system CPU of a process so far, in ms (taskset execs node, so the pid is node's). */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** User + system CPU of one thread of a process so far, in ms (0 when it is gone). */
export function threadCpuMs(pid: number, tid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : NaN;
}
