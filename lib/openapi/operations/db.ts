import { z } from 'zod';
import type { OperationTable } from '../spec';

const row = z.record(z.string(), z.unknown());
const problem = z.object({ message: z.string(), help: z.string(), context: z.string() });

/** Ghost-format export and import (lib/ghost). */
export const dbOperations: OperationTable = {
  'admin GET db/': () => ({
    operationId: 'exportContent',
    summary: 'Export the site',
    description:
      'The whole site as a Ghost-format export (`{db:[{meta, data:{posts, tags, users, …}}]}`), streamed. No password hashes, ' +
      'API keys or sessions. Owner and Administrator sessions only.',
    responses: {
      200: {
        description: 'The export.',
        schema: z.object({
          db: z.array(z.object({ meta: z.object({ exported_on: z.number(), version: z.string() }), data: z.record(z.string(), z.array(row)) })),
        }),
      },
    },
  }),
  'admin POST db/': () => ({
    operationId: 'importContent',
    summary: 'Import a Ghost export',
    description:
      'A Ghost export (JSON, 2.x–6.x) or a zip holding one export .json and a content/images/… tree; all or nothing. ' +
      'Records that exist already (same id, slug, uuid or email) and tables pressroom has no feature for are skipped and listed ' +
      'in `problems`. Owner and Administrator sessions only.',
    body: { type: 'multipart', schema: z.object({ importfile: z.file().meta({ description: 'The export (.json or .zip).' }) }) },
    responses: {
      200: {
        description: 'What was imported, and what was skipped and why.',
        schema: z.object({
          db: z.array(z.unknown()),
          problems: z.array(problem),
          imported: z.object({
            posts: z.number(),
            pages: z.number(),
            tags: z.number(),
            users: z.number(),
            images: z.number(),
            settings: z.number(),
            lexical: z.number(),
          }),
        }),
      },
    },
    errors: [413, 415, 422],
  }),
};
