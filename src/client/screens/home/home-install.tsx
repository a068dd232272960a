import { useEffect, useState } from 'react';
import './home-install.css';

/** Chromium's install event; not in TypeScript's DOM library. */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

function runsInstalled(): boolean {
  // Prerendered at build time (prerender.tsx) there is no window: a page in a browser tab.
  if (typeof window === 'undefined') return false;
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  // iOS Safari reports a home-screen launch here instead.
  return standalone || (navigator as { standalone?: boolean }).standalone === true;
}

/**
 * "The iOS app" of the original product is, for Müse, the installable web app: this section
 * explains Add to Home Screen, and offers a real Install button where the browser allows one.
 */
export function HomeInstall() {
  const [installEvent, setInstallEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(runsInstalled);

  useEffect(() => {
    const onInstallPrompt = (event: Event) => {
      // Keep the browser's own mini-bar away; the visitor installs from our button instead.
      event.preventDefault();
      setInstallEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setInstallEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onInstallPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onInstallPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  async function install() {
    const event = installEvent;
    if (!event) return;
    setInstallEvent(null); // a prompt event can be used only once
    try {
      await event.prompt();
      const choice = await event.userChoice;
      if (choice.outcome === 'accepted') setInstalled(true);
    } catch (error) {
      console.warn('Install prompt failed', error);
    }
  }

  return (
    <section id="app" className="home-section home-app" aria-labelledby="home-app-title">
      <p className="home-eyebrow">Get the app</p>
      <h2 id="home-app-title" className="home-heading">
        Müse on your phone
      </h2>
      <p className="home-text">
        Looking for the iOS app? Müse is an installable web app: add it to your home screen and it
        opens full-screen like any other app, with its own icon. There is nothing to download from
        an app store, and your journal stays the same on every device you sign in on.
      </p>
      {installed ? (
        <p className="home-installed" role="status">
          <span aria-hidden="true">✓ </span>Müse is installed on this device.
        </p>
      ) : installEvent ? (
        <p className="home-install-row">
          <button type="button" className="home-button" onClick={install}>
            Install Müse
          </button>
          <span className="home-note">Your browser can add Müse to this device in one step.</span>
        </p>
      ) : null}
      <div className="home-install-grid">
        <article className="home-install-card" aria-labelledby="home-install-ios">
          <h3 id="home-install-ios" className="home-subheading">
            iPhone and iPad (Safari)
          </h3>
          <ol className="home-steps">
            <li>Open Müse in Safari.</li>
            <li>
              Tap the <strong>Share</strong> button (the square with an arrow pointing up).
            </li>
            <li>
              Scroll down and tap <strong>Add to Home Screen</strong>.
            </li>
            <li>
              Tap <strong>Add</strong>. Müse now lives on your home screen.
            </li>
          </ol>
        </article>
        <article className="home-install-card" aria-labelledby="home-install-android">
          <h3 id="home-install-android" className="home-subheading">
            Android (Chrome)
          </h3>
          <ol className="home-steps">
            <li>Open Müse in Chrome.</li>
            <li>
              Tap the <strong>menu</strong> (⋮) at the top right.
            </li>
            <li>
              Tap <strong>Install app</strong> or <strong>Add to Home screen</strong>.
            </li>
            <li>Confirm, and find Müse among your apps.</li>
          </ol>
        </article>
      </div>
    </section>
  );
}
