import { Body, Controller, Get, Headers, Param, Put, UseGuards } from '@nestjs/common';
import {
  UpdateBookingSettingsRequest,
  UpdatePayoutSettingsRequest,
  UpdateTemplateRequest,
  type PublicProfileResponse,
  type UserView,
} from '@linkbio/shared-contracts';
import { GetPublicProfileUseCase } from '../application/get-public-profile.use-case.js';
import { UpdateSettingsUseCase } from '../application/update-settings.use-case.js';
import type { User } from '../domain/user.js';
import { CurrentUser, SignedInGuard, ViewerId } from './signed-in.guard.js';
import { toPublicUserView, toUserView } from './user.views.js';
import { visitorFrom } from '../../analytics/http/visitor.js';

@Controller('api/users')
export class UsersController {
  constructor(
    private readonly settings: UpdateSettingsUseCase,
    private readonly publicProfile: GetPublicProfileUseCase,
  ) {}

  @Put('template')
  @UseGuards(SignedInGuard)
  async template(@CurrentUser() user: User, @Body() body: UpdateTemplateRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.template(user.id, body)) };
  }

  @Put('payout-settings')
  @UseGuards(SignedInGuard)
  async payoutSettings(@CurrentUser() user: User, @Body() body: UpdatePayoutSettingsRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.payoutSettings(user.id, body)) };
  }

  @Put('booking-settings')
  @UseGuards(SignedInGuard)
  async bookingSettings(@CurrentUser() user: User, @Body() body: UpdateBookingSettingsRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.bookingSettings(user.id, body.enableBooking, body.bookingPrice)) };
  }

  @Get(':username')
  async profile(
    @Param('username') username: string,
    @ViewerId() viewerId: string | null,
    @Headers('user-agent') userAgent: string | undefined,
    @Headers('referer') referrer: string | undefined,
  ): Promise<PublicProfileResponse> {
    const { user, links } = await this.publicProfile.execute(username.slice(0, 64), {
      ...visitorFrom(userAgent, referrer),
      viewerId,
    });
    return {
      user: toPublicUserView(user),
      links: links.map((link) => ({ id: link.id, title: link.title, url: link.url, order: link.order })),
    };
  }
}
