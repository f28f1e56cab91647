import { Body, Controller, Get, HttpCode, HttpException, Post, Put, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  PremiumCardConfirmRequest,
  PremiumLocalCardRequest,
  type PremiumCardSetupResponse,
  type PremiumCardView,
  type PremiumChargesResponse,
} from '@linkbio/shared-contracts';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import type { User } from '../../identity/domain/user.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { PremiumCardUseCase } from '../application/premium-card.use-case.js';
import { PremiumChargesService } from '../application/premium-charges.service.js';
import { PremiumCard, PremiumCardSetup, PremiumCharges } from './premium.openapi.js';

/** Premium billing for the signed-in creator: the charges (billing history) and the card that renews Premium. */
@Controller('api/subscription')
@UseGuards(SignedInGuard)
export class PremiumController {
  constructor(
    private readonly charges: PremiumChargesService,
    private readonly cards: PremiumCardUseCase,
  ) {}

  @Get('charges')
  @ApiOperation({ summary: 'Premium\'s charges (billing history)' })
  @Answers(200, PremiumCharges, 'The creator\'s Premium charges, newest first.')
  @Fails(401)
  async history(@CurrentUser() user: User): Promise<PremiumChargesResponse> {
    return { charges: await this.charges.history(user.id) };
  }

  @Get('card')
  @ApiOperation({ summary: 'The card that renews Premium' })
  @Answers(200, PremiumCard, 'The card that renews Premium (null when there is none).')
  @Fails(401, 503)
  card(@CurrentUser() user: User): Promise<PremiumCardView> {
    return this.cards.current(user.id);
  }

  /** Local provider: the card form's fields; a declined test card answers 402 and changes nothing. */
  @Put('card')
  @ApiOperation({ summary: 'Change the card that renews Premium (local card form)' })
  @Answers(200, PremiumCard, 'The new card renews Premium from the next renewal.')
  @Fails(400, 401, 402, 404)
  async changeLocalCard(@CurrentUser() user: User, @Body() body: PremiumLocalCardRequest): Promise<PremiumCardView> {
    const outcome = await this.cards.changeLocal(user.id, body);
    if (outcome.status === 'declined') throw new HttpException({ statusCode: 402, message: outcome.message }, 402);
    return outcome.view;
  }

  /** Stripe: a SetupIntent's client secret, for Stripe Elements to confirm the new card. */
  @Post('card/setup')
  @ApiOperation({ summary: 'Start changing the card that renews Premium (Stripe)' })
  @Answers(200, PremiumCardSetup, 'A SetupIntent to confirm in the page.')
  @Fails(400, 401, 404, 503)
  @HttpCode(200)
  setupCard(@CurrentUser() user: User): Promise<PremiumCardSetupResponse> {
    return this.cards.startSetup(user.id);
  }

  /** Stripe: the confirmed SetupIntent's card becomes the subscription's default payment method. */
  @Post('card/confirm')
  @ApiOperation({ summary: 'Confirm the new card that renews Premium (Stripe)' })
  @Answers(200, PremiumCard, 'The new card renews Premium from the next renewal.')
  @Fails(400, 401, 404, 503)
  @HttpCode(200)
  confirmCard(@CurrentUser() user: User, @Body() body: PremiumCardConfirmRequest): Promise<PremiumCardView> {
    return this.cards.confirmSetup(user.id, body.setupIntentId);
  }
}
