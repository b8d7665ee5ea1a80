import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { Services } from '../services';
import type { VodConfig } from './config';
import type { VideoHooks } from './hooks';
import type { OssTarget } from './oss-auth';
import type { OssStorage } from './storage';

/**
 * What one OSS handler gets: the request, its parsed target, the app, its settings and the file
 * store. Its own file so that oss.ts (the router) and the handlers it calls need not import each other.
 */
export interface OssCall {
  c: Context<AppEnv>;
  services: Services;
  vod: VodConfig;
  hooks: VideoHooks;
  t: OssTarget;
  storage: OssStorage;
}
