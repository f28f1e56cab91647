import type { AccountExport } from '@linkbio/shared-contracts';

/** The creator's coupons not deleted, oldest first, with their uses so far. */
export const COUPONS_SQL = `
  select code, percent_off, amount_off_cents, applies_to, product_id, expires_at, max_redemptions, uses, created_at
    from coupons where creator_id = $1 and deleted_at is null order by created_at, id`;

export interface CouponExportRow {
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  applies_to: string;
  product_id: string | null;
  expires_at: Date | null;
  max_redemptions: number | null;
  uses: number;
  created_at: Date;
}

export const toCouponExport = (row: CouponExportRow): AccountExport['coupons'][number] => ({
  code: row.code,
  percentOff: row.percent_off,
  amountOffCents: row.amount_off_cents,
  appliesTo: row.applies_to === 'product' ? row.product_id! : row.applies_to,
  expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
  maxRedemptions: row.max_redemptions,
  uses: row.uses,
  createdAt: row.created_at.toISOString(),
});
