/** One cookie's value in a `Cookie` request header, as sent (not decoded), if it is there. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
