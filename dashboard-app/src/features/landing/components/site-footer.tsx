import { Logo } from '@/components/layout/logo';

interface FooterLink {
  label: string;
  href: string;
}

/*
 * Each link goes to a page or section that exists. Plain links, not the router's: the landing page is also
 * served rendered ahead of time, without the app, and /privacy, /terms and /api/docs are the server's pages.
 */
export const PRODUCT_LINKS: FooterLink[] = [
  { label: 'Features', href: '/#features' },
  { label: 'Templates', href: '/#templates' },
  { label: 'Start a Free Page', href: '/auth?tab=signup' },
  // Signed out, /subscribe asks to sign in first (spec §2): Premium is bought from an account.
  { label: 'Premium', href: '/subscribe' },
];
export const SUPPORT_LINKS: FooterLink[] = [
  { label: 'Reset Your Password', href: '/forgot-password' },
  { label: 'API Docs', href: '/api/docs' },
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
];

function FooterLinks({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map(({ label, href }) => (
          <li key={label}>
            <a href={href} className="rounded-sm text-sm text-muted-foreground hover:text-foreground">
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <Logo />
          <p className="mt-4 max-w-xs text-sm text-muted-foreground">
            Your links, your bookings, one page. Built for creators who want to share more and earn more.
          </p>
          <p className="mt-4 text-sm font-medium text-foreground">Free forever. No credit card required.</p>
        </div>
        <FooterLinks title="Product" links={PRODUCT_LINKS} />
        <FooterLinks title="Support" links={SUPPORT_LINKS} />
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          {/* The year of the render; the landing page rendered ahead of time sets it from the visitor's clock (static-landing.ts). */}
          © <span data-current-year="">{new Date().getFullYear()}</span> Linkbio. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
