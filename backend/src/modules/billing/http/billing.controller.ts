import { Body, Controller, Get, Headers, HttpCode, HttpException, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  BookingConfirmRequest,
  BookingRequest,
  LocalCardConfirmRequest,
  type BookingConfirmResponse,
  type BookingCreatedResponse,
  type BookingView,
  type LocalConfirmResponse,
  type PaymentConfigView,
  type SubscriptionCreatedResponse,
  type SubscriptionView,
} from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import { DomainError } from '../../../shared/domain-error.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import type { User } from '../../identity/domain/user.js';
import { ConfirmBookingPaymentUseCase } from '../application/confirm-booking-payment.use-case.js';
import { ConfirmLocalCardUseCase } from '../application/confirm-local-card.use-case.js';
import { CreateBookingUseCase } from '../application/create-booking.use-case.js';
import { HandlePaymentEventUseCase } from '../application/handle-payment-event.use-case.js';
import { BillingStore } from '../application/ports/billing.store.js';
import { PaymentGateway } from '../application/ports/payment-gateway.js';
import { SubscriptionsUseCase } from '../application/subscriptions.use-case.js';
import { toBookingView } from '../domain/booking.js';
import { StripeWebhookVerifier } from '../infrastructure/stripe-webhook.verifier.js';

const returnUrl = (username: string, paid: boolean) => `/${encodeURIComponent(username)}${paid ? '?booked=true' : ''}`;

@Controller()
export class BillingController {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly store: BillingStore,
    private readonly createBooking: CreateBookingUseCase,
    private readonly confirmBooking: ConfirmBookingPaymentUseCase,
    private readonly confirmLocal: ConfirmLocalCardUseCase,
    private readonly subscriptions: SubscriptionsUseCase,
    private readonly events: HandlePaymentEventUseCase,
    private readonly webhook: StripeWebhookVerifier,
  ) {}

  @Get('api/config')
  config(): PaymentConfigView {
    return { paymentProvider: this.gateway.provider, stripePublishableKey: this.gateway.publishableKey };
  }

  /** 201 Created: the booking exists (pending_payment) from this moment. */
  @Post('api/users/:username/book')
  book(@Param('username') username: string, @Body() body: BookingRequest): Promise<BookingCreatedResponse> {
    return this.createBooking.execute(username.slice(0, 64), body);
  }

  /** The creator's paid bookings: what the dashboard's Bookings card lists. */
  @Get('api/bookings')
  @UseGuards(SignedInGuard)
  async bookings(@CurrentUser() user: User): Promise<BookingView[]> {
    return (await this.store.paidBookingsOf(user.id)).map(toBookingView);
  }

  @Post('api/bookings/confirm')
  @HttpCode(200)
  async confirm(@Body() body: BookingConfirmRequest): Promise<BookingConfirmResponse> {
    const { status, username } = await this.confirmBooking.byClientSecret(body.clientSecret);
    return { status, returnUrl: returnUrl(username, status === 'paid') };
  }

  /** Stripe's return_url after a redirecting confirmation: check the payment, then back to the bio page. */
  @Get('booking-success')
  async bookingSuccess(@Query('payment_intent') intentId: unknown, @Query('payment_intent_client_secret') secret: unknown, @Res() res: Response) {
    let target = '/';
    if (typeof intentId === 'string') {
      try {
        const check = await this.confirmBooking.check(intentId, typeof secret === 'string' ? secret : undefined);
        target = returnUrl(check.username, check.status === 'paid');
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    res.set('Cache-Control', 'no-store').redirect(302, target);
  }

  @Post('api/payments/local/confirm')
  @HttpCode(200)
  async localConfirm(@Body() body: LocalCardConfirmRequest): Promise<LocalConfirmResponse> {
    const outcome = await this.confirmLocal.execute(body);
    if (outcome.status === 'declined') throw new HttpException({ statusCode: 402, message: outcome.message }, 402);
    return outcome;
  }

  @Post('api/create-subscription')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  createSubscription(@CurrentUser() user: User): Promise<SubscriptionCreatedResponse> {
    return this.subscriptions.create(user);
  }

  @Post('api/subscription/cancel')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  cancelSubscription(@CurrentUser() user: User): Promise<SubscriptionView> {
    return this.subscriptions.cancel(user.id);
  }

  @Get('api/subscription')
  @UseGuards(SignedInGuard)
  subscription(@CurrentUser() user: User): Promise<SubscriptionView> {
    return this.subscriptions.view(user.id);
  }

  /** Raw body (see create-app.ts): the signature covers the exact bytes. */
  @Post('api/webhooks/stripe')
  @HttpCode(200)
  async stripeWebhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    const event = this.webhook.verify(req.body, signature);
    await this.events.execute(event);
    return { received: true };
  }
}
