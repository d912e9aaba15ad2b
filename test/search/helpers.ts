import { expect } from 'vitest';
import type { Service } from '../../lib';
import { BASE, body, type Client } from '../helpers/service';

/** A post as a search answer shows it. */
export interface Found {
  id: string;
  title: string;
  slug: string;
  search?: { headline: string };
  [field: string]: unknown;
}

export interface Site {
  service: Service;
  contentKey: string;
  admin: Client;
}

/** A Content API read of `path` (`posts/?search=…`). */
export function content(site: Site, path: string): Promise<Response> {
  const sep = path.includes('?') ? '&' : '?';
  return site.service.fetch(new Request(`${BASE}/svc/api/v3/content/${path}${sep}key=${site.contentKey}`));
}

/** `posts/?search=<text>&<more>` on the Content API, or on the Admin API with `admin`. */
export async function search(site: Site, text: string, more = '', api: 'content' | 'admin' = 'content', resource = 'posts') {
  const path = `${resource}/?search=${encodeURIComponent(text)}${more ? `&${more}` : ''}`;
  const res = api === 'content' ? await content(site, path) : await site.admin.get(path);
  const json = await body(res);
  expect(res.status, `${api} ${path}: ${JSON.stringify(json).slice(0, 300)}`).toBe(200);
  return { posts: json[resource] as Found[], meta: json.meta, cache: res.headers.get('x-cache') };
}

/** The titles a search finds, in its order. */
export async function titles(site: Site, text: string, more = '', api: 'content' | 'admin' = 'content', resource = 'posts'): Promise<string[]> {
  return (await search(site, text, more, api, resource)).posts.map((post) => post.title);
}

/** Adds a post (published unless `status` says otherwise) from HTML; returns it as the Admin API answered. */
export async function add(site: Site, post: Record<string, unknown>, resource = 'posts'): Promise<Found & { updated_at: string }> {
  const res = await site.admin.post(`${resource}/?source=html`, { [resource]: [{ status: 'published', ...post }] });
  const json = await body(res);
  expect(res.status, JSON.stringify(json).slice(0, 300)).toBe(201);
  return json[resource][0];
}
