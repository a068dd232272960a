import { expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-services.ts';

// Issue 34 point 1: the server sends reminders to the browsers' push services and nowhere else.

it('accepts the endpoints browsers hand out', () => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH-token',
    'https://fcm.googleapis.com/wp/dQw4w9WgXcQ:APA91bH-token',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh-token',
    'https://db5p.notify.windows.com/w/?token=BQYAAAD-token',
    'https://web.push.apple.com/QGuQyavXutnMH-token',
    'https://FCM.googleapis.com:443/fcm/send/abc',
  ]) {
    expect(isPushServiceEndpoint(endpoint), endpoint).toBe(true);
  }
});

it("refuses the audit's endpoints and every near miss", () => {
  for (const endpoint of [
    // the audit's
    'http://127.0.0.1:6379/',
    'https://169.254.169.254/latest/meta-data/',
    'gopher://127.0.0.1:6379/_FLUSHALL',
    'file:///etc/passwd',
    // not https, not 443
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'wss://web.push.apple.com/abc',
    // look-alike and unknown hosts
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilgoogleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com./fcm/send/abc',
    'https://push.example/wpush/v2/abc',
    'https://localhost/fcm/send/abc',
    'https://[::1]/fcm/send/abc',
    'https://2130706433/fcm/send/abc',
    // googleapis.com hosts many APIs: only FCM's push paths
    'https://storage.googleapis.com/bucket/object',
    'https://fcm.googleapis.com/v1/projects/x/messages:send',
    'https://fcm.googleapis.com/fcm/send/',
    // credentials in the URL
    'https://user:pass@web.push.apple.com/abc',
    'not a url',
  ]) {
    expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
  }
});
