// `{"<root>":[…],"meta":…}` written batch by batch as the reader asks for more: a `limit=all` over a
// large site never holds its whole body, or its rows, at once.
import type { Answer } from '../core/answer';

const encoder = new TextEncoder();

export interface StreamedList {
  /** The next batch of items, already in their response shape; null when there are no more. */
  next(): Promise<unknown[] | null>;
  /** `meta`, once every item has been written; `count` is how many were. */
  meta(count: number): unknown;
}

/**
 * A 200 whose body is a JSON list streamed in batches. Nothing is read before the first pull, so a
 * HEAD or an abandoned response costs nothing. A failure after the first byte can only cut the body
 * short (the status is sent), which a server adapter turns into a dropped connection.
 */
export function streamedJsonAnswer(root: string, list: StreamedList, headers: Record<string, string> = {}): Answer {
  let count = 0;
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`{${JSON.stringify(root)}:[`));
          return;
        }
        const batch = await list.next();
        if (batch === null) {
          controller.enqueue(encoder.encode(`],"meta":${JSON.stringify(list.meta(count))}}`));
          controller.close();
          return;
        }
        if (batch.length === 0) return;
        const text = batch.map((item) => JSON.stringify(item)).join(',');
        controller.enqueue(encoder.encode(count === 0 ? text : `,${text}`));
        count += batch.length;
      },
    },
    { highWaterMark: 0 },
  );
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body };
}
