import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './constants.js';
import { Messages } from './messages.js';

/** How long a deleted account's username stays unclaimable (its old address answers 404 meanwhile). */
export const DELETED_USERNAME_HELD_DAYS = 30;

export const DeletionMessages = {
  passwordWrong: 'Your password is not correct',
  unpaidEarnings: (amount: string) =>
    `You have ${amount} in earnings not yet paid out. Deleting your account gives them up. To go ahead, confirm that you understand.`,
  acknowledgeBoolean: 'acknowledgeUnpaidEarnings must be true or false',
  deleted: 'Your account has been deleted',
} as const;

export class DeleteAccountRequest {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: DeletionMessages.passwordWrong })
  @IsNotEmpty({ message: Messages.passwordRequired })
  @IsString({ message: Messages.passwordRequired })
  password!: string;

  /** Must be true when there are earnings not yet paid out (409 tells the amount otherwise). */
  @IsBoolean({ message: DeletionMessages.acknowledgeBoolean })
  @IsOptional()
  acknowledgeUnpaidEarnings?: boolean;
}

/** What deleting would mean, for the confirmation dialog: `GET /api/users/me/deletion`. */
export interface DeletionPreview {
  /** Integer cents earned and not yet paid out. */
  unpaidCents: number;
  /** Premium is cancelled at the payment provider at once (no further charge). */
  premium: boolean;
}
