import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import {
  AdminSupportRequestsQuery,
  type AdminSupportRequestResponse,
  type AdminSupportRequestsResponse,
} from '@linkbio/shared-contracts';
import { OperatorGuard } from '../../payouts/http/operator.guard.js';
import { CloseSupportRequestUseCase } from '../application/close-support-request.use-case.js';
import { ListSupportRequestsUseCase } from '../application/list-support-requests.use-case.js';
import { toAdminSupportRequestView } from './support-request.views.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { AdminSupportRequestAnswer, AdminSupportRequests } from './support.openapi.js';

/** The operators' support queue (HTTP Basic, see OperatorGuard): open first, then priority, then oldest. */
@Controller('api/admin/support-requests')
@UseGuards(OperatorGuard)
export class AdminSupportRequestsController {
  constructor(
    private readonly list: ListSupportRequestsUseCase,
    private readonly close: CloseSupportRequestUseCase,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The support queue (operators)' })
  @Answers(200, AdminSupportRequests, 'The queue: open first, then priority, then oldest.')
  async all(@Query() query: AdminSupportRequestsQuery): Promise<AdminSupportRequestsResponse> {
    const requests = await this.list.forOperators({ status: query.status });
    return { requests: requests.map(toAdminSupportRequestView) };
  }

  /** Marks the request answered; closing it again changes nothing. A malformed or unknown id answers 404. */
  @Post(':id/close')
  @ApiOperation({ summary: 'Close a support request (operators)' })
  @Answers(200, AdminSupportRequestAnswer, 'Closed.')
  @Fails(404)
  @HttpCode(200)
  async closeOne(@Param('id') id: string): Promise<AdminSupportRequestResponse> {
    const request = await this.close.execute(id);
    const [view] = await this.list.forOperators({ ids: [request.id] });
    return { request: toAdminSupportRequestView(view ?? { ...request, username: '', email: '' }) };
  }
}
