// `npm run dev`: the API server (tsx watch) and Vite's dev server, which proxies /prod-api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.LECTERN_API_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, LECTERN_API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && process.exit(code));
