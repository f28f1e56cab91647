import { Body, Controller, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  UpdateBookingSettingsRequest,
  UpdatePayoutSettingsRequest,
  UpdateSeoRequest,
  UpdateSocialsRequest,
  UpdateTemplateRequest,
  type UserView,
} from '@linkbio/shared-contracts';
import { UpdateSettingsUseCase } from '../application/update-settings.use-case.js';
import type { User } from '../domain/user.js';
import { CurrentUser, SignedInGuard } from './signed-in.guard.js';
import { toUserView } from './user.views.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { UserEnvelope } from './identity.openapi.js';

@Controller('api/users')
export class UsersController {
  constructor(private readonly settings: UpdateSettingsUseCase) {}

  @Put('template')
  @ApiOperation({ summary: 'Change the page\'s look' })
  @Answers(200, UserEnvelope, 'Saved.')
  @Fails(403)
  @UseGuards(SignedInGuard)
  async template(@CurrentUser() user: User, @Body() body: UpdateTemplateRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.template(user.id, body)) };
  }

  @Put('payout-settings')
  @ApiOperation({ summary: 'Change where payouts go' })
  @Answers(200, UserEnvelope, 'Saved.')
  @UseGuards(SignedInGuard)
  async payoutSettings(@CurrentUser() user: User, @Body() body: UpdatePayoutSettingsRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.payoutSettings(user.id, body)) };
  }

  @Put('booking-settings')
  @ApiOperation({ summary: 'Turn paid bookings on or off and set their price' })
  @Answers(200, UserEnvelope, 'Saved.')
  @UseGuards(SignedInGuard)
  async bookingSettings(@CurrentUser() user: User, @Body() body: UpdateBookingSettingsRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.bookingSettings(user.id, body.enableBooking, body.bookingPrice)) };
  }

  @Put('socials')
  @ApiOperation({ summary: 'Set the page\'s social icons (the whole list) and where they show' })
  @Answers(200, UserEnvelope, 'Saved.')
  @UseGuards(SignedInGuard)
  async socials(@CurrentUser() user: User, @Body() body: UpdateSocialsRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.socials(user.id, body.socials, body.position)) };
  }

  @Put('seo')
  @ApiOperation({ summary: 'Set the page\'s title, description and image in search results and link previews' })
  @Answers(200, UserEnvelope, 'Saved.')
  @UseGuards(SignedInGuard)
  async seo(@CurrentUser() user: User, @Body() body: UpdateSeoRequest): Promise<{ user: UserView }> {
    return { user: toUserView(await this.settings.seo(user.id, body)) };
  }
}
