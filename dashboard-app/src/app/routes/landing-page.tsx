import { PageLayout } from '@/components/layout/page-layout';
import { CtaSection } from '@/features/landing/components/cta-section';
import { FeaturesSection } from '@/features/landing/components/features-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { SiteFooter } from '@/features/landing/components/site-footer';
import { TemplatesSection } from '@/features/landing/components/templates-section';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The marketing page at / (spec §2). */
export function LandingPage() {
  useDocumentTitle('One link for everything you share');
  return (
    <PageLayout footer={<SiteFooter />}>
      <HeroSection />
      <FeaturesSection />
      <TemplatesSection />
      <CtaSection />
    </PageLayout>
  );
}
