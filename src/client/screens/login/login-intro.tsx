type LoginIntroProps = { signUpMode: boolean; sessionLost: boolean; passcodeForgotten: boolean };

/** The sentence above the form: why the person is here and what happens to their writing. */
export function LoginIntro({ signUpMode, sessionLost, passcodeForgotten }: LoginIntroProps) {
  return (
    <p className="login-intro">
      {passcodeForgotten && !signUpMode
        ? 'Sign in with your password: your forgotten passcode is then removed, and you can set a new one in settings.'
        : sessionLost
          ? 'Your session has ended. Sign in again: everything you wrote on this device is kept and comes with you.'
          : signUpMode
            ? 'Create an account to share answers and keep your journal on every device. Everything you have written so far comes with you.'
            : 'Welcome back. Sign in to find your journal; anything you wrote on this device comes along.'}
    </p>
  );
}
