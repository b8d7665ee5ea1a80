import type { Hono } from 'hono';
import { registerApplication } from '../resources/application/server';
import { registerBanner } from '../resources/banner/server';
import { registerBibliography } from '../resources/bibliography/server';
import { registerBook } from '../resources/book/server';
import { registerCategory } from '../resources/category/server';
import { registerImage } from '../resources/image/server';
import { registerMessage } from '../resources/message/server';
import { registerNews } from '../resources/news/server';
import { registerReader } from '../resources/reader/server';
import { registerResourceFiles } from '../resources/resource/server';
import { registerStaff } from '../resources/staff/server';
import { registerSubclass } from '../resources/subclass/server';
import { registerVideo } from '../resources/video/server/index';
import type { AppDeps, AppEnv } from './context';
import type { RegisteredResource } from './crud/types';

/** Every resource of docs/api.md §4, one line each. Subclass first: /category/subclass/* before /category/:id. */
export function registerResources(api: Hono<AppEnv>, deps: AppDeps): RegisteredResource[] {
  return [
    registerSubclass(api, deps),
    registerCategory(api, deps),
    registerBook(api, deps),
    registerStaff(api, deps),
    registerBanner(api, deps),
    registerNews(api, deps),
    registerResourceFiles(api, deps),
    registerBibliography(api, deps),
    registerMessage(api, deps),
    registerReader(api, deps),
    registerApplication(api, deps),
    registerVideo(api, deps),
    registerImage(api, deps),
  ];
}
