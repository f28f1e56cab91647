import { Module } from '@nestjs/common';
import { LinksModule } from '../links/links.module.js';
import { AnalyticsModule } from './analytics.module.js';
import { AnalyticsController } from './http/analytics.controller.js';

/** The creator's analytics overview, which also needs the links module's count of active links. */
@Module({
  imports: [AnalyticsModule, LinksModule],
  controllers: [AnalyticsController],
})
export class AnalyticsHttpModule {}
