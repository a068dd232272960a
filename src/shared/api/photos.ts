import { z } from 'zod';
import { PHOTO_LONGEST_SIDE } from '../domain/limits.ts';
import { idSchema } from './common.ts';

// Photos attached to an entry (issue 35 point 3, decision 062). Private to their author: the
// photo itself is read from /api/answer/photo/{id}, which answers only its owner.

/** Where a photo's bytes are read, for its owner. */
export function photoPath(photoId: string): string {
  return `/api/answer/photo/${encodeURIComponent(photoId)}`;
}

/** A yes/no of a query: 'true' or '1' is yes; absent is no. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A sealed photo's size in pixels, which the device reads before it seals it. */
const side = z.coerce
  .number()
  .int()
  .min(1)
  .max(PHOTO_LONGEST_SIDE * 16);

/**
 * How a photo is sent. Words: the image, which the server re-encodes. `encrypted` (an account
 * whose entries are encrypted, docs/ENCRYPTION.md *Photos*): the photo sealed on the device,
 * stored as sent, with its `width` and `height`, which the server cannot read from it.
 */
const photoForm = {
  /** Keep the camera's EXIF (and its GPS location); stripped unless asked. */
  keep_metadata: flag,
  encrypted: flag,
  width: side.optional(),
  height: side.optional(),
};

/** A sealed photo must say its size; a photo in words must not. */
function sizedWhenSealed(query: { encrypted: boolean; width?: number; height?: number }) {
  return query.encrypted === (query.width !== undefined && query.height !== undefined);
}
const SIZE_RULE = { message: 'An encrypted photo gives its width and height; only it does' };

export const photoUploadQuery = z
  .object({
    answer_id: idSchema,
    /**
     * A key of the client's choosing (a random id): the same photo sent again with it, after an
     * answer that never came back, returns the photo kept the first time rather than a second.
     */
    upload_key: idSchema.optional(),
    ...photoForm,
  })
  .refine(sizedWhenSealed, SIZE_RULE);

/** The photo's bytes sent again, in the other form (encryption turned on or off). */
export const photoReplaceQuery = z
  .object({ photo_id: idSchema, ...photoForm })
  .refine(sizedWhenSealed, SIZE_RULE);

/** A sealed photo's public copy, made from the image its owner's device opened. */
export const photoPublishQuery = z.object({ photo_id: idSchema });

export const photoSchema = z.object({
  id: z.string(),
  answer_id: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  position: z.number(),
  /** Where its owner reads it (photoPath). */
  url: z.string(),
  /** Sealed on the device (docs/ENCRYPTION.md *Photos*): its bytes there are a `p1` photo. */
  encrypted: z.literal(true).optional().meta({
    description:
      'Sealed on the author’s device: the bytes at `url` are a p1 photo (docs/ENCRYPTION.md), which only the author’s devices open.',
    'x-encrypted': 'p1',
  }),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoResponse = z.object({ photo: photoSchema });
export const answerPhotosRequest = z.object({ answer_id: idSchema });
export const photosResponse = z.object({ photos: z.array(photoSchema) });
export const deletePhotoRequest = z.object({ photo_id: idSchema });
