import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The head of a page under the dashboard (Account, Earnings): the way back, the page's title and what it holds. */
export function SubPageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to dashboard
      </Link>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
