import type { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { registerBook } from './book';
import { registerCategory } from './category';
import { registerStaff } from './staff';
import { registerSubclass } from './subclass';
import type { RegisteredResource } from './types';

/** Every resource of API.md §4, one line each (issue 3 adds banner, news, … here). */
export function registerResources(api: Hono<AppEnv>, deps: AppDeps): RegisteredResource[] {
  return [registerSubclass(api, deps), registerCategory(api, deps), registerBook(api, deps), registerStaff(api, deps)];
}
