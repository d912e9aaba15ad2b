// Which IP addresses a webhook may not reach by default: everything that is not a public unicast
// address (private, loopback, link-local, carrier NAT, multicast, reserved, documentation ranges),
// and every IPv6 form that reaches or embeds such an IPv4 address.

type V4Range = [base: number, prefix: number];

const V4_BLOCKED: V4Range[] = [
  [ip4(0, 0, 0, 0), 8], // "this" network
  [ip4(10, 0, 0, 0), 8], // private
  [ip4(100, 64, 0, 0), 10], // carrier-grade NAT
  [ip4(127, 0, 0, 0), 8], // loopback
  [ip4(169, 254, 0, 0), 16], // link-local, cloud metadata services
  [ip4(172, 16, 0, 0), 12], // private
  [ip4(192, 0, 0, 0), 24], // protocol assignments
  [ip4(192, 0, 2, 0), 24], // documentation
  [ip4(192, 168, 0, 0), 16], // private
  [ip4(198, 18, 0, 0), 15], // benchmarking
  [ip4(198, 51, 100, 0), 24], // documentation
  [ip4(203, 0, 113, 0), 24], // documentation
  [ip4(224, 0, 0, 0), 4], // multicast
  [ip4(240, 0, 0, 0), 4], // reserved and broadcast
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
}

/** A dotted-quad IPv4 address as a 32-bit number; null for anything else. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

/** An IPv6 address as eight 16-bit groups; null for anything else. Accepts a dotted IPv4 tail and a zone. */
export function parseIPv6(text: string): number[] | null {
  let s = text.replace(/^\[|\]$/g, '');
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':')) return null;
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const v4 = parseIPv4(last);
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    s = s.slice(0, lastColon + 1);
    if (!s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  for (const g of [...head, ...rest]) if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
  const h = head.map((g) => parseInt(g, 16));
  const r = [...rest.map((g) => parseInt(g, 16)), ...tail];
  if (halves.length === 1) return h.length + r.length === 8 ? [...h, ...r] : null;
  const missing = 8 - h.length - r.length;
  if (missing < 1) return null;
  return [...h, ...new Array<number>(missing).fill(0), ...r];
}

function blockedV4(value: number): boolean {
  return V4_BLOCKED.some(([base, prefix]) => {
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (value & mask) >>> 0 === base;
  });
}

/**
 * The IPv4 address an IPv6 address carries where the packet would in effect go to it (or be translated
 * to it); null for an address that embeds none.
 */
function embeddedV4(g: number[]): number | null {
  const low = g[6] * 0x10000 + g[7];
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return low; // IPv4-mapped ::ffff:0:0/96
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return low; // NAT64 64:ff9b::/96
  if (g[0] === 0x2002) return g[1] * 0x10000 + g[2]; // 6to4 2002::/16
  // ISATAP interface identifiers (::5efe:a.b.c.d, ::200:5efe:a.b.c.d) under any prefix
  if ((g[4] === 0 || g[4] === 0x200) && g[5] === 0x5efe) return low;
  return null;
}

function blockedV6(g: number[]): boolean {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::/96: unspecified, loopback and IPv4-compatible (deprecated, never a real destination)
  if (zeroUpTo(6)) return true;
  // IPv4-translated ::ffff:0:0:0/96 (SIIT): always a translator's, never a public host's
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return true;
  // local-use NAT64 64:ff9b:1::/48: a translator inside someone's network
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true;
  // Teredo 2001::/32: a tunnel whose far end is an IPv4 address (obfuscated) no check here can trust
  if (g[0] === 0x2001 && g[1] === 0) return true;
  const v4 = embeddedV4(g);
  if (v4 !== null && blockedV4(v4)) return true;
  if (g[0] === 0x100 && g.slice(1, 4).every((x) => x === 0)) return true; // discard-only
  if (g[0] === 0x2001 && g[1] === 0xdb8) return true; // documentation
  if (g[0] === 0x2001 && g[1] === 2 && g[2] === 0) return true; // benchmarking 2001:2::/48
  if (g[0] === 0x3fff && g[1] < 0x1000) return true; // documentation 3fff::/20
  if ((g[0] & 0xfe00) === 0xfc00) return true; // unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // link-local
  if ((g[0] & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((g[0] & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** Whether an IP address (v4 or v6, as text) is one webhooks may not reach by default; null when it is no address. */
export function isBlockedAddress(address: string): boolean | null {
  const v4 = parseIPv4(address);
  if (v4 !== null) return blockedV4(v4);
  const v6 = parseIPv6(address);
  if (v6 !== null) return blockedV6(v6);
  return null;
}

/** Host names that mean this machine without asking DNS. */
export function isLocalHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}
