import { Body, Controller, Get, HttpCode, Ip, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  BookingConfirmRequest,
  BookingsQuery,
  OrderMessages,
  OrderRequest,
  OrderResendRequest,
  TipRequest,
  TipSettingsRequest,
  type MessageView,
  type OrderConfirmResponse,
  type OrderCreatedResponse,
  type SaleRefundResponse,
  type SalesPage,
  type TipSettingsView,
} from '@linkbio/shared-contracts';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { CreateOrderUseCase } from '../application/create-order.use-case.js';
import { ConfirmOrderPaymentUseCase } from '../application/confirm-order-payment.use-case.js';
import { OrderLinkUseCase } from '../application/order-link.use-case.js';
import { RefundOrderUseCase } from '../application/refund-order.use-case.js';
import { SalesUseCase } from '../application/sales.use-case.js';
import { toSaleView } from '../domain/order.js';
import { OrderConfirmed, OrderCreated, SaleRefunded, Sales, TipSettings } from './sales.openapi.js';

/** Product orders and tips: the checkout's two requests, the order links' re-send, and the creator's sales. */
@Controller()
export class SalesController {
  constructor(
    private readonly create: CreateOrderUseCase,
    private readonly sales: SalesUseCase,
    private readonly refunds: RefundOrderUseCase,
    private readonly links: OrderLinkUseCase,
    private readonly confirmPayment: ConfirmOrderPaymentUseCase,
  ) {}

  @Post('api/users/:username/products/:productId/order')
  @ApiOperation({ summary: 'Order a product from a creator' })
  @Answers(201, OrderCreated, 'The order exists, waiting for its payment.')
  @Fails(404, 429)
  order(@Param('username') username: string, @Param('productId') productId: string, @Body() body: OrderRequest, @Ip() ip: string | undefined): Promise<OrderCreatedResponse> {
    return this.create.product(username.slice(0, 64), productId.slice(0, 64), body, { ip: ip ?? 'unknown' });
  }

  @Post('api/users/:username/tip')
  @ApiOperation({ summary: 'Send a creator a tip' })
  @Answers(201, OrderCreated, 'The tip exists, waiting for its payment.')
  @Fails(404, 429)
  tip(@Param('username') username: string, @Body() body: TipRequest, @Ip() ip: string | undefined): Promise<OrderCreatedResponse> {
    return this.create.tip(username.slice(0, 64), body, { ip: ip ?? 'unknown' });
  }

  @Post('api/orders/confirm')
  @ApiOperation({ summary: 'An order\'s or a tip\'s payment status once the card form has confirmed it' })
  @Answers(200, OrderConfirmed, 'The payment as the provider reports it.')
  @Fails(404)
  @HttpCode(200)
  confirm(@Body() body: BookingConfirmRequest): Promise<OrderConfirmResponse> {
    return this.confirmPayment.byClientSecret(body.clientSecret);
  }

  @Post('api/orders/resend')
  @ApiOperation({ summary: 'E-mail the order links of an address\'s paid orders again' })
  @Answers(202, MessageViewSchema, 'The same answer whether or not the address has orders.')
  @Fails(429)
  @HttpCode(202)
  async resend(@Body() body: OrderResendRequest, @Ip() ip: string | undefined): Promise<MessageView> {
    await this.links.resend(body.email, ip ?? 'unknown');
    return { message: OrderMessages.resendAnswer };
  }

  @Get('api/sales')
  @ApiOperation({ summary: 'The creator\'s paid product orders and tips' })
  @Answers(200, Sales, 'A page of sales, newest first.')
  @UseGuards(SignedInGuard)
  list(@CurrentUser() user: User, @Query() query: BookingsQuery): Promise<SalesPage> {
    return this.sales.list(user.id, { limit: query.limit === undefined ? undefined : Number(query.limit), cursor: query.cursor });
  }

  @Post('api/sales/:id/refund')
  @ApiOperation({ summary: 'Refund a sale in full' })
  @Answers(200, SaleRefunded, 'The sale, refunded or with its refund on its way.')
  @Fails(401, 404, 409)
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  async refund(@CurrentUser() user: User, @Param('id') id: string): Promise<SaleRefundResponse> {
    return { sale: toSaleView(await this.refunds.byCreator(user.id, id)) };
  }

  @Get('api/tips/settings')
  @ApiOperation({ summary: 'The Support block\'s settings' })
  @Answers(200, TipSettings, 'Tips on or off, the three preset amounts, the message.')
  @UseGuards(SignedInGuard)
  tipSettings(@CurrentUser() user: User): Promise<TipSettingsView> {
    return this.sales.tipSettings(user.id);
  }

  @Put('api/tips/settings')
  @ApiOperation({ summary: 'Change the Support block\'s settings' })
  @Answers(200, TipSettings, 'The settings saved.')
  @Fails(401)
  @UseGuards(SignedInGuard)
  saveTipSettings(@CurrentUser() user: User, @Body() body: TipSettingsRequest): Promise<TipSettingsView> {
    return this.sales.saveTipSettings(user.id, body);
  }
}
