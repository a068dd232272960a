import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * The server's Web Push identity: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT when
 * given (several instances must share one pair), otherwise a pair made at first start and
 * kept in DATA_DIR/vapid-keys.json (readable by the server only).
 */
export function loadVapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): VapidKeys {
  const subject = env.VAPID_SUBJECT || 'mailto:hello@muse.example';
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) {
      throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    }
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (saved.publicKey && saved.privateKey) {
      return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
    }
  } catch {
    // first start: make a pair below
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': if another process made the file meanwhile, keep theirs.
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch {
    return loadVapidKeys(dataDir, env);
  }
  return { ...keys, subject };
}
