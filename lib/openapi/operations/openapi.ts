import { z } from 'zod';
import type { OperationSource, OperationTable } from '../spec';

const document: OperationSource = () => ({
  operationId: 'readOpenApi',
  summary: 'This OpenAPI document',
  description: 'No authentication: it describes the API and reveals no data.',
  responses: {
    200: {
      description: 'The OpenAPI 3.1 document of this API and version.',
      schema: z.looseObject({ openapi: z.string().regex(/^3\.1\.\d+$/), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
    },
  },
});

export const openApiOperations: OperationTable = {
  'admin GET openapi.json': document,
  'content GET openapi.json': document,
};
