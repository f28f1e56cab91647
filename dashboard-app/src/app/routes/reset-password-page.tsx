import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AccountMessages } from '@linkbio/shared-contracts';
import { CardPage } from '@/components/layout/card-page';
import { Notice } from '@/components/ui/notice';
import { AskForNewLink, ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /reset-password?token=…: the link from the reset e-mail. The token is read once and taken out of the address
 * at once (replacing the history entry), so it is not left in the browser's history or shown on screen; the page
 * loads nothing from other sites and sends no referrer with the token.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  const tokenInAddress = searchParams.has('token');

  useEffect(() => {
    if (tokenInAddress) void navigate({ search: '', hash: '' }, { replace: true });
  }, [tokenInAddress, navigate]);

  return (
    <CardPage title="Choose a new password" description="Enter a new password for your account.">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Notice variant="error">
          <p>{AccountMessages.resetTokenRequired}</p>
          <p>
            <AskForNewLink />
          </p>
        </Notice>
      )}
    </CardPage>
  );
}
