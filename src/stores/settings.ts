import { proxy, subscribe } from 'valtio';

/** Console settings of docs/product.md §3, persisted in localStorage. */
export interface Settings {
  title: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
  /** 'production' = collect errors only in production builds; 'always' or 'never'. */
  errorLog: 'production' | 'development' | 'always' | 'never';
  theme: string;
  /** Notifications of uploads and videos (pwa/notifications.ts); off until the member turns them on. */
  notifications: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  title: 'Lectern',
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  supportPinyinSearch: true,
  errorLog: 'production',
  theme: '#1890ff',
  notifications: false,
};

const STORAGE_KEY = 'lectern:settings';

/**
 * docs/product.md §4: a setting change applies only if the key already exists. Pure, so stored values from
 * an older version (renamed or removed keys, wrong types) cannot smuggle anything in.
 */
export function applySetting(current: Settings, key: string, value: unknown): Settings {
  if (!Object.hasOwn(current, key)) return current;
  const k = key as keyof Settings;
  if (typeof value !== typeof current[k]) return current;
  return { ...current, [k]: value };
}

export function loadSettings(raw: string | null): Settings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // A damaged entry falls back to the defaults.
  }
  return Object.entries(stored).reduce((s, [k, v]) => applySetting(s, k, v), { ...DEFAULT_SETTINGS });
}

export const settingsStore = proxy<Settings>(loadSettings(safeGet()));

export function changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void {
  const next = applySetting(settingsStore, key, value);
  if (next !== settingsStore) settingsStore[key] = next[key];
}

export function resetSettings(): void {
  Object.assign(settingsStore, DEFAULT_SETTINGS);
}

function safeGet(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

subscribe(settingsStore, () => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(settingsStore));
  } catch {
    // Private mode or a full quota: settings simply do not persist.
  }
});
