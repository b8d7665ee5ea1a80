// hls.js publishes its light build under `hls.js/light` without a types entry: it has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
