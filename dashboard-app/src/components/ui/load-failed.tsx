import { RotateCw } from 'lucide-react';
import { Button } from './button';

/**
 * What a card shows when its data could not be loaded: "We couldn't load {what}." announced to screen readers,
 * and a button to try again (disabled while that retry is on its way).
 */
export function LoadFailed({
  what,
  onRetry,
  retrying = false,
  size,
}: {
  /** What was to be shown, e.g. "your sales". */
  what: string;
  onRetry: () => void;
  retrying?: boolean;
  size?: 'sm';
}) {
  return (
    <div className={size === 'sm' ? 'space-y-2' : 'space-y-3'}>
      <p role="alert" className="text-sm text-muted-foreground">
        We couldn't load {what}.
      </p>
      <Button variant="outline" size={size} onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
