import type { ReactNode } from 'react';
import { Navbar } from './navbar';

/** Navigation bar above the page's own content; an optional footer sits after `main`, outside it. */
export function PageLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer}
    </div>
  );
}
