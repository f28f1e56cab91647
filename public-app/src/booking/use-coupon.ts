import type { CouponCheckResponse } from '@linkbio/shared-contracts';
import { useState } from 'react';
import { Texts } from '../texts';
import { checkSessionCoupon } from './coupon-api';

/**
 * The coupon field's state: the code typed, the server's price with it once applied (for the session type
 * `sessionTypeId`, when one is chosen), its refusal.
 */
export function useCoupon(username: string, sessionTypeId: string | null = null) {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<CouponCheckResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function apply() {
    const typed = code.trim();
    if (!typed) return setError(Texts.couponRequired);
    setChecking(true);
    setError(null);
    try {
      setApplied(await checkSessionCoupon(username, typed, sessionTypeId));
    } catch (failure) {
      setApplied(null);
      setError(failure instanceof Error ? failure.message : Texts.couponFailed);
    } finally {
      setChecking(false);
    }
  }

  return {
    code,
    applied,
    error,
    checking,
    /** The code the booking sends: only one the server took. */
    appliedCode: applied?.code,
    onCode: (next: string) => {
      setCode(next);
      setError(null);
    },
    onApply: () => void apply(),
    onRemove: () => {
      setApplied(null);
      setCode('');
      setError(null);
    },
    /** The booking refused the code after all (used up meanwhile): said under the field, the code dropped. */
    refused: (message: string) => {
      setApplied(null);
      setError(message);
    },
  };
}
