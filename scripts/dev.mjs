// `npm run dev`: the API server (restarted on change by tsx watch) and the Vite dev server with
// hot reload, which proxies /api and /graphql (websockets too) to it. Open the Vite URL.
import { spawn } from 'node:child_process';

const webPort = Number(process.env.DEV_WEB_PORT ?? 5173);
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);
const origin = process.env.BASE_URL ?? `http://localhost:${webPort}`;

const children = [
  // The browser talks to the Vite origin, so that is the server's public origin (links, cookies, Origin checks).
  spawn('node_modules/.bin/tsx', ['watch', 'server/teamlens.ts', 'serve'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), HOST: '127.0.0.1', BASE_URL: origin },
  }),
  spawn('node_modules/.bin/vite', ['--port', String(webPort), '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, TEAMLENS_API: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
