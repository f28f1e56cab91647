import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { messageOf } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useResendConfirmation } from '../api/resend-confirmation';

type Outcome = { variant: 'success' | 'error'; message: string } | null;

interface ResendLinkButtonProps {
  variant?: ButtonProps['variant'];
  className?: string;
}

/** "Resend the link", with the server's answer below it (sent, already confirmed, or too many tries). */
export function ResendLinkButton({ variant = 'outline', className }: ResendLinkButtonProps) {
  const resend = useResendConfirmation();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = () => {
    if (resend.isPending) return;
    setOutcome(null);
    resend.mutate(undefined, {
      onSuccess: ({ message }) => setOutcome({ variant: 'success', message }),
      onError: (error) =>
        setOutcome({ variant: 'error', message: messageOf(error, 'The link could not be sent. Please try again.') }),
    });
  };

  return (
    <div className={cn('space-y-3', className)}>
      <Button variant={variant} size="sm" disabled={resend.isPending} onClick={send} className="w-full sm:w-auto">
        <Send aria-hidden="true" />
        {resend.isPending ? 'Sending...' : 'Resend the link'}
      </Button>
      {outcome ? <Notice variant={outcome.variant}>{outcome.message}</Notice> : null}
    </div>
  );
}
