import { z } from 'zod';
import type { RequestBody, SuccessResponse } from '../spec';

/** `{<root>: [item]}`: the request envelope of contract §2.1; only the first item is used. */
export function jsonEnvelope(root: string, item: z.ZodType, description?: string): RequestBody {
  return { type: 'json', schema: z.object({ [root]: z.array(item).min(1) }), description };
}

export const noContent = (description: string): SuccessResponse => ({ description });

/** Capitalised, for operation ids: `posts` → `Posts`. */
export const title = (word: string) => word[0].toUpperCase() + word.slice(1);
