// Today on this machine's clock, which the browser shares, asked for when a test needs it (not
// when its file loads: a worker may load the file before midnight and run the test after).

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** YYYY-MM-DD, as in download names and /past?day=. */
export function todayKey(): string {
  const now = new Date();
  return [
    now.getFullYear(),
    String(now.getMonth() + 1).padStart(2, '0'),
    String(now.getDate()).padStart(2, '0'),
  ].join('-');
}

/** "Nov 26, 2026", as the app shows a day. */
export function todayLabel(): string {
  const now = new Date();
  return `${MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`;
}
