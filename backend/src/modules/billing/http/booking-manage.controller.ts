import { Body, Controller, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { BookingRescheduleRequest, type ManagedBookingView } from '@linkbio/shared-contracts';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { ManageBookingUseCase } from '../application/manage-booking.use-case.js';
import { ManagedBooking } from './billing.openapi.js';

/**
 * The visitor's private link to their paid session (`/booking/{token}` in the dashboard app calls these): no
 * sign-in, the unguessable token is the key. An unknown token is a 404, every use counts against the client
 * address (429 past the allowance).
 */
@Controller('api/booking-manage/:token')
export class BookingManageController {
  constructor(private readonly manage: ManageBookingUseCase) {}

  @Get()
  @ApiOperation({ summary: 'A visitor\'s paid session, through their private link' })
  @Answers(200, ManagedBooking, 'The session, and whether it can be cancelled (with a refund) or moved.')
  @Fails(404, 429)
  view(@Param('token') token: string, @Ip() ip: string | undefined): Promise<ManagedBookingView> {
    return this.manage.view(token, { ip: ip ?? 'unknown' });
  }

  /** Refunded in full outside the creator's cancellation window; inside it cancelled without a refund. */
  @Post('cancel')
  @ApiOperation({ summary: 'Cancel the session, refunded outside the cancellation window' })
  @Answers(200, ManagedBooking, 'The booking, cancelled: refunded (or its refund on its way), or cancelled without a refund.')
  @Fails(404, 409, 429)
  @HttpCode(200)
  cancel(@Param('token') token: string, @Ip() ip: string | undefined): Promise<ManagedBookingView> {
    return this.manage.cancel(token, { ip: ip ?? 'unknown' });
  }

  /** Once, to another open time of the creator. */
  @Post('reschedule')
  @ApiOperation({ summary: 'Move the session to another open time, once' })
  @Answers(200, ManagedBooking, 'The booking at its new time.')
  @Fails(400, 404, 409, 429)
  @HttpCode(200)
  reschedule(@Param('token') token: string, @Body() body: BookingRescheduleRequest, @Ip() ip: string | undefined): Promise<ManagedBookingView> {
    return this.manage.reschedule(token, body, { ip: ip ?? 'unknown' });
  }
}
