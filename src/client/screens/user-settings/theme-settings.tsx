import { ThemePicker } from '#client/theme/theme-picker.tsx';

/** Light, dark or as the system is: this device only (the side menu offers it to everyone). */
export function ThemeSettings() {
  return (
    <section className="card settings-card" aria-label="Appearance">
      <ThemePicker legendClassName="settings-title" />
      <p className="page-intro settings-note">Remembered on this device.</p>
    </section>
  );
}
