import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { registerApply } from './apply';
import { registerBanner } from './banner';
import { registerBibliography } from './bibliography';
import { registerBook } from './book';
import { registerCategory } from './category';
import { registerImage } from './image';
import { registerNews } from './news';
import { registerOnline } from './online';
import { registerReader } from './reader';
import { registerSiteResource } from './site-resource';
import { registerStaff } from './staff';
import { registerSubclass } from './subclass';
import type { RegisteredResource } from './types';
import { registerVideo } from './video';

/** Every resource of API.md §4, one line each. Subclass first: /category/subclass/* before /category/:id. */
export function registerResources(api: Hono<AppEnv>, deps: AppDeps): RegisteredResource[] {
  return [
    registerSubclass(api, deps),
    registerCategory(api, deps),
    registerBook(api, deps),
    registerStaff(api, deps),
    registerBanner(api, deps),
    registerNews(api, deps),
    registerSiteResource(api, deps),
    registerBibliography(api, deps),
    registerOnline(api, deps),
    registerReader(api, deps),
    registerApply(api, deps),
    registerVideo(api, deps),
    registerImage(api, deps),
  ];
}
