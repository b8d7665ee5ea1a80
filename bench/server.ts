export { type RunningServer, startServer } from '../tests/e2e/server-process';
