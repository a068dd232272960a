// Daily reminders (issue 17 C). A push carries { title, body, url }, encrypted by the server
// with this device's keys; a tap opens (or focuses) Müse on the page it names, on this origin
// only.

type Reminder = { title: string; body: string; url: string };

const TODAY = '/answer/today';

export function listenForReminders(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('push', (event) => {
    let message: Reminder = { title: 'Time to write in Müse', body: '', url: TODAY };
    try {
      message = { ...message, ...(event.data?.json() as Partial<Reminder>) };
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
    const path = (event.notification.data as { url?: unknown } | null)?.url;
    // Same origin only: a push can never send the person elsewhere (not even by "//host").
    const asked = new URL(typeof path === 'string' ? path : TODAY, self.location.origin);
    const target =
      asked.origin === self.location.origin ? asked : new URL(TODAY, self.location.origin);
    event.waitUntil(
      self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => new URL(w.url).origin === target.origin);
        if (open) return open.focus().then((w) => w.navigate(target.href));
        return self.clients.openWindow(target.href);
      }),
    );
  });
}
