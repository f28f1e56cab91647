import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { CouponCheckRequest, CouponMessages, CreateCouponRequest, type CouponCheckResponse, type CouponView } from '@linkbio/shared-contracts';
import { notFound } from '../../../shared/domain-error.js';
import { isId } from '../../../shared/ids.js';
import { Answers, Fails, MessageViewSchema } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { CheckCouponUseCase } from '../application/check-coupon.use-case.js';
import { ManageCouponsUseCase } from '../application/manage-coupons.use-case.js';
import { toCouponView } from '../domain/coupon.js';
import { CouponChecked, CouponList, CouponViewSchema } from './coupons.openapi.js';

@Controller()
export class CouponsController {
  constructor(
    private readonly manage: ManageCouponsUseCase,
    private readonly check: CheckCouponUseCase,
  ) {}

  @Get('api/coupons')
  @ApiOperation({ summary: "The creator's coupons, with their uses so far" })
  @Answers(200, CouponList, "The creator's coupons, newest first.")
  @UseGuards(SignedInGuard)
  async all(@CurrentUser() user: User): Promise<CouponView[]> {
    return (await this.manage.list(user.id)).map(toCouponView);
  }

  @Post('api/coupons')
  @ApiOperation({ summary: 'Add a coupon' })
  @Answers(201, CouponViewSchema, 'Added.')
  @Fails(409)
  @UseGuards(SignedInGuard)
  async add(@CurrentUser() user: User, @Body() body: CreateCouponRequest): Promise<CouponView> {
    return toCouponView(await this.manage.create(user.id, body));
  }

  @Delete('api/coupons/:id')
  @ApiOperation({ summary: 'Delete a coupon' })
  @Answers(200, MessageViewSchema, 'Deleted: the code is refused from now on.')
  @Fails(404)
  @UseGuards(SignedInGuard)
  async remove(@CurrentUser() user: User, @Param('id') id: string): Promise<{ message: string }> {
    // A malformed id names no coupon: answered exactly like a missing one.
    if (!isId(id)) throw notFound(CouponMessages.notFound);
    await this.manage.delete(user.id, id.toLowerCase());
    return { message: CouponMessages.deleted };
  }

  /** The price with a code, before paying: nothing is taken (the use is counted at payment). */
  @Post('api/users/:username/coupons/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'The price of a session or a product with a coupon code' })
  @Answers(200, CouponChecked, 'The price before and after the coupon, and the fee lines of the discounted price.')
  @Fails(404, 429)
  checkCode(@Param('username') username: string, @Body() body: CouponCheckRequest, @Ip() ip: string | undefined): Promise<CouponCheckResponse> {
    return this.check.execute(username.slice(0, 64), body, { ip: ip ?? 'unknown' });
  }
}
