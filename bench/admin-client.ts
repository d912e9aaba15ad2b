// Section admin-client: the size of the admin client's first load, as the service serves it.
// The first load is index.html's scripts, stylesheets and module preloads (the editor is a later,
// lazily imported chunk); each is fetched through service.fetch with Accept-Encoding gzip, then br.
import { buildAdminClient } from '../scripts/build-admin-client';
import { createService } from '../lib';
import type { BenchContext } from './context';

const ORIGIN = 'http://127.0.0.1:2368';
const BUDGET_KIB = 250;

interface Sizes {
  raw: number;
  gzip: number;
  br: number;
}

async function sizes(fetch: (r: Request) => Promise<Response>, path: string): Promise<Sizes> {
  const get = async (encoding: string) => {
    const response = await fetch(new Request(`${ORIGIN}${path}`, { headers: { 'accept-encoding': encoding } }));
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    return (await response.arrayBuffer()).byteLength;
  };
  return { raw: await get('identity'), gzip: await get('gzip'), br: await get('br') };
}

/** The files a browser fetches to show the first screen: what index.html links, no more. */
export function firstLoadFiles(html: string): string[] {
  const links = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)].filter(
    ([tag]) => tag.startsWith('<script') || /rel="(stylesheet|modulepreload)"/.test(tag),
  );
  return links.map(([, url]) => url).filter((url) => url.startsWith('/'));
}

export async function adminClientSection(ctx: BenchContext): Promise<void> {
  const { report } = ctx;
  const section = 'admin-client';
  const bundle = await buildAdminClient();
  const service = await createService();
  try {
    const fetch = (r: Request) => service.fetch(r);
    const html = await (await fetch(new Request(`${ORIGIN}/svc/`))).text();
    const files = firstLoadFiles(html);
    const total: Sizes = { raw: 0, gzip: 0, br: 0 };
    for (const file of files) {
      const s = await sizes(fetch, file);
      total.raw += s.raw;
      total.gzip += s.gzip;
      total.br += s.br;
      report.add({ section, name: `first load: ${file.replace(/^\/svc\//, '')} (gzip)`, value: s.gzip / 1024, unit: 'KiB', detail: { ...s } });
    }
    const kib = (n: number) => n / 1024;
    report.add({
      section,
      name: 'first load JS + CSS, gzip (inline: none, the CSP forbids inline scripts)',
      value: kib(total.gzip),
      unit: 'KiB',
      target: { of: 'value', op: '<=', limit: BUDGET_KIB },
      detail: { files: files.length, rawKiB: kib(total.raw), brotliKiB: kib(total.br) },
    });
    report.add({ section, name: 'first load JS + CSS, brotli', value: kib(total.br), unit: 'KiB' });
    report.add({ section, name: 'first load JS + CSS, uncompressed', value: kib(total.raw), unit: 'KiB' });
    const html_ = await sizes(fetch, '/svc/');
    report.add({ section, name: 'index.html, gzip', value: html_.gzip / 1024, unit: 'KiB' });
    const all = Object.entries(bundle.assets);
    const lazy = all.filter(([path]) => !files.includes(`/svc/${path}`));
    report.add({
      section,
      name: 'loaded later (the editor and its styles), gzip',
      value: kib(lazy.reduce((n, [, a]) => n + Buffer.from(a.gzip, 'base64').byteLength, 0)),
      unit: 'KiB',
      detail: { files: lazy.map(([path]) => path) },
    });
  } finally {
    await service.close();
  }
}
