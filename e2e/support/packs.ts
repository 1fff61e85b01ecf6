/** The texts the server serves, so specs look for what users actually read, in either language. */
export async function pack(baseUrl: string, culture: 'zh-CN' | 'en-GB'): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/Content/Language/Language_${culture}.json`);
  if (!res.ok) throw new Error(`language pack ${culture}: ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

export function text(p: Record<string, string>, key: string): string {
  const v = p[key];
  if (v === undefined) throw new Error(`no text for ${key}`);
  return v;
}
