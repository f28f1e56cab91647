import { useLocation } from 'react-router-dom';
import { CardPage } from '@/components/layout/card-page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The e-mail the sign-in form held, handed over in the history state (never in the address). */
const emailFrom = (state: unknown) =>
  state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';

/** /forgot-password: asks for the e-mail address to send a reset link to. Works signed in or out. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const location = useLocation();
  return (
    <CardPage
      title="Forgot your password?"
      description="Enter the email address you sign in with, and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm initialEmail={emailFrom(location.state)} />
    </CardPage>
  );
}
