import { useId } from 'react';
import { setThemeChoice, useThemeChoice } from './theme.ts';
import type { ThemeChoice } from './theme-rules.ts';
import './theme-picker.css';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** System / Light / Dark as one radio group; remembered on this device only. */
export function ThemePicker({
  className = '',
  legendClassName = '',
}: {
  className?: string;
  legendClassName?: string;
}) {
  const choice = useThemeChoice();
  const name = useId();
  const legendId = useId();
  return (
    <fieldset className={`theme-picker ${className}`} aria-labelledby={legendId}>
      <legend id={legendId} className={`theme-picker-legend ${legendClassName}`}>
        Appearance
      </legend>
      <div className="theme-picker-options">
        {(Object.keys(LABELS) as ThemeChoice[]).map((option) => (
          <div key={option} className="theme-picker-option">
            <input
              id={`${name}-${option}`}
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => setThemeChoice(option)}
            />
            <label htmlFor={`${name}-${option}`}>{LABELS[option]}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
