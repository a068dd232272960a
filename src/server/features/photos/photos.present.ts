import { type Photo, photoPath } from '#shared/api/photos.ts';
import type { PhotoRow } from './photos.repo.ts';

/**
 * A photo as its owner gets it: no storage key, a URL only its owner can open, and
 * `encrypted: true` when it is sealed (docs/ENCRYPTION.md *Photos*).
 */
export function presentPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    answer_id: row.answer_id,
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.bytes),
    position: Number(row.position),
    url: photoPath(row.id),
    ...(Number(row.encrypted) === 1 && { encrypted: true as const }),
  };
}
