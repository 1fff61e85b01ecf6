import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { intranetAddress } from './server';

/**
 * A stand-in for the usage-analytics tracker (a Matomo-style `matomo.php`): it answers every page view with an
 * empty 204 and keeps its parameters, which `GET /hits` lists, so a spec can see what the browser reported.
 */
export async function startTracker(): Promise<{ url: string; hitsUrl: string; stop: () => Promise<void> }> {
  const hits: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://tracker');
    if (url.pathname === '/hits') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(hits));
      return;
    }
    if (url.pathname === '/matomo.php') hits.push(Object.fromEntries(url.searchParams));
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  // By the machine's own address where it has one: a page opened by that address may not call a loopback address
  // (the browser's private-network rule), while a page on 127.0.0.1 may call it.
  const host = intranetAddress() ?? '127.0.0.1';
  return {
    url: `http://${host}:${port}/matomo.php`,
    hitsUrl: `http://127.0.0.1:${port}/hits`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
