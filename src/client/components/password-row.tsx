import type { ReactNode, Ref } from 'react';

/**
 * A labelled password field, as every form asking for a password has it: the field's words
 * reach `onChange`, `describedBy` names its hint and error, `invalid` marks it wrong. `children`
 * follow the field (a hint).
 */
export function PasswordRow({
  id,
  label,
  value,
  onChange,
  inputRef,
  describedBy,
  invalid = false,
  autoComplete = 'current-password',
  minLength,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement> | undefined;
  describedBy?: string;
  invalid?: boolean;
  autoComplete?: 'current-password' | 'new-password';
  minLength?: number;
  children?: ReactNode;
}) {
  return (
    <div className="form-row">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field"
        type="password"
        autoComplete={autoComplete}
        minLength={minLength}
        value={value}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {children}
    </div>
  );
}
