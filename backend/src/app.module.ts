import { type DynamicModule, Module } from '@nestjs/common';
import type { Env } from './config/env.js';
import { DatabaseModule } from './database/database.module.js';
import { AudienceModule } from './modules/audience/audience.module.js';
import { AccountDeletionModule } from './modules/account-deletion/account-deletion.module.js';
import { DataExportModule } from './modules/data-export/data-export.module.js';
import { EarningsModule } from './modules/earnings/earnings.module.js';
import { AnalyticsHttpModule } from './modules/analytics/analytics-http.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { HealthController } from './modules/health/health.controller.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { LinksModule } from './modules/links/links.module.js';
import { LinkImportModule } from './modules/link-import/link-import.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { PayoutsModule } from './modules/payouts/payouts.module.js';
import { ProductsModule } from './modules/products/products.module.js';
import { CouponsModule } from './modules/coupons/coupons.module.js';
import { PublicPagesModule } from './modules/public-pages/public-pages.module.js';
import { QrCodesModule } from './modules/qr-codes/qr-codes.module.js';
import { SchedulingModule } from './modules/scheduling/scheduling.module.js';
import { SessionTypesModule } from './modules/session-types/session-types.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { InfrastructureModule } from './shared/infrastructure/infrastructure.module.js';
import { QueuesModule } from './shared/queues/queues.module.js';

@Module({})
export class AppModule {
  static forEnv(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forEnv(env),
        DatabaseModule.forUrl(env.DATABASE_URL, env.DATABASE_POOL_MAX),
        QueuesModule,
        AnalyticsModule,
        IdentityModule,
        LinksModule,
        AnalyticsHttpModule,
        SchedulingModule,
        SessionTypesModule,
        BillingModule,
        PayoutsModule,
        EarningsModule,
        MediaModule,
        SupportModule,
        QrCodesModule,
        DataExportModule,
        AccountDeletionModule,
        LinkImportModule,
        ProductsModule,
        CouponsModule,
        AudienceModule,
        // Last: its /:username route is the broadest.
        PublicPagesModule,
      ],
      controllers: [HealthController],
    };
  }
}
