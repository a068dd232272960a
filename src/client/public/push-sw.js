// Daily reminders (issue 17 C), imported into the generated service worker (vite.config.ts
// workbox.importScripts). A push carries { title, body, url }, encrypted by the server with
// this device's keys; a tap opens (or focuses) Müse on today's prompt.
self.addEventListener('push', (event) => {
  let message = { title: 'Time to write in Müse', body: '', url: '/answer/today' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // an empty or unreadable push still reminds
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      tag: 'muse-daily-reminder',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data?.url || '/answer/today';
  // Same origin only: a push can never send the person elsewhere.
  const target = new URL(path.startsWith('/') ? path : '/answer/today', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin);
      if (open) return open.focus().then((w) => w?.navigate(target.href));
      return self.clients.openWindow(target.href);
    }),
  );
});
