import { validation } from '../../core/errors';

/** The single object of a `{<root>: [ {...} ]}` request body. */
export function firstOf(body: unknown, root: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !(root in body)) {
    throw validation(`No root key ('${root}') provided.`, { property: root });
  }
  const list = (body as Record<string, unknown>)[root];
  if (!Array.isArray(list) || list.length === 0) {
    throw validation(`Value in [${root}] must be an array holding one object.`, { property: root });
  }
  const item = list[0];
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw validation(`Value in [${root}.0] must be an object.`, { property: root });
  }
  return item as Record<string, unknown>;
}
