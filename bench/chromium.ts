/** The bench drives the same Chromium, with the same flags, as the e2e suite. */
export { CHROMIUM_ARGS, CHROMIUM_PATH, launch } from '../tests/e2e/chromium';
