import { z } from 'zod';
import { PURPOSES } from '../../files/image-validate';
import { image } from '../../resources/images/response';
import { theme } from '../../resources/themes/response';
import { listEnvelope } from '../../resources/shared/response';
import type { OperationTable } from '../spec';
import { noContent } from './helpers';

const themes = listEnvelope('themes', theme);

/** Image uploads and themes (reference-behaviour §9, §10). */
export const filesOperations: OperationTable = {
  'admin POST images/upload/': () => ({
    operationId: 'uploadImage',
    summary: 'Upload an image',
    description:
      'JPEG, GIF, PNG, SVG or WebP for `image` and `profile_image` (which must be square); ICO or PNG, square, 60–1000 px for `icon`. ' +
      'The extension, the declared type and the bytes must agree (415 otherwise). SVG is sanitised.',
    body: {
      type: 'multipart',
      schema: z.object({
        file: z.file().meta({ description: 'The image.' }),
        purpose: z.enum(PURPOSES).optional().meta({ description: 'Default `image`; decides the checks.' }),
        ref: z.string().optional().meta({ description: 'Returned unchanged.' }),
      }),
    },
    responses: { 201: { description: 'The stored image.', schema: listEnvelope('images', image) } },
  }),
  'admin GET themes/': () => ({
    operationId: 'browseThemes',
    summary: 'Browse themes',
    responses: { 200: { description: 'Every installed theme, the default one included.', schema: themes } },
  }),
  'admin POST themes/upload/': () => ({
    operationId: 'uploadTheme',
    summary: 'Upload a theme',
    description:
      'A zip named after the theme, holding `package.json` (name and version), `index.hbs` and `post.hbs`. An invalid theme → 422 ' +
      '`ThemeValidationError` listing the problems in `details`; an existing theme of that name is replaced.',
    body: { type: 'multipart', schema: z.object({ file: z.file().meta({ description: 'The theme zip.' }) }) },
    responses: { 200: { description: 'The installed theme.', schema: themes } },
  }),
  'admin PUT themes/:name/activate/': () => ({
    operationId: 'activateTheme',
    summary: 'Activate a theme',
    description: 'A theme that is not installed → 422.',
    responses: { 200: { description: 'The theme, now active.', schema: themes } },
    errors: [422],
  }),
  'admin DELETE themes/:name/': () => ({
    operationId: 'deleteTheme',
    summary: 'Delete a theme',
    description: 'Neither the default theme nor the active one can be deleted (422).',
    responses: { 204: noContent('The theme is gone.') },
    errors: [422],
  }),
};
