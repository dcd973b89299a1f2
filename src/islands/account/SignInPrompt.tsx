import { openDrawer } from '../../stores/ui.ts';

/** What a signed-out shopper sees on an account page: the reason and a button to the login drawer. */
export function SignInPrompt({ text }: { text: string }) {
  return (
    <div className="account-panel signin-prompt">
      <p>{text}</p>
      <button type="button" className="button" onClick={() => openDrawer('login')}>
        Log in
      </button>
    </div>
  );
}
