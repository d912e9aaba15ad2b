import type { z } from 'zod';
import { validation } from '../../core/errors';

function describe(issue: z.core.$ZodIssue, where: string): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `Value in [${where}] is required.`;
      return `Value in [${where}] must be ${article(issue.expected)}.`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? `Value in [${where}] cannot be blank.`
        : `Value in [${where}] is too short or too small (minimum ${issue.minimum}).`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Value in [${where}] exceeds maximum length of ${issue.maximum} characters.`
        : `Value in [${where}] is too long or too large (maximum ${issue.maximum}).`;
    case 'invalid_value':
      return `Value in [${where}] must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}.`;
    default:
      return `Value in [${where}] is invalid: ${issue.message}.`;
  }
}

function article(expected: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    number: 'a number',
    boolean: 'true or false',
    array: 'an array',
    object: 'an object',
    null: 'null',
    date: 'a date',
  };
  return names[expected] ?? expected;
}

/** Parses with a zod schema; the first problem becomes a 422 naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown, root: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const property = issue.path.map(String).join('.');
  const where = property ? `${root}.${property}` : root;
  return fail(describe(issue, where), property || root);
}

function fail(message: string, property: string): never {
  throw validation(message, { property });
}
