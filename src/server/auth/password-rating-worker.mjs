// The entry of the password rating thread (password-rule.ts). Plain JavaScript, so that a thread
// started by any host (tsx, `node --import tsx`, the test runner) can load it: it registers tsx's
// loader for itself, then loads the TypeScript that does the work.
import { register } from 'tsx/esm/api';

register();
await import('./password-rating-thread.ts');
