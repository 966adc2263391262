/**
 * "Chrome on Windows" from a User-Agent header, for the sessions list. Rough on purpose: the list
 * only has to let a person recognise their own devices; the full string is in the tooltip.
 */
const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/YaBrowser\//, 'Yandex Browser'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
  [/python-requests|Python/, 'Python'],
];
const systems: [RegExp, string][] = [
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

export function describeUserAgent(userAgent: string): { browser: string | null; system: string | null } {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, system };
}
