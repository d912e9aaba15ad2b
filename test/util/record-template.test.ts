import { describe, expect, it } from 'vitest';
import { recordTemplate } from '../../lib/util/record-template';

describe('recordTemplate', () => {
  it('has every key, in order, each null; copies of it are independent', () => {
    const template = recordTemplate(['id', 'name', 'created_at']);
    expect(Object.keys(template)).toEqual(['id', 'name', 'created_at']);
    expect(Object.values(template)).toEqual([null, null, null]);
    const a = { ...template };
    const b = { ...template };
    a.name = 'first';
    expect(b.name).toBeNull();
    expect(template.name).toBeNull();
  });

  it('keeps a key named __proto__ as a plain property of every copy, never as its prototype', () => {
    const row = { ...recordTemplate(['__proto__', 'constructor']) };
    row['__proto__'] = { polluted: true };
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, '__proto__')).toBe(true);
    expect((row as { polluted?: unknown }).polluted).toBeUndefined();
    expect(row.constructor).toBeNull();
  });
});
