import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ConfirmLinkImportRequest, PreviewLinkImportRequest, type LinkImportPreviewView, type LinkView } from '@linkbio/shared-contracts';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import type { LinkOwner } from '../../links/domain/link.js';
import { toLinkView } from '../../links/http/links.controller.js';
import { LinkList } from '../../links/http/links.openapi.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import { ConfirmLinkImportUseCase } from '../application/confirm-link-import.use-case.js';
import { PreviewLinkImportUseCase } from '../application/preview-link-import.use-case.js';
import { LinkImportPreview } from './link-import.openapi.js';

const ownerOf = (user: User): LinkOwner => ({ id: user.id, isPremium: user.isPremium });

/**
 * Importing links: a preview of what a Linktree page, a CSV file or a bookmarks file would add (changing
 * nothing), then the confirmation of the rows the creator keeps. Under /api/imports, apart from the links'
 * own `/api/links/{id}` routes.
 */
@Controller('api/imports')
@UseGuards(SignedInGuard)
export class LinkImportController {
  constructor(
    private readonly preview: PreviewLinkImportUseCase,
    private readonly confirm: ConfirmLinkImportUseCase,
  ) {}

  @Post('preview')
  @HttpCode(200)
  @ApiOperation({ summary: 'Preview the links an import would add (a Linktree page, a CSV or a bookmarks file)' })
  @Answers(200, LinkImportPreview, 'Every link found, each to be added or skipped with the reason, and the plan’s room.')
  @Fails(404, 429)
  async previewImport(@CurrentUser() user: User, @Body() body: PreviewLinkImportRequest): Promise<LinkImportPreviewView> {
    return this.preview.execute(ownerOf(user), body);
  }

  @Post('confirm')
  @ApiOperation({ summary: 'Add the chosen links of an import, after the current ones' })
  @Answers(201, LinkList, 'Added: the creator’s links, the imported ones last.')
  @Fails(403)
  async confirmImport(@CurrentUser() user: User, @Body() body: ConfirmLinkImportRequest): Promise<LinkView[]> {
    return (await this.confirm.execute(ownerOf(user), body.rows)).map(({ link, clicks }) => toLinkView(link, clicks));
  }
}
