import { useEffect, useId, useState } from 'react';
import { fetchDevices, revokeDevice } from '#client/api/tokens.ts';
import type { DeviceToken } from '#shared/api/tokens.ts';

/** The API description for scripts (served by src/server/plugins/openapi.ts: OPENAPI_PATH). */
const API_DESCRIPTION_PATH = '/api/openapi.json';

type Devices = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; list: DeviceToken[] };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function when(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : 'never';
}

/**
 * Issue 17 A: the other clients signed in to this account with a bearer token from /api/token
 * (scripts, other programs), each with a way to sign it out. The token itself is never shown
 * again. Issue 35: no Müse phone app exists, so the card does not speak of one; it links to the
 * API description a script is written against.
 */
export function DevicesSettings() {
  const [devices, setDevices] = useState<Devices>({ kind: 'loading' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => {
    let live = true;
    fetchDevices().then(
      (response) => live && setDevices({ kind: 'ready', list: response.tokens }),
      () => live && setDevices({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  const signOut = async (device: DeviceToken) => {
    if (busy) return;
    setBusy(device.id);
    setError('');
    try {
      await revokeDevice(device.id);
      setDevices((current) =>
        current.kind === 'ready'
          ? { kind: 'ready', list: current.list.filter((d) => d.id !== device.id) }
          : current,
      );
    } catch {
      setError(`Could not sign out “${device.label}”. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="settings-title">
        Devices
      </h2>
      <p id={hintId} className="form-hint">
        Scripts and programs that signed in for a token with your name and password. Browsers you
        sign in on are not listed. Signing one out ends its access at once; changing your password
        signs them all out.
      </p>
      <p className="form-hint">
        Writing a script? <a href={API_DESCRIPTION_PATH}>Read the API description</a> (OpenAPI,
        JSON).
      </p>
      {devices.kind === 'loading' ? <p className="settings-note">Loading your devices…</p> : null}
      {devices.kind === 'failed' ? (
        <p className="settings-note">Your devices could not be loaded. Please try again later.</p>
      ) : null}
      {devices.kind === 'ready' && devices.list.length === 0 ? (
        <p className="settings-note">No other devices are signed in.</p>
      ) : null}
      {devices.kind === 'ready' && devices.list.length > 0 ? (
        <ul className="devices-list" aria-describedby={hintId}>
          {devices.list.map((device) => (
            <li key={device.id} className="devices-item">
              <div className="devices-text">
                <span className="devices-label">{device.label}</span>
                <span className="settings-note">
                  Signed in {when(device.created)} · last used {when(device.lastUsed)}
                </span>
              </div>
              <button
                type="button"
                className="button button-quiet"
                aria-label={`Sign out this device: ${device.label}`}
                aria-busy={busy === device.id}
                onClick={() => void signOut(device)}
              >
                Sign out this device
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="form-error" role="alert">
        {error}
      </p>
    </section>
  );
}
