import { z } from 'zod';
import { type ErrorType, errorStatus } from '../core/errors';

const ERROR_TYPES = Object.keys(errorStatus) as [ErrorType, ...ErrorType[]];

/** The error types an HTTP status carries (reference-behaviour §2). */
export function errorTypesOf(status: number): ErrorType[] {
  return ERROR_TYPES.filter((type) => errorStatus[type] === status);
}

function errorItem(types: readonly ErrorType[]) {
  const type = z.enum(types as [ErrorType, ...ErrorType[]]);
  return z
    .object({
      message: z.string().meta({ description: 'What went wrong, as a sentence.' }),
      context: z.string().nullable(),
      type,
      errorType: type.meta({ description: 'The same as `type`.' }),
      details: z.unknown(),
      property: z.string().nullable().meta({ description: 'The field or parameter at fault, when one is.' }),
      help: z.string().nullable(),
      code: z.string().nullable().meta({ description: 'A stable code for some errors, e.g. `UPDATE_COLLISION`.' }),
      id: z.uuid().meta({ description: 'A fresh id per error.' }),
    })
    .strict();
}

function envelope(types: readonly ErrorType[]) {
  return z.object({ errors: z.array(errorItem(types)).min(1) }).strict();
}

/** Every error response of both APIs: `{errors: [{message, context, type, errorType, details, property, help, code, id}]}`. */
export const errorEnvelope = envelope(ERROR_TYPES).meta({ description: 'The error envelope of every failed request.' });

/** The envelope of one HTTP status: its `type` can only be one the status carries. */
export function errorEnvelopeFor(status: number) {
  const types = errorTypesOf(status);
  if (types.length === 0) throw new Error(`no error type has status ${status}`);
  return envelope(types).meta({ description: `The error envelope of a ${status} response: type ${types.join(' or ')}.` });
}

export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
