import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export type Child = { proc: ChildProcess; next: <T>(type: string) => Promise<T>; send: (msg: unknown) => void; stop: () => Promise<void> };

/**
 * Forks a bench script under tsx and exchanges typed messages with it. BENCH_CHILD_ARGS adds node
 * flags to the child (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile the server side).
 */
export function forkBench(script: string, env: Record<string, string> = {}): Child {
  const proc = fork(path.join(here, script), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CHILD_ARGS ? process.env.BENCH_CHILD_ARGS.split(' ') : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const queue: Array<{ type: string; [k: string]: unknown }> = [];
  const waiters: Array<{ type: string; resolve: (m: any) => void }> = [];
  proc.on('message', (msg: { type: string }) => {
    const i = waiters.findIndex((w) => w.type === msg.type);
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(msg);
    else queue.push(msg);
  });
  return {
    proc,
    next: <T>(type: string) =>
      new Promise<T>((resolve, reject) => {
        const i = queue.findIndex((m) => m.type === type);
        if (i >= 0) return resolve(queue.splice(i, 1)[0] as T);
        waiters.push({ type, resolve });
        proc.once('exit', (code) => reject(new Error(`${script} exited with ${code} before sending ${type}`)));
      }),
    send: (msg) => proc.send(msg as never),
    stop: async () => {
      if (proc.exitCode !== null) return;
      proc.send({ type: 'stop' });
      await new Promise((r) => proc.once('exit', r));
    },
  };
}
