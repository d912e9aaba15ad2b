import { z } from 'zod';

/** An optional, nullable text field of at most `max` characters. */
export const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** Open Graph, Twitter card and meta fields, writable on posts, pages and tags with the same limits. */
export const socialInputFields = {
  og_image: optionalText(2000),
  og_title: optionalText(300),
  og_description: optionalText(500),
  twitter_image: optionalText(2000),
  twitter_title: optionalText(300),
  twitter_description: optionalText(500),
  meta_title: optionalText(300),
  meta_description: optionalText(500),
};
