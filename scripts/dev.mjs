// `npm run dev`: Vite with React Fast Refresh on PORT (default 3000), proxying /api to the API,
// which runs with reload on API_PORT (default PORT + 1).
import { spawn } from 'node:child_process';

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? port + 1);
const env = {
  ...process.env,
  API_PORT: String(apiPort),
  VELVET_NO_STATIC: '1',
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(apiPort) },
  }),
  spawn('npx', ['vite', '--port', String(port), '--strictPort'], {
    stdio: 'inherit',
    env: { ...env, PORT: String(port) },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
