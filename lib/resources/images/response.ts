import { z } from 'zod';
import { siteUrl } from '../shared/response';

/** What `POST images/upload/` returns (contract §2.7). */
export const image = z
  .object({
    url: siteUrl.meta({ description: 'Where the uploaded image can be fetched.' }),
    ref: z.string().nullable().meta({ description: 'The `ref` sent with the upload, unchanged; null when none was sent.' }),
  })
  .strict()
  .meta({ description: 'An uploaded image.' });

export type Image = z.infer<typeof image>;
