#!/usr/bin/env node
/**
 * `pnpm dev`: the one-process platform restarting on every change to the services
 * (port 3000), and Vite's dev server for the web app with hot reload (port 5173, proxying
 * /api and /media to the platform). Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--import', 'tsx', '--watch', 'scripts/start-embedded.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('pnpm', ['--filter', '@lp/web', 'dev'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
