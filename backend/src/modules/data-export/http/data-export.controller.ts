import { Controller, Get, Header, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AccountExport } from '@linkbio/shared-contracts';
import type { Response } from 'express';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { ExportAccountDataUseCase } from '../application/export-account-data.use-case.js';
import { AnswersFile, Fails } from '../../../shared/http/openapi/responses.js';
import { AccountExportSchema } from './data-export.openapi.js';

/** `GET /api/users/me/export`: the creator's data as a JSON file to download. */
@Controller('api/users/me')
export class DataExportController {
  constructor(private readonly exportData: ExportAccountDataUseCase) {}

  @Get('export')
  @ApiOperation({ summary: 'Download the creator\'s data as a JSON file' })
  @AnswersFile('application/json', 'The creator\'s data, as a file to download.', AccountExportSchema)
  @Fails(429)
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  async download(@CurrentUser() user: User, @Res({ passthrough: true }) response: Response): Promise<AccountExport> {
    const data = await this.exportData.execute(user.id);
    const day = data.exportedAt.slice(0, 10);
    response.attachment(`linkbio-${data.account.username}-${day}.json`);
    response.type('application/json; charset=utf-8');
    return data;
  }
}
