import { PageLayout } from '@/components/layout/page-layout';

export function DashboardPage() {
  return (
    <PageLayout>
      <h1 className="p-8 text-3xl font-bold">Linkbio</h1>
    </PageLayout>
  );
}
