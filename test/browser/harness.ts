import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { createService, type Service, type ServiceOptions } from '../../lib';
import { toNodeHandler } from '../../lib/adapters/node';
import { onTestFailed } from 'vitest';
import { adminToken } from '../helpers/service';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface Site {
  service: Service;
  origin: string;
  /** The admin client's address, `{origin}/svc/`. */
  admin: string;
  close(): Promise<void>;
}

/** A real service on 127.0.0.1 behind the Node adapter, its URL the address it listens on (sessions check it). */
export async function startSite(options: ServiceOptions = {}): Promise<Site> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = await createService({ url: origin, auth: { passwordIterations: 1000 }, ...options });
  server.on('request', toNodeHandler(service));
  return {
    service,
    origin,
    admin: `${origin}/svc/`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await service.close();
    },
  };
}

/** Debian's Chromium, headless; a failure to start is the test's failure, never a skip. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface Watch {
  /** Console errors and uncaught exceptions, except the browser's note of an expected 4xx. */
  errors: string[];
  /** Responses with a 5xx status. */
  serverErrors: string[];
}

/** Collects what must stay empty during a flow: console errors and 5xx answers. */
export function watch(page: Page, expectedStatuses: Set<number>): Watch {
  const seen: Watch = { errors: [], serverErrors: [] };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Chromium logs every non-2xx fetch to the console; the flows provoke 401 (signed out, wrong password) and 409 on purpose
    const status = /status of (\d{3})/.exec(text)?.[1];
    if (text.startsWith('Failed to load resource') && status && expectedStatuses.has(Number(status))) return;
    seen.errors.push(text);
  });
  page.on('pageerror', (error) => seen.errors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) seen.serverErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return seen;
}

const AXE = readFileSync(join(process.cwd(), 'node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's default rules (colour contrast included) on the page as it is; violations of impact serious or critical. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not govern
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
}

export const SCREENSHOTS = mkdtempSync(join(tmpdir(), 'pressroom-browser-'));

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 64×48 RGB PNG (a solid accent-blue rectangle), for uploads. */
export function png(width = 64, height = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [59, 91, 219]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Fills the admin client's sign-in form open in `page` and presses "Sign in"; the caller waits for what should follow. */
export async function submitSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export interface SignedIn {
  browser: Browser;
  page: Page;
  /** What must stay empty during the file's flows (`watch`). */
  seen: Watch;
}

export interface SignedInOptions {
  /** The page's viewport, locale, time zone…; 1280×900 unless given. */
  context?: BrowserContextOptions;
  /** The statuses the browser may log as failed loads; the first load's 401 (nobody signed in yet) unless given. */
  expectedStatuses?: number[];
  /** What shows once signed in: the navigation unless given. */
  ready?: (page: Page) => Locator;
}

/**
 * Chromium with one page, watched, on the admin client at `admin`, signed in as `who` and waiting until the
 * screen after sign-in shows: what every browser file's beforeAll needs. The browser is closed if any of it fails.
 */
export async function signedInPage(admin: string, who: { email: string; password: string }, options: SignedInOptions = {}): Promise<SignedIn> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...options.context });
    page.setDefaultTimeout(15_000);
    const seen = watch(page, new Set(options.expectedStatuses ?? [401]));
    await page.goto(admin);
    await submitSignIn(page, who);
    await (options.ready?.(page) ?? page.getByRole('navigation')).waitFor();
    return { browser, page, seen };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * The Admin API as an integration of a test site, for setting up and checking what a browser test
 * does: `v5` is the unversioned root, signed for `/admin/`. The getters are read per call, since the
 * site and its key are made in `beforeAll`.
 */
export function integrationApi(origin: () => string, adminKey: () => string, version: 'v3' | 'v5' = 'v3') {
  return async (method: string, path: string, body?: unknown): Promise<Response> => {
    const token = await adminToken(adminKey(), version === 'v5' ? { aud: '/admin/' } : undefined);
    return fetch(`${origin()}/svc/api/${version === 'v5' ? '' : 'v3/'}admin/${path}`, {
      method,
      headers: { authorization: `Svc ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
}

/** Called first in a test: if it fails, a screenshot of the page is saved as `<prefix><name>.png` and its path printed. */
export function failureScreenshots(page: () => Page, prefix: string) {
  return (name: string): void => {
    onTestFailed(async () => {
      const file = join(SCREENSHOTS, `${prefix}${name}.png`);
      await page()
        .screenshot({ path: file, fullPage: true })
        .catch(() => undefined);
      console.error(`screenshot of the failure: ${file}`);
    });
  };
}
