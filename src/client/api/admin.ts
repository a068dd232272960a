import type { AdminListResponse } from '../../shared/api/admin.ts';
import { postJson } from './post-json.ts';

// Typed calls for admin data (SPEC §6, §7; schemas in src/shared/api/admin.ts).

/** The admin list: names only, loaded at start so the side menu can show the Admin link. */
export function fetchAdminList() {
  return postJson<AdminListResponse>('/api/admin');
}
