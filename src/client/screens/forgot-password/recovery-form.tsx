import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useRef } from 'react';
import '#client/components/account-form.css';

export type RecoveryField = {
  key: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  input: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * The forms of the ways back in: labelled fields, the first problem said under the form and
 * its field focused, the submit button `aria-disabled` until the form can be sent (decision 011).
 */
export function RecoveryForm({
  label,
  fields,
  problem,
  attempted,
  error,
  busy,
  submitLabel,
  busyLabel,
  onAttempt,
  onSubmit,
  children,
}: {
  label: string;
  fields: RecoveryField[];
  /** The first thing missing or wrong, with the key of its field. */
  problem: { key: string; message: string } | null;
  attempted: boolean;
  error: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onAttempt: () => void;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  const baseId = useId();
  const messageId = `${baseId}-message`;
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const message = attempted && problem ? problem.message : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onAttempt();
    if (problem) {
      inputs.current.get(problem.key)?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <form className="form-stack" noValidate onSubmit={submit} aria-label={label}>
      {fields.map((field) => {
        const id = `${baseId}-${field.key}`;
        const invalid = attempted && problem?.key === field.key;
        return (
          <div className="form-row" key={field.key}>
            <label className="form-label" htmlFor={id}>
              {field.label}
            </label>
            <input
              ref={(element) => {
                if (element) inputs.current.set(field.key, element);
                else inputs.current.delete(field.key);
              }}
              id={id}
              className="field"
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              {...field.input}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? messageId : field.hint ? `${id}-hint` : undefined}
            />
            {field.hint ? (
              <p id={`${id}-hint`} className="form-hint">
                {field.hint}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="form-actions">
        <button
          type="submit"
          className="button"
          aria-disabled={problem !== null || busy}
          aria-busy={busy}
        >
          {submitLabel}
        </button>
        {busy ? (
          <span className="form-hint" aria-hidden="true">
            {busyLabel}
          </span>
        ) : null}
      </div>
      <p id={messageId} className="form-error" role="alert">
        {message}
      </p>
      {children}
    </form>
  );
}
