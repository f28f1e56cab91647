import { Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** The server's word that something is Premium's (a 403), announced, with the way to Premium beside it. */
export function UpgradeNotice({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-medium">{message}</p>
      <Button asChild size="sm" className="shrink-0">
        <Link to="/subscribe">
          <Crown aria-hidden="true" /> Upgrade to Premium
        </Link>
      </Button>
    </div>
  );
}
