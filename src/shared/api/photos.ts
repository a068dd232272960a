import { z } from 'zod';
import { idSchema } from './common.ts';

// Photos attached to an entry (issue 35 point 3, decision 062). Private to their author: the
// photo itself is read from /api/answer/photo/{id}, which answers only its owner.

/** Where a photo's bytes are read, for its owner. */
export function photoPath(photoId: string): string {
  return `/api/answer/photo/${encodeURIComponent(photoId)}`;
}

/** `keep_metadata`: keep the camera's EXIF (and its GPS location); stripped unless asked. */
export const photoUploadQuery = z.object({
  answer_id: idSchema,
  /**
   * A key of the client's choosing (a random id): the same photo sent again with it, after an
   * answer that never came back, returns the photo kept the first time rather than a second.
   */
  upload_key: idSchema.optional(),
  keep_metadata: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const photoSchema = z.object({
  id: z.string(),
  answer_id: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  position: z.number(),
  /** Where its owner reads it (photoPath). */
  url: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoResponse = z.object({ photo: photoSchema });
export const answerPhotosRequest = z.object({ answer_id: idSchema });
export const photosResponse = z.object({ photos: z.array(photoSchema) });
export const deletePhotoRequest = z.object({ photo_id: idSchema });
