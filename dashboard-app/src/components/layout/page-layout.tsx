import type { ReactNode } from 'react';
import { Navbar } from './navbar';

/** Navigation bar above the page's own content. */
export function PageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Navbar />
      <main id="main" className="flex-1">
        {children}
      </main>
    </div>
  );
}
