// Registers the service worker (src/client/service-worker/sw.ts) once the page has loaded, so it
// never holds up the first paint. A file of its own: the CSP allows no inline scripts.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' });
  });
}
