import type { InputHTMLAttributes, RefObject } from 'react';
import { setLoginField } from '#client/state/account/account.ts';
import type { LoginForm as LoginFormValues } from '#shared/domain/validation-messages.ts';

export type LoginFieldKey = 'name' | 'email' | 'password';

type LoginFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  field: LoginFieldKey;
  label: string;
  id: string;
  values: LoginFormValues;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The form's message is about this field: it is marked invalid and described by it. */
  invalid: boolean;
  messageId: string;
};

/** One labelled input of the sign-in / sign-up form, its value kept in the login form state. */
export function LoginField({
  field,
  label,
  id,
  values,
  inputRef,
  invalid,
  messageId,
  'aria-describedby': hint,
  ...props
}: LoginFieldProps) {
  return (
    <div className="form-row">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        className="field"
        value={values[field]}
        onChange={(event) => setLoginField(field, event.target.value)}
        {...props}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? messageId : hint}
      />
    </div>
  );
}
