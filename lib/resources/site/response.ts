import { z } from 'zod';
import type { Version } from '../../core/context';
import { siteUrl } from '../shared/response';

/** What `GET site/` returns (contract §2.8). */
const base = {
  title: z.string(),
  url: siteUrl,
  version: z
    .string()
    .regex(/^\d+\.\d+$/)
    .meta({ description: '`major.minor` of the running service.' }),
};

export const siteV2 = z.object(base).strict().meta({ description: 'The site (v2).' });
export const siteV3 = z
  .object({ title: base.title, description: z.string(), logo: z.string().nullable(), url: base.url, version: base.version })
  .strict()
  .meta({ description: 'The site (v3): v2 plus description and logo.' });

export const siteSchema = (version: Version) => (version === 'v2' ? siteV2 : siteV3);

export type Site = z.infer<typeof siteV3>;
