/** Passkeys (docs/passkeys.md): the routes app.ts mounts, and the count the second-factor checks read. */
export { passkeyRoutes } from './routes';
export { countPasskeys } from './store';
