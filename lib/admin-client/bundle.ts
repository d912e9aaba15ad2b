/**
 * The admin client as the build leaves it (scripts/build-admin-client.ts writes it into
 * lib/admin-client/generated/bundle.ts): every file precompressed, as base64 text, so that the
 * service can serve it with Web APIs only, in any host, without reading files.
 */
export interface AdminAsset {
  /** `Content-Type` to send. */
  type: string;
  /** Strong ETag of the uncompressed bytes. */
  etag: string;
  /** Byte length before compression. */
  size: number;
  /** The gzip variant, base64. */
  gzip: string;
  /** The brotli variant, base64. */
  br: string;
}

export interface AdminBundle {
  /** `index.html`, with `%PRESSROOM_BASE%` where the service's `/{name}/` goes. */
  html: string;
  /** Hashed files by their path under `/{name}/`, e.g. `assets/index-3f2a.js`. */
  assets: Record<string, AdminAsset>;
}

/** The placeholder in `index.html` for the path the app is served under. */
export const BASE_PLACEHOLDER = '%PRESSROOM_BASE%';
