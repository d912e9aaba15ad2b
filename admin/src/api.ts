/** The Admin API of the service that served this page, with the session cookie. */
const baseMeta = document.querySelector<HTMLMetaElement>('meta[name="pressroom-base"]')?.content;
/** The path the app is served under, e.g. `/svc/` (the dev server has no service to fill it in). */
export const BASE = baseMeta && baseMeta.startsWith('/') ? baseMeta : '/svc/';
/**
 * The Admin API version the app speaks. v5 (the unversioned root, the reference's current shapes) shows
 * and takes lexical bodies beside mobiledoc; v3 only mobiledoc.
 */
const API_VERSION = 'v5' as 'v3' | 'v5';
export const API_ROOT = API_VERSION === 'v5' ? `${BASE}api/admin/` : `${BASE}api/v3/admin/`;
export const CONTENT_ROOT = API_VERSION === 'v5' ? `${BASE}api/content/` : `${BASE}api/v3/content/`;
/**
 * The query a post is read with for editing: v3 is asked for its mobiledoc; v5's default answer carries
 * both `mobiledoc` and `lexical` (one of them null), as the reference's does.
 */
export const POST_BODY_QUERY = API_VERSION === 'v5' ? '' : '?formats=mobiledoc';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: string,
    readonly context?: string,
  ) {
    super(message);
  }
}

type Listener = () => void;
const signedOutListeners = new Set<Listener>();
/** Called when a request finds the session gone (expired, or ended elsewhere). */
export function onSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

async function failure(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  let type = 'Error';
  let context: string | undefined;
  try {
    const body = (await response.json()) as { errors?: { message?: string; type?: string; errorType?: string; context?: string | null }[] };
    const error = body.errors?.[0];
    if (error?.message) message = error.message;
    type = error?.type ?? error?.errorType ?? type;
    context = error?.context ?? undefined;
  } catch {
    // not the API's error envelope: keep the status line
  }
  return new ApiError(message, response.status, type, context);
}

export async function request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const response = await fetch(API_ROOT + path, init);
  if (!response.ok) {
    const error = await failure(response);
    if (response.status === 401 && path !== 'session/') signedOutListeners.forEach((l) => l());
    throw error;
  }
  if (response.status === 204 || response.headers.get('content-length') === '0') return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  del: (path: string) => request<void>('DELETE', path),
};

/** Uploads an image; resolves to its URL. */
export async function uploadImage(file: File, purpose: 'image' | 'profile_image' | 'icon' = 'image'): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('purpose', purpose);
  form.append('ref', file.name);
  const result = await api.post<{ images: { url: string }[] }>('images/upload/', form);
  return result.images[0].url;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
