// Node's http server ⇄ the service (the message itself is read and answered in ./message.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, errorBody } from '../core/errors';
import { serveMessage, type FetchHandler } from './message';
import type { NodeHandlerOptions } from './origin';

// Node-only pieces a host wires in: uploaded images and themes kept in a directory
export { DirectoryFileStore } from '../files/directory';

export { toRequest, writeResponse, type FetchHandler, type RequestOverrides } from './message';
export type { NodeHandlerOptions } from './origin';

/** A `(req, res)` listener for `http.createServer` serving a pressroom service (or any fetch handler). */
export function toNodeHandler(service: FetchHandler, options: NodeHandlerOptions = {}) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    serveMessage(
      service,
      req,
      res,
      options,
      {},
      () => {
        // a body cut short after its status was sent must not look complete: drop the connection
        if (res.headersSent) return void res.destroy();
        res.writeHead(500, { 'content-type': 'text/plain' }).end();
      },
      (error) => {
        // a method or Host the WHATWG Request cannot carry (TRACE, `Host: a b`): still the API's error envelope
        const refusal = badRequest('The request could not be read.', { context: error.message.slice(0, 200) });
        res.writeHead(400, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorBody(refusal)));
      },
    );
  };
}
