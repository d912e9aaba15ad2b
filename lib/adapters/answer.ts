import { FETCH_WITH_BYTES, type FetchWithBytes, type ResponseWithBytes } from '../http/body-bytes';
import type { FetchContext } from '../http/client-address';

export interface FetchHandler {
  fetch(request: Request, context?: FetchContext): Promise<Response>;
}

/** Whether the handler is a pressroom service (which answers by `FETCH_WITH_BYTES` too). */
export function isPressroom(service: FetchHandler): service is FetchHandler & FetchWithBytes {
  return typeof (service as Partial<FetchWithBytes>)[FETCH_WITH_BYTES] === 'function';
}

/**
 * The service's answer to a request. A pressroom service hands JSON bodies over as bytes beside a
 * body-less response, which a socket writer sends as they are; any other handler answers by `fetch`.
 */
export function answer(service: FetchHandler, request: Request, context: FetchContext): Promise<ResponseWithBytes> {
  if (isPressroom(service)) return service[FETCH_WITH_BYTES](request, context);
  return service.fetch(request, context).then((response) => ({ response }));
}
