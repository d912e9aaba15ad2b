import type { RouteDef } from '../../core/context';
import { validation } from '../../core/errors';
import { json } from '../../core/answer';
import { type ImagePurpose, PURPOSES } from '../../files/image-validate';
import { readMultipart } from '../../files/multipart';
import { storeImage } from './operations';

/** `POST images/upload/`: multipart `file`, `purpose`, `ref` → 201 `{images:[{url, ref}]}` (reference-behaviour §9). */
export const imageRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: 'images/upload/',
    api: 'admin',
    auth: 'admin',
    permission: { resource: 'images', action: 'upload' },
    async handle(ctx) {
      const form = await readMultipart(ctx.head, { fileField: 'file', fileBytes: ctx.app.options.limits.uploadBytes });
      const purpose = form.fields.get('purpose') || 'image';
      if (!(PURPOSES as readonly string[]).includes(purpose)) {
        throw validation(`Value in [purpose] must be one of ${PURPOSES.join(', ')}.`, { property: 'purpose' });
      }
      // a browser's empty file input sends a part with no name and no bytes
      if (!form.file || (form.file.filename === '' && form.file.data.length === 0)) throw validation('Please select an image to upload.', { property: 'file' });
      const url = await storeImage(ctx.app, purpose as ImagePurpose, form.file);
      return json(201, { images: [{ url, ref: form.fields.get('ref') ?? null }] });
    },
  },
];
