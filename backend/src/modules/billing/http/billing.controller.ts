import { Body, Controller, Get, Headers, HttpCode, HttpException, Ip, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  BookingConfirmRequest,
  BookingRequest,
  BookingsQuery,
  LocalCardConfirmRequest,
  PaymentMessages,
  bookingReturnPath,
  type BookingConfirmResponse,
  type BookingView,
  type BookingCreatedResponse,
  type BookingsPage,
  type LocalConfirmResponse,
  type PaymentConfigView,
  type SubscriptionCreatedResponse,
  type SubscriptionView,
} from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import { DomainError, notFound } from '../../../shared/domain-error.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import type { User } from '../../identity/domain/user.js';
import { ConfirmBookingPaymentUseCase } from '../application/confirm-booking-payment.use-case.js';
import { ConfirmLocalCardUseCase } from '../application/confirm-local-card.use-case.js';
import { CreateBookingUseCase } from '../application/create-booking.use-case.js';
import { ListBookingsUseCase } from '../application/list-bookings.use-case.js';
import { RefundBookingUseCase } from '../application/refund-booking.use-case.js';
import { toBookingView } from '../domain/booking.js';
import { isId } from '../../../shared/ids.js';
import { HandlePaymentEventUseCase } from '../application/handle-payment-event.use-case.js';
import { PaymentGateway } from '../application/ports/payment-gateway.js';
import { SubscriptionsUseCase } from '../application/subscriptions.use-case.js';
import { StripeWebhookVerifier } from '../infrastructure/stripe-webhook.verifier.js';
import { ApiBody, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Answers, Fails, Redirects } from '../../../shared/http/openapi/responses.js';
import { BookingCancelled, BookingConfirmed, BookingCreated, Bookings, LocalConfirmed, PaymentConfig, Subscription, SubscriptionCreated, WebhookReceived } from './billing.openapi.js';

@Controller()
export class BillingController {
  constructor(
    private readonly gateway: PaymentGateway,
    private readonly createBooking: CreateBookingUseCase,
    private readonly listBookings: ListBookingsUseCase,
    private readonly confirmBooking: ConfirmBookingPaymentUseCase,
    private readonly confirmLocal: ConfirmLocalCardUseCase,
    private readonly subscriptions: SubscriptionsUseCase,
    private readonly events: HandlePaymentEventUseCase,
    private readonly webhook: StripeWebhookVerifier,
    private readonly refunds: RefundBookingUseCase,
  ) {}

  @Get('api/config')
  @ApiOperation({ summary: 'Which card form to show' })
  @Answers(200, PaymentConfig, 'Which card form to show.')
  config(): PaymentConfigView {
    return { paymentProvider: this.gateway.provider, stripePublishableKey: this.gateway.publishableKey };
  }

  /** 201 Created: the booking exists (pending_payment) from this moment. */
  @Post('api/users/:username/book')
  @ApiOperation({ summary: 'Book a paid session with a creator' })
  @Answers(201, BookingCreated, 'The booking exists, waiting for its payment.')
  @Fails(404, 409, 429)
  book(@Param('username') username: string, @Body() body: BookingRequest, @Ip() ip: string | undefined): Promise<BookingCreatedResponse> {
    return this.createBooking.execute(username.slice(0, 64), body, { ip: ip ?? 'unknown' });
  }

  /** A page of the creator's paid bookings and the count of unpaid attempts: what the dashboard's Bookings card lists. */
  @Get('api/bookings')
  @ApiOperation({ summary: 'The creator\'s paid bookings' })
  @Answers(200, Bookings, 'The creator\'s paid bookings.')
  @UseGuards(SignedInGuard)
  bookings(@CurrentUser() user: User, @Query() query: BookingsQuery): Promise<BookingsPage> {
    return this.listBookings.execute(user.id, { limit: query.limit === undefined ? undefined : Number(query.limit), cursor: query.cursor });
  }

  /**
   * The creator cancels a paid booking: the visitor is refunded in full (the earning reversed, the time freed).
   * 200 with the booking, refunded, or refund_due while the provider is retried; asked again, the same.
   */
  @Post('api/bookings/:id/cancel')
  @ApiOperation({ summary: 'Cancel a paid booking, refunding the visitor' })
  @Answers(200, BookingCancelled, 'The booking, refunded or with its refund on its way.')
  @Fails(401, 404, 409)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async cancelBooking(@CurrentUser() user: User, @Param('id') id: string): Promise<{ booking: BookingView }> {
    if (!isId(id)) throw notFound(PaymentMessages.bookingNotFound);
    return { booking: toBookingView(await this.refunds.cancelByCreator(user.id, id)) };
  }

