import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress, parseIPv6 } from '../../lib/events/addresses';
import { assertPublicTarget, guardedFetch, literalTargetProblem, TargetRefusedError } from '../../lib/events/transport';

describe('address classification', () => {
  it('blocks private, loopback, link-local and other non-public IPv4 ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '172.15.255.255', '93.184.216.34', '100.128.0.1', '169.255.0.1']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it('blocks IPv6 loopback, unspecified, unique-local, link-local, multicast and mapped private IPv4', () => {
    for (const ip of [
      '::1',
      '::',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001:db8::1',
      '[::1]',
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
    for (const ip of ['2606:4700:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it('blocks every IPv6 form that embeds or reaches a private IPv4 address, in any spelling', () => {
    const blocked = [
      // IPv4-mapped ::ffff:0:0/96, dotted, hex, uncompressed, upper case
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:0001',
      '::FFFF:A9FE:A9FE',
      '::ffff:192.168.0.1',
      '::ffff:c0a8:1',
      // IPv4-translated ::ffff:0:0:0/96
      '::ffff:0:7f00:1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:8.8.8.8',
      '0:0:0:0:ffff:0:a00:1',
      // IPv4-compatible ::a.b.c.d (deprecated), any embedded address
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::8.8.8.8',
      '::a9fe:a9fe',
      // well-known NAT64 64:ff9b::/96 with a private address; local-use NAT64 64:ff9b:1::/48, any
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::8.8.8.8',
      '64:ff9b:1:ffff::1',
      // Teredo 2001::/32, any
      '2001::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      // 6to4 2002::/16 with a private address
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:c0a8:101::1',
      '2002:a9fe:a9fe::',
      // ISATAP identifiers embedding a private address
      '2001:4860::5efe:10.0.0.1',
      '2606:4700::200:5efe:7f00:1',
      // documentation and benchmarking
      '3fff::1',
      '2001:2::1',
    ];
    for (const ip of blocked) expect(isBlockedAddress(ip), ip).toBe(true);
    const allowed = [
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '64:ff9b::8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:4860::5efe:8.8.8.8',
      '2001:4860:4860::8888',
      '2001:200::1',
    ];
    for (const ip of allowed) expect(isBlockedAddress(ip), ip).toBe(false);
  });

  it('refuses a host name that resolves to one of those forms', async () => {
    const dns: Record<string, string[]> = {
      'mapped.test': ['::ffff:7f00:1'],
      'translated.test': ['::ffff:0:a00:1'],
      'nat64.test': ['64:ff9b:1::1'],
      'teredo.test': ['2001:0:4136:e378:8000:63bf:3fff:fdd2'],
      'sixtofour.test': ['2002:a9fe:a9fe::1'],
      'fine.test': ['2606:4700:4700::1111', '64:ff9b::808:808'],
    };
    const resolveHost = async (host: string) => dns[host] ?? [];
    for (const host of ['mapped.test', 'translated.test', 'nat64.test', 'teredo.test', 'sixtofour.test']) {
      await expect(assertPublicTarget(new URL(`https://${host}/hook`), { resolveHost }), host).rejects.toThrow(/resolves to/);
    }
    await expect(assertPublicTarget(new URL('https://fine.test/hook'), { resolveHost })).resolves.toBeUndefined();
  });

  it('parses IPv6 forms exactly', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    for (const bad of ['1:2:3', '1::2::3', '1:2:3:4:5:6:7:8:9', 'gggg::1', '::1.2.3', 'example.com']) expect(parseIPv6(bad), bad).toBeNull();
    expect(isBlockedAddress('example.com')).toBeNull();
  });
});

describe('the target guard', () => {
  it('refuses the literal private targets of the issue without asking DNS', async () => {
    const resolveHost = async () => {
      throw new Error('must not resolve a literal address');
    };
    for (const target of [
      'http://127.0.0.1/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/',
      'http://localhost:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const url = new URL(target);
      expect(literalTargetProblem(url), target).not.toBeNull();
      await expect(assertPublicTarget(url, { resolveHost }), target).rejects.toBeInstanceOf(TargetRefusedError);
    }
    expect(literalTargetProblem(new URL('https://hooks.example.com/x'))).toBeNull();
  });

  it('refuses a host name when any address it resolves to is private, and allows public ones', async () => {
    const dns: Record<string, string[]> = {
      'public.test': ['93.184.216.34'],
      'rebind.test': ['93.184.216.34', '10.1.2.3'],
      'metadata.test': ['169.254.169.254'],
    };
    const resolveHost = async (host: string) => dns[host] ?? [];
    await expect(assertPublicTarget(new URL('https://public.test/hook'), { resolveHost })).resolves.toBeUndefined();
    await expect(assertPublicTarget(new URL('https://rebind.test/hook'), { resolveHost })).rejects.toThrow(/resolves to 10\.1\.2\.3/);
    await expect(assertPublicTarget(new URL('http://metadata.test/latest'), { resolveHost })).rejects.toThrow(TargetRefusedError);
  });

  it('treats localhost names as loopback without asking DNS', async () => {
    await expect(assertPublicTarget(new URL('http://localhost./'))).rejects.toThrow(TargetRefusedError);
    await expect(assertPublicTarget(new URL('http://api.localhost/'))).rejects.toThrow(TargetRefusedError);
  });

  it('resolves host names with node:dns by default', async () => {
    // the machine's own name resolves locally (no network needed); containers map it to loopback
    const host = hostname();
    const addresses = (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
    const check = assertPublicTarget(new URL(`http://${host}/`));
    if (addresses.length && addresses.every((a) => isBlockedAddress(a))) await expect(check).rejects.toThrow(/resolves to/);
    else if (addresses.length && addresses.every((a) => isBlockedAddress(a) === false)) await expect(check).resolves.toBeUndefined();
    await expect(assertPublicTarget(new URL('http://no-such-host.invalid/'))).rejects.toThrow(/ENOTFOUND|EAI_AGAIN/);
  });

  it('allows anything when private targets are allowed', async () => {
    await expect(assertPublicTarget(new URL('http://127.0.0.1/'), { allowPrivateTargets: true })).resolves.toBeUndefined();
  });

  it('the default transport refuses before any connection is made', async () => {
    const transport = guardedFetch();
    for (const target of ['http://127.0.0.1/', 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/']) {
      await expect(transport(new Request(target, { method: 'POST', body: '{}' })), target).rejects.toBeInstanceOf(TargetRefusedError);
    }
  });
});
