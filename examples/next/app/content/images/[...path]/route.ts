// Uploaded images: pressroom serves them under its imagesPath, /content/images by default.
import { toNextHandlers } from 'pressroom/next';
import { site } from '../../../../lib/pressroom';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';
export const { GET, HEAD } = toNextHandlers(site);
