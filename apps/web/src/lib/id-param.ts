/** A row id in the page's address (`?id=7`, `?order_id=7`), if it is a positive whole number. */
export function idParamOf(search: URLSearchParams, name: string): number | undefined {
  const raw = search.get(name);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
