import { Logo } from '@/components/layout/logo';

const PRODUCT_LINKS = ['Features', 'Templates', 'Analytics', 'Pricing'];
const SUPPORT_LINKS = ['Help Center', 'Contact Us', 'Privacy Policy', 'Terms of Service'];

function FooterLinks({ title, links }: { title: string; links: string[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-foreground">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((label) => (
          <li key={label}>
            {/* Placeholders until these pages exist (spec §2). */}
            <a href="#" className="rounded-sm text-sm text-muted-foreground hover:text-foreground">
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
          © 2024 Linkbio. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
