// The only module that touches busboy, a Node stream consumer: the request's web stream is pumped into it
// chunk by chunk, so the body is never held beyond the limits and reading stops as soon as one is passed.
import type busboy from 'busboy';
import { ApiError, badRequest } from '../core/errors';
import { concatBytes } from '../util/bytes';
import type { RequestHead } from '../core/head';

export interface UploadedFile {
  /** The client's file name, without any directory part. */
  filename: string;
  /** The part's declared Content-Type. */
  mimeType: string;
  data: Uint8Array;
}

export interface MultipartForm {
  /** The first value of each text field. */
  fields: Map<string, string>;
  /** The first file part named `fileField`; null when the form carries none. */
  file: UploadedFile | null;
}

export interface MultipartOptions {
  fileField: string;
  /** Largest file accepted. */
  fileBytes: number;
}

const FIELD_BYTES = 16 * 1024;
const MAX_FIELDS = 20;
// room for boundaries, part headers and the text fields on top of the file itself
const OVERHEAD_BYTES = MAX_FIELDS * FIELD_BYTES + 64 * 1024;

function tooLarge(limit: number): ApiError {
  return new ApiError('RequestEntityTooLargeError', `The file is larger than the limit of ${limit} bytes.`, { property: 'file' });
}

export function isMultipart(request: Pick<RequestHead, 'headers'>): boolean {
  const type = request.headers.get('content-type') ?? '';
  return type.split(';')[0].trim().toLowerCase() === 'multipart/form-data';
}

export async function readMultipart(request: RequestHead, options: MultipartOptions): Promise<MultipartForm> {
  const form: MultipartForm = { fields: new Map(), file: null };
  const maxBody = options.fileBytes + OVERHEAD_BYTES;
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const body = request.body();
  if (!body || declared === 0) return form;
  if (!isMultipart(request)) {
    throw new ApiError('UnsupportedMediaTypeError', 'Uploads must be sent as multipart/form-data.', {
      context: `Content-Type was ${JSON.stringify(request.headers.get('content-type') ?? '')}.`,
    });
  }
  if (Number.isFinite(declared) && declared > maxBody) throw tooLarge(options.fileBytes);

  // loaded on the first upload, so the core's import graph holds no Node-only module until one arrives
  const { default: createParser } = await import('busboy');
  let parser: busboy.Busboy;
  try {
    parser = createParser({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      // busboy reports a file that reaches the limit as cut off, so it is given one byte more than we allow
      limits: { fileSize: options.fileBytes + 1, fieldSize: FIELD_BYTES, fields: MAX_FIELDS, parts: MAX_FIELDS + 10 },
    });
  } catch (error) {
    throw badRequest('The multipart body could not be read.', { context: (error as Error).message });
  }

  let failure: ApiError | null = null;
  let closed = false;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', () => {
      closed = true;
      resolve();
    });
    parser.on('error', (error: Error) => {
      closed = true;
      reject(badRequest('The multipart body could not be read.', { context: error.message }));
    });
  });
  finished.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled

  parser.on('file', (name, stream, info) => {
    stream.on('error', () => {});
    if (name !== options.fileField || form.file || failure) {
      stream.resume();
      return;
    }
    const chunks: Uint8Array[] = [];
    stream.on('data', (chunk: Uint8Array) => {
      chunks.push(chunk);
    });
    stream.on('limit', () => {
      failure ??= tooLarge(options.fileBytes);
      chunks.length = 0;
    });
    stream.on('end', () => {
      if (failure || stream.truncated) return;
      form.file = { filename: info.filename ?? '', mimeType: (info.mimeType ?? '').toLowerCase(), data: concatBytes(chunks) };
    });
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated)
      failure ??= new ApiError('RequestEntityTooLargeError', `Field ${name.slice(0, 50)} is longer than ${FIELD_BYTES} bytes.`, {
        property: name.slice(0, 50),
      });
    else if (!form.fields.has(name)) form.fields.set(name, value);
  });

  const reader = body.getReader();
  let received = 0;
  try {
    while (!failure && !closed) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw badRequest('The request body could not be read.', { context: (error as Error).message });
      }
      if (chunk.done) break;
      received += chunk.value.byteLength;
      if (received > maxBody) failure ??= tooLarge(options.fileBytes);
      if (failure) break;
      if (!parser.write(chunk.value)) {
        await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), finished]);
      }
    }
    if (failure) throw failure;
    if (!closed) parser.end();
    await finished;
    if (failure) throw failure;
    return form;
  } finally {
    if (!closed) parser.destroy();
    await reader.cancel().catch(() => {});
  }
}
