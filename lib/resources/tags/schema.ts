import { z } from 'zod';
import { inputShape } from '../shared/fields';
import { TAG_FIELDS } from './fields';

/** Fields a client may write on a tag (fields.ts): the same in every version. */
export const tagInput = z.object(inputShape(TAG_FIELDS, 'v2')).partial();

/** What `POST tags/` and `PUT tags/{id}/` accept inside `{tags: [ … ]}`. */
export type TagInput = z.infer<typeof tagInput>;
