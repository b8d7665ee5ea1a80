/**
 * A readable name for a signed-in device from its User-Agent header ("Chrome on Android"), for the
 * signed-in devices list. A few patterns rather than a UA library: the list only has to tell a
 * member's own devices apart, and the names it shows are product names, the same in every language.
 */
export interface DeviceName {
  browser?: string;
  os?: string;
}

/** First match wins: browsers built on Chrome also say "Chrome", and everything says "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/\bQQBrowser\//, 'QQ Browser'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bUCBrowser\//, 'UC Browser'],
  [/\bHuaweiBrowser\//, 'Huawei Browser'],
  [/\bMiuiBrowser\//, 'MIUI Browser'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\b(?:Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  // iOS apps' web views (and iOS Safari in some modes) say neither Version nor Safari.
  [/\b(?:iPhone|iPad|iPod)\b.*AppleWebKit\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node\b|^undici\b/, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:HarmonyOS|OpenHarmony)\b/, 'HarmonyOS'],
  [/\biPad\b/, 'iPad'],
  [/\b(?:iPhone|iPod)\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows (?:NT|Phone)\b|\bWin64\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1];

export function deviceName(userAgent: string): DeviceName {
  const ua = userAgent.trim();
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}

/** Whether the device is a phone or tablet (for the icon beside its name). */
export function isMobileDevice(userAgent: string): boolean {
  return /\b(?:Mobile|Android|iPhone|iPad|iPod|HarmonyOS)\b/.test(userAgent);
}
