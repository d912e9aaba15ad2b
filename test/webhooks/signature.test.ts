import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../lib';
import { signatureHeader } from '../../lib/events/signature';

const body = JSON.stringify({ post: { current: { title: 'Ünïcode ✓' }, previous: {} } });
const secret = 'a-shared-secret';
const t = 1_700_000_000_000;

describe('webhook signatures', () => {
  it('is sha256=<hex HMAC-SHA256(secret, body + t)>, t=<ms>', async () => {
    const header = await signatureHeader(body, secret, t);
    const expected = createHmac('sha256', secret).update(`${body}${t}`).digest('hex');
    expect(header).toBe(`sha256=${expected}, t=${t}`);
  });

  it('verifies the body as sent, as text or bytes', async () => {
    const header = await signatureHeader(body, secret, t);
    expect(await verifyWebhookSignature(body, header, secret, { now: t })).toBe(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(body), header, secret, { now: t + 1000 })).toBe(true);
  });

  it('rejects a tampered body, another secret, a tampered t and malformed headers', async () => {
    const header = await signatureHeader(body, secret, t);
    expect(await verifyWebhookSignature(body.replace('✓', 'x'), header, secret, { now: t })).toBe(false);
    expect(await verifyWebhookSignature(`${body} `, header, secret, { now: t })).toBe(false);
    expect(await verifyWebhookSignature(body, header, 'another-secret', { now: t })).toBe(false);
    expect(await verifyWebhookSignature(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, { now: t })).toBe(false);
    for (const bad of ['', 'sha256=abc, t=1', `sha256=${'g'.repeat(64)}, t=${t}`, `t=${t}`, 'garbage', null, undefined]) {
      expect(await verifyWebhookSignature(body, bad, secret, { now: t })).toBe(false);
    }
    expect(await verifyWebhookSignature(body, header, '', { now: t })).toBe(false);
  });

  it('rejects a signature outside the time tolerance (replays), either way', async () => {
    const header = await signatureHeader(body, secret, t);
    expect(await verifyWebhookSignature(body, header, secret, { now: t + 5 * 60 * 1000 })).toBe(true);
    expect(await verifyWebhookSignature(body, header, secret, { now: t + 5 * 60 * 1000 + 1 })).toBe(false);
    expect(await verifyWebhookSignature(body, header, secret, { now: t - 10_001, toleranceMs: 10_000 })).toBe(false);
    expect(await verifyWebhookSignature(body, header, secret, { now: t + 10 ** 12, toleranceMs: Infinity })).toBe(true);
  });
});