  @Post('api/bookings/confirm')
  @ApiOperation({ summary: 'A booking payment\'s status once the card form has confirmed it' })
  @Answers(200, BookingConfirmed, 'The payment as the provider reports it.')
  @Fails(404)
  @HttpCode(200)
  async confirm(@Body() body: BookingConfirmRequest): Promise<BookingConfirmResponse> {
    const { status, username, notice } = await this.confirmBooking.byClientSecret(body.clientSecret);
    return {
      status,
      returnUrl: bookingReturnPath(username, notice),
      ...(notice === 'refunding' ? { message: PaymentMessages.timeTakenRefunding } : {}),
    };
  }

  /** Stripe's return_url after a redirecting confirmation: check the payment, then back to the bio page. */
  @Get('booking-success')
  @ApiOperation({ summary: 'Stripe\'s return after a payment: back to the bio page' })
  @ApiQuery({ name: 'payment_intent', required: false, schema: { type: 'string' } })
  @ApiQuery({ name: 'payment_intent_client_secret', required: false, schema: { type: 'string' } })
  @Redirects(302, 'Back to the bio page (?booked=true once paid, ?booked=refunding when the time was taken meanwhile).')
  async bookingSuccess(@Query('payment_intent') intentId: unknown, @Query('payment_intent_client_secret') secret: unknown, @Res() res: Response) {
    let target = '/';
    if (typeof intentId === 'string') {
      try {
        const check = await this.confirmBooking.check(intentId, typeof secret === 'string' ? secret : undefined);
        target = bookingReturnPath(check.username, check.notice);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    }
    res.set('Cache-Control', 'no-store').redirect(302, target);
  }

  @Post('api/payments/local/confirm')
  @ApiOperation({ summary: 'Pay for a booking with the local card form' })
  @Answers(200, LocalConfirmed, 'Paid.')
  @Fails(402, 404, 409)
  @HttpCode(200)
  async localConfirm(@Body() body: LocalCardConfirmRequest): Promise<LocalConfirmResponse> {
    const outcome = await this.confirmLocal.execute(body);
    if (outcome.status === 'declined') throw new HttpException({ statusCode: 402, message: outcome.message }, 402);
    return outcome;
  }

  @Post('api/create-subscription')
  @ApiOperation({ summary: 'Start Premium: a payment to confirm' })
  @Answers(200, SubscriptionCreated, 'A payment to confirm, or premium already.')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  createSubscription(@CurrentUser() user: User): Promise<SubscriptionCreatedResponse> {
    return this.subscriptions.create(user);
  }

  /** After the page has paid the first invoice: the plan as the provider has it now (its event may come later). */
  @Post('api/subscription/confirm')
  @ApiOperation({ summary: 'The plan once Premium\'s first invoice is paid' })
  @Answers(200, Subscription, 'The creator\'s plan, as the provider has it.')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  confirmSubscription(@CurrentUser() user: User): Promise<SubscriptionView> {
    return this.subscriptions.confirm(user.id);
  }

  @Post('api/subscription/cancel')
  @ApiOperation({ summary: 'Cancel Premium at the period\'s end' })
  @Answers(200, Subscription, 'Ends at the period\'s end.')
  @Fails(404, 409)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  cancelSubscription(@CurrentUser() user: User): Promise<SubscriptionView> {
    return this.subscriptions.cancel(user.id);
  }

  @Get('api/subscription')
  @ApiOperation({ summary: 'The creator\'s plan' })
  @Answers(200, Subscription, 'The creator\'s plan.')
  @UseGuards(SignedInGuard)
  subscription(@CurrentUser() user: User): Promise<SubscriptionView> {
    return this.subscriptions.view(user.id);
  }

  /** Raw body (see create-app.ts): the signature covers the exact bytes. */
  @Post('api/webhooks/stripe')
  @ApiOperation({ summary: 'Receive Stripe\'s signed events' })
  @ApiBody({ description: 'A Stripe event, signed (Stripe-Signature).', schema: { type: 'object' } })
  @Answers(200, WebhookReceived, 'Handled.')
  @HttpCode(200)
  async stripeWebhook(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    const event = this.webhook.verify(req.body, signature);
    await this.events.execute(event);
    return { received: true };
  }
}
